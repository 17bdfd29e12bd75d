import { jakartaMonthStart, type Clock } from "@/server/domain/clock";
import type { Db, DbOrTx } from "@/server/db/client";
import type { AuthenticatedKey } from "./api-keys";
import { accounts, balanceOf } from "./ledger";

/** Orders in these statuses no longer count against a key's monthly budget. */
export const STATUSES_NOT_SPENT = ["dibatalkan", "direfund"] as const;

/**
 * What a key has committed this calendar month (Asia/Jakarta): the prices of its orders created
 * since the month began, except cancelled and refunded ones, plus the totals of invoices created
 * since then on cases the key submitted, except cancelled ones. An invoice is money committed
 * when its bid is selected, so it counts from then, whenever the case itself was submitted.
 */
export async function spentThisMonth(db: DbOrTx, clock: Clock, apiKeyId: string): Promise<bigint> {
  const since = jakartaMonthStart(clock.now());
  const sum = await db.order.aggregate({
    where: { apiKeyId, createdAt: { gte: since }, status: { notIn: [...STATUSES_NOT_SPENT] } },
    _sum: { priceIdr: true },
  });
  // Sequential, not Promise.all: callers pass a transaction, which runs one query at a time.
  const invoices = await db.invoice.aggregate({
    where: { case: { apiKeyId }, createdAt: { gte: since }, status: { not: "dibatalkan" } },
    _sum: { totalIdr: true },
  });
  return (sum._sum.priceIdr ?? 0n) + (invoices._sum.totalIdr ?? 0n);
}

export interface KeyBalance {
  livemode: boolean;
  depositIdr: bigint;
  maxOrderIdr: bigint;
  monthlyBudgetIdr: bigint;
  spentThisMonthIdr: bigint;
  scopes: string[];
}

export async function getBalance(db: Db, clock: Clock, key: AuthenticatedKey): Promise<KeyBalance> {
  const [depositIdr, spentThisMonthIdr] = await Promise.all([
    balanceOf(db, accounts.orgDeposit(key.organizationId, key.livemode)),
    spentThisMonth(db, clock, key.id),
  ]);
  return { livemode: key.livemode, depositIdr, maxOrderIdr: key.maxOrderIdr, monthlyBudgetIdr: key.monthlyBudgetIdr, spentThisMonthIdr, scopes: key.scopes };
}
