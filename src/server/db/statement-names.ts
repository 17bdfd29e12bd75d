import { logger } from "@/server/log";

/** Texts counted before they are named; the count starts over beyond it, so one-off texts cannot fill memory. */
const SIGHTINGS_KEPT = 1_000;

/**
 * Names for PostgreSQL prepared statements, so each pooled connection parses and plans a query
 * shape once instead of on every call (node-postgres keeps a named statement per connection until
 * the connection closes). A text is named on its `namedAfter`-th call, so one-off shapes (a
 * createMany of N rows) never take a name, and only `limit` texts per process are named, so
 * neither this process nor PostgreSQL's backends hold statements without bound. An empty name is
 * node-postgres's unnamed statement, as without a generator.
 */
export function preparedStatementNames(limit: number, namedAfter = 3): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  const sightings = new Map<string, number>();
  return ({ sql }) => {
    const name = names.get(sql);
    if (name !== undefined) return name;
    if (names.size >= limit) return "";
    const seen = (sightings.get(sql) ?? 0) + 1;
    if (seen < namedAfter) {
      if (sightings.size >= SIGHTINGS_KEPT) sightings.clear();
      sightings.set(sql, seen);
      return "";
    }
    sightings.delete(sql);
    const fresh = `kuasa_${names.size}`;
    names.set(sql, fresh);
    if (names.size === limit)
      logger.warn({ limit }, "prepared statement names used up: query shapes seen from now on are parsed and planned on every call");
    return fresh;
  };
}
