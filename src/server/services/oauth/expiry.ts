import type { DueRow } from "@/server/domain/due-row";
import type { ServiceDeps } from "../deps";

/**
 * Authorization codes and tokens are kept a day past their expiry, then deleted: until then a used
 * one presented again is still told apart from an unknown one (and revokes its grant, grants.ts);
 * after that it can authenticate nothing and is refused as unknown. The sweeper's id names the
 * table: `code:<hash>` or `token:<hash>`.
 */
const KEEP_AFTER_EXPIRY_MS = 24 * 3_600_000;

type Kind = "code" | "token";

const dueRows = (kind: Kind, rows: Array<{ hash: string; expiresAt: Date }>): DueRow[] =>
  rows.map((row) => ({ id: `${kind}:${row.hash}`, dueAt: new Date(row.expiresAt.getTime() + KEEP_AFTER_EXPIRY_MS) }));

/** Codes and tokens a day past their expiry, the longest expired first. */
export async function expiredOAuthSecrets(deps: Pick<ServiceDeps, "db">, cutoff: Date, limit: number): Promise<DueRow[]> {
  const where = { expiresAt: { lte: new Date(cutoff.getTime() - KEEP_AFTER_EXPIRY_MS) } };
  const [codes, tokens] = await Promise.all([
    deps.db.oAuthCode.findMany({ where, orderBy: { expiresAt: "asc" }, take: limit, select: { codeHash: true, expiresAt: true } }),
    deps.db.oAuthToken.findMany({ where, orderBy: { expiresAt: "asc" }, take: limit, select: { tokenHash: true, expiresAt: true } }),
  ]);
  return [
    ...dueRows(
      "code",
      codes.map((c) => ({ hash: c.codeHash, expiresAt: c.expiresAt })),
    ),
    ...dueRows(
      "token",
      tokens.map((t) => ({ hash: t.tokenHash, expiresAt: t.expiresAt })),
    ),
  ]
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())
    .slice(0, limit);
}

/** Deletes those of the codes and tokens that are still a day past their expiry: two statements for any number (safe to run twice). */
export async function deleteExpiredOAuthSecrets(deps: Pick<ServiceDeps, "db" | "clock">, ids: readonly string[]): Promise<void> {
  const expiresAt = { lte: new Date(deps.clock.now().getTime() - KEEP_AFTER_EXPIRY_MS) };
  const hashesOf = (kind: Kind) => ids.filter((id) => id.startsWith(`${kind}:`)).map((id) => id.slice(kind.length + 1));
  const [codes, tokens] = [hashesOf("code"), hashesOf("token")];
  if (codes.length > 0) await deps.db.oAuthCode.deleteMany({ where: { codeHash: { in: codes }, expiresAt } });
  if (tokens.length > 0) await deps.db.oAuthToken.deleteMany({ where: { tokenHash: { in: tokens }, expiresAt } });
}
