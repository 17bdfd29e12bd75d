import { type Actor, requireActor } from "@/server/domain/access/actor";

import { AppError } from "@/server/domain/errors";
import { FINAL_STATUSES } from "@/server/domain/orders/order-state";
import { audit } from "../audit";
import { contentOf, type FileContent, type FileOwner, type Uploader } from "./files";
import { readableFile, readerOf } from "./readers";
import type { FileDeps } from "./receive";

const notFound = (id: string) => new AppError("NOT_FOUND", `Berkas ${id} tidak ditemukan atau bukan untuk Anda.`);

/** A file's bytes for a portal user who may read it (readers.ts; NOT_FOUND otherwise); each operator download is audited. */
export async function openFileForPortal(deps: FileDeps, { actor, fileId }: { actor: Actor; fileId: string }): Promise<FileContent> {
  requireActor(actor, "operator", "admin", "practitioner");
  const file = await readableFile(deps.db, readerOf(actor), fileId);
  if (!file) throw notFound(fileId);
  if (actor.kind === "operator")
    await audit(deps.db, {
      actor,
      action: "file.download",
      subjectType: "file",
      subjectId: file.id,
      data: { filename: file.filename, organizationId: file.organizationId },
    });
  return contentOf(deps, file);
}

/**
 * Whether the practitioner has an approved cost on the order, still without its receipt: theirs to
 * receipt whatever became of the order (finished, or passed to another practitioner).
 */
async function owesReceipt(deps: FileDeps, practitionerId: string, orderId: string): Promise<boolean> {
  return (await deps.db.orderCost.count({ where: { orderId, practitionerId, status: "disetujui" } })) > 0;
}

/**
 * Where a portal user's upload onto an order goes, checked before a byte is read: the practitioner
 * holding the order while it is active, or owing a receipt on it; an admin of its organisation
 * (live orders); or the operator. The file belongs to the order's organisation and mode, like the agent's own, and is
 * attached next, with a delivery or a message.
 */
export async function portalUploadTarget(
  deps: FileDeps,
  { actor, orderId }: { actor: Actor; orderId: string },
): Promise<{ owner: FileOwner; uploader: Uploader }> {
  requireActor(actor, "operator", "admin", "practitioner");
  const order = await deps.db.order.findUnique({
    where: { id: orderId },
    select: { organizationId: true, livemode: true, practitionerId: true, status: true },
  });
  const allowed =
    order &&
    ((!FINAL_STATUSES.includes(order.status) &&
      ((actor.kind === "practitioner" && order.practitionerId === actor.practitionerId) ||
        (actor.kind === "admin" && order.livemode && order.organizationId === actor.organizationId) ||
        actor.kind === "operator")) ||
      (actor.kind === "practitioner" && (await owesReceipt(deps, actor.practitionerId, orderId))));
  if (!order || !allowed)
    throw new AppError("NOT_FOUND", `Pesanan ${orderId} tidak ditemukan, sudah selesai, atau tidak sedang Anda tangani.`);
  const uploader: Uploader =
    actor.kind === "practitioner"
      ? { kind: "practitioner", practitionerId: actor.practitionerId }
      : { kind: actor.kind === "operator" ? "operator" : "admin", userId: actor.id };
  return { owner: { organizationId: order.organizationId, livemode: order.livemode }, uploader };
}

/**
 * Where a credential's scan goes: the practitioner's own document (or one the operator files for
 * them), no organisation's, read only by its uploader and the operator; attached to the
 * credential it is submitted with (services/practitioners add-credential.ts), or swept a day later.
 */
export function credentialUploadTarget(_deps: FileDeps, { actor }: { actor: Actor }): { owner: FileOwner; uploader: Uploader } {
  requireActor(actor, "operator", "practitioner");
  const uploader: Uploader =
    actor.kind === "practitioner" ? { kind: "practitioner", practitionerId: actor.practitionerId } : { kind: "operator", userId: actor.id };
  return { owner: { organizationId: null, livemode: true }, uploader };
}
