import type { OrderStatus } from "@/generated/prisma/enums";
import { findDueRows } from "@/server/db/due-rows";
import { lockRow } from "@/server/db/row-lock";
import type { DueRow } from "@/server/domain/due-row";
import { audit } from "../audit";
import { orderRulesOf, type ServiceDeps } from "../deps";
import { changeContextOf, changeOrderStatus } from "./status";

/** Statuses in which the SLA clock runs: paid and not yet delivered. */
export const SLA_RUNNING: OrderStatus[] = ["dibayar", "ditawarkan", "diambil", "dikerjakan", "butuh_input_klien"];

export async function ordersPastSla(deps: Pick<ServiceDeps, "db">, cutoff: Date, limit: number): Promise<DueRow[]> {
  return findDueRows(
    (query) => deps.db.order.findMany(query),
    "slaDueAt",
    { status: { in: SLA_RUNNING }, slaBreachedAt: null },
    cutoff,
    limit,
  );
}

/** Flags an order whose SLA passed before delivery, once, for the operator's attention. */
export async function markSlaBreached(deps: ServiceDeps, orderId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    const flagged = await tx.order.updateMany({
      where: { id: orderId, status: { in: SLA_RUNNING }, slaDueAt: { lte: now }, slaBreachedAt: null },
      data: { slaBreachedAt: now },
    });
    if (flagged.count === 1)
      await audit(tx, { actorType: "system", action: "order.sla_breached", subjectType: "order", subjectId: orderId });
  });
}

/** Delivered orders whose auto-acceptance time has come, most overdue first. */
export async function ordersDueForAutoAccept(deps: Pick<ServiceDeps, "db">, cutoff: Date, limit: number): Promise<DueRow[]> {
  return findDueRows((query) => deps.db.order.findMany(query), "autoAcceptAt", { status: "diserahkan" }, cutoff, limit);
}

export const autoAcceptMessage = (days: number) =>
  `Hasil diterima otomatis: tidak ada tanggapan dari klien dalam ${days} hari sejak hasil diserahkan, sehingga dana escrow dilepas ke praktisi.`;

/**
 * Timer handler: a result left `diserahkan` past its auto-accept time is accepted on the client's
 * behalf and escrow released. An accept, revision or dispute that came first wins: the status
 * and time are checked under the change's conditional UPDATE.
 */
export async function autoAcceptOrder(deps: ServiceDeps, orderId: string): Promise<void> {
  const change = changeContextOf(deps);
  await deps.db.$transaction(async (tx) => {
    // Locked before it is read: a client's accept or revision racing this one waits, then loses cleanly.
    await lockRow(tx, "Order", orderId);
    const order = await tx.order.findUnique({ where: { id: orderId } });
    if (order?.status !== "diserahkan" || !order.autoAcceptAt || order.autoAcceptAt > change.now) return;
    const message = { role: "system" as const, body: autoAcceptMessage(orderRulesOf(deps).autoAcceptDays) };
    await changeOrderStatus(tx, change, order, "auto_accept", { kind: "system" }, { message });
  });
}
