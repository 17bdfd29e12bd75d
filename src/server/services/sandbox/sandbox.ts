import type { Bid, Invoice } from "@/generated/prisma/client";
import { lockRow } from "@/server/db/row-lock";
import { type AgentActor, requireActor, SANDBOX_OPERATOR, SWEEPER, sandboxAdminOf } from "@/server/domain/access/actor";
import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import type { BidInput } from "@/server/domain/cases/case-board";
import { AppError } from "@/server/domain/errors";
import type { CostRequest } from "@/server/domain/orders/cost-state";
import { stalledRefundAt } from "@/server/domain/orders/order-rules";
import { practitionerActorOf } from "@/server/services/access";
import { getCase, payInvoice, placeBid } from "../cases";
import { payCost, requestCost } from "../costs";
import type { ServiceDeps } from "../deps";
import { agentReader } from "../files";
import { getBalance, type KeyBalance } from "../money";
import {
  acceptOffer,
  expireOffer,
  nextSimulatedBidder,
  offerNext,
  refundStalledOrder,
  SIMULATED_ORDER_PRACTITIONER_ID,
  STALL_REASONS,
} from "../offers";
import { type CostWithReceipt, changeContextOf, type OrderWithMessages } from "../order-engine";
import {
  askClient,
  autoAcceptOrder,
  decideApproval,
  deliverResult,
  getMyOrder,
  getOrder,
  markSlaBreached,
  operatorOrderAction,
  type PractitionerOrderView,
  releaseOrder,
  startWork,
} from "../orders";
import { topUpDeposit } from "../organizations";

/**
 * The sandbox's test helpers (/v1/test_helpers): with a test key, do what a person would do in
 * live mode — the operator topping up, an org admin approving, a practitioner working an order or
 * bidding, the operator disputing or refunding. Each goes through the same service, state machine,
 * ledger and webhook outbox as the real action, so the agent sees what it will see live.
 */

/** Live data is never simulated: every helper starts here. */
export function requireTestKey(key: AuthenticatedKey): void {
  if (key.livemode) {
    throw new AppError("TEST_MODE_ONLY", "Test helpers accept only test keys (kk_test_…); live orders are worked by real practitioners.");
  }
}

/** The simulated practitioner holding a test order asks for a third-party cost, as a practitioner does in the portal. */
export function requestTestCost(
  deps: ServiceDeps,
  { actor, orderId, request }: { actor: AgentActor; orderId: string; request: CostRequest },
): Promise<CostWithReceipt> {
  requireActor(actor, "agent");
  const { key } = actor;
  requireTestKey(key);
  return requestCost(deps, {
    actor,
    orderId,
    input: request,
  });
}

/** The simulated practitioner paid the office: the receipt (a file of the test key's) on an approved cost, escrow → their balance. */
export function payTestCost(
  deps: ServiceDeps,
  { actor, orderId, costId, receiptFileId }: { actor: AgentActor; orderId: string; costId: string; receiptFileId: string },
): Promise<CostWithReceipt> {
  requireActor(actor, "agent");
  const { key } = actor;
  requireTestKey(key);
  return payCost(deps, {
    actor,
    orderId,
    costId,
    receiptFileId,
  });
}

/**
 * A test order as the practitioner holding it, or holding a live offer on it, sees it in the portal:
 * the same service function the portal's order page reads, so masked exactly while it is not taken.
 * Another organisation's or mode's order is NOT_FOUND; one nobody holds or is offered is INVALID_STATE.
 */
export async function practitionerViewOfTestOrder(
  deps: ServiceDeps,
  { actor, orderId }: { actor: AgentActor; orderId: string },
): Promise<PractitionerOrderView> {
  requireActor(actor, "agent");
  const { key } = actor;
  requireTestKey(key);
  // Ownership first: another organisation's order is never looked at.
  const order = await getOrder(deps, {
    actor,
    id: orderId,
  });
  const offered = order.practitionerId
    ? null
    : await deps.db.offer.findFirst({
        where: { orderId, status: "aktif", expiresAt: { gt: deps.clock.now() } },
        select: { practitionerId: true },
      });
  const holder = order.practitionerId ?? offered?.practitionerId;
  if (!holder) {
    throw new AppError(
      "INVALID_STATE",
      `The order is ${order.status} and no practitioner holds it or a live offer on it yet; a paid order is offered within seconds.`,
    );
  }
  return getMyOrder(deps, {
    actor: await practitionerActorOf(deps.db, holder),
    orderId,
  });
}

/** One test top-up at most; as many as wanted. Keeps every balance a safe integer. */
export const TEST_TOP_UP_MAX_IDR = 1_000_000_000;

export async function topUpTestDeposit(
  deps: ServiceDeps,
  { actor, amountIdr }: { actor: AgentActor; amountIdr: number },
): Promise<KeyBalance> {
  requireActor(actor, "agent");
  const { key } = actor;
  requireTestKey(key);
  await topUpDeposit(deps, {
    actor,
    organizationId: key.organizationId,
    amountIdr: BigInt(amountIdr),
    reference: `test helper, key ${key.keyId}`,
    livemode: false,
  });
  return getBalance(deps, {
    actor,
  });
}

/** An org admin's decision on a test order waiting in menunggu_bayar. */
export async function decideTestApproval(
  deps: ServiceDeps,
  { actor, orderId, approve }: { actor: AgentActor; orderId: string; approve: boolean },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent");
  const { key } = actor;
  requireTestKey(key);
  return decideApproval(deps, { actor: sandboxAdminOf(actor), orderId, approve });
}

/**
 * What the simulated practitioner, the operator (dispute and its outcomes) or time itself (the
 * timers, made due now) can do to a test order.
 */
export const SIMULATED_ORDER_ACTIONS = [
  "expire_offer",
  "accept",
  "start",
  "request_input",
  "deliver",
  "release",
  "dispute",
  "refund",
  "settle_dispute",
  "resume_work",
  "stall_offering",
  "refund_stalled",
  "auto_accept",
  "breach_sla",
] as const;

export type SimulatedOrderAction = (typeof SIMULATED_ORDER_ACTIONS)[number];

/** Actions of the practitioner holding the order: only once the simulated practitioner took it. */
const WORK_ACTIONS: ReadonlySet<SimulatedOrderAction> = new Set(["start", "request_input", "deliver", "release"]);

export interface SimulatedActionInput {
  /** request_input: the practitioner's question to the client. */
  question?: string;
  /** deliver: the practitioner's note on the result. */
  deliverable?: string;
  /** deliver: files uploaded with the test key, delivered as the result's files. */
  files?: string[];
}

/** Who takes the organisation's test orders: its chosen stand-in, or the simulated practitioner. */
async function standInOf(deps: ServiceDeps, organizationId: string): Promise<string> {
  const chosen = await deps.db.practitioner.findUnique({ where: { sandboxOrganizationId: organizationId }, select: { id: true } });
  return chosen?.id ?? SIMULATED_ORDER_PRACTITIONER_ID;
}

/** The live offer of a paid or offered test order, starting offering first if no sweep has yet. */
async function liveOfferOf(deps: ServiceDeps, order: OrderWithMessages): Promise<string> {
  const change = changeContextOf(deps);
  const offerId = await deps.db.$transaction((tx) => offerNext(tx, change, order.id));
  if (offerId) return offerId;
  const { status, offeringStalledReason } = await deps.db.order.findUniqueOrThrow({ where: { id: order.id } });
  if (offeringStalledReason)
    throw new AppError("INVALID_STATE", `Offering of the order stalled, so nobody holds an offer: ${offeringStalledReason}`);
  throw new AppError("INVALID_STATE", `The order is ${status}; only a dibayar or ditawarkan order has an offer.`);
}

export async function simulateOrderAction(
  deps: ServiceDeps,
  {
    actor,
    orderId,
    action,
    input = {},
  }: { actor: AgentActor; orderId: string; action: SimulatedOrderAction; input?: SimulatedActionInput },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent");
  const { key } = actor;
  requireTestKey(key);
  // Ownership first: the simulated practitioner and the operator's actions never reach another organisation's order.
  const order = await getOrder(deps, {
    actor,
    id: orderId,
  });
  // Whoever holds it (a stand-in: test orders reach no one else), else whoever takes the organisation's test orders.
  const practitionerId = order.practitionerId ?? (await standInOf(deps, key.organizationId));
  if (WORK_ACTIONS.has(action) && order.practitionerId !== practitionerId) {
    throw new AppError(
      "INVALID_STATE",
      `The order is ${order.status} and not held by the simulated practitioner; accept it first (POST /v1/test_helpers/orders/${orderId}/accept).`,
    );
  }
  switch (action) {
    case "expire_offer": {
      const offerId = await liveOfferOf(deps, order);
      // As if the 30 minutes had passed: the timer's own handler expires it and offers again.
      await deps.db.offer.updateMany({ where: { id: offerId, status: "aktif" }, data: { expiresAt: deps.clock.now() } });
      await expireOffer(deps, {
        actor: SWEEPER,
        offerId,
      });
      return getOrder(deps, {
        actor,
        id: orderId,
      });
    }
    case "accept": {
      // The offer first: starting the offering is what creates the simulated practitioner.
      const offerId = await liveOfferOf(deps, order);
      // The stand-in offered it, whom the organisation may have changed since; it states no conflict as a practitioner must.
      const { practitionerId: offeredTo } = await deps.db.offer.findUniqueOrThrow({
        where: { id: offerId },
        select: { practitionerId: true },
      });
      return acceptOffer(deps, { actor: await practitionerActorOf(deps.db, offeredTo), offerId, noConflict: true });
    }
    case "start":
      return startWork(deps, { actor: await practitionerActorOf(deps.db, practitionerId), orderId });
    case "request_input":
      return askClient(deps, {
        actor: await practitionerActorOf(deps.db, practitionerId),
        orderId,
        question: requiredText(input.question, "question"),
      });
    case "deliver":
      // The key plays the practitioner: the files it delivers are its own (its organisation's test files).
      return deliverResult(deps, {
        actor: await practitionerActorOf(deps.db, practitionerId),
        orderId,
        deliverable: requiredText(input.deliverable, "deliverable"),
        fileIds: input.files,
        reader: agentReader(key),
      });
    case "release":
      return releaseOrder(deps, { actor: await practitionerActorOf(deps.db, practitionerId), orderId });
    case "dispute":
      return operatorOrderAction(deps, {
        actor: SANDBOX_OPERATOR,
        input: { orderId, action, note: "Sengketa dibuka oleh operator (test helper)." },
      });
    case "refund":
    case "resume_work":
      return operatorOrderAction(deps, { actor: SANDBOX_OPERATOR, input: { orderId, action } });
    case "settle_dispute":
      return operatorOrderAction(deps, {
        actor: SANDBOX_OPERATOR,
        input: { orderId, action: "settle_for_practitioner" },
      });
    case "stall_offering":
      await stallOffering(deps, order);
      return getOrder(deps, {
        actor,
        id: orderId,
      });
    case "refund_stalled":
      return dueNow(deps, actor, order, "refund_stalled", { offeringRefundAt: deps.clock.now() }, () =>
        refundStalledOrder(deps, {
          actor: SWEEPER,
          orderId,
        }),
      );
    case "auto_accept":
      return dueNow(deps, actor, order, "auto_accept", { autoAcceptAt: deps.clock.now() }, () =>
        autoAcceptOrder(deps, {
          actor: SWEEPER,
          orderId,
        }),
      );
    case "breach_sla":
      return dueNow(deps, actor, order, "breach_sla", { slaDueAt: deps.clock.now() }, () =>
        markSlaBreached(deps, {
          actor: SWEEPER,
          orderId,
        }),
      );
  }
}

/** When each timer can be made due: the status (and state) in which its deadline runs. */
const TIMER_RUNS: Record<
  "refund_stalled" | "auto_accept" | "breach_sla",
  { when: (order: OrderWithMessages) => boolean; explain: string }
> = {
  refund_stalled: {
    when: (o) => o.status === "ditawarkan" && o.offeringStalledAt !== null,
    explain: "a stalled ditawarkan order (stall it first with stall_offering)",
  },
  auto_accept: { when: (o) => o.status === "diserahkan", explain: "a diserahkan order" },
  breach_sla: {
    when: (o) => ["dibayar", "ditawarkan", "diambil", "dikerjakan", "butuh_input_klien"].includes(o.status) && o.slaBreachedAt === null,
    explain: "a paid order not yet delivered whose SLA was not breached yet",
  },
};

/** Moves a timer's deadline to now and runs the timer's own handler, as the job engine would. */
async function dueNow(
  deps: ServiceDeps,
  actor: AgentActor,
  order: OrderWithMessages,
  timer: keyof typeof TIMER_RUNS,
  deadline: { offeringRefundAt?: Date; autoAcceptAt?: Date; slaDueAt?: Date },
  run: () => Promise<void>,
): Promise<OrderWithMessages> {
  if (!TIMER_RUNS[timer].when(order))
    throw new AppError("INVALID_STATE", `The order is ${order.status}; ${timer} works only on ${TIMER_RUNS[timer].explain}.`);
  await deps.db.order.updateMany({ where: { id: order.id, status: order.status }, data: deadline });
  await run();
  return getOrder(deps, {
    actor,
    id: order.id,
  });
}

/**
 * As if every eligible practitioner had passed: the live offer ends and the order waits, stalled,
 * for its refund time (OFFER_STALL_HOURS), exactly as a live order would.
 */
async function stallOffering(deps: ServiceDeps, order: OrderWithMessages): Promise<void> {
  const change = changeContextOf(deps);
  const { now } = change;
  if (order.status === "dibayar") await deps.db.$transaction((tx) => offerNext(tx, change, order.id));
  await deps.db.$transaction(async (tx) => {
    await lockRow(tx, "Order", order.id);
    const current = await tx.order.findUniqueOrThrow({ where: { id: order.id } });
    if (current.status !== "ditawarkan" || current.offeringStalledAt) {
      throw new AppError(
        "INVALID_STATE",
        `The order is ${current.status}${current.offeringStalledAt ? " and already stalled" : ""}; only an order on offer can stall.`,
      );
    }
    await tx.offer.updateMany({ where: { orderId: order.id, status: "aktif" }, data: { status: "kedaluwarsa", respondedAt: now } });
    await tx.order.update({
      where: { id: order.id },
      data: {
        offeringStalledAt: now,
        offeringStalledReason: STALL_REASONS.allPassed,
        offeringRefundAt: stalledRefundAt(now, change.rules),
      },
    });
  });
}

function requiredText(value: string | undefined, field: string): string {
  if (!value?.trim()) throw new AppError("VALIDATION", `${field}: must not be empty`, field);
  return value;
}

/** A bid on a test case from the next simulated practitioner (five per case at most). */
export async function addSimulatedBid(
  deps: ServiceDeps,
  { actor, caseId, input }: { actor: AgentActor; caseId: string; input: BidInput },
): Promise<Bid> {
  requireActor(actor, "agent");
  const { key } = actor;
  requireTestKey(key);
  await getCase(deps, {
    actor,
    caseId,
  });
  return placeBid(deps, {
    actor,
    caseId,
    input,
    bidderFor: async (tx) => ({
      practitionerId: await nextSimulatedBidder(tx, caseId),
      caseScope: { organizationId: key.organizationId, livemode: false },
    }),
  });
}

/** Pays a test invoice from the test deposit, as an org admin pays a live one in the portal. */
export async function payTestInvoice(deps: ServiceDeps, { actor, invoiceId }: { actor: AgentActor; invoiceId: string }): Promise<Invoice> {
  requireActor(actor, "agent");
  const { key } = actor;
  requireTestKey(key);
  return payInvoice(deps, { actor, invoiceId });
}
