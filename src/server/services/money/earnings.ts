import type { OrderStatus } from "@/generated/prisma/enums";
import type { DbOrTx } from "@/server/db/client";
import { lockRow } from "@/server/db/row-lock";
import { type Actor, type OperatorActor, type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { assertPayableAccount, CURRENT_ACCOUNT, maskAccountNumber, payoutDestinationText } from "@/server/domain/money/bank-account";
import { PRACTITIONER_FEE_TRANSFER_KINDS } from "@/server/domain/money/ledger-labels";
import { HELD_BY_PRACTITIONER } from "@/server/domain/orders/order-state";
import type { PageRequest } from "@/server/domain/paging";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { accounts, balanceOf, statementPage, transfer } from "./ledger";

/**
 * Paid and not yet released: the money sits in the order's escrow and becomes the practitioner's
 * when the client accepts (or the order is accepted on its own). A dispute may still refund it.
 */
const IN_ESCROW_STATUSES: readonly OrderStatus[] = [...HELD_BY_PRACTITIONER, "sengketa"];

export interface EarningsSummary {
  /** The practitioner payable account's balance: released to them and not yet paid out. */
  availableIdr: bigint;
  /** Their fee on their live orders still in escrow, and how many orders that is. */
  inEscrowIdr: bigint;
  ordersInEscrow: number;
  /** Everything ever credited to the payable account as fees (escrow releases): earned in total. */
  earnedIdr: bigint;
  /** Official costs paid back on their receipts: the practitioner's own money returned, not earnings. */
  reimbursedIdr: bigint;
  /** Everything ever debited from it: the payouts the operator recorded. */
  paidOutIdr: bigint;
}

/** The figures of the earnings page, from live money only (a practitioner never earns test money). */
export async function earningsSummary(deps: Pick<ServiceDeps, "db">, { actor }: { actor: PractitionerActor }): Promise<EarningsSummary> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const { db } = deps;
  const code = accounts.practitionerPayable(practitionerId).code;
  const reimbursement = { transfer: { kind: "cost_reimbursement" } };
  const [account, escrow, credits, reimbursed, debits] = await Promise.all([
    db.ledgerAccount.findUnique({ where: { code }, select: { balanceIdr: true } }),
    db.order.aggregate({
      where: { practitionerId, livemode: true, status: { in: [...IN_ESCROW_STATUSES] } },
      _sum: { clientPriceIdr: true },
      _count: true,
    }),
    db.ledgerEntry.aggregate({ where: { account: { code }, amountIdr: { gt: 0 }, NOT: reimbursement }, _sum: { amountIdr: true } }),
    db.ledgerEntry.aggregate({ where: { account: { code }, amountIdr: { gt: 0 }, ...reimbursement }, _sum: { amountIdr: true } }),
    db.ledgerEntry.aggregate({ where: { account: { code }, amountIdr: { lt: 0 } }, _sum: { amountIdr: true } }),
  ]);
  return {
    availableIdr: account?.balanceIdr ?? 0n,
    inEscrowIdr: escrow._sum.clientPriceIdr ?? 0n,
    ordersInEscrow: escrow._count,
    earnedIdr: credits._sum.amountIdr ?? 0n,
    reimbursedIdr: reimbursed._sum.amountIdr ?? 0n,
    paidOutIdr: -(debits._sum.amountIdr ?? 0n),
  };
}

/**
 * What the ledger credited `practitionerId` as the fee of each of `orderIds` that has been
 * settled: the one reading of an order's earning once it is paid, a split's share included.
 */
export async function feesOfOrders(db: DbOrTx, practitionerId: string, orderIds: readonly string[]): Promise<Map<string, bigint>> {
  if (orderIds.length === 0) return new Map();
  const entries = await db.ledgerEntry.findMany({
    where: {
      account: { code: accounts.practitionerPayable(practitionerId).code },
      amountIdr: { gt: 0 },
      transfer: { kind: { in: [...PRACTITIONER_FEE_TRANSFER_KINDS] }, reference: { in: [...orderIds] } },
    },
    select: { amountIdr: true, transfer: { select: { reference: true } } },
  });
  const fees = new Map<string, bigint>();
  for (const { amountIdr, transfer } of entries) fees.set(transfer.reference!, (fees.get(transfer.reference!) ?? 0n) + amountIdr);
  return fees;
}

/** One page of the payable account's statement, newest first, each entry with the balance after it. */
export async function earningsStatement(deps: Pick<ServiceDeps, "db">, { actor, page }: { actor: PractitionerActor; page: PageRequest }) {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  return (
    await statementPage(deps, {
      actor,
      ref: accounts.practitionerPayable(practitionerId),
      page,
    })
  ).page;
}

/**
 * The operator records money paid to a practitioner's bank account: it leaves their payable
 * balance for the world outside the platform, with the bank reference, audited. It can never pay
 * more than the balance: of two payouts racing for the same money one is CONFLICT and changes nothing.
 * It goes only to the practitioner's current, verified account (assertPayableAccount), whose
 * bank, masked number and holder become the transfer's description and, with the account's id,
 * the audit entry's data: the statement shows where the money went even after the account changes.
 */
export async function recordPayout(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    practitionerId,
    payout,
  }: { actor: Actor; practitionerId: string; payout: { amountIdr: bigint; reference: string; confirmedRecentAccount: boolean } },
): Promise<{ availableIdr: bigint; destination: string }> {
  const { db } = deps;
  const reference = payout.reference.trim();
  if (payout.amountIdr <= 0n) throw new AppError("VALIDATION", "Jumlah pencairan harus rupiah lebih dari nol.");
  if (!reference) throw new AppError("VALIDATION", "Pencairan perlu referensi, misalnya nomor transfer bank.");
  const payable = accounts.practitionerPayable(practitionerId);
  return db.$transaction(async (tx) => {
    // An account change or verification waits for the payout, or the payout for it (bank-accounts.ts takes the same lock).
    await lockRow(tx, "Practitioner", practitionerId);
    const practitioner = await tx.practitioner.findFirst({
      where: { id: practitionerId, simulated: false },
      select: { id: true, bankAccounts: { where: CURRENT_ACCOUNT } },
    });
    if (!practitioner) throw new AppError("NOT_FOUND", `Praktisi ${practitionerId} tidak ada.`);
    const account = assertPayableAccount(practitioner.bankAccounts[0] ?? null, deps.clock.now(), payout.confirmedRecentAccount);
    const destination = payoutDestinationText(account);
    await transfer(tx, {
      from: payable,
      to: accounts.externalFunding(true),
      amountIdr: payout.amountIdr,
      kind: "practitioner_payout",
      reference,
      description: destination,
      insufficientCode: "CONFLICT",
    });
    await audit(tx, {
      actor,
      action: "practitioner.payout",
      subjectType: "practitioner",
      subjectId: practitionerId,
      data: {
        amount_idr: payout.amountIdr.toString(),
        reference,
        bank_account_id: account.id,
        bank: account.bankCode,
        account: maskAccountNumber(account.accountNumber),
        holder: account.holderName,
        confirmed_recent_account: payout.confirmedRecentAccount,
      },
    });
    return { availableIdr: await balanceOf(tx, payable), destination };
  });
}

/** Each practitioner's payable balance (released to them, not yet paid out); absent ones hold zero. */
export async function payableBalances(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    practitionerIds,
  }: {
    actor: OperatorActor;
    practitionerIds: readonly string[];
  },
): Promise<Map<string, bigint>> {
  requireActor(actor, "operator");
  const rows = await deps.db.ledgerAccount.findMany({
    where: { code: { in: practitionerIds.map((id) => accounts.practitionerPayable(id).code) } },
    select: { practitionerId: true, balanceIdr: true },
  });
  const held = new Map(rows.map((row) => [row.practitionerId, row.balanceIdr]));
  return new Map(practitionerIds.map((id) => [id, held.get(id) ?? 0n]));
}
