import type { OrderStatus } from "@/generated/prisma/enums";
import { AppError } from "@/server/domain/errors";
import { canTrigger, type OrderTrigger } from "@/server/domain/order-state";
import type { IntakeField } from "@/server/domain/intake";
import type { Db } from "@/server/db/client";
import { orderRulesOf, type ServiceDeps } from "./deps";

/**
 * The organisation admin's view of its live orders: the human behind the agent sees what the
 * agent sees (GET /v1/orders/{id}), which key placed each order, and may act as the client.
 */

/** What the admin may do to an order, as the client side, in the order the page offers them. */
export const ADMIN_ORDER_ACTIONS = ["accept_result", "request_revision", "dispute", "cancel"] as const satisfies readonly OrderTrigger[];
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];

/** An organisation's live orders, newest first, each with its key and event timeline. */
export async function listOrganizationOrders(db: Db, organizationId: string, filter: { status?: OrderStatus; limit?: number } = {}) {
  const rows = await db.order.findMany({
    where: { organizationId, livemode: true, ...(filter.status ? { status: filter.status } : {}) },
    orderBy: { createdAt: "desc" },
    take: filter.limit ?? 100,
    include: {
      service: { select: { name: true } },
      apiKey: { select: { name: true, keyId: true } },
      events: { orderBy: { seq: "asc" }, select: { id: true, type: true, createdAt: true } },
    },
  });
  return rows.map((o) => ({
    id: o.id,
    service: o.service.name,
    status: o.status,
    priceIdr: Number(o.priceIdr),
    intake: o.intake as Record<string, string>,
    apiKey: o.apiKey,
    createdAt: o.createdAt,
    events: o.events,
  }));
}

/** One live order of the organisation with its conversation, deliverable, timeline and the steps the admin may take now. */
export async function getOrganizationOrder(deps: Pick<ServiceDeps, "db" | "orderRules">, organizationId: string, orderId: string) {
  const order = await deps.db.order.findFirst({
    where: { id: orderId, organizationId, livemode: true },
    include: {
      service: { select: { name: true, intake: true, slaLabel: true } },
      apiKey: { select: { name: true, keyId: true } },
      practitioner: { select: { name: true, label: true } },
      messages: { orderBy: { seq: "asc" }, select: { id: true, role: true, body: true, createdAt: true } },
      events: { orderBy: { seq: "asc" }, select: { id: true, type: true, createdAt: true } },
    },
  });
  if (!order) throw new AppError("NOT_FOUND", `No order ${orderId}.`);
  const rules = orderRulesOf(deps);
  const revisionsLeft = Math.max(0, rules.maxRevisions - order.revisionCount);
  const actions = ADMIN_ORDER_ACTIONS.filter((action) => canTrigger(order.status, action, "org_admin") && (action !== "request_revision" || revisionsLeft > 0));
  return {
    id: order.id,
    status: order.status,
    service: { code: order.serviceCode, name: order.service.name, slaLabel: order.service.slaLabel },
    intakeLabels: Object.fromEntries((order.service.intake as unknown as IntakeField[]).map((f) => [f.key, f.label])),
    priceIdr: Number(order.priceIdr),
    intake: order.intake as Record<string, string>,
    apiKey: order.apiKey,
    // Only the profile's name and label: what the client may know of who does the work.
    practitioner: order.practitioner,
    deliverable: order.deliverable,
    messages: order.messages,
    events: order.events,
    createdAt: order.createdAt,
    slaDueAt: order.slaDueAt,
    slaBreachedAt: order.slaBreachedAt,
    autoAcceptAt: order.autoAcceptAt,
    revisionCount: order.revisionCount,
    revisionsLeft,
    /** Paid from the deposit (a cancel now gives the price back). */
    paid: order.paidAt !== null,
    offering: order.status === "ditawarkan" ? { round: order.offerRound, stalledAt: order.offeringStalledAt, reason: order.offeringStalledReason, refundAt: order.offeringRefundAt } : null,
    caseId: order.caseId,
    actions,
  };
}
