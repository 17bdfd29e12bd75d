import type { Tx } from "@/server/db/client";
import { lockRow } from "@/server/db/row-lock";
import { type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import type { ServiceDeps } from "../deps";
import { changeContextOf, type StatusChangeContext } from "../order-engine";
import { offerNext } from "./offer-next";

/** The decline in the caller's transaction: the offer ends and the next practitioner is offered. Returns the order's id. */
export async function declineOfferIn(tx: Tx, change: StatusChangeContext, actor: PractitionerActor, offerId: string): Promise<string> {
  const offer = await tx.offer.findFirst({ where: { id: offerId, practitionerId: actor.practitionerId }, select: { orderId: true } });
  if (!offer) throw new AppError("NOT_FOUND", `No offer ${offerId} for you.`);
  await lockRow(tx, "Order", offer.orderId);
  const declined = await tx.offer.updateMany({
    where: { id: offerId, status: "aktif" },
    data: { status: "ditolak", respondedAt: change.now },
  });
  if (declined.count !== 1) throw new AppError("INVALID_STATE", "This offer is no longer open: it expired or was answered already.");
  await offerNext(tx, change, offer.orderId);
  return offer.orderId;
}

/** Practitioner declines: the next practitioner is offered at once. */
export async function declineOffer(deps: ServiceDeps, { actor, offerId }: { actor: PractitionerActor; offerId: string }): Promise<void> {
  requireActor(actor, "practitioner");
  const change = changeContextOf(deps);
  await deps.db.$transaction((tx) => declineOfferIn(tx, change, actor, offerId));
}
