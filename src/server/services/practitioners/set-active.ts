import { lockRow } from "@/server/db/row-lock";
import type { Actor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { offerNext } from "../offers";
import { changeContextOf } from "../order-engine";

/**
 * Activates or deactivates a practitioner. A deactivated practitioner can no longer sign in, so
 * their live offers are withdrawn and each order goes straight to the next eligible practitioner
 * instead of waiting out the 30 minutes. Orders they already took stay with them.
 */
export async function setPractitionerActive(
  deps: ServiceDeps,
  { actor, practitionerId, active }: { actor: Actor; practitionerId: string; active: boolean },
): Promise<{ offersWithdrawn: number }> {
  const change = changeContextOf(deps);
  const { now } = change;
  return deps.db.$transaction(async (tx) => {
    const updated = await tx.practitioner.updateMany({ where: { id: practitionerId, simulated: false }, data: { active } });
    if (updated.count !== 1) throw new AppError("NOT_FOUND", `Praktisi ${practitionerId} tidak ditemukan.`);
    let offersWithdrawn = 0;
    if (!active) {
      const live = await tx.offer.findMany({ where: { practitionerId, status: "aktif" }, select: { id: true, orderId: true } });
      for (const offer of live) {
        // Order row first, as every offer path locks it, so an accept racing this gets one winner.
        await lockRow(tx, "Order", offer.orderId);
        const withdrawn = await tx.offer.updateMany({
          where: { id: offer.id, status: "aktif" },
          data: { status: "dibatalkan", respondedAt: now },
        });
        if (withdrawn.count === 1) {
          offersWithdrawn++;
          await offerNext(tx, change, offer.orderId);
        }
      }
    }
    await audit(tx, {
      actor,
      action: active ? "practitioner.activate" : "practitioner.deactivate",
      subjectType: "practitioner",
      subjectId: practitionerId,
      data: { offers_withdrawn: offersWithdrawn },
    });
    return { offersWithdrawn };
  });
}
