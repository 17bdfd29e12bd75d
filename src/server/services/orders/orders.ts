import { orderRulesOf, publicUrlOf, type ServiceDeps } from "../deps";
import { type Order, Prisma } from "@/generated/prisma/client";
import type { DataOwner } from "@/server/domain/data-owner";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { intakeProblems } from "@/server/domain/intake";
import { FINAL_STATUSES, type MessageRole, ORDER_TRANSITIONS, type OrderActor, type OrderTransition, type OrderTrigger, transitionFor } from "@/server/domain/order-state";
import { autoAcceptAt, type OrderRules } from "@/server/domain/order-rules";
import { slaDueAt } from "@/server/domain/sla";
import type { DbOrTx, Tx } from "@/server/db/client";
import { placeOrder } from "@/server/db/money-functions";
import { jakartaMonthStart } from "@/server/domain/clock";
import type { AuthenticatedKey } from "@/server/domain/api-key";
import { invalidateApiKeyCache } from "../access";
import { type Actor, audit } from "../audit";
import { type ClaimKey, IdempotencyKeyTaken, NO_KEY } from "../idempotency";
import { releaseOrderSpend, STATUSES_NOT_SPENT } from "../money";
import { listAgentServices } from "../catalog";
import { accounts, transfer, type TransferInput, transferSpec } from "../money";
import { orderEventRecord, recordOrderEvent } from "../events";
import { notifyOrderMessage } from "../notifications";

const ORDER_INCLUDE = { messages: { orderBy: { seq: "asc" } } } as const satisfies Prisma.OrderInclude;

export type OrderWithMessages = Prisma.OrderGetPayload<{ include: typeof ORDER_INCLUDE }>;

/** Who is acting, for the state machine and the audit log. */
export interface OrderActorRef {
  kind: OrderActor;
  id?: string | null;
}

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

/** The fields of POST /v1/orders, exactly as the agent sent them. */
export interface CreateOrderInput {
  service: string;
  intake: Record<string, string>;
  max_budget?: number | null;
  callback_url?: string | null;
  metadata?: Record<string, string>;
}

async function loadOrder(db: DbOrTx, id: string): Promise<OrderWithMessages> {
  return db.order.findUniqueOrThrow({ where: { id }, include: ORDER_INCLUDE });
}

/** An order row of this organisation in this mode, or 404: another organisation's (or mode's) order is never acknowledged. */
async function ownOrder(db: DbOrTx, owner: DataOwner, id: string): Promise<Order> {
  const order = await db.order.findFirst({ where: { id, organizationId: owner.organizationId, livemode: owner.livemode } });
  if (!order) throw new AppError("NOT_FOUND", `No order ${id}.`);
  return order;
}

/** An order of this organisation in this mode with its messages, or 404. */
export async function getOrder(deps: Pick<ServiceDeps, "db">, owner: DataOwner, id: string): Promise<OrderWithMessages> {
  return ownOrderWithMessages(deps.db, owner, id);
}

/** getOrder in the caller's transaction. */
async function ownOrderWithMessages(tx: DbOrTx, owner: DataOwner, id: string): Promise<OrderWithMessages> {
  const order = await ownOrder(tx, owner, id);
  return { ...order, messages: await messagesOf(tx, id) };
}

const messagesOf = (db: DbOrTx, orderId: string) => db.orderMessage.findMany({ where: { orderId }, orderBy: { seq: "asc" } });

/** When and under which settings a status change happens, and where its e-mails link to. */
export interface StatusChangeContext {
  now: Date;
  rules: OrderRules;
  publicUrl: string;
}

export const changeContextOf = (deps: Pick<ServiceDeps, "clock" | "orderRules" | "publicUrl">): StatusChangeContext => ({
  now: deps.clock.now(),
  rules: orderRulesOf(deps),
  publicUrl: publicUrlOf(deps),
});

export interface StatusChangeExtra {
  /** The message an `add_message` transition needs (a question, an answer, a reason). */
  message?: { role: MessageRole; body: string };
  /** An optional note any transition may carry (an operator's note, a cancellation reason). */
  note?: { role: MessageRole; body: string };
  deliverable?: string;
  practitionerId?: string;
  /** Case-board work: the SLA in working days comes from the selected bid, not the service. */
  slaDays?: number;
}

/** The order fields a status change reads. */
export type OrderForChange = Pick<Order, "id" | "status" | "serviceCode" | "revisionCount">;

const CLIENT_ACTORS: readonly OrderActor[] = ["agent", "org_admin"];

/**
 * The one way an order's status changes: the state machine decides, a conditional UPDATE makes
 * a concurrent change lose cleanly (409) before any money moves, the event goes to the outbox,
 * and the transition's money moves last, all in the caller's transaction. What follows from the
 * new status alone is kept here too: leaving `ditawarkan` withdraws live offers and ends a stall,
 * and only a `diserahkan` order waits for auto-acceptance.
 */
export async function changeOrderStatus(
  tx: Tx,
  change: StatusChangeContext,
  order: OrderForChange,
  trigger: OrderTrigger,
  actor: OrderActorRef,
  extra: StatusChangeExtra = {},
): Promise<OrderWithMessages> {
  const { now } = change;
  const transition = transitionFor(order.status, trigger, actor.kind);
  // Paid now: the SLA starts with the payment.
  const slaDays = transition.effects.includes("pay_escrow")
    ? (extra.slaDays ?? (await tx.service.findUniqueOrThrow({ where: { code: order.serviceCode }, select: { slaDays: true } })).slaDays)
    : undefined;
  const data = transitionColumns(order, transition, actor, change, { ...extra, slaDays });
  const leavesOffering = order.status === "ditawarkan" && transition.to !== "ditawarkan";
  // Conditional on the status read by the caller, and returning the changed row in the same round trip.
  const [current] = await tx.order.updateManyAndReturn({ where: { id: order.id, status: order.status }, data });
  if (!current) {
    throw new AppError("INVALID_STATE", `The order ${order.id} changed while this request was handled; fetch it and try again.`);
  }
  // Withdrawn from the practitioner's inbox at once (an accepted offer was answered before this).
  if (leavesOffering) await tx.offer.updateMany({ where: { orderId: order.id, status: "aktif" }, data: { status: "dibatalkan", respondedAt: now } });

  if (transition.effects.includes("add_message")) {
    if (!extra.message?.body.trim()) throw new AppError("VALIDATION", "A message needs a non-empty body.");
    await addMessage(tx, current.id, extra.message, change, trigger);
  }
  if (extra.note?.body.trim()) await addMessage(tx, current.id, extra.note, change, trigger);
  // The changed row holds the order's lock to the commit, and every writer of messages takes it
  // first, so these are all the messages the order has at the commit.
  const messages = await messagesOf(tx, current.id);
  await recordOrderEvent(tx, current, now);
  const movesMoney = transition.effects.some((effect) => effect.endsWith("_escrow"));
  if (actor.kind === "operator" || actor.kind === "org_admin" || (actor.kind === "system" && movesMoney)) {
    await audit(tx, { actorType: actor.kind, actorId: actor.id, action: `order.${trigger}`, subjectType: "order", subjectId: order.id, data: { from: order.status, to: transition.to } });
  }

  // The key's budget before the money, as an order takes them (kuasa_place_order), so two never wait on each other's locks.
  if ((STATUSES_NOT_SPENT as readonly string[]).includes(transition.to)) await releaseOrderSpend(tx, current);
  // Money last: a deposit is the hottest row there is, locked from its debit to the commit.
  if (transition.effects.includes("pay_escrow")) await transfer(tx, orderPayment(current));
  if (transition.effects.includes("release_escrow")) await releaseEscrow(tx, current);
  if (transition.effects.includes("refund_escrow")) {
    await transfer(tx, {
      from: accounts.orderEscrow(current),
      to: accounts.orgDeposit(current.organizationId, current.livemode),
      amountIdr: current.priceIdr,
      kind: "order_refund",
      reference: current.id,
    });
  }
  return { ...current, messages };
}

/** What a transition may change on an order besides its status. */
type TransitionColumns = Pick<Order, "status" | "updatedAt" | "autoAcceptAt"> &
  Partial<Pick<Order, "practitionerId" | "deliverable" | "revisionCount" | "paidAt" | "slaDueAt" | "offeringStalledAt" | "offeringStalledReason" | "offeringRefundAt">>;

/** The columns a transition sets on an order: its status and what follows from it (no I/O). */
function transitionColumns(
  order: OrderForChange,
  transition: OrderTransition,
  actor: OrderActorRef,
  { now, rules }: StatusChangeContext,
  extra: StatusChangeExtra,
): TransitionColumns {
  const data: TransitionColumns = { status: transition.to, updatedAt: now, autoAcceptAt: transition.to === "diserahkan" ? autoAcceptAt(now, rules) : null };
  if (transition.effects.includes("assign_practitioner")) data.practitionerId = extra.practitionerId ?? null;
  if (transition.effects.includes("unassign_practitioner")) {
    // The next practitioner starts clean: an earlier practitioner's result is not theirs to see.
    data.practitionerId = null;
    data.deliverable = null;
  }
  if (transition.effects.includes("set_deliverable")) {
    if (!extra.deliverable?.trim()) throw new AppError("VALIDATION", "A delivery needs a non-empty deliverable.");
    data.deliverable = extra.deliverable;
  }
  if (transition.effects.includes("count_revision")) {
    if (CLIENT_ACTORS.includes(actor.kind) && order.revisionCount >= rules.maxRevisions) {
      throw new AppError("REVISION_LIMIT", `This order has had ${order.revisionCount} revisions, the most allowed; accept the result or open a dispute.`);
    }
    data.revisionCount = order.revisionCount + 1;
  }
  if (transition.effects.includes("pay_escrow")) {
    if (extra.slaDays === undefined) throw new Error(`paying order ${order.id} needs its SLA in working days`);
    data.paidAt = now;
    data.slaDueAt = slaDueAt(now, extra.slaDays);
  }
  if (order.status === "ditawarkan" && transition.to !== "ditawarkan") Object.assign(data, { offeringStalledAt: null, offeringStalledReason: null, offeringRefundAt: null });
  return data;
}

/** The price from the organisation's deposit into the order's escrow. */
const orderPayment = (order: Order): TransferInput => ({
  from: accounts.orgDeposit(order.organizationId, order.livemode),
  to: accounts.orderEscrow(order),
  amountIdr: order.priceIdr,
  kind: "order_payment",
  reference: order.id,
  insufficientCode: "INSUFFICIENT_DEPOSIT",
});

async function addMessage(tx: Tx, orderId: string, message: { role: MessageRole; body: string }, change: StatusChangeContext, trigger?: OrderTrigger): Promise<void> {
  const id = newId("message");
  await tx.orderMessage.create({ data: { id, orderId, role: message.role, body: message.body, trigger: trigger ?? null, createdAt: change.now } });
  // The order's practitioner hears of it by e-mail (with the revision request, whoever asks for it).
  if (trigger === "request_revision") await notifyOrderMessage(tx, change.publicUrl, { orderId, messageId: id, kind: "revision" });
  else if (message.role === "client") await notifyOrderMessage(tx, change.publicUrl, { orderId, messageId: id, kind: trigger === "dispute" ? "dispute" : "message" });
}

/** Escrow goes to the practitioner (the public client price) and the platform (the markup), in one statement. */
async function releaseEscrow(tx: Tx, order: Order): Promise<void> {
  if (!order.practitionerId) throw new AppError("INVALID_STATE", `The order ${order.id} has no practitioner to release its escrow to; refund it instead.`);
  const escrow = accounts.orderEscrow(order);
  const platformShare = order.priceIdr - order.clientPriceIdr;
  await transfer(
    tx,
    { from: escrow, to: accounts.practitionerPayable(order.practitionerId, order.livemode), amountIdr: order.clientPriceIdr, kind: "escrow_release", reference: order.id },
    ...(platformShare > 0n ? [{ from: escrow, to: accounts.platformRevenue(order.livemode, order.id), amountIdr: platformShare, kind: "platform_fee", reference: order.id }] : []),
  );
}

/**
 * POST /v1/orders. Checks, in this order (docs/orders.md): service, intake, max_budget, the key's
 * per-order maximum, the key's monthly budget, the deposit. Above the organisation's threshold
 * the order waits for approval (`menunggu_bayar`); otherwise it is paid into escrow at once.
 * Everything is decided here, and written in one statement (kuasa_place_order): the claim of the
 * request's Idempotency-Key first, the order, the budget, the payment and the outbox event. A new
 * order has no messages, so the answer is what was written.
 */
export async function createOrder(deps: ServiceDeps, key: AuthenticatedKey, input: CreateOrderInput, claim: ClaimKey = NO_KEY): Promise<OrderWithMessages> {
  const { db } = deps;
  const change = changeContextOf(deps);
  const now = change.now;

  // The catalog as GET /v1/services shows it (the same few-second cache), so the price charged is the price listed.
  const service = (await listAgentServices(deps)).find((s) => s.code === input.service);
  if (!service) throw new AppError("VALIDATION", `service: "${input.service}" is not in the catalog. List it with GET /v1/services.`);
  const problems = intakeProblems(service.intake, input.intake);
  if (problems.length > 0) throw new AppError("VALIDATION", problems.join("; "));
  const clientPriceIdr = BigInt(service.clientPriceIdr);
  const priceIdr = BigInt(service.agentPriceIdr);
  if (input.max_budget != null && priceIdr > BigInt(input.max_budget)) {
    throw new AppError("BUDGET_EXCEEDED", `The price Rp ${priceIdr} is above max_budget Rp ${input.max_budget}.`);
  }
  if (priceIdr > key.maxOrderIdr) {
    throw new AppError("BUDGET_EXCEEDED", `The price Rp ${priceIdr} is above this key's per-order maximum Rp ${key.maxOrderIdr}.`);
  }
  const born: Order = {
    id: newId("order"),
    organizationId: key.organizationId,
    apiKeyId: key.id,
    serviceCode: service.code,
    status: "dibuat",
    priceIdr,
    clientPriceIdr,
    maxBudgetIdr: input.max_budget != null ? BigInt(input.max_budget) : null,
    intake: input.intake,
    callbackUrl: input.callback_url ?? null,
    approvalRequired: false,
    livemode: key.livemode,
    practitionerId: null,
    deliverable: null,
    slaDueAt: null,
    slaBreachedAt: null,
    paidAt: null,
    offerRound: 1,
    offeringStalledAt: null,
    offeringStalledReason: null,
    offeringRefundAt: null,
    autoAcceptAt: null,
    revisionCount: 0,
    caseId: null,
    metadata: input.metadata ?? {},
    createdAt: now,
    updatedAt: now,
  };
  const actor: OrderActorRef = { kind: "agent", id: key.id };

  /** Places the order as `thresholdIdr` says; when the organisation's threshold is another by now, answers that one instead. */
  const place = async (thresholdIdr: bigint | null): Promise<{ order: OrderWithMessages } | { thresholdIdr: bigint | null }> => {
    const approvalRequired = thresholdIdr !== null && priceIdr > thresholdIdr;
    const transition = transitionFor(born.status, approvalRequired ? "hold_for_approval" : "pay_on_creation", actor.kind);
    const order: Order = { ...born, approvalRequired, ...transitionColumns(born, transition, actor, change, { slaDays: service.slaDays }) };
    const event = orderEventRecord(order, now);
    const answer = await placeOrder(db, {
      claim: claim.rowFor(order.id),
      order,
      thresholdSeenIdr: thresholdIdr,
      spendMonth: jakartaMonthStart(now),
      monthlyBudgetIdr: key.monthlyBudgetIdr,
      payment: transferSpec(orderPayment(order)),
      pay: transition.effects.includes("pay_escrow"),
      event,
    });
    if ("placed" in answer) return { order: { ...order, messages: [] } };
    switch (answer.refused) {
      case "APPROVAL_THRESHOLD_CHANGED":
        return { thresholdIdr: answer.thresholdIdr };
      case "BUDGET_EXCEEDED":
        throw new AppError(
          "BUDGET_EXCEEDED",
          `The price Rp ${priceIdr} would take this key to Rp ${answer.spentBeforeIdr + priceIdr} this month, above its monthly budget Rp ${key.monthlyBudgetIdr}.`,
        );
      case "INSUFFICIENT_DEPOSIT":
        throw new AppError("INSUFFICIENT_DEPOSIT", `The deposit does not cover the price Rp ${priceIdr}; ask the operator to top it up.`);
      case "IDEMPOTENCY_KEY_TAKEN":
        throw new IdempotencyKeyTaken();
    }
  };

  // The threshold read with the key may be a few seconds old; the one the statement found is current.
  let placed = await place(key.approvalThresholdIdr);
  for (let attempt = 1; "thresholdIdr" in placed; attempt++) {
    invalidateApiKeyCache(deps);
    if (attempt > 3) throw new AppError("CONFLICT", "The organisation's approval threshold kept changing while the order was placed; retry it.");
    placed = await place(placed.thresholdIdr);
  }
  return placed.order;
}

/**
 * The most messages one order holds before the client's notes and the practitioner's questions are
 * refused: far more than any real exchange, and a bound on what every view of the order reads. An
 * answer to a question is still taken (there is one per question), and so are the reasons and
 * notes that come with a status change (each bounded by the state machine), so the cap never
 * strands an order.
 */
export const ORDER_MESSAGE_LIMIT = 200;

/**
 * Refuses a note or question once the order holds ORDER_MESSAGE_LIMIT messages. The order row is
 * locked first, so concurrent writers count one after another and never pass the limit together.
 */
export async function assertRoomForMessage(tx: Tx, orderId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  const held = await tx.orderMessage.count({ where: { orderId } });
  if (held >= ORDER_MESSAGE_LIMIT) {
    throw new AppError(
      "CONFLICT",
      `The order ${orderId} holds ${held} messages, the most one order takes (${ORDER_MESSAGE_LIMIT}); no more notes or questions can be added. An answer to an open question is still taken.`,
    );
  }
}

/** POST /v1/orders/{id}/messages: answers a question (→ dikerjakan), or adds a note while active. */
export async function postClientMessage(deps: ServiceDeps, key: AuthenticatedKey, orderId: string, body: string, claim: ClaimKey = NO_KEY): Promise<OrderWithMessages> {
  const change = changeContextOf(deps);
  return deps.db.$transaction(async (tx) => {
    await claim(tx, orderId);
    const order = await ownOrderWithMessages(tx, key, orderId);
    if (FINAL_STATUSES.includes(order.status)) {
      throw new AppError("INVALID_STATE", `The order is ${order.status}; messages can no longer be added.`);
    }
    const message = { role: "client" as const, body };
    if (order.status === "butuh_input_klien") return changeOrderStatus(tx, change, order, "client_reply", { kind: "agent", id: key.id }, { message });
    await assertRoomForMessage(tx, orderId);
    await addMessage(tx, orderId, message, change);
    await tx.order.update({ where: { id: orderId }, data: { updatedAt: change.now } });
    return loadOrder(tx, orderId);
  });
}

/** One client-side step on the client's own order, through the state machine. */
async function clientStep(deps: ServiceDeps, by: ClientRef, orderId: string, trigger: OrderTrigger, extra: StatusChangeExtra, claim: ClaimKey): Promise<OrderWithMessages> {
  const change = changeContextOf(deps);
  return deps.db.$transaction(async (tx) => {
    await claim(tx, orderId);
    // The row only: the status change reads the messages it answers with.
    const order = await ownOrder(tx, by.owner, orderId);
    return changeOrderStatus(tx, change, order, trigger, by.actor, extra);
  });
}

/** POST /v1/orders/{id}/accept (or the admin in the portal): the result is accepted and escrow released. */
export function acceptOrderResult(deps: ServiceDeps, by: ClientRef, orderId: string, claim: ClaimKey = NO_KEY): Promise<OrderWithMessages> {
  return clientStep(deps, by, orderId, "accept_result", {}, claim);
}

/**
 * POST /v1/orders/{id}/cancel: an unpaid order is cancelled; a paid one nobody has taken yet is
 * cancelled with its whole escrow back in the deposit, and its live offer withdrawn. The reason,
 * when given, is kept as a client message.
 */
export function cancelOrder(deps: ServiceDeps, by: ClientRef, orderId: string, reason?: string | null, claim: ClaimKey = NO_KEY): Promise<OrderWithMessages> {
  return clientStep(deps, by, orderId, "cancel", reason?.trim() ? { note: { role: "client", body: reason } } : {}, claim);
}

/** POST /v1/orders/{id}/revision: the delivered result goes back to the practitioner with the reason (at most ORDER_MAX_REVISIONS). */
export function requestRevision(deps: ServiceDeps, by: ClientRef, orderId: string, reason: string, claim: ClaimKey = NO_KEY): Promise<OrderWithMessages> {
  return clientStep(deps, by, orderId, "request_revision", { message: { role: "client", body: reason } }, claim);
}

/** POST /v1/orders/{id}/dispute: a taken or delivered order goes to the operator's dispute queue; escrow stays. */
export function openDispute(deps: ServiceDeps, by: ClientRef, orderId: string, reason: string, claim: ClaimKey = NO_KEY): Promise<OrderWithMessages> {
  return clientStep(deps, by, orderId, "dispute", { message: { role: "client", body: reason } }, claim);
}

/**
 * A decision on an order waiting in menunggu_bayar: an org admin's on a live order, or a test
 * helper's (acting as the admin) on a test order.
 */
export async function decideApproval(
  deps: ServiceDeps,
  actor: Actor & { actorType: "org_admin" },
  input: { owner: DataOwner; orderId: string; approve: boolean },
): Promise<OrderWithMessages> {
  return clientStep(deps, { owner: input.owner, actor: { kind: "org_admin", id: actor.actorId ?? null } }, input.orderId, input.approve ? "approve" : "reject", {}, NO_KEY);
}

/** What the operator can do to any order from the console. */
export const OPERATOR_ORDER_ACTIONS = ["cancel", "dispute", "refund", "settle_for_practitioner", "request_revision", "resume_work"] as const satisfies readonly OrderTrigger[];
export type OperatorOrderAction = (typeof OPERATOR_ORDER_ACTIONS)[number];

/** Actions whose transition needs a message: the operator's note is that message. */
const NEEDS_MESSAGE: ReadonlySet<OrderTrigger> = new Set(ORDER_TRANSITIONS.filter((t) => t.effects.includes("add_message")).map((t) => t.trigger));

/** The operator's interventions, each through the state machine and the ledger, audited; a note reaches both parties. */
export async function operatorOrderAction(
  deps: ServiceDeps,
  actor: Actor & { actorType: "operator" },
  input: { orderId: string; action: OperatorOrderAction; note?: string },
): Promise<OrderWithMessages> {
  const change = changeContextOf(deps);
  return deps.db.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { id: input.orderId } });
    if (!order) throw new AppError("NOT_FOUND", `No order ${input.orderId}.`);
    const note = input.note?.trim() ? { role: "operator" as const, body: input.note.trim() } : undefined;
    if (NEEDS_MESSAGE.has(input.action) && !note) throw new AppError("VALIDATION", "note: say why; the parties read it on the order.");
    const extra: StatusChangeExtra = NEEDS_MESSAGE.has(input.action) ? { message: note } : { note };
    return changeOrderStatus(tx, change, order, input.action, { kind: "operator", id: actor.actorId ?? null }, extra);
  });
}
