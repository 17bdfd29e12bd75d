import type { Prisma } from "@/generated/prisma/client";
import type { OrderStatus } from "@/generated/prisma/enums";
import { type AdminActor, inMode, type OrganizationActor, ownerOf, requireActor } from "@/server/domain/access/actor";
import { type IntakeField, intakeForPeople } from "@/server/domain/catalog/intake";
import type { DataOwner } from "@/server/domain/data-owner";
import { AppError } from "@/server/domain/errors";
import type { EventType } from "@/server/domain/events/webhook-event";
import { UNDECIDED_COST_STATUSES } from "@/server/domain/orders/cost-state";
import { canTrigger, type OrderTrigger } from "@/server/domain/orders/order-state";
import { cursorRow, keyset, mapPage, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import { orderRulesOf, type ServiceDeps } from "../deps";
import { portalOrderFiles, readableFileIds } from "../files";

/**
 * The organisation admin's view of its orders, live or test (one mode at a time, as the agent's
 * key sees them): the human behind the agent sees what the agent sees (GET /v1/orders/{id}),
 * which key placed each order, and may act as the client.
 */

/** What the admin may do to an order, as the client side, in the order the page offers them. */
export const ADMIN_ORDER_ACTIONS = ["accept_result", "request_revision", "dispute", "cancel"] as const satisfies readonly OrderTrigger[];

export interface OrganizationOrderSearch {
  /** An order id, a service's code or name, or a key's name or key id. */
  q?: string;
  status?: OrderStatus;
  apiKeyId?: string;
  /** Only orders whose offering stalled (no eligible practitioner took it). */
  stalled?: boolean;
  /** Only orders whose metadata has this key with exactly this value (the API's `metadata[key]=value`). */
  metadata?: { key: string; value: string };
}

/** Offering stalled: offered, but no eligible practitioner is left to take it. */
const STALLED: Prisma.OrderWhereInput = { status: "ditawarkan", offeringStalledAt: { not: null } };

function searchWhere(owner: DataOwner, search: OrganizationOrderSearch): Prisma.OrderWhereInput {
  const where: Prisma.OrderWhereInput = { organizationId: owner.organizationId, livemode: owner.livemode };
  if (search.status) where.status = search.status;
  if (search.apiKeyId) where.apiKeyId = search.apiKeyId;
  const and: Prisma.OrderWhereInput[] = [];
  if (search.stalled) and.push(STALLED);
  if (search.metadata) and.push({ metadata: { path: [search.metadata.key], equals: search.metadata.value } });
  if (and.length) where.AND = and;
  const q = search.q?.trim();
  if (q) {
    const contains = { contains: q, mode: "insensitive" as const };
    where.OR = [
      { id: contains },
      { serviceCode: contains },
      { service: { name: contains } },
      { apiKey: { name: contains } },
      { apiKey: { keyId: contains } },
    ];
  }
  return where;
}

/** An organisation's orders in one mode, newest first, keyset-paged; the cursor must be a row of the same search. */
export async function listOrganizationOrders(
  deps: Pick<ServiceDeps, "db">,
  { actor, search, page }: { actor: OrganizationActor; search: OrganizationOrderSearch; page: PageRequest },
) {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  const { db } = deps;
  const where = searchWhere(owner, search);
  const at = await cursorRow(page, "orders", (id) =>
    db.order.findFirst({ where: { AND: [where, { id }] }, select: { id: true, createdAt: true } }),
  );
  const { after, orderBy } = keyset(page, "createdAt", at);
  const rows = await db.order.findMany({
    where: { AND: [where, ...after] },
    orderBy,
    take: rowsToRead(page),
    select: {
      id: true,
      status: true,
      livemode: true,
      priceIdr: true,
      intake: true,
      metadata: true,
      createdAt: true,
      service: { select: { name: true, intake: true } },
      apiKey: { select: { id: true, name: true, keyId: true } },
    },
  });
  return mapPage(pageFrom(rows, page), ({ intake, service, ...row }) => ({
    ...row,
    service: { name: service.name },
    ...intakeForPeople(service.intake as unknown as IntakeField[], intake as Record<string, string>),
  }));
}

/**
 * What needs the admin in one mode, for the organisation's home page: results waiting for
 * acceptance, practitioners' questions waiting for an answer, orders whose offering stalled,
 * costs and orders waiting for a decision, and (live only) unpaid case invoices.
 */
export async function organizationAttention(deps: Pick<ServiceDeps, "db">, { actor }: { actor: OrganizationActor }) {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  const { db } = deps;
  const orders = (where: Prisma.OrderWhereInput) =>
    db.order.count({ where: { AND: [{ organizationId: owner.organizationId, livemode: owner.livemode }, where] } });
  const [awaitingAcceptance, awaitingAnswer, stalled, awaitingApproval, undecidedCosts, unpaidInvoices] = await Promise.all([
    orders({ status: "diserahkan" }),
    orders({ status: "butuh_input_klien" }),
    orders(STALLED),
    orders({ status: "menunggu_bayar" }),
    db.orderCost.count({
      where: { status: { in: [...UNDECIDED_COST_STATUSES] }, order: { organizationId: owner.organizationId, livemode: owner.livemode } },
    }),
    db.invoice.count({ where: { organizationId: owner.organizationId, livemode: owner.livemode, status: "belum_dibayar" } }),
  ]);
  return { awaitingAcceptance, awaitingAnswer, stalled, awaitingApproval, undecidedCosts, unpaidInvoices };
}

/** Orders waiting for the admin's approval, per mode (the nav's badge). */
export async function pendingApprovalCounts(deps: Pick<ServiceDeps, "db">, { actor }: { actor: AdminActor }) {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const rows = await deps.db.order.groupBy({
    by: ["livemode"],
    where: { organizationId, status: "menunggu_bayar" },
    _count: { _all: true },
  });
  const count = (livemode: boolean) => rows.find((r) => r.livemode === livemode)?._count._all ?? 0;
  return { live: count(true), test: count(false) };
}

/**
 * The admin acting as the client on one order of the organisation, in the order's own mode: an
 * admin manages both; the order id decides which. Another organisation's order is NOT_FOUND.
 */
export async function adminOnOrder(
  deps: Pick<ServiceDeps, "db">,
  { actor, orderId }: { actor: AdminActor; orderId: string },
): Promise<AdminActor> {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const order = await deps.db.order.findFirst({ where: { id: orderId, organizationId }, select: { livemode: true } });
  if (!order) throw new AppError("NOT_FOUND", `No order ${orderId}.`);
  return inMode(actor, order.livemode);
}

/** One order of the organisation (either mode) with its conversation, deliverable, files, timeline and the steps the admin may take now. */
export async function getOrganizationOrder(
  deps: Pick<ServiceDeps, "db" | "orderRules">,
  { actor, orderId }: { actor: AdminActor; orderId: string },
) {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const order = await deps.db.order.findFirst({
    where: { id: orderId, organizationId },
    include: {
      service: { select: { name: true, intake: true, slaLabel: true } },
      apiKey: { select: { name: true, keyId: true } },
      practitioner: { select: { name: true, label: true } },
      messages: { orderBy: { seq: "asc" }, select: { id: true, role: true, body: true, createdAt: true } },
      events: { orderBy: { seq: "asc" }, select: { id: true, type: true, createdAt: true } },
      files: { include: { file: true }, orderBy: { position: "asc" } },
      review: { select: { rating: true, comment: true, createdAt: true, userId: true } },
    },
  });
  if (!order) throw new AppError("NOT_FOUND", `No order ${orderId}.`);
  const rules = orderRulesOf(deps);
  const revisionsLeft = Math.max(0, rules.maxRevisions - order.revisionCount);
  const actions = ADMIN_ORDER_ACTIONS.filter(
    (action) => canTrigger(order.status, action, "admin") && (action !== "request_revision" || revisionsLeft > 0),
  );
  return {
    id: order.id,
    status: order.status,
    livemode: order.livemode,
    service: { code: order.serviceCode, name: order.service.name, slaLabel: order.service.slaLabel },
    ...intakeForPeople(order.service.intake as unknown as IntakeField[], order.intake as Record<string, string>),
    priceIdr: Number(order.priceIdr),
    apiKey: order.apiKey,
    // Only the profile's name and label: what the client may know of who does the work.
    practitioner: order.practitioner,
    deliverable: order.deliverable,
    messages: order.messages,
    files: portalOrderFiles(
      order.files,
      order.messages.map((m) => m.id),
      await readableFileIds(
        deps.db,
        { kind: "org_admin", organizationId },
        order.files.map((a) => a.fileId),
      ),
    ),
    // Written by the outbox from EVENT_TYPES only.
    events: order.events.map((e) => ({ ...e, type: e.type as EventType })),
    createdAt: order.createdAt,
    slaDueAt: order.slaDueAt,
    slaBreachedAt: order.slaBreachedAt,
    autoAcceptAt: order.autoAcceptAt,
    revisionCount: order.revisionCount,
    revisionsLeft,
    /** Paid from the deposit (a cancel now gives the price back). */
    paid: order.paidAt !== null,
    offering:
      order.status === "ditawarkan"
        ? {
            round: order.offerRound,
            stalledAt: order.offeringStalledAt,
            reason: order.offeringStalledReason,
            refundAt: order.offeringRefundAt,
          }
        : null,
    caseId: order.caseId,
    actions,
    /** The client side's review of the finished work, by the agent (API) or an admin (portal). */
    review: order.review && {
      rating: order.review.rating,
      comment: order.review.comment,
      createdAt: order.review.createdAt,
      by: order.review.userId ? ("admin" as const) : ("agent" as const),
    },
    /** Finished by a practitioner and not reviewed yet: the page offers the review form. */
    reviewable: order.status === "selesai" && order.practitionerId !== null && order.review === null,
  };
}
