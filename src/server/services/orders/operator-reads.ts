import type { Prisma } from "@/generated/prisma/client";
import type { OrderStatus } from "@/generated/prisma/enums";
import { type OperatorActor, requireActor } from "@/server/domain/access/actor";
import { jakartaDayStart } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { ACTIVE_STATUSES, ORDER_TRANSITIONS, type OrderActor, statusesAllowing } from "@/server/domain/orders/order-state";
import { cursorRow, keyset, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import { namesOf } from "../audit";
import type { ServiceDeps } from "../deps";
import { portalOrderFiles, readableFileIds } from "../files";
import { SLA_RUNNING } from "./breach-sla";
import { OPERATOR_ORDER_ACTIONS, type OperatorOrderAction } from "./operator-action";

/**
 * The operator's view of orders across every organisation: the overview's counts, the order
 * search and one order in full (who, what, money, history and what the operator may do next).
 */

/** The overview: live orders and money only; test orders are the sandbox's. */
export async function operatorOverview(
  deps: ServiceDeps,
  {
    actor,
  }: {
    actor: OperatorActor;
  },
) {
  requireActor(actor, "operator");
  const { db, clock } = deps;
  const live = { livemode: true } as const;
  const [createdToday, byStatus, stalled, slaBreaches, waitingOrganizations, escrow] = await Promise.all([
    db.order.count({ where: { ...live, createdAt: { gte: jakartaDayStart(clock.now()) } } }),
    db.order.groupBy({ by: ["status"], where: { ...live, status: { in: [...ACTIVE_STATUSES] } }, _count: { _all: true } }),
    db.order.count({ where: { ...live, status: "ditawarkan", offeringStalledAt: { not: null } } }),
    db.order.count({ where: { ...live, status: { in: SLA_RUNNING }, slaBreachedAt: { not: null } } }),
    db.organization.count({ where: { status: "menunggu_persetujuan" } }),
    db.ledgerAccount.aggregate({ where: { livemode: true, kind: { in: ["order_escrow", "invoice_escrow"] } }, _sum: { balanceIdr: true } }),
  ]);
  const counts = new Map(byStatus.map((row) => [row.status, row._count._all]));
  return {
    createdToday,
    byStatus: ACTIVE_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    disputed: counts.get("sengketa") ?? 0,
    stalled,
    slaBreaches,
    waitingOrganizations,
    escrowIdr: escrow._sum.balanceIdr ?? 0n,
  };
}

export interface OrderSearch {
  /** An order id, an organisation's name or id, a service's code or name. */
  q?: string;
  status?: OrderStatus;
  livemode?: boolean;
  organizationId?: string;
  /** Only orders created since the start of today in Jakarta (the overview's "today"). */
  createdToday?: boolean;
}

const ORDER_ROW = {
  id: true,
  status: true,
  livemode: true,
  priceIdr: true,
  createdAt: true,
  slaBreachedAt: true,
  offeringStalledAt: true,
  service: { select: { code: true, name: true } },
  organization: { select: { id: true, name: true } },
  practitioner: { select: { id: true, name: true } },
} as const satisfies Prisma.OrderSelect;

function searchWhere(search: OrderSearch, now: Date): Prisma.OrderWhereInput {
  const where: Prisma.OrderWhereInput = {};
  if (search.createdToday) where.createdAt = { gte: jakartaDayStart(now) };
  if (search.status) where.status = search.status;
  if (search.livemode !== undefined) where.livemode = search.livemode;
  if (search.organizationId) where.organizationId = search.organizationId;
  const q = search.q?.trim();
  if (q) {
    const contains = { contains: q, mode: "insensitive" as const };
    where.OR = [
      { id: q },
      { id: contains },
      { organizationId: q },
      { organization: { name: contains } },
      { serviceCode: contains },
      { service: { name: contains } },
    ];
  }
  return where;
}

/** Orders of every organisation, newest first, keyset-paged; the cursor must be a row of the same search. */
export async function searchOrders(
  deps: ServiceDeps,
  {
    actor,
    search,
    page,
  }: {
    actor: OperatorActor;
    search: OrderSearch;
    page: PageRequest;
  },
) {
  requireActor(actor, "operator");
  const { db, clock } = deps;
  const where = searchWhere(search, clock.now());
  const at = await cursorRow(page, "orders", (id) =>
    db.order.findFirst({ where: { AND: [where, { id }] }, select: { id: true, createdAt: true } }),
  );
  const { after, orderBy } = keyset(page, "createdAt", at);
  const rows = await db.order.findMany({ where: { AND: [where, ...after] }, orderBy, take: rowsToRead(page), select: ORDER_ROW });
  return pageFrom(rows, page);
}

/** What the operator may do with an order now: the state machine's operator transitions from its status. */
function allowedOperatorActions(order: { status: OrderStatus; practitionerId: string | null; offeringStalledAt: Date | null }) {
  const actions: Array<OperatorOrderAction | "restart_offering"> = OPERATOR_ORDER_ACTIONS.filter(
    (action) =>
      statusesAllowing(action, "operator").includes(order.status) &&
      ((action !== "settle_for_practitioner" && action !== "settle_split") || order.practitionerId !== null),
  );
  if (order.status === "ditawarkan" && order.offeringStalledAt) actions.push("restart_offering");
  return actions;
}

/** Who can move an order into `status` without an audit row (the audited operator and admins are matched by row). */
function unauditedActors(status: OrderStatus): OrderActor[] {
  const actors = ORDER_TRANSITIONS.filter((t) => t.to === status).flatMap((t) => t.actors.filter((a) => a !== "operator" && a !== "admin"));
  return [...new Set(actors)];
}

/** One order in full for the operator; 404 for an unknown id. */
export async function operatorOrderDetail(
  deps: ServiceDeps,
  {
    actor,
    orderId,
  }: {
    actor: OperatorActor;
    orderId: string;
  },
) {
  requireActor(actor, "operator");
  const { db } = deps;
  const order = await db.order.findUnique({
    where: { id: orderId },
    include: {
      organization: { select: { id: true, name: true } },
      apiKey: { select: { id: true, keyId: true, name: true, mode: true } },
      service: { select: { code: true, name: true } },
      practitioner: { select: { id: true, name: true, label: true } },
      messages: { orderBy: { seq: "asc" }, select: { id: true, role: true, body: true, trigger: true, createdAt: true } },
      events: { orderBy: { seq: "asc" }, select: { id: true, type: true, createdAt: true } },
      files: { include: { file: true }, orderBy: { position: "asc" } },
      // Each offer with why its practitioner came first (Offer.reason): the operator's "why in this order".
      offers: {
        orderBy: [{ offeredAt: "asc" }, { id: "asc" }],
        select: {
          id: true,
          round: true,
          status: true,
          offeredAt: true,
          expiresAt: true,
          respondedAt: true,
          reason: true,
          practitioner: { select: { id: true, name: true } },
        },
      },
    },
  });
  if (!order) throw new AppError("NOT_FOUND", `No order ${orderId}.`);
  const [transfers, auditRows, escrow] = await Promise.all([
    db.ledgerTransfer.findMany({
      where: { OR: [{ reference: order.id }, { entries: { some: { account: { orderId: order.id } } } }] },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      include: {
        entries: { orderBy: { amountIdr: "asc" }, select: { id: true, amountIdr: true, account: { select: { code: true, kind: true } } } },
      },
    }),
    db.auditLog.findMany({ where: { subjectType: "order", subjectId: order.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.ledgerAccount.findFirst({ where: { kind: "order_escrow", orderId: order.id }, select: { balanceIdr: true } }),
  ]);
  const actorNames = await namesOf(deps, auditRows);
  const audited = auditRows.map((row) => ({ ...row, actorName: row.actorId ? (actorNames.get(row.actorId) ?? null) : null }));

  // An event says what the order became; the audit row of the same move (same from and to, taken
  // in order) says who made it. Moves nobody audits (an agent's, a practitioner's) name the kinds
  // of actor the state machine allows for them.
  const claimed = new Set<string>();
  // `menunggu_bayar` has no event: an order held for approval starts its first move there.
  let from: string = order.approvalRequired ? "menunggu_bayar" : "dibuat";
  const timeline = order.events
    .filter((event) => event.type.startsWith("order."))
    .map((event) => {
      const status = event.type.slice("order.".length) as OrderStatus;
      const match = audited.find((row) => {
        const move = row.data as { from?: string; to?: string } | null;
        return !claimed.has(row.id) && move?.from === from && move?.to === status;
      });
      if (match) claimed.add(match.id);
      from = status;
      return {
        id: event.id,
        at: event.createdAt,
        status,
        actor: match
          ? { type: match.actorType, id: match.actorId, name: match.actorName }
          : { type: unauditedActors(status).join("/") || "system", id: null, name: null },
      };
    });

  return {
    order,
    escrowIdr: escrow?.balanceIdr ?? 0n,
    platformFeeIdr: order.priceIdr - order.clientPriceIdr,
    timeline,
    transfers,
    audit: audited,
    files: portalOrderFiles(
      order.files,
      order.messages.map((m) => m.id),
      await readableFileIds(
        deps.db,
        { kind: "operator" },
        order.files.map((a) => a.fileId),
      ),
    ),
    allowedActions: allowedOperatorActions(order),
  };
}

/**
 * The operator's queues: live orders that need a person. Disputes wait for a decision; stalled
 * offering waits for a new round (or is refunded on its own at `refundAt`); SLA breaches are
 * orders still running past their due time. Test orders never appear: they are the sandbox's.
 */

const ORDER_FACTS = {
  id: true,
  status: true,
  priceIdr: true,
  serviceCode: true,
  service: { select: { name: true } },
  organization: { select: { id: true, name: true } },
  practitioner: { select: { id: true, name: true } },
} as const;

type OrderFacts = {
  id: string;
  status: OrderStatus;
  priceIdr: bigint;
  serviceCode: string;
  service: { name: string };
  organization: { id: string; name: string };
  practitioner: { id: string; name: string } | null;
};

function facts(order: OrderFacts) {
  return {
    id: order.id,
    status: order.status,
    priceIdr: Number(order.priceIdr),
    service: { code: order.serviceCode, name: order.service.name },
    organization: order.organization,
    practitioner: order.practitioner,
  };
}

const QUEUE_LIMIT = 200;

/** Live disputed orders, the longest untouched first, each with the last client or operator message as its reason. */
export async function listDisputes(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
  }: {
    actor: OperatorActor;
  },
) {
  requireActor(actor, "operator");
  const { db } = deps;
  const rows = await db.order.findMany({
    where: { status: "sengketa", livemode: true },
    orderBy: { updatedAt: "asc" },
    take: QUEUE_LIMIT,
    select: {
      ...ORDER_FACTS,
      events: { where: { type: "order.sengketa" }, orderBy: { seq: "desc" }, take: 1, select: { createdAt: true } },
      // The reason is the message that opened the dispute, whoever wrote it (agent, admin or operator).
      messages: { where: { trigger: "dispute" }, orderBy: { seq: "desc" }, take: 1, select: { role: true, body: true } },
    },
  });
  return rows.map((row) => ({ ...facts(row), openedAt: row.events[0]?.createdAt ?? null, reason: row.messages[0]?.body ?? null }));
}

/** Orders whose offering ran out of eligible practitioners, with when they refund on their own. */
export async function listStalledOrders(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
  }: {
    actor: OperatorActor;
  },
) {
  requireActor(actor, "operator");
  const { db } = deps;
  const rows = await db.order.findMany({
    where: { status: "ditawarkan", offeringStalledAt: { not: null }, livemode: true },
    orderBy: { offeringStalledAt: "asc" },
    take: QUEUE_LIMIT,
    select: { ...ORDER_FACTS, offeringStalledAt: true, offeringStalledReason: true, offeringRefundAt: true, offerRound: true },
  });
  return rows.map((row) => ({
    ...facts(row),
    stalledAt: row.offeringStalledAt!,
    reason: row.offeringStalledReason,
    refundAt: row.offeringRefundAt,
    round: row.offerRound,
  }));
}

/** Running orders past their SLA. */
export async function listSlaBreaches(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
  }: {
    actor: OperatorActor;
  },
) {
  requireActor(actor, "operator");
  const { db } = deps;
  const rows = await db.order.findMany({
    where: { status: { in: SLA_RUNNING }, slaBreachedAt: { not: null }, livemode: true },
    orderBy: { slaDueAt: "asc" },
    take: QUEUE_LIMIT,
    select: { ...ORDER_FACTS, slaDueAt: true, slaBreachedAt: true },
  });
  return rows.map((row) => ({ ...facts(row), slaDueAt: row.slaDueAt, slaBreachedAt: row.slaBreachedAt! }));
}
