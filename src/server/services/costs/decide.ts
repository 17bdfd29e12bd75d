import { lockRow } from "@/server/db/row-lock";
import { type OrganizationActor, ownerOf, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { costTransitionFor } from "@/server/domain/orders/cost-state";
import { publicUrlOf, type ServiceDeps } from "../deps";
import { type ClaimKey, NO_KEY } from "../idempotency";
import { accounts, balanceOf, chargeKeySpend } from "../money";
import { type CostWithReceipt, moveCost, ownOrder } from "../order-engine";
import { costOf, moveMoney } from "./steps";

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
