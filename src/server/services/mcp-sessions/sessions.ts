import { type AgentActor, requireActor, type SystemActor } from "@/server/domain/access/actor";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { MCP_SESSION_IDLE_MS, MCP_SESSION_TOUCH_MS } from "@/server/domain/mcp/resources";
import type { ServiceDeps } from "../deps";

/**
 * Remote MCP sessions (Streamable HTTP's Mcp-Session-Id) are rows, so that any instance answers any
 * request of a session and only its subscriptions and its open stream tie it to anything.
 */
const unknownSession = (sessionId: string) =>
  new AppError(
    "NOT_FOUND",
    `No MCP session ${sessionId} for this API key: it ended or was never issued to it. Start a new one with initialize.`,
  );

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** A new session of the agent's key; its id is random (~131 bits) and the only thing that names it. */
export async function openMcpSession(deps: Pick<ServiceDeps, "db" | "clock">, { actor }: { actor: AgentActor }): Promise<string> {
  requireActor(actor, "agent");
  const now = deps.clock.now();
  const session = await deps.db.mcpSession.create({
    data: { id: newId("mcpSession"), apiKeyId: actor.id, createdAt: now, lastSeenAt: now },
    select: { id: true },
  });
  return session.id;
}

/**
 * A request names its session: it must be the key's own, else NOT_FOUND (another key's session
 * is as unknown as one never issued). Its lastSeenAt is written at most once a minute.
 */
export async function resumeMcpSession(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, sessionId }: { actor: AgentActor; sessionId: string },
): Promise<void> {
  requireActor(actor, "agent");
  const session = await deps.db.mcpSession.findUnique({ where: { id: sessionId }, select: { apiKeyId: true, lastSeenAt: true } });
  if (session?.apiKeyId !== actor.id) throw unknownSession(sessionId);
  const now = deps.clock.now();
  if (session.lastSeenAt <= before(now, MCP_SESSION_TOUCH_MS)) {
    await deps.db.mcpSession.updateMany({ where: { id: sessionId }, data: { lastSeenAt: now } });
  }
}

/** DELETE /mcp: the session and its subscriptions are gone; another key's session is NOT_FOUND. */
export async function endMcpSession(
  deps: Pick<ServiceDeps, "db">,
  { actor, sessionId }: { actor: AgentActor; sessionId: string },
): Promise<void> {
  requireActor(actor, "agent");
  const { count } = await deps.db.mcpSession.deleteMany({ where: { id: sessionId, apiKeyId: actor.id } });
  if (count === 0) throw unknownSession(sessionId);
}

/**
 * Sessions whose streams an instance holds are in use though no request names them: touched once
 * a minute by that instance's watcher. Answers those that still may stream, so the watcher closes
 * the others' streams: a session ended (on any instance) or swept, or whose key was revoked.
 */
export async function keepMcpSessionsAlive(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, sessionIds }: { actor: SystemActor; sessionIds: readonly string[] },
): Promise<Set<string>> {
  requireActor(actor, "system");
  const alive = await deps.db.mcpSession.updateManyAndReturn({
    where: { id: { in: [...sessionIds] }, apiKey: { revokedAt: null } },
    data: { lastSeenAt: deps.clock.now() },
    select: { id: true },
  });
  return new Set(alive.map((session) => session.id));
}

/** Sessions unused for MCP_SESSION_IDLE_MS, the longest unused first. */
export async function idleMcpSessions(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  const rows = await deps.db.mcpSession.findMany({
    where: { lastSeenAt: { lte: before(cutoff, MCP_SESSION_IDLE_MS) } },
    orderBy: { lastSeenAt: "asc" },
    take: limit,
    select: { id: true, lastSeenAt: true },
  });
  return rows.map((row) => ({ id: row.id, dueAt: new Date(row.lastSeenAt.getTime() + MCP_SESSION_IDLE_MS) }));
}

/** Deletes those of the sessions still idle (their subscriptions cascade): one statement for any number, safe to run twice. */
export async function deleteIdleMcpSessions(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, ids }: { actor: SystemActor; ids: readonly string[] },
): Promise<void> {
  requireActor(actor, "system");
  await deps.db.mcpSession.deleteMany({
    where: { id: { in: [...ids] }, lastSeenAt: { lte: before(deps.clock.now(), MCP_SESSION_IDLE_MS) } },
  });
}
