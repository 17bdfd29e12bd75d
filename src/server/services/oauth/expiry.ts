import type { DueRow } from "@/server/domain/due-row";
import { deletionDueAt, expiredBefore } from "@/server/domain/expired-rows";
import type { ServiceDeps } from "../deps";

/**
 * Authorization codes and tokens are deleted a day past their expiry (domain/expired-rows.ts):
 * until then a used one presented again still revokes its grant (grants.ts); after that it can
 * authenticate nothing and is refused as unknown. The sweeper's id names the table:
 * `code:<hash>` or `token:<hash>`.
 */
type Kind = "code" | "token";

/** Codes and tokens a day past their expiry, the longest expired first. */
export async function expiredOAuthSecrets(deps: Pick<ServiceDeps, "db">, cutoff: Date, limit: number): Promise<DueRow[]> {
  const where = { expiresAt: { lte: expiredBefore(cutoff) } };
  const [codes, tokens] = await Promise.all([
    deps.db.oAuthCode.findMany({ where, orderBy: { expiresAt: "asc" }, take: limit, select: { codeHash: true, expiresAt: true } }),
    deps.db.oAuthToken.findMany({ where, orderBy: { expiresAt: "asc" }, take: limit, select: { tokenHash: true, expiresAt: true } }),
  ]);
  return [
    ...codes.map((c) => ({ id: `code:${c.codeHash}`, dueAt: deletionDueAt(c.expiresAt) })),
    ...tokens.map((t) => ({ id: `token:${t.tokenHash}`, dueAt: deletionDueAt(t.expiresAt) })),
  ]
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())
    .slice(0, limit);
}

/** Deletes those of the codes and tokens that are still a day past their expiry: two statements for any number (safe to run twice). */
export async function deleteExpiredOAuthSecrets(deps: Pick<ServiceDeps, "db" | "clock">, ids: readonly string[]): Promise<void> {
  const expiresAt = { lte: expiredBefore(deps.clock.now()) };
  const hashesOf = (kind: Kind) => ids.filter((id) => id.startsWith(`${kind}:`)).map((id) => id.slice(kind.length + 1));
  const [codes, tokens] = [hashesOf("code"), hashesOf("token")];
  if (codes.length > 0) await deps.db.oAuthCode.deleteMany({ where: { codeHash: { in: codes }, expiresAt } });
  if (tokens.length > 0) await deps.db.oAuthToken.deleteMany({ where: { tokenHash: { in: tokens }, expiresAt } });
}
