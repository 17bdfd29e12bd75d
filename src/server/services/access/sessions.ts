import { type Actor, requireActor, type SystemActor } from "@/server/domain/access/actor";
import { PORTAL_SESSION_HOURS } from "@/server/domain/access/portal-user";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";

/**
 * Portal sessions on the server: the next-auth JWT carries a session id, and every portal call
 * reads the session with the user (liveSessionAccount), so ending the record ends the session at
 * once, on every instance, however long the JWT has left.
 */

/** A new session for a user who has just signed in; their sessions that expired are deleted on the way. */
export async function startPortalSession(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    userId,
  }: {
    actor: SystemActor;
    userId: string;
  },
): Promise<string> {
  requireActor(actor, "system");
  const now = deps.clock.now();
  const id = newId("session");
  await deps.db.$transaction([
    deps.db.portalSession.deleteMany({ where: { userId, expiresAt: { lte: now } } }),
    deps.db.portalSession.create({
      data: { id, userId, createdAt: now, expiresAt: new Date(now.getTime() + PORTAL_SESSION_HOURS * 3_600_000) },
    }),
  ]);
  return id;
}

/** Signing out: ends that session only. */
export async function endPortalSession(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    sessionId,
  }: {
    actor: SystemActor;
    sessionId: string;
  },
): Promise<void> {
  requireActor(actor, "system");
  await deps.db.portalSession.updateMany({ where: { id: sessionId, endedAt: null }, data: { endedAt: deps.clock.now() } });
}

/** Ends every open session of the user except `keep` (the one that changed the password); how many ended. */
export async function endOtherPortalSessions(
  db: Pick<ServiceDeps["db"], "portalSession">,
  userId: string,
  keep: string | null,
  now: Date,
): Promise<number> {
  const ended = await db.portalSession.updateMany({
    where: { userId, endedAt: null, ...(keep ? { id: { not: keep } } : {}) },
    data: { endedAt: now },
  });
  return ended.count;
}

/** The operator ends every session of a user (a stolen laptop, a leaked cookie), audited. */
export async function endAllPortalSessions(deps: Pick<ServiceDeps, "db" | "clock">, { actor, userId }: { actor: Actor; userId: string }) {
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
    if (!user) throw new AppError("NOT_FOUND", `No user ${userId}.`);
    const ended = await endOtherPortalSessions(tx, userId, null, now);
    await audit(tx, { actor, action: "user.sessions_end", subjectType: "user", subjectId: userId, data: { ended } });
    return { ended };
  });
}
