import type { OrderStatus } from "@/generated/prisma/enums";
import { findDueRows } from "@/server/db/due-rows";
import { requireActor, type SystemActor } from "@/server/domain/access/actor";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";

/** Statuses in which the SLA clock runs: paid and not yet delivered. */
export const SLA_RUNNING: OrderStatus[] = ["dibayar", "ditawarkan", "diambil", "dikerjakan", "butuh_input_klien"];

/** The sweeper's query: running orders past their SLA and not yet marked. */
export async function ordersPastSla(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  return findDueRows(
    (query) => deps.db.order.findMany(query),
    "slaDueAt",
    { status: { in: SLA_RUNNING }, slaBreachedAt: null },
    cutoff,
    limit,
  );
}

/** Flags an order whose SLA passed before delivery, once, for the operator's attention. */
export async function markSlaBreached(
  deps: ServiceDeps,
  {
    actor,
    orderId,
  }: {
    actor: SystemActor;
    orderId: string;
  },
): Promise<void> {
  requireActor(actor, "system");
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    const flagged = await tx.order.updateMany({
      where: { id: orderId, status: { in: SLA_RUNNING }, slaDueAt: { lte: now }, slaBreachedAt: null },
      data: { slaBreachedAt: now },
    });
    if (flagged.count === 1) await audit(tx, { actor, action: "order.sla_breached", subjectType: "order", subjectId: orderId });
  });
}
