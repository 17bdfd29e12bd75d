import { requireActor, type SystemActor } from "@/server/domain/access/actor";
import { deletionDueAt, expiredBefore } from "@/server/domain/access/expired-rows";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import type { ServiceDeps } from "../deps";

/**
 * Authorization codes and tokens are deleted a day past their expiry (domain/access/expired-rows.ts):
 * until then a used one presented again still revokes its grant (grants.ts); after that it can
 * authenticate nothing and is refused as unknown. The sweeper's id names the table:
 * `code:<hash>` or `token:<hash>`.
 */
type Kind = "code" | "token";

/** Codes and tokens a day past their expiry, the longest expired first. */
export async function expiredOAuthSecrets(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
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
export async function deleteExpiredOAuthSecrets(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    ids,
  }: {
    actor: SystemActor;
    ids: readonly string[];
  },
): Promise<void> {
  requireActor(actor, "system");
  const expiresAt = { lte: expiredBefore(deps.clock.now()) };
  const hashesOf = (kind: Kind) => ids.filter((id) => id.startsWith(`${kind}:`)).map((id) => id.slice(kind.length + 1));
  const [codes, tokens] = [hashesOf("code"), hashesOf("token")];
  if (codes.length > 0) await deps.db.oAuthCode.deleteMany({ where: { codeHash: { in: codes }, expiresAt } });
  if (tokens.length > 0) await deps.db.oAuthToken.deleteMany({ where: { tokenHash: { in: tokens }, expiresAt } });
}

/**
 * A client registered (RFC 7591) and never authorized by an admin is deleted a day after its
 * registration: registration is anonymous, and nothing else would ever remove one. A client that
 * an admin approved even once (authorizedAt) is kept; one known by its metadata document is a
 * cache of that document, read again when needed.
 */
const UNUSED_CLIENT_KEPT_MS = 24 * 3_600_000;

const unusedBefore = (now: Date) => ({
  fetchedAt: null,
  authorizedAt: null,
  createdAt: { lte: new Date(now.getTime() - UNUSED_CLIENT_KEPT_MS) },
});

/** Registered clients a day old that no admin ever authorized, the oldest first. */
export async function unusedOAuthClients(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  const rows = await deps.db.oAuthClient.findMany({
    where: unusedBefore(cutoff),
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true, createdAt: true },
  });
  return rows.map((row) => ({ id: row.id, dueAt: new Date(row.createdAt.getTime() + UNUSED_CLIENT_KEPT_MS) }));
}

/**
 * Deletes those of the clients still unused a day after registering: one statement for any number
 * (safe to run twice). An approval marks its client in the same row first, so of the two racing,
 * either the client is deleted before the approval (which then finds no client) or kept.
 */
export async function deleteUnusedOAuthClients(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    ids,
  }: {
    actor: SystemActor;
    ids: readonly string[];
  },
): Promise<void> {
  requireActor(actor, "system");
  await deps.db.oAuthClient.deleteMany({ where: { id: { in: [...ids] }, ...unusedBefore(deps.clock.now()) } });
}
