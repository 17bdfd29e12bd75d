import { z } from "zod";
import { parseStatementMonth } from "@/server/domain/books/month";
import { pageRequestOf } from "@/server/domain/paging";
import { documentFile, getDocument, listOrganizationDocuments } from "@/server/services/books";
import { publicUrlOf } from "@/server/services/deps";
import { generatedContent } from "@/server/services/files";
import { agentProcedure } from "../agent-procedure";
import { receiptKindSchema, receiptSchema, serializeReceipt } from "../schemas/books/receipt";
import { bytesOutput } from "../schemas/files/file";
import { pathIdSchema } from "../schemas/ids";
import { listOf, listQuerySchema, serializeList } from "../schemas/list";
import { router } from "../trpc";

const receiptId = pathIdSchema("The document's id (doc_…).");

const listReceiptsSchema = listQuerySchema.omit({ "created[gte]": true, "created[lte]": true }).extend({
  kind: receiptKindSchema.meta({ description: "Only documents of this kind." }).optional(),
  order: z.string().min(1).max(64).meta({ description: "Only the documents of this order (ord_…)." }).optional(),
  month: z
    .string()
    .min(1)
    .max(16)
    .meta({ description: "Only the documents of money that moved in this Jakarta calendar month, `YYYY-MM`." })
    .optional(),
});

/** When an order's receipts appear, said wherever they are read. */
export const RECEIPTS_FOLLOW_PAYMENT =
  "Kuasa issues a document seconds after the money moves (a job numbers them in order), so an order paid a moment ago may " +
  "still show `receipts: []`: read it again shortly.";

export const receiptsRouter = router({
  list: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/receipts",
        tags: ["Pembukuan"],
        summary: "This key's organisation's receipts and credit notes in this mode, newest first",
        description:
          "Every document of the deposit, newest first (the time the money moved, then id): receipts (`kuitansi`) for money paid " +
          "from it, credit notes (`nota_kredit`) for money given back, deposit receipts (`bukti_setoran`) for top-ups. A test key " +
          "reads test mode's documents only, numbered with `-UJI`. `starting_after=<id>` pages to older documents, " +
          "`ending_before=<id>` to newer ones; a cursor must be a document of this organisation and mode (400 otherwise). " +
          `Filters: \`kind\`, \`order\`, \`month\`. ${RECEIPTS_FOLLOW_PAYMENT}`,
        protect: true,
      },
    })
    .input(listReceiptsSchema)
    .output(listOf(receiptSchema, "ReceiptList"))
    .query(async ({ ctx, input }) => {
      const month = input.month === undefined ? undefined : parseStatementMonth(input.month);
      const page = await listOrganizationDocuments(ctx, {
        actor: ctx.actor,
        page: pageRequestOf(input),
        kind: input.kind,
        orderId: input.order,
        paidFrom: month?.from,
        paidTo: month?.to,
      });
      return serializeList(page, (document) => serializeReceipt(document, publicUrlOf(ctx)));
    }),

  get: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/receipts/{id}",
        tags: ["Pembukuan"],
        summary: "One receipt or credit note, with its breakdown",
        description:
          "A document as issued, frozen at issue: its number and kind, the amount and what it consists of (the practitioner's fee, " +
          "Kuasa's fee with the VAT inside it, official costs passed through), the order it concerns, the receipt a credit note " +
          "corrects, and `pdf_url`. Another organisation's document, or one of the other mode, is 404 NOT_FOUND.",
        protect: true,
      },
    })
    .input(receiptId)
    .output(receiptSchema)
    .query(async ({ ctx, input }) => serializeReceipt(await getDocument(ctx, { actor: ctx.actor, id: input.id }), publicUrlOf(ctx))),

  pdf: agentProcedure
    .meta({
      scope: "status:baca",
      answer: "application/pdf",
      openapi: {
        method: "GET",
        path: "/v1/receipts/{id}/pdf",
        tags: ["Pembukuan"],
        summary: "A receipt or credit note as PDF",
        description:
          "The document as printed for the organisation's books, `Content-Disposition: attachment` named after its number " +
          "(`KWT-2026-000123.pdf`). Test mode's are marked as test on every page. Another organisation's document, or one of the " +
          "other mode, is 404 NOT_FOUND.",
        protect: true,
      },
    })
    .input(receiptId)
    .output(bytesOutput("The PDF's bytes."))
    .query(async ({ ctx, input }) => generatedContent(await documentFile(ctx, { actor: ctx.actor, id: input.id }))),
});
