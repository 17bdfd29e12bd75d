import { pageRequestOf } from "@/server/domain/paging";
import { invoiceFile } from "@/server/services/books";
import { getInvoice, listInvoices } from "@/server/services/cases";
import { publicUrlOf } from "@/server/services/deps";
import { generatedContent } from "@/server/services/files";
import { agentProcedure } from "../agent-procedure";
import { invoiceStatusSchema, invoiceSummarySchema, serializeInvoiceSummary } from "../schemas/cases/case";
import { bytesOutput } from "../schemas/files/file";
import { pathIdSchema } from "../schemas/ids";
import { createdWindow, listOf, listQuerySchema, serializeList } from "../schemas/list";
import { router } from "../trpc";

const invoiceId = pathIdSchema("The invoice's id (inv_…).");

const listInvoicesSchema = listQuerySchema.extend({
  status: invoiceStatusSchema.meta({ description: "Only invoices in this status." }).optional(),
});

export const invoicesRouter = router({
  list: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/invoices",
        tags: ["Kasus"],
        summary: "This key's organisation's invoices in this mode, newest first",
        description:
          "The invoices created when a case's bid was selected, newest first (creation time, then id). `starting_after=<id>` pages to older invoices, " +
          "`ending_before=<id>` to newer ones; a cursor must be an invoice of this organisation and mode (400 otherwise). " +
          "Filters: `status`, `created[gte]`, `created[lte]`.",
        protect: true,
      },
    })
    .input(listInvoicesSchema)
    .output(listOf(invoiceSummarySchema, "InvoiceList"))
    .query(async ({ ctx, input }) => {
      const page = await listInvoices(ctx, {
        actor: ctx.actor,
        request: pageRequestOf(input),
        filter: { status: input.status, created: createdWindow(input) },
      });
      return serializeList(page, (invoice) => serializeInvoiceSummary(invoice, publicUrlOf(ctx)));
    }),

  get: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/invoices/{id}",
        tags: ["Kasus"],
        summary: "One invoice",
        description:
          "The invoice of a selected bid: its amount, status and, once an admin paid it, the order that carries the work (order_id). " +
          "Another organisation's invoice, or one of the other mode, is 404 NOT_FOUND.",
        protect: true,
      },
    })
    .input(invoiceId)
    .output(invoiceSummarySchema)
    .query(async ({ ctx, input }) =>
      serializeInvoiceSummary(
        await getInvoice(ctx, {
          actor: ctx.actor,
          invoiceId: input.id,
        }),
        publicUrlOf(ctx),
      ),
    ),

  pdf: agentProcedure
    .meta({
      scope: "status:baca",
      answer: "application/pdf",
      openapi: {
        method: "GET",
        path: "/v1/invoices/{id}/pdf",
        tags: ["Kasus"],
        summary: "One invoice as PDF",
        description:
          "The invoice as printed for the organisation's books: the selected bid, Kuasa's fee with the VAT (PPN) inside it, the total " +
          "and its status; once paid, the number of its payment's receipt (GET /v1/receipts?order=<order_id>). `Content-Disposition: " +
          "attachment`. Test mode's are marked as test on every page. Another organisation's invoice, or one of the other mode, is 404 NOT_FOUND.",
        protect: true,
      },
    })
    .input(invoiceId)
    .output(bytesOutput("The PDF's bytes."))
    .query(async ({ ctx, input }) => generatedContent(await invoiceFile(ctx, { actor: ctx.actor, invoiceId: input.id }))),
});
