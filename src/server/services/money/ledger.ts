import type { LedgerAccountKind } from "@/generated/prisma/enums";
import type { Tx } from "@/server/db/client";
import * as moneySql from "@/server/db/money-functions";
import { type Actor, type OperatorActor, requireActor } from "@/server/domain/access/actor";
import { AppError, type ErrorCode } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { cursorRow, keyset, type PageRequest, pageFrom, rowsToRead, unknownCursor } from "@/server/domain/paging";
import type { ServiceDeps } from "../deps";

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

/**
 * Platform revenue is kept in this many accounts, each order's fee in the one its id picks, so
 * that concurrent escrow releases do not queue on one row; reports sum the kind.
 */
const PLATFORM_REVENUE_SHARDS = 16;

function revenueShardOf(orderId: string): number {
  let hash = 0;
  for (let i = 0; i < orderId.length; i++) hash = (hash * 31 + orderId.charCodeAt(i)) >>> 0;
  return hash % PLATFORM_REVENUE_SHARDS;
}

export const accounts = {
  /**
   * The world outside the platform: top-ups come from it (bank transfers in; in test mode, the
   * helper) and practitioner payouts go to it. The only account allowed below zero.
   */
  externalFunding: (livemode: boolean): AccountRef => ({
    code: `external_funding${modeSuffix(livemode)}`,
    kind: "external_funding",
    livemode,
  }),
  /** The revenue account an order's platform fee goes to (one of PLATFORM_REVENUE_SHARDS). */
  platformRevenue: (livemode: boolean, orderId: string): AccountRef => ({
    code: `platform_revenue${modeSuffix(livemode)}:${revenueShardOf(orderId)}`,
    kind: "platform_revenue",
    livemode,
  }),
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

/** An account as kuasa_transfer creates it on first use. */
const accountRow = (ref: AccountRef): moneySql.LedgerAccountRow => ({
  id: newId("ledgerAccount"),
  code: ref.code,
  kind: ref.kind,
  livemode: ref.livemode,
  organizationId: ref.organizationId ?? null,
  orderId: ref.orderId ?? null,
  practitionerId: ref.practitionerId ?? null,
  invoiceId: ref.invoiceId ?? null,
});

/** A transfer as the SQL function kuasa_transfer takes it (also inside kuasa_place_order). */
export function transferSpec(input: TransferInput): moneySql.TransferSpec {
  if (input.amountIdr <= 0n) throw new RangeError("a transfer moves a positive amount");
  if (input.from.livemode !== input.to.livemode) throw new Error(`a transfer never crosses modes: ${input.from.code} → ${input.to.code}`);
  const transferId = newId("ledgerTransfer");
  return {
    from: accountRow(input.from),
    to: accountRow(input.to),
    amountIdr: input.amountIdr,
    mayGoNegative: input.from.kind === "external_funding",
    transfer: { id: transferId, kind: input.kind, reference: input.reference ?? null, description: input.description ?? "" },
    entryIds: [newId("ledgerEntry"), newId("ledgerEntry")],
  };
}

/**
 * One statement (kuasa_transfers) for one or more transfers, in order: each debits its `from` only
 * if it holds enough, credits its `to` (each account created on first use), and records the
 * transfer and its two entries. Transfers run under the hottest row locks of the system (a
 * deposit), so callers make them the last statements before their commit; of concurrent debits
 * each waits and re-checks the balance. A transfer that falls short throws, and the caller's
 * transaction rolls back whatever the statement wrote. Answers the transfers' ids, in order.
 */
export async function transfer(tx: Tx, ...transfers: [TransferInput, ...TransferInput[]]): Promise<string[]> {
  const specs = transfers.map(transferSpec);
  const moved = await moneySql.transfers(tx, specs);
  if ("refused" in moved) throw shortTransferError(transfers[moved.index]!);
  return specs.map((spec) => spec.transfer.id);
}

/** The error of a transfer whose `from` held too little. */
export const shortTransferError = (input: TransferInput): AppError =>
  new AppError(input.insufficientCode ?? "INSUFFICIENT_DEPOSIT", "The account does not hold enough funds for this transfer.");

/** Balance of an account by its code; an account never used holds zero. */
export async function balanceOf(tx: Pick<Tx, "ledgerAccount">, ref: AccountRef): Promise<bigint> {
  const account = await tx.ledgerAccount.findUnique({ where: { code: ref.code }, select: { balanceIdr: true } });
  return account?.balanceIdr ?? 0n;
}

/** The platform's revenue in one mode: every account of the kind (the shards, and the single account kept before them). */
export async function platformRevenueTotal(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    livemode,
  }: {
    actor: OperatorActor;
    livemode: boolean;
  },
): Promise<bigint> {
  requireActor(actor, "operator");
  const { db } = deps;
  const total = await db.ledgerAccount.aggregate({ where: { kind: "platform_revenue", livemode }, _sum: { balanceIdr: true } });
  return total._sum.balanceIdr ?? 0n;
}

/**
 * Whose statement an actor may read: an organisation's deposit its admins and agents in their mode,
 * a practitioner's payable balance the practitioner, any account the operator.
 */
function mayReadStatement(actor: Actor, ref: AccountRef): boolean {
  switch (actor.kind) {
    case "operator":
      return true;
    case "admin":
    case "agent":
      return ref.kind === "org_deposit" && ref.organizationId === actor.organizationId && ref.livemode === actor.livemode;
    case "practitioner":
      return ref.kind === "practitioner_payable" && ref.practitionerId === actor.practitionerId;
    default:
      return false;
  }
}

/**
 * One page of an account's statement, newest first and keyset-paged on (createdAt, id), each entry
 * with the balance right after it: the account's balance less every newer entry. The cursor must
 * be an entry of this account.
 */
export async function statementPage(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    ref,
    page,
  }: {
    actor: Actor;
    ref: AccountRef;
    page: PageRequest;
  },
) {
  if (!mayReadStatement(actor, ref)) throw new AppError("NOT_FOUND", `No statement of ${ref.code}.`);
  const { db } = deps;
  const account = await db.ledgerAccount.findUnique({ where: { code: ref.code }, select: { id: true, balanceIdr: true } });
  if (!account) {
    if (page.cursor) throw unknownCursor(page.cursor.id, "statement entries");
    return { balanceIdr: 0n, page: { data: [], hasMore: false } };
  }
  const at = await cursorRow(page, "statement entries", (id) =>
    db.ledgerEntry.findFirst({ where: { id, accountId: account.id }, select: { id: true, createdAt: true } }),
  );
  const { after, orderBy } = keyset(page, "createdAt", at);
  const rows = pageFrom(
    await db.ledgerEntry.findMany({
      where: { AND: [{ accountId: account.id }, ...after] },
      orderBy,
      take: rowsToRead(page),
      include: { transfer: { select: { kind: true, reference: true, description: true } } },
    }),
    page,
  );
  const first = rows.data[0];
  let balance = account.balanceIdr;
  if (first) {
    const newer = await db.ledgerEntry.aggregate({
      where: { accountId: account.id, OR: [{ createdAt: { gt: first.createdAt } }, { createdAt: first.createdAt, id: { gt: first.id } }] },
      _sum: { amountIdr: true },
    });
    balance -= newer._sum.amountIdr ?? 0n;
  }
  const data = rows.data.map((e) => {
    const entry = {
      id: e.id,
      amountIdr: e.amountIdr,
      balanceAfterIdr: balance,
      kind: e.transfer.kind,
      reference: e.transfer.reference,
      description: e.transfer.description,
      createdAt: e.createdAt,
    };
    balance -= e.amountIdr;
    return entry;
  });
  return { balanceIdr: account.balanceIdr, page: { data, hasMore: rows.hasMore } };
}
