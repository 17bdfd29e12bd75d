import { Prisma } from "@/generated/prisma/client";
import { requireActor, SWEEPER, type SystemActor } from "@/server/domain/access/actor";
import type { DueRow } from "@/server/domain/due-row";
import type { ServiceDeps } from "../deps";
import { changeContextOf } from "../order-engine";
import { lockOrdersWhere, offerNextLocked } from "./offer-next";

/** Orders waiting for a first or next offer: paid, or on offer with no live offer and not stalled; due at once. */
export async function ordersNeedingOffer(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    limit,
  }: {
    actor: SystemActor;
    limit: number;
  },
): Promise<DueRow[]> {
  requireActor(actor, "system");
  const { db } = deps;
  const rows = await db.order.findMany({
    where: {
      caseId: null,
      OR: [{ status: "dibayar" }, { status: "ditawarkan", offeringStalledAt: null, offers: { none: { status: "aktif" } } }],
    },
    orderBy: { updatedAt: "asc" },
    take: limit,
    select: { id: true, updatedAt: true },
  });
  return rows.map((r) => ({ id: r.id, dueAt: r.updatedAt }));
}

/** Timer handler: an order that should be on offer but has no live offer gets one. */
export async function ensureOffering(
  deps: ServiceDeps,
  {
    actor,
    orderId,
  }: {
    actor: SystemActor;
    orderId: string;
  },
): Promise<void> {
  requireActor(actor, "system");
  await ensureOfferings(deps, {
    actor: SWEEPER,
    orderIds: [orderId],
  });
}

/** `ensureOffering` for many orders in one transaction, in the order given. */
export async function ensureOfferings(
  deps: ServiceDeps,
  {
    actor,
    orderIds,
  }: {
    actor: SystemActor;
    orderIds: readonly string[];
  },
): Promise<void> {
  requireActor(actor, "system");
  const change = changeContextOf(deps);
  const ids = [...orderIds];
  await deps.db.$transaction(async (tx) => {
    const orders = await lockOrdersWhere(tx, Prisma.sql`o."id" = ANY(${ids})`);
    const place = new Map(ids.map((id, i) => [id, i]));
    await offerNextLocked(
      tx,
      change,
      orders.sort((a, b) => place.get(a.id)! - place.get(b.id)!),
    );
  });
}
