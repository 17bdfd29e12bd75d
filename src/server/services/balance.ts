import { Prisma } from "@/generated/prisma/client";
import { jakartaMonthStart, type Clock } from "@/server/domain/clock";
import type { Db, DbOrTx } from "@/server/db/client";
import type { AuthenticatedKey } from "./api-keys";
import { accounts, balanceOf } from "./ledger";

/** Orders in these statuses no longer count against a key's monthly budget. */
export const STATUSES_NOT_SPENT = ["dibatalkan", "direfund"] as const;

/**
 * What a key has committed this calendar month (Asia/Jakarta): the prices of its catalog orders
 * created since the month began, except cancelled and refunded ones, plus the totals of invoices
 * created since then on cases the key submitted, except cancelled ones and those whose order (the
 * paid invoice's escrow) was cancelled or refunded. An invoice is money committed when its bid is
 * selected, so it counts from then, whenever the case itself was submitted; the order its payment
 * opens is that same money and is not counted again.
 */
export async function spentThisMonth(db: DbOrTx, clock: Clock, apiKeyId: string): Promise<bigint> {
  // Columns hold UTC wall time (timestamp without time zone), so the bound is given as such.
  const since = jakartaMonthStart(clock.now()).toISOString();
  const notSpent = Prisma.join([...STATUSES_NOT_SPENT]);
  // One statement: it runs under the key's budget lock when ordering.
  const [row] = await db.$queryRaw<Array<{ spent: bigint }>>`
    SELECT (
      (SELECT COALESCE(SUM("priceIdr"), 0) FROM "Order"
        WHERE "apiKeyId" = ${apiKeyId} AND "caseId" IS NULL AND "createdAt" >= (${since}::timestamptz AT TIME ZONE 'UTC') AND "status"::text NOT IN (${notSpent}))
      + (SELECT COALESCE(SUM(i."totalIdr"), 0) FROM "Invoice" i JOIN "Case" c ON c."id" = i."caseId" LEFT JOIN "Order" o ON o."id" = i."orderId"
        WHERE c."apiKeyId" = ${apiKeyId} AND i."createdAt" >= (${since}::timestamptz AT TIME ZONE 'UTC') AND i."status"::text <> 'dibatalkan'
          AND (o."id" IS NULL OR o."status"::text NOT IN (${notSpent})))
    )::bigint AS "spent"`;
  return row!.spent;
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
