import { lockRow } from "@/server/db/row-lock";
import { type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import type { ServiceDeps } from "../deps";
import { changeContextOf, changeOrderStatus } from "../order-engine";

/**
 * Practitioner accepts their live offer, confirming they have no conflict of interest with the
 * order's parties (docs/decisions/conflicts.md): exactly one of racing accepts and the expiry wins.
 */
export async function acceptOffer(
  deps: ServiceDeps,
  { actor, offerId, noConflict }: { actor: PractitionerActor; offerId: string; noConflict: boolean },
) {
  requireActor(actor, "practitioner");
  if (!noConflict)
    throw new AppError(
      "VALIDATION",
      "Nyatakan dahulu bahwa Anda tidak memiliki benturan kepentingan dengan pihak-pihak pesanan ini. Bila ada, tolak tawaran karena benturan kepentingan.",
      "noConflict",
    );
  const { practitionerId } = actor;
  const change = changeContextOf(deps);
  const { now } = change;
  return deps.db.$transaction(async (tx) => {
    const offer = await tx.offer.findFirst({ where: { id: offerId, practitionerId }, select: { orderId: true } });
    if (!offer) throw new AppError("NOT_FOUND", `No offer ${offerId} for you.`);
    await lockRow(tx, "Order", offer.orderId);
    const taken = await tx.offer.updateMany({
      where: { id: offerId, status: "aktif", expiresAt: { gt: now } },
      data: { status: "diterima", respondedAt: now },
    });
    if (taken.count !== 1) throw new AppError("INVALID_STATE", "This offer is no longer open: it expired or was answered already.");
    const order = await tx.order.findUniqueOrThrow({ where: { id: offer.orderId } });
    return changeOrderStatus(tx, change, order, "take", actor, { practitionerId, conflictConfirmedAt: now });
  });
}
