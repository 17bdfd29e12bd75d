import type { Order, OrderCost, StoredFile } from "@/generated/prisma/client";
import type { Tx } from "@/server/db/client";
import { lockRow } from "@/server/db/row-lock";
import {
  type AgentActor,
  type OperatorActor,
  type OrganizationActor,
  ownerOf,
  type PractitionerActor,
  requireActor,
} from "@/server/domain/access/actor";
import { thirdPartyFeeListSchema } from "@/server/domain/catalog/third-party-fees";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { type CostRequest, checkCostRequest, costTransitionFor, ORDER_STATUSES_FOR_COST_REQUEST } from "@/server/domain/orders/cost-state";
import { practitionerActorOf } from "../access";
import { publicUrlOf, type ServiceDeps } from "../deps";
import { recordCostEvent } from "../events";
import { agentReader, attachFiles, filesToAttach, practitionerReader } from "../files";
import { type ClaimKey, NO_KEY } from "../idempotency";
import { accounts, balanceOf, chargeKeySpend, type TransferInput, transfer } from "../money";
import { COST_INCLUDE, type CostWithReceipt, moveCost } from "./cost-moves";
import { ownOrder } from "./status";

/**
 * Third-party costs on an order (docs/costs.md): the practitioner holding it asks, the client side
 * decides, the practitioner pays the office and uploads the receipt. Every step locks the order's
 * row first, as its status changes do, so a decision and the order's cancellation happen one after
 * the other: a cost approved just before the order is cancelled is refunded with it.
 */

/** Most costs one order carries: a company's establishment has a handful of official fees, never dozens. */
const MAX_COSTS_PER_ORDER = 30;

/**
 * Who asks for a cost or pays it: the practitioner in the portal, or the agent through the
 * sandbox's test helpers, as the simulated practitioner of its own test order.
 */
export type CostPractitioner = PractitionerActor | AgentActor;

/** The order, locked, if this practitioner may act on its costs; 404 otherwise (an order not theirs is never acknowledged). */
async function practitionerOrder(tx: Tx, by: CostPractitioner, orderId: string): Promise<Order> {
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

async function costOf(tx: Tx, orderId: string, costId: string): Promise<OrderCost> {
  const cost = await tx.orderCost.findFirst({ where: { id: costId, orderId } });
  if (!cost) throw new AppError("NOT_FOUND", `No cost ${costId} on order ${orderId}.`);
  return cost;
}

/** Makes the moves of one step last, in one statement. */
async function moveMoney(tx: Tx, transfers: TransferInput[]): Promise<void> {
  const [first, ...rest] = transfers;
  if (first) await transfer(tx, first, ...rest);
}

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

export type CostDecision = { approve: true } | { approve: false; reason: string };

/**
 * POST /v1/orders/{id}/costs/{cost_id}/approve and /reject, or the admin in the portal. Approval
 * takes the checks of an order: the amount counts against the order's key's monthly budget
 * (BUDGET_EXCEEDED), a deposit too small is INSUFFICIENT_DEPOSIT and nothing moves, and the agent's
 * approval of a cost above the organisation's approval threshold waits for an admin
 * (`menunggu_persetujuan`). No platform fee: the cost passes at its official amount.
 */
export async function decideCost(
  deps: Pick<ServiceDeps, "db" | "clock" | "publicUrl">,
  {
    actor,
    orderId,
    costId,
    decision,
    claim = NO_KEY,
  }: { actor: OrganizationActor; orderId: string; costId: string; decision: CostDecision; claim?: ClaimKey },
): Promise<CostWithReceipt> {
  requireActor(actor, "agent", "admin");
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    await claim(tx, costId);
    await lockRow(tx, "Order", orderId);
    const order = await ownOrder(tx, ownerOf(actor), orderId);
    const cost = await costOf(tx, orderId, costId);
    if (!decision.approve) {
      const moved = await moveCost(tx, order, cost, costTransitionFor(cost.status, "reject", actor.kind), {
        now,
        publicUrl: publicUrlOf(deps),
        actor,
        reason: decision.reason,
      });
      return moved.cost;
    }
    const organization = await tx.organization.findUniqueOrThrow({
      where: { id: order.organizationId },
      select: { approvalThresholdIdr: true },
    });
    const threshold = organization.approvalThresholdIdr;
    const needsAdmin = actor.kind === "agent" && threshold !== null && cost.amountIdr > threshold;
    const transition = costTransitionFor(cost.status, needsAdmin ? "hold_for_approval" : "approve", actor.kind);
    if (transition.effects.includes("commit_spend")) {
      const key = await tx.apiKey.findUniqueOrThrow({ where: { id: order.apiKeyId }, select: { id: true, monthlyBudgetIdr: true } });
      const spend = await chargeKeySpend(tx, key, now, cost.amountIdr);
      if (!spend.charged)
        throw new AppError(
          "BUDGET_EXCEEDED",
          `The cost Rp ${cost.amountIdr} would take the order's key to Rp ${spend.spentBeforeIdr + cost.amountIdr} this month, above its monthly budget Rp ${key.monthlyBudgetIdr}.`,
        );
    }
    // Waiting for an admin moves no money yet, but a deposit that cannot pay is refused now, as an order's is.
    if (
      transition.to === "menunggu_persetujuan" &&
      (await balanceOf(tx, accounts.orgDeposit(order.organizationId, order.livemode))) < cost.amountIdr
    )
      throw new AppError("INSUFFICIENT_DEPOSIT", `The deposit does not cover the cost Rp ${cost.amountIdr}.`);
    const moved = await moveCost(tx, order, cost, transition, { now, publicUrl: publicUrlOf(deps), actor });
    await moveMoney(tx, moved.transfers);
    return moved.cost;
  });
}

/**
 * The practitioner paid the office and uploads its official receipt (a file on the order's
 * organisation): → `dilunasi`, and the amount moves from the order's escrow to their payable
 * balance, apart from their fees. The practitioner who asked for the cost receipts it, even if the
 * order went on to another.
 */
export async function payCost(
  deps: Pick<ServiceDeps, "db" | "clock" | "publicUrl">,
  { actor, orderId, costId, receiptFileId }: { actor: CostPractitioner; orderId: string; costId: string; receiptFileId: string },
): Promise<CostWithReceipt> {
  requireActor(actor, "practitioner", "agent");
  const by = actor;
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const order = await practitionerOrder(tx, by, orderId);
    const cost = await costOf(tx, orderId, costId);
    if (by.kind === "practitioner" && cost.practitionerId !== by.practitionerId)
      throw new AppError("NOT_FOUND", `No cost ${costId} of yours on order ${orderId}.`);
    const transition = costTransitionFor(cost.status, "pay", "practitioner");
    const [receipt] = await filesToAttach(
      tx,
      by.kind === "practitioner" ? practitionerReader(by.practitionerId) : agentReader(ownerOf(by)),
      { organizationId: order.organizationId, livemode: order.livemode },
      [receiptFileId],
      "receipt",
    );
    if (by.kind === "practitioner" && !uploadedBy(receipt!, by.practitionerId))
      throw new AppError("VALIDATION", "receipt: upload the receipt yourself, onto this order.");
    await attachFiles(tx, orderId, { purpose: "receipt" }, [receipt!], now);
    const moved = await moveCost(tx, order, cost, transition, {
      now,
      publicUrl: publicUrlOf(deps),
      // Through the test helpers, the simulated practitioner who asked for the cost pays it.
      actor: by.kind === "practitioner" ? by : await practitionerActorOf(tx, cost.practitionerId),
      receiptFileId,
    });
    await moveMoney(tx, moved.transfers);
    return moved.cost;
  });
}

const uploadedBy = (file: StoredFile, practitionerId: string) => file.practitionerId === practitionerId;

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

/** One cost of the owner's order, or 404. */
export async function getCost(
  deps: Pick<ServiceDeps, "db">,
  { actor, orderId, costId }: { actor: OrganizationActor; orderId: string; costId: string },
): Promise<CostWithReceipt> {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  await ownOrder(deps.db, owner, orderId);
  const cost = await deps.db.orderCost.findFirst({ where: { id: costId, orderId }, include: COST_INCLUDE });
  if (!cost) throw new AppError("NOT_FOUND", `No cost ${costId} on order ${orderId}.`);
  return cost;
}
