import type { DueRow } from "@/server/domain/due-row";

/** What a findMany reads for `findDue`: rows matching `where` whose `column` is due by the cutoff, oldest first. */
export interface DueQuery<C extends string, W extends object> {
  where: W & Record<C, { lte: Date }>;
  orderBy: Record<C, "asc">;
  take: number;
  select: { id: true } & Record<C, true>;
}

/**
 * A job kind's `findDue` over one table: the rows due on `column` by `cutoff` (and matching
 * `where`), oldest first, at most `limit`, each with its due time. `find` is the table's
 * findMany, so the query stays typed by Prisma.
 */
export async function findDueRows<C extends string, const W extends object>(
  find: (query: DueQuery<C, W>) => Promise<Array<{ id: string } & Record<C, Date | null>>>,
  column: C,
  where: W,
  cutoff: Date,
  limit: number,
): Promise<DueRow[]> {
  const query = {
    where: { ...where, [column]: { lte: cutoff } },
    orderBy: { [column]: "asc" },
    take: limit,
    select: { id: true, [column]: true },
  } as DueQuery<C, W>;
  const rows = await find(query);
  // Non-null: the query asked for rows whose column is at most the cutoff.
  return rows.map((row) => ({ id: row.id, dueAt: row[column] as Date }));
}
