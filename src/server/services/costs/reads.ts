import type { Prisma } from "@/generated/prisma/client";
import {
  type AdminActor,
  type OperatorActor,
  type OrganizationActor,
  ownerOf,
  type PractitionerActor,
  requireActor,
} from "@/server/domain/access/actor";
import { type ThirdPartyFee, thirdPartyFeeListSchema } from "@/server/domain/catalog/third-party-fees";
import { AppError } from "@/server/domain/errors";
import { ORDER_STATUSES_FOR_COST_REQUEST, UNDECIDED_COST_STATUSES } from "@/server/domain/orders/cost-state";
import { receiptsDueBefore } from "@/server/domain/orders/order-rules";
import { orderRulesOf, type ServiceDeps } from "../deps";
import { COST_INCLUDE, type CostWithReceipt, ORDER_COSTS, ownOrder } from "../order-engine";

/**
 * What is read of third-party costs (docs/costs.md): one cost for the agent, the practitioner's
 * order card and their own costs, the admin's costs waiting for a decision, the operator's late
 * receipts. The changes are the verbs beside this file.
 */

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

/** Longest list a portal page shows at once: an organisation or a practitioner with more open costs has a backlog to clear first. */
const COST_LIST_LIMIT = 200;

/** The practitioner's order page's cost card: the fees they may ask for, and the costs on the order they see. */
export interface PractitionerOrderCosts {
  /** The service's listed official fees, to ask for one (empty when it lists none). */
  fees: ThirdPartyFee[];
  /** The order is theirs and being worked on: a new cost may be asked for now. */
  canRequest: boolean;
  /** Theirs, and, while they hold the order, those of whoever held it before (so a fee is not asked twice). */
  costs: Array<CostWithReceipt & { mine: boolean }>;
}

/**
 * The cost card of an order `practitionerId` holds, or once held and asked a cost on (theirs to
 * receipt after it changed hands); NOT_FOUND otherwise, as the order page is.
 */
export async function practitionerOrderCosts(
  deps: Pick<ServiceDeps, "db">,
  { actor, orderId }: { actor: PractitionerActor; orderId: string },
): Promise<PractitionerOrderCosts> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const order = await deps.db.order.findFirst({
    where: { id: orderId, OR: [{ practitionerId }, { costs: { some: { practitionerId } } }] },
    select: { practitionerId: true, status: true, service: { select: { thirdPartyFees: true } } },
  });
  if (!order) throw new AppError("NOT_FOUND", `Pesanan ${orderId} tidak ditemukan atau tidak Anda tangani.`);
  const holding = order.practitionerId === practitionerId;
  const costs = await deps.db.orderCost.findMany({ where: { orderId, ...(holding ? {} : { practitionerId }) }, ...ORDER_COSTS });
  return {
    fees: thirdPartyFeeListSchema.parse(order.service.thirdPartyFees),
    canRequest: holding && ORDER_STATUSES_FOR_COST_REQUEST.includes(order.status),
    costs: costs.map((cost) => ({ ...cost, mine: cost.practitionerId === practitionerId })),
  };
}

const ORDER_OF_COST = {
  id: true,
  status: true,
  livemode: true,
  service: { select: { name: true } },
  organization: { select: { id: true, name: true } },
  practitioner: { select: { id: true, name: true } },
} as const satisfies Prisma.OrderSelect;

/** The practitioner's own costs, the ones still to act on (a receipt to upload) first, then the newest. */
export async function listPractitionerCosts(deps: Pick<ServiceDeps, "db">, { actor }: { actor: PractitionerActor }) {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const rows = await deps.db.orderCost.findMany({
    where: { practitionerId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: COST_LIST_LIMIT,
    include: { ...COST_INCLUDE, order: { select: { id: true, status: true, service: { select: { name: true } } } } },
  });
  const toReceipt = rows.filter((cost) => cost.status === "disetujui");
  return [...toReceipt, ...rows.filter((cost) => cost.status !== "disetujui")];
}

/** Costs of the organisation's orders still waiting for the client side's decision, per mode (the nav's badge counts the live ones). */
export async function undecidedCostCounts(deps: Pick<ServiceDeps, "db">, { actor }: { actor: AdminActor }) {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const count = (livemode: boolean) =>
    deps.db.orderCost.count({ where: { status: { in: [...UNDECIDED_COST_STATUSES] }, order: { organizationId, livemode } } });
  const [live, test] = await Promise.all([count(true), count(false)]);
  return { live, test };
}

/** The undecided costs of the organisation's orders in one mode, oldest first: the order in which they were asked. */
export async function listUndecidedCosts(deps: Pick<ServiceDeps, "db">, { actor }: { actor: OrganizationActor }) {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  return deps.db.orderCost.findMany({
    where: {
      status: { in: [...UNDECIDED_COST_STATUSES] },
      order: { organizationId: owner.organizationId, livemode: owner.livemode },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: COST_LIST_LIMIT,
    include: { ...COST_INCLUDE, order: { select: ORDER_OF_COST } },
  });
}

/** The costs of one order of the organisation (either mode), oldest first; another organisation's order is NOT_FOUND. */
export async function organizationOrderCosts(
  deps: Pick<ServiceDeps, "db">,
  { actor, orderId }: { actor: AdminActor; orderId: string },
): Promise<CostWithReceipt[]> {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const order = await deps.db.order.findFirst({ where: { id: orderId, organizationId }, select: { id: true } });
  if (!order) throw new AppError("NOT_FOUND", `No order ${orderId}.`);
  return deps.db.orderCost.findMany({ where: { orderId }, ...ORDER_COSTS });
}

/** The costs of any order, for the operator. */
export async function operatorOrderCosts(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    orderId,
  }: {
    actor: OperatorActor;
    orderId: string;
  },
): Promise<CostWithReceipt[]> {
  requireActor(actor, "operator");
  const order = await deps.db.order.findUnique({ where: { id: orderId }, select: { id: true } });
  if (!order) throw new AppError("NOT_FOUND", `No order ${orderId}.`);
  return deps.db.orderCost.findMany({ where: { orderId }, ...ORDER_COSTS });
}

/**
 * The operator's queue: live costs approved before COST_RECEIPT_DAYS ago and still without their
 * receipt, the longest waiting first. The money sits in the order's escrow; the operator chases
 * the practitioner or cancels the cost and refunds the deposit.
 */
export async function listLateReceipts(
  deps: Pick<ServiceDeps, "db" | "clock" | "orderRules">,
  {
    actor,
  }: {
    actor: OperatorActor;
  },
) {
  requireActor(actor, "operator");
  const dueBefore = receiptsDueBefore(deps.clock.now(), orderRulesOf(deps));
  return deps.db.orderCost.findMany({
    where: { status: "disetujui", approvedAt: { lt: dueBefore }, order: { livemode: true } },
    orderBy: [{ approvedAt: "asc" }, { id: "asc" }],
    take: COST_LIST_LIMIT,
    include: { ...COST_INCLUDE, practitioner: { select: { id: true, name: true } }, order: { select: ORDER_OF_COST } },
  });
}
