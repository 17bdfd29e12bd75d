import { requireActor, SWEEPER, type SystemActor } from "@/server/domain/access/actor";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import type { FileSettings } from "@/server/domain/files/file-storage";
import type { ServiceDeps } from "../deps";
import { fileDepsOf } from "./receive";

/** An upload record older than this is a crash's (or a refusal's) leftover: no upload takes an hour. */
export const UPLOAD_GRACE_MS = 60 * 60 * 1000;
/** A file attached to nothing this long after its upload was never going to be: it is deleted. */
export const UNATTACHED_FILE_MS = 24 * 60 * 60 * 1000;

const at = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** Upload records whose bytes never became a file, oldest first (their id: the storage key). */
export async function leftoverUploads(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  const rows = await deps.db.fileUpload.findMany({
    where: { createdAt: { lte: at(cutoff, -UPLOAD_GRACE_MS) } },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  return rows.map((row) => ({ id: row.storageKey, dueAt: at(row.createdAt, UPLOAD_GRACE_MS) }));
}

/** The bytes of a leftover upload deleted, then its record (a failure leaves the record for the next sweep). */
export async function deleteLeftoverUpload(
  deps: ServiceDeps & { files?: FileSettings },
  {
    actor,
    storageKey,
  }: {
    actor: SystemActor;
    storageKey: string;
  },
): Promise<void> {
  requireActor(actor, "system");
  const leftover = await deps.db.fileUpload.findUnique({ where: { storageKey } });
  if (!leftover || leftover.createdAt > at(deps.clock.now(), -UPLOAD_GRACE_MS)) return;
  await fileDepsOf(deps).files.storage.delete(storageKey);
  await deps.db.fileUpload.deleteMany({ where: { storageKey } });
}

/** Files on no order and no credential a day after their upload, oldest first. */
export async function unattachedFiles(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  const rows = await deps.db.storedFile.findMany({
    where: { createdAt: { lte: at(cutoff, -UNATTACHED_FILE_MS) }, attachments: { none: {} }, credential: null },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true, createdAt: true },
  });
  return rows.map((row) => ({ id: row.id, dueAt: at(row.createdAt, UNATTACHED_FILE_MS) }));
}

/**
 * An unattached file's row becomes an upload record in one transaction (its links go with it), so
 * its bytes are deleted like any leftover: a crash in between leaves the record, never a row
 * without bytes. A file attached meanwhile is kept: the delete is conditional on no attachment.
 */
export async function deleteUnattachedFile(
  deps: ServiceDeps & { files?: FileSettings },
  {
    actor,
    fileId,
  }: {
    actor: SystemActor;
    fileId: string;
  },
): Promise<void> {
  requireActor(actor, "system");
  const cutoff = at(deps.clock.now(), -UNATTACHED_FILE_MS);
  const storageKey = await deps.db.$transaction(async (tx) => {
    const file = await tx.storedFile.findFirst({
      where: { id: fileId, createdAt: { lte: cutoff }, attachments: { none: {} }, credential: null },
      select: { storageKey: true },
    });
    if (!file) return null;
    const { count } = await tx.storedFile.deleteMany({ where: { id: fileId, attachments: { none: {} }, credential: null } });
    if (count === 0) return null;
    // Dated an hour back, so the leftover sweep takes it at once.
    await tx.fileUpload.create({ data: { storageKey: file.storageKey, createdAt: at(deps.clock.now(), -UPLOAD_GRACE_MS) } });
    return file.storageKey;
  });
  if (storageKey)
    await deleteLeftoverUpload(deps, {
      actor: SWEEPER,
      storageKey,
    });
}

/** File links past their expiry, soonest expired first: they open nothing, and MCP makes one per file it shows. */
export async function expiredFileLinks(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  const rows = await deps.db.fileLink.findMany({
    where: { expiresAt: { lte: cutoff } },
    orderBy: { expiresAt: "asc" },
    take: limit,
    select: { id: true, expiresAt: true },
  });
  return rows.map((row) => ({ id: row.id, dueAt: row.expiresAt }));
}

export async function deleteExpiredFileLink(
  deps: ServiceDeps,
  {
    actor,
    linkId,
  }: {
    actor: SystemActor;
    linkId: string;
  },
): Promise<void> {
  requireActor(actor, "system");
  await deps.db.fileLink.deleteMany({ where: { id: linkId, expiresAt: { lte: deps.clock.now() } } });
}
