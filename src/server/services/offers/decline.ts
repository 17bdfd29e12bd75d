import { lockRow } from "@/server/db/row-lock";
import { type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import type { ServiceDeps } from "../deps";
import { changeContextOf } from "../order-engine";
import { offerNext } from "./offer-next";

/** Practitioner declines: the next practitioner is offered at once. */
export async function declineOffer(deps: ServiceDeps, { actor, offerId }: { actor: PractitionerActor; offerId: string }): Promise<void> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const change = changeContextOf(deps);
  const { now } = change;
  await deps.db.$transaction(async (tx) => {
    const offer = await tx.offer.findFirst({ where: { id: offerId, practitionerId }, select: { orderId: true } });
    if (!offer) throw new AppError("NOT_FOUND", `No offer ${offerId} for you.`);
    await lockRow(tx, "Order", offer.orderId);
    const declined = await tx.offer.updateMany({ where: { id: offerId, status: "aktif" }, data: { status: "ditolak", respondedAt: now } });
    if (declined.count !== 1) throw new AppError("INVALID_STATE", "This offer is no longer open: it expired or was answered already.");
    await offerNext(tx, change, offer.orderId);
  });
}
