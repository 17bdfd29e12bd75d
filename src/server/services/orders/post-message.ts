import { type OperatorActor, type OrganizationActor, ownerOf, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { FINAL_STATUSES } from "@/server/domain/orders/order-state";
import { audit } from "../audit";
import { recordFindings } from "../content-checks";
import type { ServiceDeps } from "../deps";
import { filesToAttach } from "../files";
import { type ClaimKey, NO_KEY } from "../idempotency";
import {
  addMessage,
  assertRoomForMessage,
  changeContextOf,
  changeOrderStatus,
  loadOrder,
  type OrderWithMessages,
  ownOrderWithMessages,
} from "../order-engine";
import { readerOf, roleOf } from "./client-step";

/**
 * POST /v1/orders/{id}/messages, or the admin's message in the portal: answers a question
 * (→ dikerjakan), or adds a note while the order is active.
 */
export async function postClientMessage(
  deps: ServiceDeps,
  {
    actor,
    orderId,
    input,
    claim = NO_KEY,
  }: { actor: OrganizationActor; orderId: string; input: { body: string; attachments?: string[] }; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent", "admin");
  const change = changeContextOf(deps);
  return deps.db.$transaction(async (tx) => {
    await claim(tx, orderId);
    const order = await ownOrderWithMessages(tx, ownerOf(actor), orderId);
    if (FINAL_STATUSES.includes(order.status)) {
      throw new AppError("INVALID_STATE", `The order is ${order.status}; messages can no longer be added.`);
    }
    const files = await filesToAttach(tx, readerOf(actor), ownerOf(actor), input.attachments, "attachments");
    const message = { role: roleOf(actor), body: input.body, files };
    // An agent's words to the practitioner are checked against the content rules and recorded for
    // the operator; the message itself goes as sent.
    if (actor.kind === "agent")
      await recordFindings(tx, { actor, place: { source: "order_message", orderId }, text: input.body, at: change.now });
    if (order.status === "butuh_input_klien") return changeOrderStatus(tx, change, order, "client_reply", actor, { message });
    await assertRoomForMessage(tx, orderId);
    await addMessage(tx, orderId, message, change);
    await tx.order.update({ where: { id: orderId }, data: { updatedAt: change.now } });
    return loadOrder(tx, orderId);
  });
}

/**
 * The operator writes on an order's thread, to the client side and the practitioner at once (a
 * question before deciding a dispute, a late receipt, an explanation): role operator, audited,
 * the practitioner told by e-mail. Any order, finished ones too, within the thread's limit.
 */
export async function postOperatorMessage(
  deps: ServiceDeps,
  { actor, orderId, body }: { actor: OperatorActor; orderId: string; body: string },
): Promise<OrderWithMessages> {
  requireActor(actor, "operator");
  const change = changeContextOf(deps);
  if (!body.trim()) throw new AppError("VALIDATION", "body: write the message.");
  return deps.db.$transaction(async (tx) => {
    await assertRoomForMessage(tx, orderId);
    const order = await tx.order.findUnique({ where: { id: orderId }, select: { id: true } });
    if (!order) throw new AppError("NOT_FOUND", `No order ${orderId}.`);
    await addMessage(tx, orderId, { role: "operator", body: body.trim() }, change);
    await tx.order.update({ where: { id: orderId }, data: { updatedAt: change.now } });
    await audit(tx, { actor, action: "order.operator_message", subjectType: "order", subjectId: orderId, data: {} });
    return loadOrder(tx, orderId);
  });
}
