import type { Order } from "@/generated/prisma/client";
import { findDueRows } from "@/server/db/due-rows";
import { lockRow } from "@/server/db/row-lock";
import { requireActor, type SystemActor } from "@/server/domain/access/actor";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import { orderRulesOf, type ServiceDeps } from "../deps";
import { NO_KEY } from "../idempotency";
import { changeContextOf, changeOrderStatus, changeOrderStatusAtOnce } from "../order-engine";

/** Delivered orders whose auto-acceptance time has come, most overdue first. */
export async function ordersDueForAutoAccept(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  return findDueRows((query) => deps.db.order.findMany(query), "autoAcceptAt", { status: "diserahkan" }, cutoff, limit);
}

/** The system message that tells both sides why the order was accepted without the client. */
export const autoAcceptMessage = (days: number) =>
  `Hasil diterima otomatis: tidak ada tanggapan dari klien dalam ${days} hari sejak hasil diserahkan, sehingga dana escrow dilepas ke praktisi.`;

/**
 * Timer handler: a result left `diserahkan` past its auto-accept time is accepted on the client's
 * behalf and escrow released. An accept, revision or dispute that came first wins: the change is
 * made only while the row is as read (changeOrderStatusAtOnce), and when it is not, the row is
 * locked, read again and checked again.
 */
export async function autoAcceptOrder(
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
  const change = changeContextOf(deps);
  const due = (order: Order | null): order is Order =>
    order?.status === "diserahkan" && order.autoAcceptAt !== null && order.autoAcceptAt <= change.now;
  const message = { role: "system" as const, body: autoAcceptMessage(orderRulesOf(deps).autoAcceptDays) };
  const order = await deps.db.order.findUnique({ where: { id: orderId } });
  if (!due(order)) return;
  if (await changeOrderStatusAtOnce(deps.db, change, order, "auto_accept", actor, { message }, NO_KEY)) return;
  await deps.db.$transaction(async (tx) => {
    // Locked before it is read: a client's accept or revision racing this one waits, then loses cleanly.
    await lockRow(tx, "Order", orderId);
    const locked = await tx.order.findUnique({ where: { id: orderId } });
    if (due(locked)) await changeOrderStatus(tx, change, locked, "auto_accept", actor, { message });
  });
}
