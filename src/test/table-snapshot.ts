import type { Db } from "@/server/db/client";

/**
 * Columns that record use rather than state: authenticating a key stamps `lastUsedAt` (and Prisma
 * `updatedAt` with it), which a refused call does too without having changed anything.
 */
const USAGE_COLUMNS: Record<string, string[]> = { ApiKey: ["lastUsedAt", "updatedAt"] };
/** Tables that record use, not state: an MCP client's handshake opens a session (McpSubscription, what it follows, is state). */
const USAGE_TABLES: ReadonlySet<string> = new Set(["McpSession"]);

/** One hash per table of the public schema, over every row (as JSON, usage tables and columns left out). */
export async function snapshotTables(db: Db): Promise<Record<string, string>> {
  const tables = await db.$queryRaw<Array<{ name: string }>>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`;
  const hashes: Record<string, string> = {};
  for (const { name } of tables.filter((table) => !USAGE_TABLES.has(table.name))) {
    const dropped = (USAGE_COLUMNS[name] ?? []).map((column) => ` - '${column}'`).join("");
    // Identifiers come from the catalog above, not from input.
    const [row] = await db.$queryRawUnsafe<Array<{ hash: string | null; count: bigint }>>(
      `SELECT md5(COALESCE(string_agg(r.j, E'\\n' ORDER BY r.j), '')) AS hash, COUNT(*) AS count
       FROM (SELECT (to_jsonb(t)${dropped})::text AS j FROM "${name}" t) r`,
    );
    hashes[name] = `${row!.count} rows, ${row!.hash}`;
  }
  return hashes;
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]).sort();
}
