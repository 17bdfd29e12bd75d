import type { Order } from "@/generated/prisma/client";
import { placeOrder } from "@/server/db/money-functions";
import type { AuthenticatedKey } from "@/server/domain/api-key";
import { jakartaMonthStart } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { intakeProblems } from "@/server/domain/intake";
import { transitionFor } from "@/server/domain/order-state";
import { invalidateApiKeyCache } from "../access";
import { listAgentServices } from "../catalog";
import type { ServiceDeps } from "../deps";
import { orderEventRecord } from "../events";
import { type ClaimKey, IdempotencyKeyTaken, NO_KEY } from "../idempotency";
import { transferSpec } from "../money";
import { changeContextOf, type OrderActorRef, type OrderWithMessages, orderPayment, transitionColumns } from "./status";

/** The fields of POST /v1/orders, exactly as the agent sent them. */
export interface CreateOrderInput {
  service: string;
  intake: Record<string, string>;
  max_budget?: number | null;
  callback_url?: string | null;
  metadata?: Record<string, string>;
}

/**
 * POST /v1/orders. Checks, in this order (docs/orders.md): service, intake, max_budget, the key's
 * per-order maximum, the key's monthly budget, the deposit. Above the organisation's threshold
 * the order waits for approval (`menunggu_bayar`); otherwise it is paid into escrow at once.
 * Everything is decided here, and written in one statement (kuasa_place_order): the claim of the
 * request's Idempotency-Key first, the order, the budget, the payment and the outbox event. A new
 * order has no messages, so the answer is what was written.
 */
export async function createOrder(
  deps: ServiceDeps,
  key: AuthenticatedKey,
  input: CreateOrderInput,
  claim: ClaimKey = NO_KEY,
): Promise<OrderWithMessages> {
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
    if (attempt > 3)
      throw new AppError("CONFLICT", "The organisation's approval threshold kept changing while the order was placed; retry it.");
    placed = await place(placed.thresholdIdr);
  }
  return placed.order;
}
