import { type AdminActor, requireActor, type SystemActor } from "@/server/domain/access/actor";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import { AppError } from "@/server/domain/errors";
import { REQUEST_LOG_PER_KEY, requestLogDeletionDueAt, requestLogKeptSince } from "@/server/domain/request-log/request-log";
import type { ServiceDeps } from "../deps";

/**
 * A key's newest requests, newest first, for its organisation's admin: another organisation's key
 * is NOT_FOUND. A request answered within the last second may not be written yet (buffer.ts).
 */
export async function recentRequests(deps: Pick<ServiceDeps, "db">, { actor, apiKeyId }: { actor: AdminActor; apiKeyId: string }) {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const key = await deps.db.apiKey.findFirst({ where: { id: apiKeyId, organizationId }, select: { id: true } });
  if (!key) throw new AppError("NOT_FOUND", `No API key ${apiKeyId} in this organisation.`);
  return deps.db.apiRequest.findMany({
    where: { apiKeyId },
    orderBy: [{ createdAt: "desc" }, { seq: "desc" }],
    take: REQUEST_LOG_PER_KEY,
    select: { requestId: true, method: true, path: true, status: true, createdAt: true },
  });
}

/**
 * Keys with rows past the log's week (domain/request-log/request-log.ts), the longest overdue first: the expiry
 * job's rows are keys, so a busy log is a few ids, not one per request.
 */
export async function keysWithExpiredRequests(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  const groups = await deps.db.apiRequest.groupBy({
    by: ["apiKeyId"],
    where: { createdAt: { lte: requestLogKeptSince(cutoff) } },
    _min: { createdAt: true },
    orderBy: { _min: { createdAt: "asc" } },
    take: limit,
  });
  return groups.map((group) => ({ id: group.apiKeyId, dueAt: requestLogDeletionDueAt(group._min.createdAt!) }));
}

/** Deletes these keys' rows past the log's week: one statement for any number of keys (safe to run twice). */
export async function deleteExpiredRequests(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    apiKeyIds,
  }: {
    actor: SystemActor;
    apiKeyIds: readonly string[];
  },
): Promise<void> {
  requireActor(actor, "system");
  await deps.db.apiRequest.deleteMany({
    where: { apiKeyId: { in: [...apiKeyIds] }, createdAt: { lte: requestLogKeptSince(deps.clock.now()) } },
  });
}
