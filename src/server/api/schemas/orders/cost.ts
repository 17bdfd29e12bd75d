import { z } from "zod";
import { THIRD_PARTY_FEE_KINDS } from "@/server/domain/catalog/third-party-fees";
import { costSummary } from "@/server/domain/events/webhook-event";
import { COST_LIMITS, COST_STATUSES } from "@/server/domain/orders/cost-state";
import type { CostWithReceipt } from "@/server/services/order-engine";
import { fileSchema } from "../files/file";

const costStatusSchema = z.enum(COST_STATUSES).meta({
  id: "CostStatus",
  description:
    "`diajukan`: the practitioner asks, you decide; `menunggu_persetujuan`: you approved above your organisation's approval threshold, an admin decides in the portal; " +
    "`disetujui`: approved, the amount is in the order's escrow; `ditolak`: refused; `dilunasi`: paid at the office, receipt attached, the practitioner reimbursed; " +
    "`dibatalkan`: cancelled, any amount back in your deposit.",
});

const costKindSchema = z.enum(THIRD_PARTY_FEE_KINDS).meta({
  description:
    "`pnbp`: a government non-tax revenue fee; `notaris`: a notary's fee; `lainnya`: another official cost (a court's advance, a stamp duty).",
});

/** A third-party cost on an order: billed at the official amount, beside the service price, with no platform fee. */
export const costSchema = z
  .object({
    id: z.string().meta({ description: "cost_…" }),
    kind: costKindSchema,
    fee_code: z
      .string()
      .nullable()
      .meta({ description: "The fee it bills from the service's `third_party_fees`, null for another official cost." }),
    description: z.string(),
    amount_idr: z.number().int().meta({ description: "The official amount in IDR, at most the catalog's amount for its `fee_code`." }),
    basis: z.string().meta({ description: "The regulation or office that sets the amount." }),
    status: costStatusSchema,
    receipt: fileSchema.nullable().meta({ description: "The official receipt, once the practitioner paid (`dilunasi`)." }),
    reason: z.string().nullable().meta({ description: "Why it was rejected or cancelled." }),
    created_at: z.iso.datetime(),
    decided_at: z.iso.datetime().nullable(),
    paid_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "Cost" });

export type CostResponse = z.input<typeof costSchema>;

/** The API's Cost: the same fields, in the same order, as a cost event's `cost`. */
export const serializeCost = (cost: CostWithReceipt): CostResponse => costSummary(cost);

export const rejectCostInputSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(COST_LIMITS.reason)
      .meta({ description: "Why you refuse it; the practitioner reads it." }),
  })
  .strict();

/** What the sandbox's simulated practitioner asks for (POST /v1/test_helpers/orders/{id}/costs). */
export const costRequestInputSchema = z
  .object({
    kind: costKindSchema,
    fee_code: z.string().min(1).max(64).nullable().optional().meta({ description: "One of the service's `third_party_fees` codes." }),
    description: z.string().trim().min(1).max(COST_LIMITS.description),
    amount_idr: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    basis: z
      .string()
      .trim()
      .max(COST_LIMITS.basis)
      .optional()
      .meta({ description: "Required for a cost outside the catalog; a listed fee takes the catalog's basis when omitted." }),
  })
  .strict();
