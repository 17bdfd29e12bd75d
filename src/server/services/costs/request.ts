import { requireActor } from "@/server/domain/access/actor";
import { thirdPartyFeeListSchema } from "@/server/domain/catalog/third-party-fees";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { type CostRequest, checkCostRequest, ORDER_STATUSES_FOR_COST_REQUEST } from "@/server/domain/orders/cost-state";
import type { ServiceDeps } from "../deps";
import { recordCostEvent } from "../events";
import { COST_INCLUDE, type CostWithReceipt } from "../order-engine";
import { type CostPractitioner, MAX_COSTS_PER_ORDER, practitionerOrder } from "./steps";

/**
 * The practitioner holding the order (diambil, dikerjakan, butuh_input_klien) asks for a cost: one
 * of the service's listed official fees, at most its official amount, or another official cost
 * with its basis. → `diajukan`, event cost.diajukan.
 */
export async function requestCost(
  deps: Pick<ServiceDeps, "db" | "clock" | "publicUrl">,
  { actor, orderId, input }: { actor: CostPractitioner; orderId: string; input: CostRequest },
): Promise<CostWithReceipt> {
  requireActor(actor, "practitioner", "agent");
  const by = actor;
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const order = await practitionerOrder(tx, by, orderId);
    if (!order.practitionerId || (by.kind === "practitioner" && order.practitionerId !== by.practitionerId))
      throw new AppError("NOT_FOUND", `Pesanan ${orderId} tidak sedang Anda tangani.`);
    if (!ORDER_STATUSES_FOR_COST_REQUEST.includes(order.status))
      throw new AppError(
        "INVALID_STATE",
        `The order is ${order.status}; costs are asked for while it is being worked on (${ORDER_STATUSES_FOR_COST_REQUEST.join(", ")}).`,
      );
    const service = await tx.service.findUniqueOrThrow({ where: { code: order.serviceCode }, select: { thirdPartyFees: true } });
    const checked = checkCostRequest(input, thirdPartyFeeListSchema.parse(service.thirdPartyFees));
    if ((await tx.orderCost.count({ where: { orderId } })) >= MAX_COSTS_PER_ORDER)
      throw new AppError("CONFLICT", `The order has ${MAX_COSTS_PER_ORDER} costs, the most one order carries.`);
    const cost = await tx.orderCost.create({
      data: {
        id: newId("cost"),
        orderId,
        practitionerId: order.practitionerId,
        ...checked,
        status: "diajukan",
        createdAt: now,
        updatedAt: now,
      },
      include: COST_INCLUDE,
    });
    await recordCostEvent(tx, order, cost, now);
    return cost;
  });
}
