import { lockRow } from "@/server/db/row-lock";
import { type OperatorActor, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { changeContextOf } from "../order-engine";
import { offerNext } from "./offer-next";

/** Operator: start a new round for a stalled order; everyone eligible may be offered it again. */
export async function restartOffering(
  deps: ServiceDeps,
  { actor, orderId }: { actor: OperatorActor; orderId: string },
): Promise<string | null> {
  requireActor(actor, "operator");
  const change = changeContextOf(deps);
  return deps.db.$transaction(async (tx) => {
    await lockRow(tx, "Order", orderId);
    const order = await tx.order.findUnique({ where: { id: orderId } });
    if (!order) throw new AppError("NOT_FOUND", `No order ${orderId}.`);
    if (order.status !== "ditawarkan" || !order.offeringStalledAt) {
      throw new AppError("INVALID_STATE", `Offering can be restarted only for a stalled order on offer; this one is ${order.status}.`);
    }
    await tx.order.update({
      where: { id: orderId },
      data: { offerRound: order.offerRound + 1, offeringStalledAt: null, offeringStalledReason: null, offeringRefundAt: null },
    });
    await audit(tx, {
      actor,
      action: "order.restart_offering",
      subjectType: "order",
      subjectId: orderId,
      data: { round: order.offerRound + 1 },
    });
    return offerNext(tx, change, orderId);
  });
}
