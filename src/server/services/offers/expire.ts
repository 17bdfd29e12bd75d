import { Prisma } from "@/generated/prisma/client";
import { findDueRows } from "@/server/db/due-rows";
import { requireActor, SWEEPER, type SystemActor } from "@/server/domain/access/actor";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import type { ServiceDeps } from "../deps";
import { changeContextOf } from "../order-engine";
import { lockOrdersWhere, offerNextLocked } from "./offer-next";

/** The sweeper's query: live offers whose 30 minutes are over. */
export async function offersDueToExpire(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  return findDueRows((query) => deps.db.offer.findMany(query), "expiresAt", { status: "aktif" }, cutoff, limit);
}

/** Timer handler: a live offer past its time expires and the next practitioner is offered. */
export async function expireOffer(
  deps: ServiceDeps,
  {
    actor,
    offerId,
  }: {
    actor: SystemActor;
    offerId: string;
  },
): Promise<void> {
  requireActor(actor, "system");
  await expireOffers(deps, {
    actor: SWEEPER,
    offerIds: [offerId],
  });
}

/**
 * Timer handler for many offers in one transaction: each one still live and past its time
 * expires, and its order is offered to the next practitioner (or stalls). An offer answered
 * meanwhile (accepted, declined, withdrawn) is left as it is.
 */
export async function expireOffers(
  deps: ServiceDeps,
  {
    actor,
    offerIds,
  }: {
    actor: SystemActor;
    offerIds: readonly string[];
  },
): Promise<void> {
  requireActor(actor, "system");
  const change = changeContextOf(deps);
  const ids = [...offerIds];
  await deps.db.$transaction(async (tx) => {
    // Orders first, as every path locks them, so an accept racing the expiry gets one winner.
    const orders = await lockOrdersWhere(tx, Prisma.sql`o."id" IN (SELECT "orderId" FROM "Offer" WHERE "id" = ANY(${ids}))`);
    const expired = await tx.offer.updateManyAndReturn({
      where: { id: { in: ids }, status: "aktif", expiresAt: { lte: change.now } },
      data: { status: "kedaluwarsa", respondedAt: change.now },
      select: { id: true, orderId: true },
    });
    // Offered on in the order the offers fell due, as one at a time would.
    const dueAt = new Map(expired.map((o) => [o.orderId, ids.indexOf(o.id)]));
    const due = orders.filter((o) => dueAt.has(o.id)).sort((a, b) => dueAt.get(a.id)! - dueAt.get(b.id)!);
    await offerNextLocked(tx, change, due);
  });
}
