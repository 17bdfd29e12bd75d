import { type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import type { OrderTrigger } from "@/server/domain/orders/order-state";
import type { ServiceDeps } from "../deps";
import { type FileReader, filesToAttach, practitionerReader } from "../files";
import { offerNext } from "../offers";
import { assertRoomForMessage, changeContextOf, changeOrderStatus, type StatusChangeExtra } from "../order-engine";

/**
 * The practitioner's side of an order after taking it. Only the practitioner the order is
 * assigned to may act on it; another practitioner's order is 404.
 */

export async function actOnMyOrder(
  deps: ServiceDeps,
  {
    actor,
    orderId,
    trigger,
    extra = {},
    fileIds = [],
    reader = practitionerReader(actor.practitionerId),
  }: {
    actor: PractitionerActor;
    orderId: string;
    trigger: OrderTrigger;
    extra?: StatusChangeExtra;
    /** Files that go with the step's message or delivery: each one `reader` may read (the practitioner's own, or on an order they hold). */
    fileIds?: readonly string[];
    reader?: FileReader;
  },
) {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const change = changeContextOf(deps);
  return deps.db.$transaction(async (tx) => {
    const order = await tx.order.findFirst({ where: { id: orderId, practitionerId } });
    if (!order) throw new AppError("NOT_FOUND", `No order ${orderId} assigned to you.`);
    if (extra.message) await assertRoomForMessage(tx, orderId);
    if (fileIds.length > 0) {
      const files = await filesToAttach(tx, reader, order, fileIds, "files");
      if (extra.message) extra = { ...extra, message: { ...extra.message, files } };
      else extra = { ...extra, deliverableFiles: files };
    }
    if (trigger === "release" && !mayRelease(order)) {
      throw new AppError(
        "INVALID_STATE",
        "Case-board work was given to you by the client's selection and cannot be offered to others; ask the operator if you cannot do it.",
      );
    }
    const changed = await changeOrderStatus(tx, change, order, trigger, actor, extra);
    if (trigger === "release") await offerNext(tx, change, orderId);
    return changed;
  });
}

/** Case-board work was given to this practitioner by the client's selection: it is not offered to others. */
export const mayRelease = (order: { caseId: string | null }) => order.caseId === null;
