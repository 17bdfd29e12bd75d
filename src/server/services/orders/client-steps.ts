import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import type { DataOwner } from "@/server/domain/data-owner";
import { AppError } from "@/server/domain/errors";
import { FINAL_STATUSES, type OrderTrigger } from "@/server/domain/orders/order-state";
import type { Actor } from "../audit";
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

/**
 * The client side acting on its own order: an API key (the agent), or an admin of its
 * organisation in the portal (the human behind the agent). Both see only their organisation's
 * orders in one mode; another's is 404.
 */
export interface ClientRef {
  owner: DataOwner;
  actor: { kind: "agent" | "org_admin"; id: string | null };
}

export const byKey = (key: AuthenticatedKey): ClientRef => ({ owner: key, actor: { kind: "agent", id: key.id } });

/** Whose files the client side may attach: the agent's key reads its mode's, the admin the organisation's live ones. */
const readerOf = (by: ClientRef): FileReader =>
  by.actor.kind === "agent" ? agentReader(by.owner) : { kind: "org_admin", organizationId: by.owner.organizationId };

/** The role of what the client side writes: the agent's messages are `client`, its admin's in the portal `admin`. */
const roleOf = (by: ClientRef) => (by.actor.kind === "agent" ? ("client" as const) : ("admin" as const));

/**
 * POST /v1/orders/{id}/messages, or the admin's message in the portal: answers a question
 * (→ dikerjakan), or adds a note while the order is active.
 */
export async function postClientMessage(
  deps: ServiceDeps,
  {
    by,
    orderId,
    input,
    claim = NO_KEY,
  }: { by: ClientRef; orderId: string; input: { body: string; attachments?: string[] }; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  const change = changeContextOf(deps);
  return deps.db.$transaction(async (tx) => {
    await claim(tx, orderId);
    const order = await ownOrderWithMessages(tx, by.owner, orderId);
    if (FINAL_STATUSES.includes(order.status)) {
      throw new AppError("INVALID_STATE", `The order is ${order.status}; messages can no longer be added.`);
    }
    const files = await filesToAttach(tx, readerOf(by), by.owner, input.attachments, "attachments");
    const message = { role: roleOf(by), body: input.body, files };
    if (order.status === "butuh_input_klien") return changeOrderStatus(tx, change, order, "client_reply", by.actor, { message });
    await assertRoomForMessage(tx, orderId);
    await addMessage(tx, orderId, message, change);
    await tx.order.update({ where: { id: orderId }, data: { updatedAt: change.now } });
    return loadOrder(tx, orderId);
  });
}

/** One client-side step on the client's own order, through the state machine. */
async function clientStep(
  deps: ServiceDeps,
  by: ClientRef,
  orderId: string,
  trigger: OrderTrigger,
  extra: StatusChangeExtra,
  claim: ClaimKey,
): Promise<OrderWithMessages> {
  const change = changeContextOf(deps);
  return deps.db.$transaction(async (tx) => {
    await claim(tx, orderId);
    // The row only: the status change reads the messages it answers with.
    const order = await ownOrder(tx, by.owner, orderId);
    return changeOrderStatus(tx, change, order, trigger, by.actor, extra);
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
  { by, orderId, claim = NO_KEY }: { by: ClientRef; orderId: string; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  const order = await ownOrder(deps.db, by.owner, orderId);
  if (await changeOrderStatusAtOnce(deps.db, changeContextOf(deps), order, "accept_result", by.actor, {}, claim))
    return loadOrder(deps.db, orderId);
  return clientStep(deps, by, orderId, "accept_result", {}, claim);
}

/**
 * POST /v1/orders/{id}/cancel: an unpaid order is cancelled; a paid one nobody has taken yet is
 * cancelled with its whole escrow back in the deposit, and its live offer withdrawn. The reason,
 * when given, is kept as a client message.
 */
export function cancelOrder(
  deps: ServiceDeps,
  { by, orderId, reason, claim = NO_KEY }: { by: ClientRef; orderId: string; reason?: string | null; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  return clientStep(deps, by, orderId, "cancel", reason?.trim() ? { note: { role: roleOf(by), body: reason } } : {}, claim);
}

/** POST /v1/orders/{id}/revision: the delivered result goes back to the practitioner with the reason (at most ORDER_MAX_REVISIONS). */
export function requestRevision(
  deps: ServiceDeps,
  { by, orderId, reason, claim = NO_KEY }: { by: ClientRef; orderId: string; reason: string; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  return clientStep(deps, by, orderId, "request_revision", { message: { role: roleOf(by), body: reason } }, claim);
}

/** POST /v1/orders/{id}/dispute: a taken or delivered order goes to the operator's dispute queue; escrow stays. */
export function openDispute(
  deps: ServiceDeps,
  { by, orderId, reason, claim = NO_KEY }: { by: ClientRef; orderId: string; reason: string; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  return clientStep(deps, by, orderId, "dispute", { message: { role: roleOf(by), body: reason } }, claim);
}

/**
 * A decision on an order waiting in menunggu_bayar: an org admin's on a live order, or a test
 * helper's (acting as the admin) on a test order.
 */
export async function decideApproval(
  deps: ServiceDeps,
  { actor, input }: { actor: Actor & { actorType: "org_admin" }; input: { owner: DataOwner; orderId: string; approve: boolean } },
): Promise<OrderWithMessages> {
  return clientStep(
    deps,
    { owner: input.owner, actor: { kind: "org_admin", id: actor.actorId ?? null } },
    input.orderId,
    input.approve ? "approve" : "reject",
    {},
    NO_KEY,
  );
}
