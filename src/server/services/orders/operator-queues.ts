import type { OrderStatus } from "@/generated/prisma/enums";
import { type OperatorActor, requireActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";
import { SLA_RUNNING } from "./order-timers";

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
      messages: { where: { role: { in: ["client", "operator"] } }, orderBy: { seq: "desc" }, take: 1, select: { role: true, body: true } },
    },
  });
  return rows.map((row) => ({ ...facts(row), openedAt: row.events[0]?.createdAt ?? null, reason: row.messages[0]?.body ?? null }));
}

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
