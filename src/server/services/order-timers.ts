import type { ServiceDeps } from "./deps";
import type { OrderStatus } from "@/generated/prisma/enums";
import type { Db } from "@/server/db/client";
import { audit } from "./audit";

/** Statuses in which the SLA clock runs: paid and not yet delivered. */
const SLA_RUNNING: OrderStatus[] = ["dibayar", "ditawarkan", "diambil", "dikerjakan", "butuh_input_klien"];

export async function ordersPastSla(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db.order.findMany({
    where: { status: { in: SLA_RUNNING }, slaDueAt: { lte: now }, slaBreachedAt: null },
    orderBy: { slaDueAt: "asc" },
    take: limit,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

/** Flags an order whose SLA passed before delivery, once, for the operator's attention. */
export async function markSlaBreached(deps: ServiceDeps, orderId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    const flagged = await tx.order.updateMany({
      where: { id: orderId, status: { in: SLA_RUNNING }, slaDueAt: { lte: now }, slaBreachedAt: null },
      data: { slaBreachedAt: now },
    });
    if (flagged.count === 1) await audit(tx, { actorType: "system", action: "order.sla_breached", subjectType: "order", subjectId: orderId });
  });
}

export async function expiredIdempotencyKeys(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db.idempotencyKey.findMany({ where: { expiresAt: { lte: now } }, orderBy: { expiresAt: "asc" }, take: limit, select: { id: true } });
  return rows.map((r) => r.id);
}

/** Removes a key past its 24 hours; a request arriving meanwhile also treats it as new. */
export async function deleteExpiredIdempotencyKey(deps: ServiceDeps, id: string): Promise<void> {
  await deps.db.idempotencyKey.deleteMany({ where: { id, expiresAt: { lte: deps.clock.now() } } });
}
