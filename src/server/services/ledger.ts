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
 * Three statements, because they run under the hottest row locks of the system (a deposit, a
 * key's budget): the conditional debit, the credit, and the transfer with its two entries.
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<string> {
  if (input.amountIdr <= 0n) throw new RangeError("a transfer moves a positive amount");
  if (input.from.livemode !== input.to.livemode) throw new Error(`a transfer never crosses modes: ${input.from.code} → ${input.to.code}`);
  let fromId: string | undefined;
  if (input.from.kind === "external_funding") {
    fromId = await addToAccount(tx, input.from, -input.amountIdr);
  } else {
    // The row lock makes concurrent debits wait and re-check the balance; an account never
    // credited does not exist yet and holds nothing.
    const [debited] = await tx.$queryRaw<Array<{ id: string }>>`
      UPDATE "LedgerAccount" SET "balanceIdr" = "balanceIdr" - ${input.amountIdr}
      WHERE "code" = ${input.from.code} AND "balanceIdr" >= ${input.amountIdr} RETURNING "id"`;
    fromId = debited?.id;
  }
  if (!fromId) {
    throw new AppError(input.insufficientCode ?? "INSUFFICIENT_DEPOSIT", "The account does not hold enough funds for this transfer.");
  }
  const toId = await addToAccount(tx, input.to, input.amountIdr);
  const transferId = newId("ledgerTransfer");
  await tx.$executeRaw`
    WITH "transfer" AS (
      INSERT INTO "LedgerTransfer" ("id", "kind", "reference", "description")
      VALUES (${transferId}, ${input.kind}, ${input.reference ?? null}, ${input.description ?? ""})
    )
    INSERT INTO "LedgerEntry" ("id", "transferId", "accountId", "amountIdr")
    VALUES (${newId("ledgerEntry")}, ${transferId}, ${fromId}, ${-input.amountIdr}), (${newId("ledgerEntry")}, ${transferId}, ${toId}, ${input.amountIdr})`;
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
