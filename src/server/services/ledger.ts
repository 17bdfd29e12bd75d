import { AppError, type ErrorCode } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import type { LedgerAccountKind } from "@/generated/prisma/enums";
import type { Tx } from "@/server/db/client";

/**
 * The double-entry ledger. Money moves only through `transfer`: two entries that sum to zero,
 * written in the caller's transaction with the change that causes them. Each account keeps a
 * cached balance updated in the same statement that checks it, so no account but the external
 * funding source can go negative, even under concurrent transfers.
 */

export interface AccountRef {
  code: string;
  kind: LedgerAccountKind;
  /** false for test-mode money: its own accounts, so test and live balances never mix. */
  livemode: boolean;
  organizationId?: string;
  orderId?: string;
  practitionerId?: string;
  invoiceId?: string;
}

/** Test-mode counterparts of the shared and per-organisation accounts carry a `_test` suffix. */
const modeSuffix = (livemode: boolean) => (livemode ? "" : "_test");

export const accounts = {
  /** Where top-ups come from (bank transfers in; in test mode, the helper); the only account allowed below zero. */
  externalFunding: (livemode: boolean): AccountRef => ({ code: `external_funding${modeSuffix(livemode)}`, kind: "external_funding", livemode }),
  platformRevenue: (livemode: boolean): AccountRef => ({ code: `platform_revenue${modeSuffix(livemode)}`, kind: "platform_revenue", livemode }),
  orgDeposit: (organizationId: string, livemode: boolean): AccountRef => ({
    code: `org_deposit${modeSuffix(livemode)}:${organizationId}`,
    kind: "org_deposit",
    livemode,
    organizationId,
  }),
  orderEscrow: (order: { id: string; organizationId: string; livemode: boolean }): AccountRef => ({
    code: `order_escrow:${order.id}`,
    kind: "order_escrow",
    livemode: order.livemode,
    orderId: order.id,
    organizationId: order.organizationId,
  }),
  /** Simulated practitioners only ever earn test money, real ones only live money. */
  practitionerPayable: (practitionerId: string, livemode = true): AccountRef => ({
    code: `practitioner_payable:${practitionerId}`,
    kind: "practitioner_payable",
    livemode,
    practitionerId,
  }),
};

/**
 * Adds `delta` to an account's cached balance, creating the account on first use, in one
 * statement; returns its id. Only for credits and for the one account allowed below zero.
 */
async function addToAccount(tx: Tx, ref: AccountRef, delta: bigint): Promise<string> {
  const [row] = await tx.$queryRaw<Array<{ id: string }>>`
    INSERT INTO "LedgerAccount" ("id", "code", "kind", "livemode", "organizationId", "orderId", "practitionerId", "invoiceId", "balanceIdr")
    VALUES (${newId("ledgerAccount")}, ${ref.code}, ${ref.kind}::"LedgerAccountKind", ${ref.livemode}, ${ref.organizationId ?? null},
            ${ref.orderId ?? null}, ${ref.practitionerId ?? null}, ${ref.invoiceId ?? null}, ${delta})
    ON CONFLICT ("code") DO UPDATE SET "balanceIdr" = "LedgerAccount"."balanceIdr" + EXCLUDED."balanceIdr"
    RETURNING "id"`;
  return row!.id;
}

export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  amountIdr: bigint;
  /** What caused it, e.g. "deposit_topup", "order_payment", "escrow_release". */
  kind: string;
  reference?: string;
  description?: string;
  /** The error raised when `from` does not hold enough. */
  insufficientCode?: ErrorCode;
}

/**
 * Two statements, because transfers run under the hottest row locks of the system (a deposit):
 * the credit, then one statement that debits `from` only if it holds enough and, if it did,
 * records the transfer and its two entries. The debit comes last, so the debited row stays locked
 * only from there to the caller's commit; of concurrent debits each waits and re-checks the balance.
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<string> {
  if (input.amountIdr <= 0n) throw new RangeError("a transfer moves a positive amount");
  if (input.from.livemode !== input.to.livemode) throw new Error(`a transfer never crosses modes: ${input.from.code} → ${input.to.code}`);
  const mayGoNegative = input.from.kind === "external_funding";
  if (mayGoNegative) await addToAccount(tx, input.from, 0n);
  const toId = await addToAccount(tx, input.to, input.amountIdr);
  const transferId = newId("ledgerTransfer");
  // An account never credited does not exist yet and holds nothing: the debit matches no row.
  const [debited] = await tx.$queryRaw<Array<{ id: string }>>`
    WITH "debited" AS (
      UPDATE "LedgerAccount" SET "balanceIdr" = "balanceIdr" - ${input.amountIdr}
      WHERE "code" = ${input.from.code} AND ("balanceIdr" >= ${input.amountIdr} OR ${mayGoNegative}::boolean)
      RETURNING "id"
    ), "transfer" AS (
      INSERT INTO "LedgerTransfer" ("id", "kind", "reference", "description")
      SELECT ${transferId}, ${input.kind}, ${input.reference ?? null}, ${input.description ?? ""} FROM "debited"
    ), "entries" AS (
      INSERT INTO "LedgerEntry" ("id", "transferId", "accountId", "amountIdr")
      SELECT ${newId("ledgerEntry")}, ${transferId}, "debited"."id", ${-input.amountIdr}::bigint FROM "debited"
      UNION ALL
      SELECT ${newId("ledgerEntry")}, ${transferId}, ${toId}, ${input.amountIdr}::bigint FROM "debited"
    )
    SELECT "id" FROM "debited"`;
  if (!debited) {
    throw new AppError(input.insufficientCode ?? "INSUFFICIENT_DEPOSIT", "The account does not hold enough funds for this transfer.");
  }
  return transferId;
}

/** Balance of an account by its code; an account never used holds zero. */
export async function balanceOf(db: Pick<Tx, "ledgerAccount">, ref: AccountRef): Promise<bigint> {
  const account = await db.ledgerAccount.findUnique({ where: { code: ref.code }, select: { balanceIdr: true } });
  return account?.balanceIdr ?? 0n;
}

/** An account's movements, newest first, for deposit and earnings pages. */
export async function accountStatement(db: Pick<Tx, "ledgerAccount" | "ledgerEntry">, ref: AccountRef, limit = 100) {
  const account = await db.ledgerAccount.findUnique({ where: { code: ref.code }, select: { id: true, balanceIdr: true } });
  if (!account) return { balanceIdr: 0, entries: [] };
  const entries = await db.ledgerEntry.findMany({
    where: { accountId: account.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: { transfer: { select: { kind: true, reference: true, description: true } } },
  });
  return {
    balanceIdr: Number(account.balanceIdr),
    entries: entries.map((e) => ({ id: e.id, amountIdr: Number(e.amountIdr), kind: e.transfer.kind, reference: e.transfer.reference, description: e.transfer.description, createdAt: e.createdAt })),
  };
}
