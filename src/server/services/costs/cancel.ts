import { lockRow } from "@/server/db/row-lock";
import { type OperatorActor, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { costTransitionFor } from "@/server/domain/orders/cost-state";
import { publicUrlOf, type ServiceDeps } from "../deps";
import { type CostWithReceipt, moveCost } from "../order-engine";
import { costOf, moveMoney } from "./steps";

/**
 * The operator refunds an approved cost whose receipt never came (or cancels one still undecided):
 * → `dibatalkan`, the amount back in the deposit, with the reason the client side and the
 * practitioner read.
 */
export async function cancelCostByOperator(
  deps: Pick<ServiceDeps, "db" | "clock" | "publicUrl">,
  {
    actor,
    orderId,
    costId,
    reason,
  }: {
    actor: OperatorActor;
    orderId: string;
    costId: string;
    reason: string;
  },
): Promise<CostWithReceipt> {
  requireActor(actor, "operator");
  const now = deps.clock.now();
  if (!reason.trim()) throw new AppError("VALIDATION", "reason: say why the cost is cancelled.");
  return deps.db.$transaction(async (tx) => {
    await lockRow(tx, "Order", orderId);
    const order = await tx.order.findUnique({ where: { id: orderId } });
    if (!order) throw new AppError("NOT_FOUND", `No order ${orderId}.`);
    const cost = await costOf(tx, orderId, costId);
    const moved = await moveCost(tx, order, cost, costTransitionFor(cost.status, "cancel", "operator"), {
      now,
      publicUrl: publicUrlOf(deps),
      actor,
      reason,
    });
    await moveMoney(tx, moved.transfers);
    return moved.cost;
  });
}
