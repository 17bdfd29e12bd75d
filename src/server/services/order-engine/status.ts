import type { Order, Prisma, StoredFile } from "@/generated/prisma/client";
import type { Db, DbOrTx, Tx } from "@/server/db/client";
import * as moneySql from "@/server/db/money-functions";
import { lockRow } from "@/server/db/row-lock";
import { type Actor, KUASA } from "@/server/domain/access/actor";
import type { DataOwner } from "@/server/domain/data-owner";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { type DisputeSplit, disputeSplit, isSplitShare } from "@/server/domain/money/pricing";
import type { OrderNoticeKind } from "@/server/domain/notifications/notification-text";
import { ORDER_STATUSES_ENDING_COSTS } from "@/server/domain/orders/cost-state";
import { autoAcceptAt, type OrderRules } from "@/server/domain/orders/order-rules";
import {
  type MessageRole,
  type OrderActor,
  type OrderEffect,
  type OrderTransition,
  type OrderTrigger,
  transitionFor,
} from "@/server/domain/orders/order-state";
import { slaDueAt } from "@/server/domain/orders/sla";
import { type AuditEntry, audit, auditRow } from "../audit";
import { orderRulesOf, publicUrlOf, type ServiceDeps } from "../deps";
import { orderEventRecord, recordOrderEvent, recordOrderEvents } from "../events";
import { attachFiles } from "../files";
import { type ClaimKey, IdempotencyKeyTaken } from "../idempotency";
import { accounts, releaseOrderSpend, STATUSES_NOT_SPENT, shortTransferError, type TransferInput, transfer, transferSpec } from "../money";
import { notifyOrderMessage } from "../notifications";
import { endCostsOnOrderChange, ORDER_COSTS } from "./cost-moves";

/**
 * The practitioner as the client side sees them: who does the work, with the label derived from
 * their credentials and the verified credentials themselves (the serializer keeps those that
 * count today).
 */
export const PRACTITIONER_SEEN_BY_CLIENT = {
  select: {
    id: true,
    name: true,
    displayName: true,
    label: true,
    credentials: {
      where: { status: "terverifikasi" },
      orderBy: { createdAt: "asc" },
      select: { kind: true, issuer: true, number: true, validUntil: true, province: true, status: true, decidedAt: true },
    },
  },
} as const;

/** What an Order object shows beside the row: read with it in one statement (Prisma's relation joins). */
const ORDER_INCLUDE = {
  messages: { orderBy: { seq: "asc" } },
  files: { include: { file: true }, orderBy: { position: "asc" } },
  practitioner: PRACTITIONER_SEEN_BY_CLIENT,
  review: true,
  costs: ORDER_COSTS,
} as const satisfies Prisma.OrderInclude & Prisma.OrderSelect;

export type OrderWithMessages = Prisma.OrderGetPayload<{ include: typeof ORDER_INCLUDE }>;

export async function loadOrder(db: DbOrTx, id: string): Promise<OrderWithMessages> {
  return db.order.findUniqueOrThrow({ where: { id }, include: ORDER_INCLUDE });
}

/** An order row of this organisation in this mode, or 404: another organisation's (or mode's) order is never acknowledged. */
export async function ownOrder(db: DbOrTx, owner: DataOwner, id: string): Promise<Order> {
  const order = await db.order.findFirst({ where: { id, organizationId: owner.organizationId, livemode: owner.livemode } });
  if (!order) throw new AppError("NOT_FOUND", `No order ${id}.`);
  return order;
}

/** getOrder in the caller's transaction. */
export async function ownOrderWithMessages(tx: DbOrTx, owner: DataOwner, id: string): Promise<OrderWithMessages> {
  const order = await tx.order.findFirst({
    where: { id, organizationId: owner.organizationId, livemode: owner.livemode },
    include: ORDER_INCLUDE,
  });
  if (!order) throw new AppError("NOT_FOUND", `No order ${id}.`);
  return order;
}

/** The parts of ORDER_INCLUDE of an order whose row the caller already holds, in one statement. */
function partsOf(tx: DbOrTx, orderId: string) {
  return tx.order.findUniqueOrThrow({ where: { id: orderId }, select: ORDER_INCLUDE });
}

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

/** A message written on an order, with the files it carries. */
export interface NewMessage {
  role: MessageRole;
  body: string;
  files?: readonly StoredFile[];
}

export interface StatusChangeExtra {
  /** The message an `add_message` transition needs (a question, an answer, a reason). */
  message?: NewMessage;
  /** An optional note any transition may carry (an operator's note, a cancellation reason). */
  note?: { role: MessageRole; body: string };
  deliverable?: string;
  /** The files of a delivery (`set_deliverable`): the order's `deliverable_files` from now on. */
  deliverableFiles?: readonly StoredFile[];
  practitionerId?: string;
  /** When the practitioner assigned confirmed they have no conflict with the order's parties. */
  conflictConfirmedAt?: Date;
  /** Case-board work: the SLA in working days comes from the selected bid, not the service. */
  slaDays?: number;
  /** A dispute settled with a split (`split_escrow`): what the practitioner gets of their price. */
  practitionerShareIdr?: bigint;
}

/** The order fields a status change reads. */
export type OrderForChange = Pick<Order, "id" | "status" | "serviceCode" | "revisionCount">;

const CLIENT_ACTORS: readonly OrderActor[] = ["agent", "admin"];

/**
 * The one way an order's status changes: the state machine decides, a conditional UPDATE makes
 * a concurrent change lose cleanly (409) before any money moves, the event goes to the outbox,
 * and the transition's money moves last, all in the caller's transaction. What follows from the
 * new status alone is kept here too: leaving `ditawarkan` withdraws live offers and ends a stall,
 * and only a `diserahkan` order waits for auto-acceptance. changeOrderStatusAtOnce makes the
 * transitions that fit one statement (an acceptance) from the same decisions.
 */
export async function changeOrderStatus(
  tx: Tx,
  change: StatusChangeContext,
  order: OrderForChange,
  trigger: OrderTrigger,
  actor: Actor,
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
  if (leavesOffering)
    await tx.offer.updateMany({ where: { orderId: order.id, status: "aktif" }, data: { status: "dibatalkan", respondedAt: now } });

  if (transition.effects.includes("add_message")) {
    if (!extra.message?.body.trim()) throw new AppError("VALIDATION", "A message needs a non-empty body.");
    await addMessage(tx, current.id, extra.message, change, trigger);
  }
  if (extra.note?.body.trim()) await addMessage(tx, current.id, extra.note, change, trigger);
  if (transition.effects.includes("set_deliverable") && extra.deliverableFiles?.length) {
    const previous = await tx.fileAttachment.aggregate({
      where: { orderId: current.id, purpose: "deliverable" },
      _max: { delivery: true },
    });
    await attachFiles(tx, current.id, { purpose: "deliverable", delivery: (previous._max.delivery ?? 0) + 1 }, extra.deliverableFiles, now);
  }
  await recordOrderEvent(tx, current, now);
  const entry = auditOf(order, transition, actor);
  if (entry) await audit(tx, entry);

  const split = transition.effects.includes("split_escrow") ? splitOf(current, extra.practitionerShareIdr) : null;
  // The key's budget before the money, as an order takes them (kuasa_place_order), so two never wait on each other's locks.
  if ((STATUSES_NOT_SPENT as readonly string[]).includes(transition.to)) await releaseOrderSpend(tx, current);
  if (split) await releaseOrderSpend(tx, current, split.refundIdr);
  const costRefunds = await endCostsOnOrderChange(tx, current, {
    to: transition.to,
    unassigned: transition.effects.includes("unassign_practitioner"),
    now,
    publicUrl: change.publicUrl,
  });
  // The changed row holds the order's lock to the commit, and every writer of messages and costs
  // takes it first, so these are all the messages and costs the order has at the commit.
  const parts = await partsOf(tx, current.id);
  // Money last: a deposit is the hottest row there is, locked from its debit to the commit.
  if (transition.effects.includes("pay_escrow")) await transfer(tx, orderPayment(current));
  if (transition.effects.includes("release_escrow")) await transfer(tx, ...releaseTransfers(current));
  if (transition.effects.includes("refund_escrow")) {
    await transfer(tx, {
      from: accounts.orderEscrow(current),
      to: accounts.orgDeposit(current.organizationId, current.livemode),
      amountIdr: current.priceIdr,
      kind: "order_refund",
      reference: current.id,
    });
  }
  if (split) await transfer(tx, ...splitTransfers(current, split));
  if (costRefunds.length > 0) await transfer(tx, ...(costRefunds as [TransferInput, ...TransferInput[]]));
  return { ...current, ...parts };
}

/** The audit row of a status change: every one by the operator or an org admin, and the system's that move money. */
function auditOf(order: OrderForChange, transition: OrderTransition, actor: Actor): AuditEntry | null {
  const movesMoney = transition.effects.some((effect) => effect.endsWith("_escrow"));
  if (actor.kind !== "operator" && actor.kind !== "admin" && !(actor.kind === "system" && movesMoney)) return null;
  return {
    actor,
    action: `order.${transition.trigger}`,
    subjectType: "order",
    subjectId: order.id,
    data: { from: order.status, to: transition.to },
  };
}

/** The effects kuasa_change_order_status makes; a transition with any other goes through changeOrderStatus. */
const AT_ONCE_EFFECTS: readonly OrderEffect[] = ["release_escrow", "add_message"];

/**
 * Whether changeOrderStatusAtOnce can make `transition`: it writes the row, one message nobody is
 * mailed about, the event, the audit row and escrow's release. Everything else changeOrderStatus
 * does stays there alone: offers withdrawn, the key's spend given back, costs ended (an order's
 * open costs end only when it is cancelled or refunded), files attached, payments, refunds, splits.
 */
function fitsAtOnce(order: OrderForChange, transition: OrderTransition, extra: StatusChangeExtra): boolean {
  const { message } = extra;
  const messageFits = transition.effects.includes("add_message")
    ? !!message?.body.trim() && !message.files?.length && noticeOf(message, transition.trigger) === null
    : !message;
  return (
    messageFits &&
    transition.effects.every((effect) => AT_ONCE_EFFECTS.includes(effect)) &&
    order.status !== "ditawarkan" &&
    !(STATUSES_NOT_SPENT as readonly string[]).includes(transition.to) &&
    !ORDER_STATUSES_ENDING_COSTS.includes(transition.to) &&
    !extra.note &&
    !extra.deliverableFiles?.length
  );
}

/**
 * changeOrderStatus in one statement (kuasa_change_order_status) outside any transaction, for the
 * hot transitions: a result accepted by the client or on its own. The state machine decides here,
 * and every value (columns, message, event, audit, transfers) is computed here from `order` as read;
 * the statement writes them only while the row is still as read. Answers false, having written
 * nothing, when the transition does something the statement does not (fitsAtOnce), or the row
 * changed since it was read: the caller then makes the change with changeOrderStatus in a
 * transaction, which reads the row again and decides again (a concurrent change loses there with
 * 409 INVALID_STATE, as always).
 */
export async function changeOrderStatusAtOnce(
  db: Db,
  change: StatusChangeContext,
  order: Order,
  trigger: OrderTrigger,
  actor: Actor,
  extra: StatusChangeExtra,
  claim: ClaimKey,
): Promise<boolean> {
  const transition = transitionFor(order.status, trigger, actor.kind);
  if (!fitsAtOnce(order, transition, extra)) return false;
  const columns = transitionColumns(order, transition, actor, change, extra);
  const changed: Order = { ...order, ...columns };
  const entry = auditOf(order, transition, actor);
  const moves = transition.effects.includes("release_escrow") ? releaseTransfers(changed) : [];
  const answer = await moneySql.changeOrderStatus(db, {
    claim: claim.rowFor(order.id),
    read: order,
    columns,
    message: extra.message && transition.effects.includes("add_message") ? messageRow(order.id, extra.message, change, trigger) : null,
    event: orderEventRecord(changed, change.now),
    audit: entry && auditRow(entry),
    transfers: moves.map(transferSpec),
  });
  if ("changed" in answer) return true;
  switch (answer.refused) {
    case "ORDER_CHANGED":
      return false;
    case "IDEMPOTENCY_KEY_TAKEN":
      throw new IdempotencyKeyTaken();
    case "INSUFFICIENT_FUNDS":
      throw shortTransferError(moves[answer.index]!);
  }
}

/**
 * changeOrderStatus's `start_offering` for many paid orders the caller has locked: one UPDATE and
 * one statement for their events, where one order at a time takes three statements. The
 * transition changes nothing but the status and records its event (no message, audit, cost or
 * money), so nothing else of changeOrderStatus applies; a new effect on it must be added here.
 */
export async function startOfferings(tx: Tx, change: StatusChangeContext, orders: readonly OrderForChange[]): Promise<Order[]> {
  if (orders.length === 0) return [];
  const transition = transitionFor("dibayar", "start_offering", "system");
  if (transition.effects.length > 0)
    throw new Error(`start_offering's effects (${transition.effects.join(", ")}) are not applied in batches`);
  const started = await tx.order.updateManyAndReturn({
    where: { id: { in: orders.map((o) => o.id) }, status: "dibayar" },
    data: transitionColumns({ ...(orders[0] as OrderForChange), status: "dibayar" }, transition, KUASA, change, {}),
  });
  if (started.length !== orders.length)
    throw new AppError("INVALID_STATE", "An order changed while its offering started; fetch it and try again.");
  await recordOrderEvents(tx, started, change.now);
  return started;
}

/** What a transition may change on an order besides its status. */
type TransitionColumns = Pick<Order, "status" | "updatedAt" | "autoAcceptAt"> &
  Partial<
    Pick<
      Order,
      | "practitionerId"
      | "conflictConfirmedAt"
      | "deliverable"
      | "revisionCount"
      | "paidAt"
      | "slaDueAt"
      | "offeringStalledAt"
      | "offeringStalledReason"
      | "offeringRefundAt"
    >
  >;
/** The columns a transition sets on an order: its status and what follows from it (no I/O). */
export function transitionColumns(
  order: OrderForChange,
  transition: OrderTransition,
  actor: Actor,
  { now, rules }: StatusChangeContext,
  extra: StatusChangeExtra,
): TransitionColumns {
  const data: TransitionColumns = {
    status: transition.to,
    updatedAt: now,
    autoAcceptAt: transition.to === "diserahkan" ? autoAcceptAt(now, rules) : null,
  };
  if (transition.effects.includes("assign_practitioner")) {
    data.practitionerId = extra.practitionerId ?? null;
    data.conflictConfirmedAt = extra.conflictConfirmedAt ?? null;
  }
  if (transition.effects.includes("unassign_practitioner")) {
    // Whoever takes it next confirms for themselves.
    data.conflictConfirmedAt = null;
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
      throw new AppError(
        "REVISION_LIMIT",
        `This order has had ${order.revisionCount} revisions, the most allowed; accept the result or open a dispute.`,
      );
    }
    data.revisionCount = order.revisionCount + 1;
  }
  if (transition.effects.includes("pay_escrow")) {
    if (extra.slaDays === undefined) throw new Error(`paying order ${order.id} needs its SLA in working days`);
    data.paidAt = now;
    data.slaDueAt = slaDueAt(now, extra.slaDays);
  }
  if (order.status === "ditawarkan" && transition.to !== "ditawarkan")
    Object.assign(data, { offeringStalledAt: null, offeringStalledReason: null, offeringRefundAt: null });
  return data;
}

/** The price from the organisation's deposit into the order's escrow. */
export const orderPayment = (order: Order): TransferInput => ({
  from: accounts.orgDeposit(order.organizationId, order.livemode),
  to: accounts.orderEscrow(order),
  amountIdr: order.priceIdr,
  kind: "order_payment",
  reference: order.id,
  insufficientCode: "INSUFFICIENT_DEPOSIT",
});

export async function addMessage(
  tx: Tx,
  orderId: string,
  message: NewMessage,
  change: StatusChangeContext,
  trigger?: OrderTrigger,
): Promise<void> {
  const row = messageRow(orderId, message, change, trigger);
  await tx.orderMessage.create({ data: row });
  if (message.files?.length) await attachFiles(tx, orderId, { purpose: "message", messageId: row.id }, message.files, change.now);
  const kind = noticeOf(message, trigger);
  if (kind) await notifyOrderMessage(tx, change.publicUrl, { orderId, messageId: row.id, kind });
}

const messageRow = (
  orderId: string,
  message: NewMessage,
  change: StatusChangeContext,
  trigger?: OrderTrigger,
): moneySql.OrderMessageRow => ({
  id: newId("message"),
  orderId,
  role: message.role,
  body: message.body,
  trigger: trigger ?? null,
  createdAt: change.now,
});

/** What the order's practitioner is mailed about a message, if anything. */
function noticeOf(message: NewMessage, trigger?: OrderTrigger): OrderNoticeKind | null {
  // The revision request, whoever asks for it.
  if (trigger === "request_revision") return "revision";
  if (message.role === "client" || message.role === "admin") return trigger === "dispute" ? "dispute" : "message";
  // A message the operator writes on the thread; the notes that come with a decision are not mailed.
  if (message.role === "operator" && !trigger) return "operator_message";
  return null;
}

/** Escrow's release: to the practitioner (the public client price) and the platform (the markup). */
function releaseTransfers(order: Order): [TransferInput, ...TransferInput[]] {
  if (!order.practitionerId)
    throw new AppError("INVALID_STATE", `The order ${order.id} has no practitioner to release its escrow to; refund it instead.`);
  const escrow = accounts.orderEscrow(order);
  const platformShare = order.priceIdr - order.clientPriceIdr;
  return [
    {
      from: escrow,
      to: accounts.practitionerPayable(order.practitionerId, order.livemode),
      amountIdr: order.clientPriceIdr,
      kind: "escrow_release",
      reference: order.id,
    },
    ...(platformShare > 0n
      ? [
          {
            from: escrow,
            to: accounts.platformRevenue(order.livemode, order.id),
            amountIdr: platformShare,
            kind: "platform_fee",
            reference: order.id,
          },
        ]
      : []),
  ];
}

function splitOf(order: Order, practitionerShareIdr: bigint | undefined): DisputeSplit {
  if (!order.practitionerId)
    throw new AppError("INVALID_STATE", `The order ${order.id} has no practitioner to share its escrow with; refund it instead.`);
  if (practitionerShareIdr === undefined || !isSplitShare(order.clientPriceIdr, practitionerShareIdr))
    throw new AppError(
      "VALIDATION",
      `practitionerShareIdr: more than Rp 0 and less than the practitioner's price Rp ${order.clientPriceIdr} (all of it is settling for the practitioner, nothing is a refund).`,
    );
  return disputeSplit(order, practitionerShareIdr);
}

/** A split's three moves out of escrow: the practitioner's share, the platform's fee on it, the rest back to the deposit. */
function splitTransfers(order: Order, split: DisputeSplit): [TransferInput, ...TransferInput[]] {
  const escrow = accounts.orderEscrow(order);
  const moves: [TransferInput, ...TransferInput[]] = [
    {
      from: escrow,
      to: accounts.practitionerPayable(order.practitionerId!, order.livemode),
      amountIdr: split.practitionerIdr,
      kind: "split_release",
      reference: order.id,
    },
  ];
  if (split.platformIdr > 0n)
    moves.push({
      from: escrow,
      to: accounts.platformRevenue(order.livemode, order.id),
      amountIdr: split.platformIdr,
      kind: "split_fee",
      reference: order.id,
    });
  moves.push({
    from: escrow,
    to: accounts.orgDeposit(order.organizationId, order.livemode),
    amountIdr: split.refundIdr,
    kind: "split_refund",
    reference: order.id,
  });
  return moves;
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
  await lockRow(tx, "Order", orderId);
  const held = await tx.orderMessage.count({ where: { orderId } });
  if (held >= ORDER_MESSAGE_LIMIT) {
    throw new AppError(
      "CONFLICT",
      `The order ${orderId} holds ${held} messages, the most one order takes (${ORDER_MESSAGE_LIMIT}); no more notes or questions can be added. An answer to an open question is still taken.`,
    );
  }
}
