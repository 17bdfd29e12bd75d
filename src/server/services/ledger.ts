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

/** The account's id, creating it on first use; ON CONFLICT makes concurrent first uses safe. */
async function ensureAccount(tx: Tx, ref: AccountRef): Promise<string> {
  await tx.$executeRaw`
    INSERT INTO "LedgerAccount" ("id", "code", "kind", "livemode", "organizationId", "orderId", "practitionerId", "invoiceId")
    VALUES (${newId("ledgerAccount")}, ${ref.code}, ${ref.kind}::"LedgerAccountKind", ${ref.livemode}, ${ref.organizationId ?? null},
            ${ref.orderId ?? null}, ${ref.practitionerId ?? null}, ${ref.invoiceId ?? null})
    ON CONFLICT ("code") DO NOTHING`;
  const account = await tx.ledgerAccount.findUniqueOrThrow({ where: { code: ref.code }, select: { id: true } });
  return account.id;
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

export async function transfer(tx: Tx, input: TransferInput): Promise<string> {
  if (input.amountIdr <= 0n) throw new RangeError("a transfer moves a positive amount");
  if (input.from.livemode !== input.to.livemode) throw new Error(`a transfer never crosses modes: ${input.from.code} → ${input.to.code}`);
  const fromId = await ensureAccount(tx, input.from);
  const toId = await ensureAccount(tx, input.to);
  const mayGoNegative = input.from.kind === "external_funding";
  // One conditional UPDATE: the row lock makes concurrent debits wait and re-check the balance.
  const debited = mayGoNegative
    ? await tx.$executeRaw`UPDATE "LedgerAccount" SET "balanceIdr" = "balanceIdr" - ${input.amountIdr} WHERE "id" = ${fromId}`
    : await tx.$executeRaw`UPDATE "LedgerAccount" SET "balanceIdr" = "balanceIdr" - ${input.amountIdr} WHERE "id" = ${fromId} AND "balanceIdr" >= ${input.amountIdr}`;
  if (debited !== 1) {
    throw new AppError(input.insufficientCode ?? "INSUFFICIENT_DEPOSIT", "The account does not hold enough funds for this transfer.");
  }
  await tx.$executeRaw`UPDATE "LedgerAccount" SET "balanceIdr" = "balanceIdr" + ${input.amountIdr} WHERE "id" = ${toId}`;
  const transferId = newId("ledgerTransfer");
  await tx.ledgerTransfer.create({
    data: {
      id: transferId,
      kind: input.kind,
      reference: input.reference ?? null,
      description: input.description ?? "",
      entries: {
        create: [
          { id: newId("ledgerEntry"), accountId: fromId, amountIdr: -input.amountIdr },
          { id: newId("ledgerEntry"), accountId: toId, amountIdr: input.amountIdr },
        ],
      },
    },
  });
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
