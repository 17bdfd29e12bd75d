import type { Order, OrderCost } from "@/generated/prisma/client";
import type { Tx } from "@/server/db/client";
import { lockRow } from "@/server/db/row-lock";
import { type AgentActor, ownerOf, type PractitionerActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { type TransferInput, transfer } from "../money";
import { ownOrder } from "../order-engine";

/**
 * Third-party costs on an order (docs/costs.md): the practitioner holding it asks, the client side
 * decides, the practitioner pays the office and uploads the receipt. Every step locks the order's
 * row first, as its status changes do, so a decision and the order's cancellation happen one after
 * the other: a cost approved just before the order is cancelled is refunded with it.
 */

/** Most costs one order carries: a company's establishment has a handful of official fees, never dozens. */
export const MAX_COSTS_PER_ORDER = 30;

/**
 * Who asks for a cost or pays it: the practitioner in the portal, or the agent through the
 * sandbox's test helpers, as the simulated practitioner of its own test order.
 */
export type CostPractitioner = PractitionerActor | AgentActor;

/** The order, locked, if this practitioner may act on its costs; 404 otherwise (an order not theirs is never acknowledged). */
export async function practitionerOrder(tx: Tx, by: CostPractitioner, orderId: string): Promise<Order> {
  await lockRow(tx, "Order", orderId);
  if (by.kind === "agent") {
    if (by.livemode) throw new AppError("FORBIDDEN", "Only a test order's costs can be asked for or paid through the test helpers.");
    return ownOrder(tx, ownerOf(by), orderId);
  }
  const order = await tx.order.findUnique({ where: { id: orderId } });
  if (!order || (order.practitionerId !== by.practitionerId && !(await askedForCostOn(tx, by.practitionerId, orderId))))
    throw new AppError("NOT_FOUND", `Pesanan ${orderId} tidak ditemukan atau tidak Anda tangani.`);
  return order;
}

/** Whether the practitioner has a cost on the order (theirs to receipt even after the order changed hands). */
async function askedForCostOn(tx: Tx, practitionerId: string, orderId: string): Promise<boolean> {
  return (await tx.orderCost.count({ where: { orderId, practitionerId } })) > 0;
}

/** The cost on that order, or 404. */
export async function costOf(tx: Tx, orderId: string, costId: string): Promise<OrderCost> {
  const cost = await tx.orderCost.findFirst({ where: { id: costId, orderId } });
  if (!cost) throw new AppError("NOT_FOUND", `No cost ${costId} on order ${orderId}.`);
  return cost;
}

/** Makes the moves of one step last, in one statement. */
export async function moveMoney(tx: Tx, transfers: TransferInput[]): Promise<void> {
  const [first, ...rest] = transfers;
  if (first) await transfer(tx, first, ...rest);
}
