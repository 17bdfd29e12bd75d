import type { ServiceDeps } from "./deps";
import { type Order, Prisma } from "@/generated/prisma/client";
import type { OrderStatus } from "@/generated/prisma/enums";
import { canonicalHash } from "@/server/domain/canonical-json";
import type { DataOwner } from "@/server/domain/data-owner";
import type { Clock } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { IDEMPOTENCY_WINDOW_MS } from "@/server/domain/idempotency";
import { newId } from "@/server/domain/ids";
import { intakeProblems } from "@/server/domain/intake";
import { FINAL_STATUSES, type OrderActor, type OrderTrigger, transitionFor } from "@/server/domain/order-state";
import { slaDueAt } from "@/server/domain/sla";
import type { Db, DbOrTx, Tx } from "@/server/db/client";
import type { AuthenticatedKey } from "./api-keys";
import { audit } from "./audit";
import { spentThisMonth } from "./balance";
import { listAgentServices } from "./catalog";
import { accounts, balanceOf, transfer } from "./ledger";
import { recordOrderEvent } from "./outbox";

const ORDER_INCLUDE = {
  messages: { orderBy: { seq: "asc" } },
  apiKey: { select: { webhookUrl: true } },
} as const satisfies Prisma.OrderInclude;

export type OrderWithMessages = Prisma.OrderGetPayload<{ include: typeof ORDER_INCLUDE }>;

/** Who is acting, for the state machine and the audit log. */
export interface OrderActorRef {
  kind: OrderActor;
  id?: string | null;
}

/** The fields of POST /v1/orders, exactly as the agent sent them. */
export interface CreateOrderInput {
  service: string;
  intake: Record<string, string>;
  max_budget?: number | null;
  callback_url?: string | null;
}

async function loadOrder(db: DbOrTx, id: string): Promise<OrderWithMessages> {
  return db.order.findUniqueOrThrow({ where: { id }, include: ORDER_INCLUDE });
}

/** An order of this organisation in this mode, or 404: another organisation's (or mode's) order is never acknowledged. */
export async function getOrder(db: DbOrTx, owner: DataOwner, id: string): Promise<OrderWithMessages> {
  const order = await db.order.findFirst({ where: { id, organizationId: owner.organizationId, livemode: owner.livemode }, include: ORDER_INCLUDE });
  if (!order) throw new AppError("NOT_FOUND", `No order ${id}.`);
  return order;
}

interface StatusChangeExtra {
  message?: { role: "client" | "practitioner" | "operator"; body: string };
  deliverable?: string;
  practitionerId?: string;
}

/**
 * The one way an order's status changes: the state machine decides, a conditional UPDATE makes
 * a concurrent change lose cleanly (409) before any money moves, the event goes to the outbox,
 * and the transition's money moves last, all in the caller's transaction.
 */
export async function changeOrderStatus(
  tx: Tx,
  now: Date,
  order: { id: string; status: OrderStatus; serviceCode: string },
  trigger: OrderTrigger,
  actor: OrderActorRef,
  extra: StatusChangeExtra = {},
): Promise<OrderWithMessages> {
  const transition = transitionFor(order.status, trigger, actor.kind);
  const data: Prisma.OrderUncheckedUpdateInput = { status: transition.to, updatedAt: now };
  if (transition.effects.includes("assign_practitioner")) data.practitionerId = extra.practitionerId ?? null;
  if (transition.effects.includes("unassign_practitioner")) data.practitionerId = null;
  if (transition.effects.includes("set_deliverable")) {
    if (!extra.deliverable?.trim()) throw new AppError("VALIDATION", "A delivery needs a non-empty deliverable.");
    data.deliverable = extra.deliverable;
  }
  if (transition.effects.includes("pay_escrow")) {
    // Paid now: the SLA starts with the payment.
    const service = await tx.service.findUniqueOrThrow({ where: { code: order.serviceCode }, select: { slaDays: true } });
    data.paidAt = now;
    data.slaDueAt = slaDueAt(now, service.slaDays);
  }
  // Conditional on the status read by the caller, and returning the changed row in the same round trip.
  const [current] = await tx.order.updateManyAndReturn({ where: { id: order.id, status: order.status }, data });
  if (!current) {
    throw new AppError("INVALID_STATE", `The order ${order.id} changed while this request was handled; fetch it and try again.`);
  }

  if (transition.effects.includes("add_message")) {
    if (!extra.message?.body.trim()) throw new AppError("VALIDATION", "A message needs a non-empty body.");
    await tx.orderMessage.create({ data: { id: newId("message"), orderId: current.id, role: extra.message.role, body: extra.message.body, createdAt: now } });
  }
  const result = await loadOrder(tx, order.id);
  await recordOrderEvent(tx, { ...result, keyWebhookUrl: result.apiKey.webhookUrl }, now);
  if (actor.kind === "operator" || actor.kind === "org_admin") {
    await audit(tx, { actorType: actor.kind, actorId: actor.id, action: `order.${trigger}`, subjectType: "order", subjectId: order.id, data: { from: order.status, to: transition.to } });
  }

  // Money last: a deposit is the hottest row there is, locked from its debit to the commit.
  if (transition.effects.includes("pay_escrow")) {
    await transfer(tx, {
      from: accounts.orgDeposit(current.organizationId, current.livemode),
      to: accounts.orderEscrow(current),
      amountIdr: current.priceIdr,
      kind: "order_payment",
      reference: current.id,
      insufficientCode: "INSUFFICIENT_DEPOSIT",
    });
  }
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
  return result;
}

/** Escrow goes to the practitioner (the public client price) and the platform (the markup). */
async function releaseEscrow(tx: Tx, order: Order): Promise<void> {
  if (!order.practitionerId) throw new Error(`order ${order.id} has no practitioner to release escrow to`);
  const escrow = accounts.orderEscrow(order);
  await transfer(tx, { from: escrow, to: accounts.practitionerPayable(order.practitionerId, order.livemode), amountIdr: order.clientPriceIdr, kind: "escrow_release", reference: order.id });
  const platformShare = order.priceIdr - order.clientPriceIdr;
  if (platformShare > 0n) {
    await transfer(tx, { from: escrow, to: accounts.platformRevenue(order.livemode), amountIdr: platformShare, kind: "platform_fee", reference: order.id });
  }
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}

/**
 * The stored answer for this organisation's Idempotency-Key (in this mode), if one is live: the
 * order in its current status, or 422 when the body differs. An expired key is removed and counts as new.
 */
async function replayFor(db: Db, owner: DataOwner, key: string, requestHash: string, now: Date): Promise<OrderWithMessages | null> {
  const stored = await db.idempotencyKey.findUnique({ where: { organizationId_livemode_key: { organizationId: owner.organizationId, livemode: owner.livemode, key } } });
  if (!stored) return null;
  if (stored.expiresAt <= now) {
    await db.idempotencyKey.deleteMany({ where: { id: stored.id, expiresAt: { lte: now } } });
    return null;
  }
  if (stored.requestHash !== requestHash) {
    throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used in the last 24 hours with a different request body. Use a new key for a new order.");
  }
  return loadOrder(db, stored.orderId);
}

/**
 * POST /v1/orders. Checks, in this order (docs/orders.md): service, intake, max_budget, the key's
 * per-order maximum, the key's monthly budget, the deposit. Above the organisation's threshold
 * the order waits for approval (`menunggu_bayar`); otherwise it is paid into escrow at once.
 * With an Idempotency-Key, the key row is written first in the same transaction, so of
 * concurrent requests exactly one creates an order and the rest replay it.
 */
export async function createOrder(
  deps: ServiceDeps,
  key: AuthenticatedKey,
  input: CreateOrderInput,
  idempotencyKey: string | null,
): Promise<{ order: OrderWithMessages; replayed: boolean }> {
  const { db, clock } = deps;
  const now = clock.now();
  const requestHash = canonicalHash(input);
  if (idempotencyKey) {
    const replay = await replayFor(db, key, idempotencyKey, requestHash, now);
    if (replay) return { order: replay, replayed: true };
  }

  // The catalog as GET /v1/services shows it (the same few-second cache), so the price charged is the price listed.
  const service = (await listAgentServices(db)).find((s) => s.code === input.service);
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
  const organization = await db.organization.findUniqueOrThrow({ where: { id: key.organizationId }, select: { approvalThresholdIdr: true } });
  const needsApproval = organization.approvalThresholdIdr !== null && priceIdr > organization.approvalThresholdIdr;
  const orderId = newId("order");

  try {
    const order = await db.$transaction(async (tx) => {
      if (idempotencyKey) {
        await tx.idempotencyKey.create({
          data: { id: newId("idempotencyKey"), organizationId: key.organizationId, livemode: key.livemode, key: idempotencyKey, requestHash, orderId, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS) },
        });
      }
      const born = await tx.order.create({
        data: {
          id: orderId,
          organizationId: key.organizationId,
          apiKeyId: key.id,
          serviceCode: service.code,
          status: "dibuat",
          priceIdr,
          clientPriceIdr,
          maxBudgetIdr: input.max_budget != null ? BigInt(input.max_budget) : null,
          intake: input.intake,
          callbackUrl: input.callback_url ?? null,
          approvalRequired: needsApproval,
          livemode: key.livemode,
          createdAt: now,
          updatedAt: now,
        },
      });
      if (needsApproval && (await balanceOf(tx, accounts.orgDeposit(key.organizationId, key.livemode))) < priceIdr) {
        throw new AppError("INSUFFICIENT_DEPOSIT", `The deposit does not cover the price Rp ${priceIdr}; ask the operator to top it up.`);
      }
      // The payment is the transition's last statement. A deposit that falls short is reported
      // after the budget check, which comes first in the documented order of checks.
      const paid = await changeOrderStatus(tx, now, born, needsApproval ? "hold_for_approval" : "pay_on_creation", { kind: "agent", id: key.id }).then(
        (order) => ({ order, shortfall: null }),
        (err: unknown) => {
          if (err instanceof AppError && err.code === "INSUFFICIENT_DEPOSIT") return { order: null, shortfall: err };
          throw err;
        },
      );
      // One spending decision at a time per key, so two concurrent orders cannot both fit the
      // monthly budget. Taken last, just before the commit, so the lock is held as briefly as
      // possible (a failed check rolls the payment back); the sum therefore counts this order.
      // NO KEY UPDATE: the order insert's foreign-key check holds KEY SHARE on the key row.
      await tx.$queryRaw`SELECT "id" FROM "ApiKey" WHERE "id" = ${key.id} FOR NO KEY UPDATE`;
      const spentWithThis = await spentThisMonth(tx, clock, key.id);
      if (spentWithThis > key.monthlyBudgetIdr) {
        throw new AppError("BUDGET_EXCEEDED", `The price Rp ${priceIdr} would take this key to Rp ${spentWithThis} this month, above its monthly budget Rp ${key.monthlyBudgetIdr}.`);
      }
      if (paid.shortfall) throw paid.shortfall;
      return paid.order!;
    });
    return { order, replayed: false };
  } catch (err) {
    if (idempotencyKey && isUniqueViolation(err)) {
      const replay = await replayFor(db, key, idempotencyKey, requestHash, now);
      if (replay) return { order: replay, replayed: true };
    }
    throw err;
  }
}

/** POST /v1/orders/{id}/messages: answers a question (→ dikerjakan), or adds a note while active. */
export async function postClientMessage(deps: ServiceDeps, key: AuthenticatedKey, orderId: string, body: string): Promise<OrderWithMessages> {
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const order = await getOrder(tx, key, orderId);
    if (FINAL_STATUSES.includes(order.status)) {
      throw new AppError("INVALID_STATE", `The order is ${order.status}; messages can no longer be added.`);
    }
    const message = { role: "client" as const, body };
    if (order.status === "butuh_input_klien") return changeOrderStatus(tx, now, order, "client_reply", { kind: "agent", id: key.id }, { message });
    await tx.orderMessage.create({ data: { id: newId("message"), orderId, role: "client", body, createdAt: now } });
    await tx.order.update({ where: { id: orderId }, data: { updatedAt: now } });
    return loadOrder(tx, orderId);
  });
}

/** POST /v1/orders/{id}/accept: the result is accepted and escrow released. */
export async function acceptOrderResult(deps: ServiceDeps, key: AuthenticatedKey, orderId: string): Promise<OrderWithMessages> {
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const order = await getOrder(tx, key, orderId);
    return changeOrderStatus(tx, now, order, "accept_result", { kind: "agent", id: key.id });
  });
}

/**
 * A decision on an order waiting in menunggu_bayar: an org admin's on a live order, or a test
 * helper's (acting as the admin) on a test order.
 */
export async function decideApproval(
  deps: ServiceDeps,
  input: { owner: DataOwner; orderId: string; approve: boolean; userId: string | null },
): Promise<OrderWithMessages> {
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const order = await getOrder(tx, input.owner, input.orderId);
    return changeOrderStatus(tx, now, order, input.approve ? "approve" : "reject", { kind: "org_admin", id: input.userId });
  });
}

export type OperatorOrderAction = "cancel" | "dispute" | "refund" | "settle_for_practitioner" | "request_revision";

/** The operator's interventions, each through the state machine and the ledger, audited. */
export async function operatorOrderAction(
  deps: ServiceDeps,
  input: { orderId: string; action: OperatorOrderAction; operatorId: string | null; note?: string },
): Promise<OrderWithMessages> {
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { id: input.orderId } });
    if (!order) throw new AppError("NOT_FOUND", `No order ${input.orderId}.`);
    const result = await changeOrderStatus(tx, now, order, input.action, { kind: "operator", id: input.operatorId });
    const note = input.note?.trim();
    if (!note) return result;
    await tx.orderMessage.create({ data: { id: newId("message"), orderId: order.id, role: "operator", body: note, createdAt: now } });
    return loadOrder(tx, order.id);
  });
}

/** An organisation's live orders, newest first, each with its event timeline (for the admin portal). */
export async function listOrganizationOrders(db: Db, organizationId: string, filter: { status?: OrderStatus; limit?: number } = {}) {
  return db.order.findMany({
    where: { organizationId, livemode: true, ...(filter.status ? { status: filter.status } : {}) },
    orderBy: { createdAt: "desc" },
    take: filter.limit ?? 100,
    include: {
      service: { select: { name: true } },
      events: { orderBy: { createdAt: "asc" }, select: { id: true, type: true, createdAt: true } },
    },
  });
}
