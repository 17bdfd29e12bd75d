import type { DataOwner } from "@/server/domain/data-owner";
import type { ServiceDeps } from "./deps";

/** Jakarta keeps UTC+7 all year: a month of spend is a calendar month in WIB, as the key budgets are. */
const JAKARTA_OFFSET_HOURS = 7;

export interface MonthSpend {
  /** "2026-11": the WIB calendar month. */
  month: string;
  spentIdr: number;
  orders: number;
}

/** The `months` WIB calendar months up to and including the one `now` falls in, oldest first. */
export function lastMonths(now: Date, months: number): string[] {
  const local = new Date(now.getTime() + JAKARTA_OFFSET_HOURS * 3_600_000);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  return Array.from({ length: months }, (_, i) => {
    const at = new Date(Date.UTC(year, month - (months - 1 - i), 1));
    return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

/**
 * What the organisation spent per month on orders in one mode: the price of every order paid from
 * the deposit, by the WIB month it was paid in, over the last `months` months (empty months are 0).
 * Orders cancelled or refunded after payment got their money back, so they are not spend.
 */
export async function monthlySpend(deps: Pick<ServiceDeps, "db" | "clock">, owner: DataOwner, months = 12): Promise<MonthSpend[]> {
  const labels = lastMonths(deps.clock.now(), months);
  const [firstYear, firstMonth] = labels[0]!.split("-").map(Number) as [number, number];
  const since = new Date(Date.UTC(firstYear, firstMonth - 1, 1) - JAKARTA_OFFSET_HOURS * 3_600_000);
  const rows = await deps.db.$queryRaw<Array<{ month: string; spent: bigint; orders: bigint }>>`
    SELECT to_char(date_trunc('month', "paidAt" + make_interval(hours => ${JAKARTA_OFFSET_HOURS})), 'YYYY-MM') AS "month",
           SUM("priceIdr")::bigint AS "spent", COUNT(*)::bigint AS "orders"
    FROM "Order"
    WHERE "organizationId" = ${owner.organizationId} AND "livemode" = ${owner.livemode} AND "paidAt" >= ${since}
      AND "status" NOT IN ('dibatalkan', 'direfund')
    GROUP BY 1`;
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return labels.map((month) => ({ month, spentIdr: Number(byMonth.get(month)?.spent ?? 0n), orders: Number(byMonth.get(month)?.orders ?? 0n) }));
}
