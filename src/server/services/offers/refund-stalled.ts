import { findDueRows } from "@/server/db/due-rows";
import { lockRow } from "@/server/db/row-lock";
import { requireActor, type SystemActor } from "@/server/domain/access/actor";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import type { ServiceDeps } from "../deps";
import { changeContextOf, changeOrderStatus } from "../order-engine";

/** The message the client and the operator read when a stalled order is refunded on its own. */
export const STALL_REFUND_MESSAGE =
  "Tidak ada praktisi yang mengambil pesanan ini dalam batas waktu, sehingga pesanan direfund otomatis dan seluruh dananya kembali ke deposit.";
/** Stalled orders whose refund time has come, most overdue first. */
export async function stalledOrdersDueForRefund(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  return findDueRows((query) => deps.db.order.findMany(query), "offeringRefundAt", { status: "ditawarkan" }, cutoff, limit);
}

/**
 * Timer handler: an order whose offering stalled and that nobody re-offered before its refund
 * time is refunded in full, with a message saying why. The operator's restart clears the time,
 * and a concurrent restart or cancel makes this a no-op (the order row is locked first).
 */
export async function refundStalledOrder(
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
  await deps.db.$transaction(async (tx) => {
    await lockRow(tx, "Order", orderId);
    const order = await tx.order.findUnique({ where: { id: orderId } });
    if (order?.status !== "ditawarkan" || !order.offeringRefundAt || order.offeringRefundAt > change.now) return;
    await changeOrderStatus(tx, change, order, "refund_stalled", actor, { message: { role: "system", body: STALL_REFUND_MESSAGE } });
  });
}
