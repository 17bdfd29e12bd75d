import { type AdminActor, type OrganizationActor, ownerOf, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { FINAL_STATUSES, type OrderTrigger } from "@/server/domain/orders/order-state";
import type { ServiceDeps } from "../deps";
import { agentReader, type FileReader, filesToAttach } from "../files";
import { type ClaimKey, NO_KEY } from "../idempotency";
import {
  addMessage,
  assertRoomForMessage,
  changeContextOf,
  changeOrderStatus,
  changeOrderStatusAtOnce,
  loadOrder,
  type OrderWithMessages,
  ownOrder,
  ownOrderWithMessages,
  type StatusChangeExtra,
} from "./status";

/** Whose files the client side may attach: the agent's key reads its mode's, the admin the organisation's live ones. */
const readerOf = (actor: OrganizationActor): FileReader =>
  actor.kind === "agent" ? agentReader(ownerOf(actor)) : { kind: "org_admin", organizationId: actor.organizationId };

/** The role of what the client side writes: the agent's messages are `client`, its admin's in the portal `admin`. */
const roleOf = (actor: OrganizationActor) => (actor.kind === "agent" ? ("client" as const) : ("admin" as const));

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
    if (order.status === "butuh_input_klien") return changeOrderStatus(tx, change, order, "client_reply", actor, { message });
    await assertRoomForMessage(tx, orderId);
    await addMessage(tx, orderId, message, change);
    await tx.order.update({ where: { id: orderId }, data: { updatedAt: change.now } });
    return loadOrder(tx, orderId);
  });
}

/** One client-side step on the client's own order, through the state machine. */
async function clientStep(
  deps: ServiceDeps,
  actor: OrganizationActor,
  orderId: string,
  trigger: OrderTrigger,
  extra: StatusChangeExtra,
  claim: ClaimKey,
): Promise<OrderWithMessages> {
  const change = changeContextOf(deps);
  return deps.db.$transaction(async (tx) => {
    await claim(tx, orderId);
    // The row only: the status change reads the messages it answers with.
    const order = await ownOrder(tx, ownerOf(actor), orderId);
    return changeOrderStatus(tx, change, order, trigger, actor, extra);
  });
}

/**
 * POST /v1/orders/{id}/accept (or the admin in the portal): the result is accepted and escrow
 * released. The hottest client step, so three statements: the row read, the change in one
 * statement (changeOrderStatusAtOnce), the answer read; as every other step when that statement
 * cannot make it.
 */
export async function acceptOrderResult(
  deps: ServiceDeps,
  { actor, orderId, claim = NO_KEY }: { actor: OrganizationActor; orderId: string; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent", "admin");
  const order = await ownOrder(deps.db, ownerOf(actor), orderId);
  if (await changeOrderStatusAtOnce(deps.db, changeContextOf(deps), order, "accept_result", actor, {}, claim))
    return loadOrder(deps.db, orderId);
  return clientStep(deps, actor, orderId, "accept_result", {}, claim);
}

/**
 * POST /v1/orders/{id}/cancel: an unpaid order is cancelled; a paid one nobody has taken yet is
 * cancelled with its whole escrow back in the deposit, and its live offer withdrawn. The reason,
 * when given, is kept as a client message.
 */
export function cancelOrder(
  deps: ServiceDeps,
  { actor, orderId, reason, claim = NO_KEY }: { actor: OrganizationActor; orderId: string; reason?: string | null; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent", "admin");
  return clientStep(deps, actor, orderId, "cancel", reason?.trim() ? { note: { role: roleOf(actor), body: reason } } : {}, claim);
}

/** POST /v1/orders/{id}/revision: the delivered result goes back to the practitioner with the reason (at most ORDER_MAX_REVISIONS). */
export function requestRevision(
  deps: ServiceDeps,
  { actor, orderId, reason, claim = NO_KEY }: { actor: OrganizationActor; orderId: string; reason: string; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent", "admin");
  return clientStep(deps, actor, orderId, "request_revision", { message: { role: roleOf(actor), body: reason } }, claim);
}

/** POST /v1/orders/{id}/dispute: a taken or delivered order goes to the operator's dispute queue; escrow stays. */
export function openDispute(
  deps: ServiceDeps,
  { actor, orderId, reason, claim = NO_KEY }: { actor: OrganizationActor; orderId: string; reason: string; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent", "admin");
  return clientStep(deps, actor, orderId, "dispute", { message: { role: roleOf(actor), body: reason } }, claim);
}

/**
 * A decision on an order waiting in menunggu_bayar: an org admin's on a live order, or a test
 * helper's (acting as the admin) on a test order.
 */
export async function decideApproval(
  deps: ServiceDeps,
  { actor, orderId, approve }: { actor: AdminActor; orderId: string; approve: boolean },
): Promise<OrderWithMessages> {
  requireActor(actor, "admin");
  return clientStep(deps, actor, orderId, approve ? "approve" : "reject", {}, NO_KEY);
}
