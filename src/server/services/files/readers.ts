import type { Prisma, StoredFile } from "@/generated/prisma/client";
import type { DbOrTx } from "@/server/db/client";
import type { PortalActor } from "@/server/domain/access/actor";
import type { DataOwner } from "@/server/domain/data-owner";

/** Whoever reads a file: an agent (by its key's organisation and mode), an org admin, a practitioner, the operator. */
export type FileReader =
  | { kind: "agent"; owner: DataOwner }
  | { kind: "org_admin"; organizationId: string }
  | { kind: "practitioner"; practitionerId: string }
  | { kind: "operator" };

/**
 * The files `reader` may read, as a filter: the one rule behind downloading a file, attaching it
 * (only what one may already read can be attached, or attaching would be a way to read) and a
 * portal page's `downloadable`.
 * - an agent: its organisation's files in its key's mode;
 * - an org admin: their organisation's live files (the portals work on live data);
 * - a practitioner: what they uploaded, and the files on an order they hold (or held to its end);
 *   an order merely offered shows its files' names, never their content: a document cannot be masked;
 * - the operator: every file (each download audited).
 */
export function readableBy(reader: FileReader): Prisma.StoredFileWhereInput {
  switch (reader.kind) {
    case "agent":
      return { organizationId: reader.owner.organizationId, livemode: reader.owner.livemode };
    case "org_admin":
      return { organizationId: reader.organizationId, livemode: true };
    case "practitioner":
      return {
        OR: [{ practitionerId: reader.practitionerId }, { attachments: { some: { order: { practitionerId: reader.practitionerId } } } }],
      };
    case "operator":
      return {};
  }
}

export const agentReader = (owner: DataOwner): FileReader => ({ kind: "agent", owner });
export const practitionerReader = (practitionerId: string): FileReader => ({ kind: "practitioner", practitionerId });

/** What a portal actor may read: the operator everything, an admin the organisation's, a practitioner theirs. */
export function readerOf(actor: PortalActor): FileReader {
  switch (actor.kind) {
    case "operator":
      return { kind: "operator" };
    case "admin":
      return { kind: "org_admin", organizationId: actor.organizationId };
    case "practitioner":
      return practitionerReader(actor.practitionerId);
  }
}

/** File `id` if `reader` may read it; null alike when it does not exist and when it is not theirs, so nobody learns which. */
export function readableFile(db: DbOrTx, reader: FileReader, id: string): Promise<StoredFile | null> {
  return db.storedFile.findFirst({ where: { id, AND: [readableBy(reader)] } });
}

/** Which of `fileIds` `reader` may read: one query for a page's list of files. */
export async function readableFileIds(db: DbOrTx, reader: FileReader, fileIds: readonly string[]): Promise<ReadonlySet<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db.storedFile.findMany({ where: { id: { in: [...fileIds] }, AND: [readableBy(reader)] }, select: { id: true } });
  return new Set(rows.map((row) => row.id));
}
