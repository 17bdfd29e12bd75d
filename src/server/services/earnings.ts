import type { OrderStatus } from "@/generated/prisma/enums";
import { HELD_BY_PRACTITIONER } from "@/server/domain/order-state";
import type { PageRequest } from "@/server/domain/paging";
import type { ServiceDeps } from "./deps";
import { accounts, statementPage } from "./ledger";

/**
 * Paid and not yet released: the money sits in the order's escrow and becomes the practitioner's
 * when the client accepts (or the order is accepted on its own). A dispute may still refund it.
 */
export const IN_ESCROW_STATUSES: readonly OrderStatus[] = [...HELD_BY_PRACTITIONER, "sengketa"];

export interface EarningsSummary {
  /** The practitioner payable account's balance: released to them and not yet paid out. */
  availableIdr: bigint;
  /** Their fee on their live orders still in escrow, and how many orders that is. */
  inEscrowIdr: bigint;
  ordersInEscrow: number;
  /** Everything ever credited to the payable account (escrow releases): earned in total. */
  earnedIdr: bigint;
  /** Everything ever debited from it (payouts, corrections); 0 while payouts are made outside the ledger. */
  paidOutIdr: bigint;
}

/** The three figures of the earnings page, from live money only (a practitioner never earns test money). */
export async function earningsSummary(deps: Pick<ServiceDeps, "db">, practitionerId: string): Promise<EarningsSummary> {
  const { db } = deps;
  const code = accounts.practitionerPayable(practitionerId).code;
  const [account, escrow, credits, debits] = await Promise.all([
    db.ledgerAccount.findUnique({ where: { code }, select: { balanceIdr: true } }),
    db.order.aggregate({ where: { practitionerId, livemode: true, status: { in: [...IN_ESCROW_STATUSES] } }, _sum: { clientPriceIdr: true }, _count: true }),
    db.ledgerEntry.aggregate({ where: { account: { code }, amountIdr: { gt: 0 } }, _sum: { amountIdr: true } }),
    db.ledgerEntry.aggregate({ where: { account: { code }, amountIdr: { lt: 0 } }, _sum: { amountIdr: true } }),
  ]);
  return {
    availableIdr: account?.balanceIdr ?? 0n,
    inEscrowIdr: escrow._sum.clientPriceIdr ?? 0n,
    ordersInEscrow: escrow._count,
    earnedIdr: credits._sum.amountIdr ?? 0n,
    paidOutIdr: -(debits._sum.amountIdr ?? 0n),
  };
}

/** One page of the payable account's statement, newest first, each entry with the balance after it. */
export async function earningsStatement(deps: Pick<ServiceDeps, "db">, practitionerId: string, page: PageRequest) {
  return (await statementPage(deps, accounts.practitionerPayable(practitionerId), page)).page;
}
