import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { FileAttachment, StoredFile } from "@/generated/prisma/client";
import type { DbOrTx } from "@/server/db/client";
import { type Actor, type OrganizationActor, ownerOf, requireActor, type SystemActor } from "@/server/domain/access/actor";
import type { IntakeField } from "@/server/domain/catalog/intake";
import type { DataOwner } from "@/server/domain/data-owner";
import { AppError } from "@/server/domain/errors";
import { MAX_ATTACHMENTS } from "@/server/domain/files/file-storage";
import { newId } from "@/server/domain/ids";
import { publicUrlOf, type ServiceDeps } from "../deps";
import type { ClaimKey } from "../idempotency";
import { agentReader, type FileReader, readableBy, readableFile } from "./readers";
import { discardUpload, type FileDeps, type ReceivedUpload } from "./receive";

/** Who put a file on Kuasa. */
export type Uploader =
  | { kind: "agent"; apiKeyId: string }
  | { kind: "practitioner"; practitionerId: string }
  | { kind: "admin" | "operator"; userId: string };

export type AttachedFile = FileAttachment & { file: StoredFile };

/** Whose a new file is: an organisation's in one mode, or (a credential's scan) no organisation's. */
export type FileOwner = Omit<DataOwner, "organizationId"> & { organizationId: string | null };

/**
 * Makes received bytes a file of `owner`: the row and the end of the upload record in one
 * transaction, under the caller's Idempotency-Key claim. A replay (the key's file exists) answers
 * that file and deletes these bytes, which are then nobody's.
 */
export async function createFile(
  deps: FileDeps,
  {
    actor,
    owner,
    uploader,
    upload,
    claim,
  }: { actor: Actor; owner: FileOwner; uploader: Uploader; upload: ReceivedUpload; claim?: ClaimKey },
): Promise<StoredFile> {
  // The portal's users upload onto an order its face checked (portalUploadTarget); an agent only into its own organisation and mode.
  if (actor.kind === "agent" && (owner.organizationId !== actor.organizationId || owner.livemode !== actor.livemode))
    throw new AppError("FORBIDDEN", "An agent uploads files into its own organisation and mode only.");
  try {
    return await deps.db.$transaction(async (tx) => {
      await claim?.(tx, upload.fileId);
      const file = await tx.storedFile.create({
        data: {
          id: upload.fileId,
          organizationId: owner.organizationId,
          livemode: owner.livemode,
          uploadedBy: uploader.kind,
          apiKeyId: uploader.kind === "agent" ? uploader.apiKeyId : null,
          practitionerId: uploader.kind === "practitioner" ? uploader.practitionerId : null,
          userId: uploader.kind === "admin" || uploader.kind === "operator" ? uploader.userId : null,
          filename: upload.filename,
          size: upload.size,
          contentType: upload.type.contentType,
          sha256: upload.sha256,
          storageKey: upload.storageKey,
          createdAt: deps.clock.now(),
        },
      });
      await tx.fileUpload.delete({ where: { storageKey: upload.storageKey } });
      return file;
    });
  } catch (err) {
    await discardUpload(deps, { storageKey: upload.storageKey });
    throw err;
  }
}

/** A file the agent with this key may read, or 404: another organisation's (or mode's) file is never acknowledged. */
export async function getFile(deps: { db: DbOrTx }, { actor, id }: { actor: OrganizationActor; id: string }): Promise<StoredFile> {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  const file = await readableFile(deps.db, agentReader(owner), id);
  if (!file) throw new AppError("NOT_FOUND", `No file ${id}.`);
  return file;
}

/**
 * Bytes answered as a download, and a way to read them: a stored file, or a document Kuasa makes
 * on request (generatedContent); every face answers both the same way.
 */
export interface FileContent {
  file: Pick<StoredFile, "filename" | "contentType" | "size">;
  open(): Promise<Readable>;
}

/** Bytes made on request (a receipt's PDF, a statement's CSV) as a download named `filename`. */
export const generatedContent = ({
  filename,
  contentType,
  bytes,
}: {
  filename: string;
  contentType: string;
  bytes: Buffer;
}): FileContent => ({
  file: { filename, contentType, size: bytes.byteLength },
  open: async () => Readable.from([bytes]),
});

export const contentOf = (deps: FileDeps, file: StoredFile): FileContent => ({
  file,
  open: () => deps.files.storage.read(file.storageKey),
});

/**
 * The files named in a request to go on an order of `owner` (its organisation and mode): each one
 * `reader` may already read (services/files/readers.ts), none twice, at most MAX_ATTACHMENTS.
 * Attaching puts a file before everyone who reads the order, so what one may not read cannot be
 * attached. Any other id (another organisation's or mode's, one the reader may not read, or none)
 * is the same 400, which does not say whether the file exists.
 */
export async function filesToAttach(
  tx: DbOrTx,
  reader: FileReader,
  owner: DataOwner,
  ids: readonly string[] | undefined,
  field: string,
): Promise<StoredFile[]> {
  if (!ids || ids.length === 0) return [];
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) throw new AppError("VALIDATION", `${field}: a file is listed twice.`, `${field}[${twice}]`);
  if (ids.length > MAX_ATTACHMENTS) throw new AppError("VALIDATION", `${field}: at most ${MAX_ATTACHMENTS} files.`, field);
  const found = await tx.storedFile.findMany({
    where: { id: { in: [...ids] }, organizationId: owner.organizationId, livemode: owner.livemode, AND: [readableBy(reader)] },
  });
  const byId = new Map(found.map((f) => [f.id, f]));
  const missing = ids.findIndex((id) => !byId.has(id));
  if (missing >= 0)
    throw new AppError(
      "VALIDATION",
      `${field}: no file ${ids[missing]} (upload it with POST /v1/files first, with a key of this mode).`,
      `${field}[${missing}]`,
    );
  return ids.map((id) => byId.get(id)!);
}

/**
 * The files an order's intake names in its `berkas` fields (domain/catalog/intake.ts), checked as
 * attachments are (a file `reader` may read, of `owner`'s organisation and mode), and the files
 * listed as `attachments`, together: each file once, at most MAX_ATTACHMENTS. A named file that is
 * not there is a 400 on its field, which does not say whether the file exists.
 */
export async function orderFilesToAttach(
  tx: DbOrTx,
  reader: FileReader,
  owner: DataOwner,
  {
    attachments,
    intake,
    fields,
  }: { attachments: readonly string[] | undefined; intake: Record<string, string>; fields: readonly IntakeField[] },
): Promise<StoredFile[]> {
  const listed = await filesToAttach(tx, reader, owner, attachments, "attachments");
  const named = fields.filter((field) => field.type === "berkas" && intake[field.key]?.trim());
  if (named.length === 0) return listed;
  const found = await tx.storedFile.findMany({
    where: {
      id: { in: named.map((field) => intake[field.key]!.trim()) },
      organizationId: owner.organizationId,
      livemode: owner.livemode,
      AND: [readableBy(reader)],
    },
  });
  const byId = new Map([...listed, ...found].map((file) => [file.id, file]));
  const missing = named.find((field) => !byId.has(intake[field.key]!.trim()));
  if (missing)
    throw new AppError(
      "VALIDATION",
      `intake.${missing.key}: no file ${intake[missing.key]} (upload it with POST /v1/files first, with a key of this mode).`,
      `intake.${missing.key}`,
    );
  if (byId.size > MAX_ATTACHMENTS)
    throw new AppError("VALIDATION", `attachments: at most ${MAX_ATTACHMENTS} files, those the intake names included.`, "attachments");
  return [...byId.values()];
}

export type AttachmentPlace =
  | { purpose: "order" }
  | { purpose: "message"; messageId: string }
  | { purpose: "deliverable"; delivery: number }
  // A cost's official receipt (OrderCost.receiptFileId names it): kept with the order, shown with the cost.
  | { purpose: "receipt" };

/** Puts `files` on an order at `place`, in the order given; answers the attachments as written. */
export async function attachFiles(
  tx: DbOrTx,
  orderId: string,
  place: AttachmentPlace,
  files: readonly StoredFile[],
  now: Date,
): Promise<AttachedFile[]> {
  const attachments = files.map((file, position) => ({
    id: newId("fileAttachment"),
    fileId: file.id,
    orderId,
    purpose: place.purpose,
    messageId: place.purpose === "message" ? place.messageId : null,
    delivery: place.purpose === "deliverable" ? place.delivery : null,
    position,
    createdAt: now,
  }));
  if (attachments.length > 0) await tx.fileAttachment.createMany({ data: attachments });
  return attachments.map((attachment, i) => ({ ...attachment, file: files[i]! }));
}

/** An order's files by place: its own, each message's, and the latest delivery's. */
export function filesByPlace(attachments: readonly AttachedFile[]) {
  const sorted = [...attachments].sort((a, b) => a.position - b.position);
  const latestDelivery = Math.max(0, ...sorted.filter((a) => a.purpose === "deliverable").map((a) => a.delivery ?? 0));
  const ofMessage = new Map<string, StoredFile[]>();
  for (const a of sorted) {
    if (a.purpose !== "message" || !a.messageId) continue;
    ofMessage.set(a.messageId, [...(ofMessage.get(a.messageId) ?? []), a.file]);
  }
  return {
    order: sorted.filter((a) => a.purpose === "order").map((a) => a.file),
    deliverable: sorted.filter((a) => a.purpose === "deliverable" && a.delivery === latestDelivery).map((a) => a.file),
    ofMessage: (messageId: string) => ofMessage.get(messageId) ?? [],
  };
}

/** A file as a portal page lists it: where on the order it is, and whether this reader may open it. */
export interface PortalOrderFile {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  from: "order" | "message" | "deliverable";
  messageId: string | null;
  downloadable: boolean;
}

/**
 * An order's files for an admin or the operator, in the order they read them: the latest
 * delivery's first (what the order is about now), then the order's own, then each message's in
 * the conversation's order. `readable`: the ids of those the reader may open (readableFileIds).
 */
export function portalOrderFiles(
  attachments: readonly AttachedFile[],
  messageIds: readonly string[],
  readable: ReadonlySet<string>,
): PortalOrderFile[] {
  const files = filesByPlace(attachments);
  const view = (file: StoredFile, from: PortalOrderFile["from"], messageId: string | null = null): PortalOrderFile => ({
    id: file.id,
    filename: file.filename,
    contentType: file.contentType,
    size: file.size,
    from,
    messageId,
    downloadable: readable.has(file.id),
  });
  return [
    ...files.deliverable.map((file) => view(file, "deliverable")),
    ...files.order.map((file) => view(file, "order")),
    ...messageIds.flatMap((messageId) => files.ofMessage(messageId).map((file) => view(file, "message", messageId))),
  ];
}

/** Link lifetimes: an hour unless asked, a week at most. */
export const FILE_LINK_DEFAULT_SECONDS = 3600;
export const FILE_LINK_MAX_SECONDS = 7 * 24 * 3600;

const linkTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Where a link downloads from: a portal path outside /v1, as no key is sent (src/app/unduh/[token]);
 * the access log writes its template, never the token.
 */
const fileLinkUrl = (deps: Pick<ServiceDeps, "publicUrl">, token: string) => `${publicUrlOf(deps).replace(/\/$/, "")}/unduh/${token}`;

/** A link that downloads one of the owner's files without a key until it expires; only the token's hash is kept. */
export async function createFileLink(
  deps: FileDeps,
  { actor, fileId, expiresInSeconds }: { actor: OrganizationActor; fileId: string; expiresInSeconds: number },
) {
  requireActor(actor, "agent", "admin");
  const file = await getFile(deps, {
    actor,
    id: fileId,
  });
  const token = randomBytes(32).toString("base64url");
  const now = deps.clock.now();
  const link = await deps.db.fileLink.create({
    data: {
      id: newId("fileLink"),
      fileId: file.id,
      tokenHash: linkTokenHash(token),
      expiresAt: new Date(now.getTime() + expiresInSeconds * 1000),
      createdAt: now,
    },
  });
  return { link, file, url: fileLinkUrl(deps, token) };
}

/** The file a link token opens, while the link lives; NOT_FOUND otherwise (expired, unknown), never saying which. */
export async function openLinkedFile(
  deps: FileDeps,
  {
    actor,
    token,
  }: {
    actor: SystemActor;
    token: string;
  },
): Promise<FileContent> {
  requireActor(actor, "system");
  const link = await deps.db.fileLink.findUnique({ where: { tokenHash: linkTokenHash(token) }, include: { file: true } });
  if (!link || link.expiresAt <= deps.clock.now()) throw new AppError("NOT_FOUND", "No such file link, or it has expired.");
  return contentOf(deps, link.file);
}
