import type { StoredFile } from "@/generated/prisma/client";
import type { DataOwner } from "@/server/domain/data-owner";
import { AppError } from "@/server/domain/errors";
import { FINAL_STATUSES } from "@/server/domain/order-state";
import type { PortalUser } from "@/server/domain/portal-user";
import { audit } from "../audit";
import { contentOf, type FileContent, type Uploader } from "./files";
import type { FileDeps } from "./receive";

const notFound = (id: string) => new AppError("NOT_FOUND", `Berkas ${id} tidak ditemukan atau bukan untuk Anda.`);

/** An admin opens their own organisation's files in live mode only; the page lists the rest without a link. */
export const adminMayOpen = (file: Pick<StoredFile, "livemode" | "organizationId">, organizationId: string | null) =>
  file.livemode && file.organizationId === organizationId;

/**
 * Whether a portal user may open a file: the practitioner who holds (or held) an order it is on,
 * or who uploaded it; an admin of its organisation (live data, as the portals show); the operator.
 * An order merely offered shows its files' names, never their content: a document cannot be masked.
 */
async function mayOpen(deps: FileDeps, viewer: PortalUser, file: StoredFile): Promise<boolean> {
  switch (viewer.role) {
    case "operator":
      return true;
    case "org_admin":
      return adminMayOpen(file, viewer.organizationId);
    case "practitioner": {
      if (!viewer.practitionerId) return false;
      if (file.practitionerId === viewer.practitionerId) return true;
      const taken = await deps.db.fileAttachment.count({ where: { fileId: file.id, order: { practitionerId: viewer.practitionerId } } });
      return taken > 0;
    }
  }
}

/** A file's bytes for a portal user allowed to open it (NOT_FOUND otherwise); each operator download is audited. */
export async function openFileForPortal(deps: FileDeps, viewer: PortalUser, fileId: string): Promise<FileContent> {
  const file = await deps.db.storedFile.findUnique({ where: { id: fileId } });
  if (!file || !(await mayOpen(deps, viewer, file))) throw notFound(fileId);
  if (viewer.role === "operator")
    await audit(deps.db, {
      actorType: "operator",
      actorId: viewer.id,
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
  viewer: PortalUser,
  orderId: string,
): Promise<{ owner: DataOwner; uploader: Uploader }> {
  const order = await deps.db.order.findUnique({
    where: { id: orderId },
    select: { organizationId: true, livemode: true, practitionerId: true, status: true },
  });
  const allowed =
    order &&
    ((!FINAL_STATUSES.includes(order.status) &&
      ((viewer.role === "practitioner" && viewer.practitionerId !== null && order.practitionerId === viewer.practitionerId) ||
        (viewer.role === "org_admin" && order.livemode && order.organizationId === viewer.organizationId) ||
        viewer.role === "operator")) ||
      (viewer.role === "practitioner" && viewer.practitionerId !== null && (await owesReceipt(deps, viewer.practitionerId, orderId))));
  if (!order || !allowed)
    throw new AppError("NOT_FOUND", `Pesanan ${orderId} tidak ditemukan, sudah selesai, atau tidak sedang Anda tangani.`);
  const uploader: Uploader =
    viewer.role === "practitioner"
      ? { kind: "practitioner", practitionerId: viewer.practitionerId! }
      : { kind: viewer.role === "operator" ? "operator" : "admin", userId: viewer.id };
  return { owner: { organizationId: order.organizationId, livemode: order.livemode }, uploader };
}
