import { z } from "zod";
import type { StoredFile } from "@/generated/prisma/client";
import { fileSummary } from "@/server/domain/events/webhook-event";
import {
  FILE_LINK_DEFAULT_SECONDS,
  FILE_LINK_MAX_SECONDS,
  type FileContent,
  MAX_ATTACHMENTS,
  type ReceivedUpload,
} from "@/server/services/files";
import { idSchema } from "../ids";
import { livemodeSchema } from "../livemode";

/** A document on Kuasa: an upload of the agent's, or a file a practitioner delivered or attached. */
export const fileSchema = z
  .object({
    id: z.string().meta({ description: "file_…" }),
    filename: z.string().meta({ description: "The name it was uploaded with, without any folder part." }),
    size: z.number().int().meta({ description: "Bytes." }),
    content_type: z.string().meta({
      description: "Decided from the content, never from the name: PDF, DOCX, XLSX, ODT, PNG, JPEG or UTF-8 plain text.",
    }),
    sha256: z.string().meta({ description: "SHA-256 of the content, lowercase hex." }),
    created_at: z.iso.datetime(),
    livemode: livemodeSchema,
  })
  .meta({ id: "File" });

/** A file on an order as a portal page lists it (services/files PortalOrderFile). */
export const portalFileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  from: z.enum(["order", "message", "deliverable"]),
  messageId: z.string().nullable(),
  downloadable: z.boolean(),
});
export type PortalFile = z.infer<typeof portalFileSchema>;

export type FileResponse = z.input<typeof fileSchema>;

/** The File object: the same fields, in the same order, as a cost event's receipt. */
export const serializeFile = (file: StoredFile): FileResponse => fileSummary(file);

/** File ids in a request (an order's or a message's attachments). */
export const attachmentIdsSchema = z
  .array(z.string().min(1).max(64))
  .max(MAX_ATTACHMENTS)
  .meta({ description: `Ids of files uploaded with POST /v1/files (at most ${MAX_ATTACHMENTS}), with a key of the same mode.` });

/** Files a portal user uploaded onto the order (POST /api/berkas?order=…) that go with a question, a delivery or a message. */
export const portalFileIdsSchema = z.array(idSchema).max(MAX_ATTACHMENTS).default([]);

/**
 * POST /v1/files: the REST face streams the `file` part into storage before the procedure runs
 * and hands it the received upload; MCP's upload tool does the same from base64. Documented as
 * multipart/form-data with one binary part.
 */
export const uploadInputSchema = z
  .object({
    file: z
      .custom<ReceivedUpload>((value) => typeof value === "object" && value !== null && "storageKey" in value, "must be a file part")
      .meta({ type: "string", format: "binary", description: "The file, as the part named `file`; its filename is kept." }),
  })
  .meta({ id: "FileUpload" });

export const createFileLinkSchema = z
  .object({
    file: z.string().min(1).max(64).meta({ description: "The file's id (file_…)." }),
    expires_in: z
      .number()
      .int()
      .min(60)
      .max(FILE_LINK_MAX_SECONDS)
      .optional()
      .meta({
        description: `Seconds the link works, ${FILE_LINK_DEFAULT_SECONDS} unless given, at most ${FILE_LINK_MAX_SECONDS} (7 days).`,
      }),
  })
  .strict()
  .meta({ id: "CreateFileLink" });

export const fileLinkSchema = z
  .object({
    id: z.string().meta({ description: "link_…" }),
    file: z.string().meta({ description: "The file's id." }),
    url: z
      .string()
      .meta({ description: "Downloads the file without an API key until `expires_at`, then answers 404. Share it like a password." }),
    expires_at: z.iso.datetime(),
    created_at: z.iso.datetime(),
    livemode: livemodeSchema,
  })
  .meta({ id: "FileLink" });

/** An answer of bytes (a stored file, a generated PDF or CSV): REST streams it (`answer` in the meta), OpenAPI says binary. */
export const bytesOutput = (description: string) => z.custom<FileContent>().meta({ type: "string", format: "binary", description });
