import { z } from "zod";
import type { Invoice } from "@/generated/prisma/client";
import { BidStatus, CaseStatus, InvoiceStatus } from "@/generated/prisma/enums";
import { CASE_LIMITS } from "@/server/domain/cases/case-board";
import { publicLink } from "@/server/domain/public-url";
import { nameText } from "@/server/domain/text/name-text";
import type { CaseWithBids, CreateCaseInput } from "@/server/services/cases";
import { CATALOG_CATEGORIES } from "@/server/services/catalog";
import { livemodeSchema } from "../livemode";
import { metadataOf, metadataSchema } from "../metadata";
import { orderPractitionerSchema, serializePractitioner } from "../orders/order";
import { describedRupiah, rupiahSchema } from "../rupiah";

const label = z.string().trim().max(CASE_LIMITS.label);

export const createCaseSchema = z
  .object({
    contact_name: nameText(z.string().trim().min(1, "must not be empty").max(CASE_LIMITS.contactName)).meta({
      description: "The client's name, as practitioners see it (any contact data in it masked until a bid is selected).",
    }),
    contact_email: z
      .email()
      .max(CASE_LIMITS.contactEmail)
      .meta({ description: "Where the selected practitioner reaches the client. Masked until a bid is selected." }),
    contact_phone: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(CASE_LIMITS.contactPhone)
      .optional()
      .meta({ description: "The client's phone number, if they want calls. Masked until a bid is selected." }),
    story: z
      .string()
      .trim()
      .min(CASE_LIMITS.storyMin, `must be at least ${CASE_LIMITS.storyMin} characters`)
      .max(CASE_LIMITS.storyMax)
      .meta({
        description:
          "What happened and what the client needs. Practitioners see it with e-mail addresses, phone numbers and NIKs masked until their bid is selected.",
      }),
    area: z
      .enum(CATALOG_CATEGORIES, { error: () => `must be one of the catalog's categories: ${CATALOG_CATEGORIES.join(", ")}` })
      .optional()
      .meta({
        id: "CaseArea",
        description:
          "Legal area: one of the catalog's categories. Practitioners of that area see the case; without it, every active practitioner does.",
      }),
    urgency: label.optional().meta({ description: "How soon the client needs it, in their words (e.g. dalam 2 minggu)." }),
    budget_range: label.optional().meta({ description: "What the client means to spend, in their words (e.g. Rp 5–10 juta)." }),
    counterparties: z
      .array(nameText(z.string().trim().min(1, "must not be empty").max(CASE_LIMITS.partyName)))
      .max(CASE_LIMITS.counterparties)
      .optional()
      .meta({
        description:
          "The other side of the matter (people, companies), one name each. A practitioner who acted for one of them, or against your organisation or the client named in `contact_name`, never sees the case.",
      }),
    metadata: metadataSchema.optional(),
  })
  .strict()
  .meta({ id: "CreateCase" });

export const caseStatusSchema = z
  .enum(CaseStatus)
  .meta({ id: "CaseStatus", description: "terbuka: taking bids; dipilih: a bid was selected; ditutup: closed by the operator." });
const bidStatusSchema = z.enum(BidStatus).meta({
  id: "BidStatus",
  description:
    "diajukan: live; dipilih: selected; tidak_dipilih: another bid was selected or the case closed; ditarik: withdrawn by the practitioner.",
});
export const invoiceStatusSchema = z
  .enum(InvoiceStatus)
  .meta({ id: "InvoiceStatus", description: "belum_dibayar, dibayar or dibatalkan." });

const bidSchema = z
  .object({
    id: z.string(),
    scope: z.string(),
    eta_days: z.number().int(),
    note: z.string().nullable(),
    status: bidStatusSchema,
    price_idr: describedRupiah("The practitioner's bid."),
    client_pays: describedRupiah("The bid plus the platform fee (12.5 %, at least Rp 100.000): the invoice total if selected."),
    practitioner: orderPractitionerSchema.nullable().meta({
      description:
        "Null until this bid is selected; then who does the work, with the label and licence the operator verified (as on the order).",
    }),
    livemode: livemodeSchema,
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Bid" });

export const caseSchema = z
  .object({
    id: z.string(),
    status: caseStatusSchema,
    area: z.string().nullable(),
    urgency: z.string(),
    budget_range: z.string(),
    counterparties: z.array(z.string()),
    selected_bid_id: z.string().nullable(),
    invoice_id: z.string().nullable().meta({
      description: "The invoice the selection created (inv_…), for the organisation's admin to pay; null until a bid is selected.",
    }),
    order_id: z
      .string()
      .nullable()
      .meta({ description: "The order that carries the selected bid's work, opened when the invoice is paid; follow it like any order." }),
    metadata: metadataSchema,
    livemode: livemodeSchema,
    bids: z.array(bidSchema),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Case" });

export const invoiceSummarySchema = z
  .object({
    id: z.string(),
    total_idr: rupiahSchema,
    status: invoiceStatusSchema,
    order_id: z
      .string()
      .nullable()
      .meta({ description: "Once paid: the order that holds the money in escrow until the work is accepted." }),
    case_id: z.string().meta({ description: "The case whose selected bid this invoice bills." }),
    livemode: livemodeSchema,
    paid_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    pdf_url: z.string().meta({
      format: "uri",
      description:
        "The invoice's PDF as printed (the bid, Kuasa's fee with the VAT inside it and, once paid, its receipt's number): download it with the same API key as Bearer.",
    }),
  })
  .meta({ id: "InvoiceSummary" });

export const selectBidSchema = z
  .object({ bid_id: z.string().min(1).max(64).meta({ description: "One of the case's bids with status `diajukan`." }) })
  .strict();

export const selectionSchema = z.object({ case: caseSchema, invoice: invoiceSummarySchema }).meta({ id: "CaseSelection" });

type CreateCaseBody = z.infer<typeof createCaseSchema>;

export function toCreateCaseInput(body: CreateCaseBody): CreateCaseInput {
  return {
    contactName: body.contact_name,
    contactEmail: body.contact_email,
    contactPhone: body.contact_phone ?? null,
    story: body.story,
    area: body.area ?? null,
    urgency: body.urgency,
    budgetRange: body.budget_range,
    counterparties: body.counterparties,
    metadata: body.metadata,
  };
}

function serializeBid(bid: CaseWithBids["bids"][number], livemode: boolean): z.input<typeof bidSchema> {
  return {
    id: bid.id,
    scope: bid.scope,
    eta_days: bid.etaDays,
    note: bid.note,
    status: bid.status,
    price_idr: bid.priceIdr,
    client_pays: bid.clientPaysIdr,
    practitioner: bid.status === "dipilih" ? serializePractitioner(bid.practitioner) : null,
    livemode,
    created_at: bid.createdAt.toISOString(),
  };
}

/** The agent's view: its own case, every bid, nothing masked. */
export function serializeCase(row: CaseWithBids): z.input<typeof caseSchema> {
  return {
    id: row.id,
    status: row.status,
    area: row.area,
    urgency: row.urgency,
    budget_range: row.budgetRange,
    counterparties: row.counterparties,
    selected_bid_id: row.selectedBidId,
    invoice_id: row.invoice?.id ?? null,
    order_id: row.order?.id ?? null,
    metadata: metadataOf(row.metadata),
    livemode: row.livemode,
    bids: row.bids.map((bid) => serializeBid(bid, row.livemode)),
    created_at: row.createdAt.toISOString(),
  };
}

/** The invoice's PDF on this server. */
const invoicePdfUrl = (publicUrl: string, id: string) => publicLink(publicUrl, `/v1/invoices/${id}/pdf`);

export function serializeInvoiceSummary(invoice: Invoice, publicUrl: string): z.input<typeof invoiceSummarySchema> {
  return {
    id: invoice.id,
    total_idr: invoice.totalIdr,
    status: invoice.status,
    order_id: invoice.orderId,
    case_id: invoice.caseId,
    livemode: invoice.livemode,
    paid_at: invoice.paidAt?.toISOString() ?? null,
    created_at: invoice.createdAt.toISOString(),
    pdf_url: invoicePdfUrl(publicUrl, invoice.id),
  };
}
