import type { Order, OrderCost, Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/server/db/client";
import { type Actor, KUASA } from "@/server/domain/access/actor";
import {
  type CostTransition,
  costTransitionFor,
  ORDER_STATUSES_ENDING_COSTS,
  UNDECIDED_COST_STATUSES,
} from "@/server/domain/orders/cost-state";
import type { OrderStatus } from "@/server/domain/orders/order-state";
import { audit } from "../audit";
import { recordCostEvent } from "../events";
import { accounts, releaseKeySpend, type TransferInput } from "../money";
import { notifyCostDecision } from "../notifications";

/**
 * A cost's one way to change: the state machine's transition made with a conditional UPDATE (a
 * concurrent change loses cleanly), the budget given back where the transition says, the event,
 * and the money it moves handed back to the caller, who moves it last in its transaction, after
 * every other write (a deposit is the hottest row there is).
 */

export const COST_INCLUDE = { receipt: true } as const satisfies Prisma.OrderCostInclude;

export type CostWithReceipt = Prisma.OrderCostGetPayload<{ include: typeof COST_INCLUDE }>;

/** An order's costs, oldest first: the order of the bill. */
export const ORDER_COSTS = {
  include: COST_INCLUDE,
  orderBy: [{ createdAt: "asc" }, { id: "asc" }],
} as const satisfies Prisma.OrderCostFindManyArgs;

export interface CostStep {
  now: Date;
  actor: Actor;
  /** Why it was rejected or cancelled. */
  reason?: string | null;
  /** The receipt a payment comes with. */
  receiptFileId?: string;
  /** When the amount was committed against the budget, set by the caller that committed it. */
  committedAt?: Date;
  /** Where the practitioner's e-mail about a decision links to. */
  publicUrl: string;
}

/** What a transition writes on the cost besides its status. */
function columnsOf(cost: OrderCost, transition: CostTransition, step: CostStep): Prisma.OrderCostUncheckedUpdateManyInput {
  const data: Prisma.OrderCostUncheckedUpdateManyInput = { status: transition.to, updatedAt: step.now };
  if (transition.trigger === "approve" || transition.trigger === "hold_for_approval" || transition.trigger === "reject")
    data.decidedAt = step.now;
  if (transition.to === "disetujui") data.approvedAt = step.now;
  if (transition.trigger === "reject" || transition.trigger === "cancel") data.reason = step.reason?.trim() || null;
  if (transition.effects.includes("commit_spend")) data.committedAt = step.committedAt ?? step.now;
  if (transition.effects.includes("release_spend")) data.committedAt = null;
  if (transition.trigger === "pay") {
    if (!step.receiptFileId) throw new Error(`paying cost ${cost.id} needs its receipt`);
    data.paidAt = step.now;
    data.receiptFileId = step.receiptFileId;
  }
  return data;
}

/** The money a transition moves, as transfers for the caller's last statement. */
function transfersOf(order: Order, cost: OrderCost, transition: CostTransition): TransferInput[] {
  const escrow = accounts.orderEscrow(order);
  const deposit = accounts.orgDeposit(order.organizationId, order.livemode);
  const moves: TransferInput[] = [];
  if (transition.effects.includes("pay_escrow"))
    moves.push({
      from: deposit,
      to: escrow,
      amountIdr: cost.amountIdr,
      kind: "cost_payment",
      reference: cost.id,
      insufficientCode: "INSUFFICIENT_DEPOSIT",
    });
  if (transition.effects.includes("reimburse"))
    moves.push({
      from: escrow,
      to: accounts.practitionerPayable(cost.practitionerId, order.livemode),
      amountIdr: cost.amountIdr,
      kind: "cost_reimbursement",
      reference: cost.id,
    });
  if (transition.effects.includes("refund_escrow"))
    moves.push({ from: escrow, to: deposit, amountIdr: cost.amountIdr, kind: "cost_refund", reference: cost.id });
  return moves;
}

/**
 * Makes `transition` on a cost of `order` (whose row the caller holds locked): the cost, the budget
 * given back, the event and the audit; answers the cost as it is now and the transfers to make.
 */
export async function moveCost(
  tx: Tx,
  order: Order,
  cost: OrderCost,
  transition: CostTransition,
  step: CostStep,
): Promise<{ cost: CostWithReceipt; transfers: TransferInput[] }> {
  const [moved] = await tx.orderCost.updateManyAndReturn({
    where: { id: cost.id, status: cost.status },
    data: columnsOf(cost, transition, step),
    include: COST_INCLUDE,
  });
  if (!moved) throw new Error(`cost ${cost.id} changed under its order's lock`);
  if (transition.effects.includes("release_spend") && cost.committedAt)
    await releaseKeySpend(tx, order.apiKeyId, cost.committedAt, cost.amountIdr);
  await recordCostEvent(tx, order, moved, step.now);
  if (moved.status === "disetujui" || moved.status === "ditolak" || moved.status === "dibatalkan")
    await notifyCostDecision(tx, step.publicUrl, { ...moved, status: moved.status });
  if (step.actor.kind === "admin" || step.actor.kind === "operator" || (step.actor.kind === "system" && transition.effects.length > 0))
    await audit(tx, {
      actor: step.actor,
      action: `cost.${transition.trigger}`,
      subjectType: "order",
      subjectId: order.id,
      data: { cost_id: cost.id, from: cost.status, to: transition.to, amount_idr: cost.amountIdr.toString() },
    });
  return { cost: moved, transfers: transfersOf(order, cost, transition) };
}

/** Why the system cancels an order's open costs. */
const ENDING_REASON = {
  order_ended: "Pesanan berakhir sebelum biaya ini dilunasi; dana dikembalikan ke deposit.",
  practitioner_left: "Pesanan berpindah ke praktisi lain sebelum biaya ini diputuskan.",
} as const;

/**
 * What an order's status change does to its costs: an order cancelled or refunded cancels every
 * cost not yet paid (an approved one's amount goes back to the deposit; a paid one stays paid, the
 * office kept the money); an order that changes hands cancels the costs still waiting for a
 * decision (an approved one stays its practitioner's to receipt). Answers the refunds to make.
 */
export async function endCostsOnOrderChange(
  tx: Tx,
  order: Order,
  change: { to: OrderStatus; unassigned: boolean; now: Date; publicUrl: string },
): Promise<TransferInput[]> {
  const ending = ORDER_STATUSES_ENDING_COSTS.includes(change.to);
  if (!ending && !change.unassigned) return [];
  const statuses = ending ? [...UNDECIDED_COST_STATUSES, "disetujui" as const] : UNDECIDED_COST_STATUSES;
  const open = await tx.orderCost.findMany({ where: { orderId: order.id, status: { in: [...statuses] } }, orderBy: { createdAt: "asc" } });
  const refunds: TransferInput[] = [];
  for (const cost of open) {
    const moved = await moveCost(tx, order, cost, costTransitionFor(cost.status, "cancel", "system"), {
      now: change.now,
      publicUrl: change.publicUrl,
      actor: KUASA,
      reason: ending ? ENDING_REASON.order_ended : ENDING_REASON.practitioner_left,
    });
    refunds.push(...moved.transfers);
  }
  return refunds;
}
