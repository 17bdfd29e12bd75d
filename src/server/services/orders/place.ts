import type { Order, StoredFile } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { type PlaceOrderAnswer, type PlaceOrderInput, placeOrder } from "@/server/db/money-functions";
import { type AgentActor, requireActor } from "@/server/domain/access/actor";
import { intakeProblems } from "@/server/domain/catalog/intake";
import { jakartaMonthStart } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { transitionFor } from "@/server/domain/orders/order-state";
import { invalidateApiKeyCache } from "../access";
import { listAgentServices } from "../catalog";
import type { ServiceDeps } from "../deps";
import { orderEventRecord } from "../events";
import { type AttachedFile, agentReader, attachFiles, orderFilesToAttach } from "../files";
import { type ClaimKey, IdempotencyKeyTaken, NO_KEY } from "../idempotency";
import { transferSpec } from "../money";
import { changeContextOf, type OrderWithMessages, orderPayment, transitionColumns } from "../order-engine";

/** The fields of POST /v1/orders, exactly as the agent sent them. */
export interface CreateOrderInput {
  service: string;
  intake: Record<string, string>;
  max_budget?: number | null;
  callback_url?: string | null;
  metadata?: Record<string, string>;
  /** File ids (POST /v1/files) the order carries; the practitioner opens them after taking it. */
  attachments?: string[];
}

/** A refusal of kuasa_place_order inside placeWithFiles' transaction, carried out of it so the transaction rolls back. */
class PlacementRefused extends Error {
  constructor(readonly answer: PlaceOrderAnswer) {
    super("placement refused");
  }
}

/**
 * The order placed with its files attached, all or nothing. Without files it is the one statement
 * as before; with files, that statement and the attachments share a transaction.
 */
async function placeWithFiles(
  db: Db,
  placement: PlaceOrderInput,
  files: StoredFile[],
  now: Date,
): Promise<{ answer: PlaceOrderAnswer; attached: AttachedFile[] }> {
  if (files.length === 0) return { answer: await placeOrder(db, placement), attached: [] };
  try {
    return await db.$transaction(async (tx) => {
      const answer = await placeOrder(tx, placement);
      if (!("placed" in answer)) throw new PlacementRefused(answer);
      return { answer, attached: await attachFiles(tx, placement.order.id, { purpose: "order" }, files, now) };
    });
  } catch (err) {
    if (err instanceof PlacementRefused) return { answer: err.answer, attached: [] };
    throw err;
  }
}

/**
 * POST /v1/orders. Checks, in this order (docs/orders.md, "Placing an order"): service, intake, max_budget, the key's
 * per-order maximum, the key's monthly budget, the deposit. Above the organisation's threshold
 * the order waits for approval (`menunggu_bayar`); otherwise it is paid into escrow at once.
 * Everything is decided here, and written in one statement (kuasa_place_order): the claim of the
 * request's Idempotency-Key first, the order, the budget, the payment and the outbox event. A new
 * order has no messages, so the answer is what was written.
 */
export async function createOrder(
  deps: ServiceDeps,
  { actor, input, claim = NO_KEY }: { actor: AgentActor; input: CreateOrderInput; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent");
  const { key } = actor;
  const { db } = deps;
  const change = changeContextOf(deps);
  const now = change.now;

  // The catalog as GET /v1/services shows it (the same few-second cache), so the price charged is the price listed.
  const service = (
    await listAgentServices(deps, {
      actor: actor,
    })
  ).find((s) => s.code === input.service);
  if (!service)
    throw new AppError("VALIDATION", `service: "${input.service}" is not in the catalog. List it with GET /v1/services.`, "service");
  const problems = intakeProblems(service.intake, input.intake);
  if (problems[0]) throw new AppError("VALIDATION", problems.map((problem) => problem.message).join("; "), problems[0].param);
  const files = await orderFilesToAttach(db, agentReader(key), key, {
    attachments: input.attachments,
    intake: input.intake,
    fields: service.intake,
  });
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
    conflictParties: [],
    conflictCheckedAt: null,
    conflictConfirmedAt: null,
    autoAcceptAt: null,
    revisionCount: 0,
    caseId: null,
    metadata: input.metadata ?? {},
    createdAt: now,
    updatedAt: now,
  };

  /** Places the order as `thresholdIdr` says; when the organisation's threshold is another by now, answers that one instead. */
  const place = async (thresholdIdr: bigint | null): Promise<{ order: OrderWithMessages } | { thresholdIdr: bigint | null }> => {
    const approvalRequired = thresholdIdr !== null && priceIdr > thresholdIdr;
    const transition = transitionFor(born.status, approvalRequired ? "hold_for_approval" : "pay_on_creation", actor.kind);
    const order: Order = { ...born, approvalRequired, ...transitionColumns(born, transition, actor, change, { slaDays: service.slaDays }) };
    const event = orderEventRecord(order, now);
    const placement = {
      claim: claim.rowFor(order.id),
      order,
      thresholdSeenIdr: thresholdIdr,
      spendMonth: jakartaMonthStart(now),
      monthlyBudgetIdr: key.monthlyBudgetIdr,
      payment: transferSpec(orderPayment(order)),
      pay: transition.effects.includes("pay_escrow"),
      event,
    };
    const { answer, attached } = await placeWithFiles(db, placement, files, now);
    if ("placed" in answer) return { order: { ...order, messages: [], files: attached, practitioner: null, review: null, costs: [] } };
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
