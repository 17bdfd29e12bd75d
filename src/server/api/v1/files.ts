import { ownerOf } from "@/server/domain/access/actor";
import { contentOf, createFile, createFileLink, FILE_LINK_DEFAULT_SECONDS, fileDepsOf, getFile } from "@/server/services/files";
import { agentProcedure, agentUploadProcedure, idempotently } from "../agent-procedure";
import { bytesOutput, createFileLinkSchema, fileLinkSchema, fileSchema, serializeFile, uploadInputSchema } from "../schemas/files/file";
import { pathIdSchema } from "../schemas/ids";
import { router } from "../trpc";

const fileId = pathIdSchema("The file's id (file_…).");

export const filesRouter = router({
  create: agentUploadProcedure
    .meta({
      scope: "order:buat",
      successStatus: 201,
      idempotent: true,
      body: "multipart",
      openapi: {
        method: "POST",
        path: "/v1/files",
        tags: ["File"],
        summary: "Upload a document",
        description:
          "`multipart/form-data` with one part named `file`. The content decides the type, never the name or the declared type: PDF, DOCX, XLSX, ODT, PNG, JPEG and UTF-8 plain text are accepted; anything else (an executable, a macro-enabled document, an archive) is 415 UNSUPPORTED_MEDIA_TYPE, an empty file 400, a file over FILE_MAX_BYTES (25 MiB by default) 413. Attach the file to an order (`attachments` on POST /v1/orders) or a message within 24 hours: a file on nothing is deleted after that. With an Idempotency-Key, a retry of the same file answers 200 with `Idempotent-Replayed: true`.",
        contentTypes: ["multipart/form-data"],
        protect: true,
      },
    })
    .input(uploadInputSchema)
    .output(fileSchema)
    .mutation(async ({ ctx, input }) => {
      const deps = fileDepsOf(ctx);
      const upload = input.file;
      const canonical = { filename: upload.filename, size: upload.size, sha256: upload.sha256 };
      const file = await idempotently(
        ctx,
        canonical,
        (claim) =>
          createFile(deps, {
            actor: ctx.actor,
            owner: ownerOf(ctx.actor),
            uploader: { kind: "agent", apiKeyId: ctx.apiKey.id },
            upload,
            claim,
          }),
        (id) =>
          getFile(deps, {
            actor: ctx.actor,
            id,
          }),
      );
      return serializeFile(file);
    }),

  get: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/files/{id}",
        tags: ["File"],
        summary: "One file",
        description:
          "A file's name, type decided from its content, size and sha256, without its bytes (GET /v1/files/{id}/content downloads " +
          "them). A file of another organisation is 404 NOT_FOUND.",
        protect: true,
      },
    })
    .input(fileId)
    .output(fileSchema)
    .query(async ({ ctx, input }) =>
      serializeFile(
        await getFile(ctx, {
          actor: ctx.actor,
          id: input.id,
        }),
      ),
    ),

  content: agentProcedure
    .meta({
      scope: "status:baca",
      answer: "file",
      openapi: {
        method: "GET",
        path: "/v1/files/{id}/content",
        tags: ["File"],
        summary: "Download a file's bytes",
        description:
          "The bytes with their `Content-Type`, `Content-Disposition: attachment` and `X-Content-Type-Options: nosniff`. Another organisation's file, or the other mode's, is 404.",
        protect: true,
      },
    })
    .input(fileId)
    .output(bytesOutput("The file's bytes."))
    .query(async ({ ctx, input }) =>
      contentOf(
        fileDepsOf(ctx),
        await getFile(ctx, {
          actor: ctx.actor,
          id: input.id,
        }),
      ),
    ),

  createLink: agentProcedure
    .meta({
      scope: "status:baca",
      successStatus: 201,
      errors: ["NOT_FOUND"],
      openapi: {
        method: "POST",
        path: "/v1/file_links",
        tags: ["File"],
        summary: "A link that downloads a file without a key",
        description: `For handing a file to a person: the url downloads it without an API key until \`expires_at\` (${FILE_LINK_DEFAULT_SECONDS} s unless \`expires_in\` says otherwise, at most 7 days), then answers 404. The url is shown once: a retry makes another link (so no Idempotency-Key).`,
        protect: true,
      },
    })
    .input(createFileLinkSchema)
    .output(fileLinkSchema)
    .mutation(async ({ ctx, input }) => {
      const { link, file, url } = await createFileLink(fileDepsOf(ctx), {
        actor: ctx.actor,
        fileId: input.file,
        expiresInSeconds: input.expires_in ?? FILE_LINK_DEFAULT_SECONDS,
      });
      return {
        id: link.id,
        file: file.id,
        url,
        expires_at: link.expiresAt.toISOString(),
        created_at: link.createdAt.toISOString(),
        livemode: file.livemode,
      };
    }),
});
