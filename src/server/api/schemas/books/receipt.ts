import { z } from "zod";
import type { FinancialDocument } from "@/generated/prisma/client";
import { FinancialDocumentKind } from "@/generated/prisma/enums";
import { publicLink } from "@/server/domain/public-url";
import { livemodeSchema } from "../livemode";
import { describedRupiah } from "../rupiah";

/**
 * The books' documents as agents read them (services/books): one per movement of the deposit,
 * issued by Kuasa seconds after the money moved. Their PDF is GET /v1/receipts/{id}/pdf.
 */

export const receiptKindSchema = z.enum(FinancialDocumentKind).meta({
  id: "ReceiptKind",
  description:
    "`kuitansi`: a receipt for money paid from the deposit (an order, an invoice's order, an approved official cost); " +
    "`nota_kredit`: a credit note for money given back to it (a cancellation, a refund, a dispute's split, a cost refunded), " +
    "naming the receipt it corrects; `bukti_setoran`: a deposit receipt for a top-up.",
});

const numberSchema = z.string().meta({
  description:
    "The document's number, e.g. `KWT/2026/000123`: gap-free per kind and year; test mode's carry `-UJI` (`KWT-UJI/2026/000001`).",
});
const pdfUrlSchema = z.string().meta({
  format: "uri",
  description: "The document's PDF as printed: download it with the same API key as Bearer.",
});

/** The PDF's address on this server. */
const receiptPdfUrl = (publicUrl: string, id: string) => publicLink(publicUrl, `/v1/receipts/${id}/pdf`);

/** A document as an order lists it. */
export const orderReceiptSchema = z
  .object({
    id: z.string().meta({ description: "doc_…" }),
    number: numberSchema,
    kind: receiptKindSchema,
    amount_idr: describedRupiah("What left the deposit (kuitansi) or came back to it (nota_kredit), in rupiah."),
    issued_at: z.iso.datetime(),
    pdf_url: pdfUrlSchema,
  })
  .meta({ id: "OrderReceipt" });

export type OrderReceipt = z.input<typeof orderReceiptSchema>;

export function serializeOrderReceipt(document: FinancialDocument, publicUrl: string): OrderReceipt {
  return {
    id: document.id,
    number: document.number,
    kind: document.kind,
    amount_idr: document.amountIdr,
    issued_at: document.issuedAt.toISOString(),
    pdf_url: receiptPdfUrl(publicUrl, document.id),
  };
}

export const receiptSchema = z
  .object({
    id: z.string().meta({ description: "doc_…" }),
    number: numberSchema,
    kind: receiptKindSchema,
    description: z.string().meta({ description: "What was paid for or given back, in words, as printed." }),
    amount_idr: describedRupiah("The whole amount: practitioner_fee_idr + platform_fee_idr + pass_through_idr."),
    practitioner_fee_idr: describedRupiah("The practitioner's fee inside the amount."),
    platform_fee_idr: describedRupiah("Kuasa's fee inside the amount, VAT (PPN) included."),
    vat_base_idr: describedRupiah("The VAT's tax base (DPP nilai lain, 11/12 of the fee before VAT)."),
    vat_idr: describedRupiah("The VAT (PPN) inside platform_fee_idr."),
    pass_through_idr: describedRupiah("Official third-party costs passed through at cost: no fee, no VAT."),
    order: z.string().nullable().meta({ description: "The order it concerns (ord_…); null for a top-up." }),
    corrects: z.string().nullable().meta({ description: "A credit note's: the receipt it corrects (doc_…)." }),
    livemode: livemodeSchema,
    paid_at: z.iso.datetime().meta({ description: "When the money moved." }),
    issued_at: z.iso.datetime().meta({ description: "When Kuasa numbered the document: seconds after paid_at." }),
    pdf_url: pdfUrlSchema,
  })
  .meta({ id: "Receipt" });

export function serializeReceipt(document: FinancialDocument, publicUrl: string): z.input<typeof receiptSchema> {
  return {
    id: document.id,
    number: document.number,
    kind: document.kind,
    description: document.description,
    amount_idr: document.amountIdr,
    practitioner_fee_idr: document.practitionerFeeIdr,
    platform_fee_idr: document.platformFeeIdr,
    vat_base_idr: document.vatBaseIdr,
    vat_idr: document.vatIdr,
    pass_through_idr: document.passThroughIdr,
    order: document.orderId,
    corrects: document.correctsId,
    livemode: document.livemode,
    paid_at: document.paidAt.toISOString(),
    issued_at: document.issuedAt.toISOString(),
    pdf_url: receiptPdfUrl(publicUrl, document.id),
  };
}
