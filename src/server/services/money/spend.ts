import { type OrganizationActor, ownerOf, requireActor } from "@/server/domain/access/actor";
import { JAKARTA_OFFSET_HOURS, jakartaMonthStart, jakartaMonthsUpTo } from "@/server/domain/clock";
import type { ServiceDeps } from "../deps";

export interface MonthSpend {
  /** "2026-11": the WIB calendar month. */
  month: string;
  spentIdr: number;
  orders: number;
}

/**
 * What the organisation spent per month on orders in one mode: the price of every order paid from
 * the deposit, by the WIB month it was paid in, over the last `months` months (empty months are 0).
 * Orders cancelled or refunded after payment got their money back, so they are not spend.
 */
export async function monthlySpend(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, months = 12 }: { actor: OrganizationActor; months?: number },
): Promise<MonthSpend[]> {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  const labels = jakartaMonthsUpTo(deps.clock.now(), months);
  // A month of spend is a calendar month in WIB, as the key budgets are.
  const since = jakartaMonthStart(new Date(`${labels[0]}-01T12:00:00Z`));
  const rows = await deps.db.$queryRaw<Array<{ month: string; spent: bigint; orders: bigint }>>`
    SELECT to_char(date_trunc('month', "paidAt" + make_interval(hours => ${JAKARTA_OFFSET_HOURS})), 'YYYY-MM') AS "month",
           SUM("priceIdr")::bigint AS "spent", COUNT(*)::bigint AS "orders"
    FROM "Order"
    WHERE "organizationId" = ${owner.organizationId} AND "livemode" = ${owner.livemode} AND "paidAt" >= ${since}
      AND "status" NOT IN ('dibatalkan', 'direfund')
    GROUP BY 1`;
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return labels.map((month) => ({
    month,
    spentIdr: Number(byMonth.get(month)?.spent ?? 0n),
    orders: Number(byMonth.get(month)?.orders ?? 0n),
  }));
}
