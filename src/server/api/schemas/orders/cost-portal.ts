import { z } from "zod";
import { CostKind, CostStatus, OrderStatus } from "@/generated/prisma/enums";
import { COST_LIMITS } from "@/server/domain/orders/cost-state";
import type { PractitionerOrderCosts } from "@/server/services/costs";
import type { CostWithReceipt } from "@/server/services/order-engine";
import { idSchema } from "../ids";
import { rupiahInputSchema, rupiahSchema } from "../rupiah";

/** Third-party costs as the three portals read and change them: one shape for a cost wherever a page shows one. */

const byCost = z.object({ orderId: idSchema, costId: idSchema });

/** Texts a person types: the service trims and checks them, the schema only bounds them. */
export const requestCostInput = z.object({
  orderId: idSchema,
  kind: z.enum(CostKind),
  feeCode: z.string().max(64).nullable(),
  description: z.string().max(COST_LIMITS.description),
  amountIdr: rupiahInputSchema,
  basis: z.string().max(COST_LIMITS.basis),
});

export const payCostInput = byCost.extend({ receiptFileId: idSchema });

/** A rejection and an operator's cancellation say why: the practitioner and the client side read it. */
const reasonSchema = z.string().trim().min(1, "must not be empty").max(COST_LIMITS.reason);

export const decideCostInput = z.discriminatedUnion("approve", [
  byCost.extend({ approve: z.literal(true) }),
  byCost.extend({ approve: z.literal(false), reason: reasonSchema }),
]);

export const cancelCostInput = byCost.extend({ reason: reasonSchema });

export const portalCostSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: z.enum(CostKind),
  feeCode: z.string().nullable(),
  description: z.string(),
  amountIdr: rupiahSchema,
  basis: z.string(),
  status: z.enum(CostStatus),
  reason: z.string().nullable(),
  /** Opened at /api/berkas/{id} by whoever may open it. */
  receipt: z.object({ id: z.string(), filename: z.string() }).nullable(),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
  approvedAt: z.date().nullable(),
  paidAt: z.date().nullable(),
});

/** A cost as the portals show it: the receipt by its id and name only. */
export function costView(cost: CostWithReceipt): z.input<typeof portalCostSchema> {
  return {
    id: cost.id,
    orderId: cost.orderId,
    kind: cost.kind,
    feeCode: cost.feeCode,
    description: cost.description,
    amountIdr: cost.amountIdr,
    basis: cost.basis,
    status: cost.status,
    reason: cost.reason,
    receipt: cost.receipt && { id: cost.receipt.id, filename: cost.receipt.filename },
    createdAt: cost.createdAt,
    decidedAt: cost.decidedAt,
    approvedAt: cost.approvedAt,
    paidAt: cost.paidAt,
  };
}

export const costsOutput = z.array(portalCostSchema);

/** An order's facts beside a cost in a list (the admin's, the operator's queue). */
const costOrderSchema = z.object({
  id: z.string(),
  status: z.enum(OrderStatus),
  livemode: z.boolean(),
  service: z.object({ name: z.string() }),
  organization: z.object({ id: z.string(), name: z.string() }),
  practitioner: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export const costsWithOrderOutput = z.array(portalCostSchema.extend({ order: costOrderSchema }));

/** The operator's late receipts: who asked (and holds the receipt) may no longer hold the order. */
export const lateReceiptsOutput = z.array(
  portalCostSchema.extend({ order: costOrderSchema, practitioner: z.object({ id: z.string(), name: z.string() }) }),
);

export const pendingCostsOutput = z.object({ live: z.number().int(), test: z.number().int() });

/** A listed official fee of the service, as the practitioner chooses one (amount null: it varies). */
const feeSchema = z.object({
  code: z.string(),
  kind: z.enum(CostKind),
  description: z.string(),
  amountIdr: z.number().int().nullable(),
  per: z.string(),
  basis: z.string(),
});

export const practitionerOrderCostsOutput = z.object({
  fees: z.array(feeSchema),
  canRequest: z.boolean(),
  costs: z.array(portalCostSchema.extend({ mine: z.boolean() })),
});

export function practitionerOrderCostsView(card: PractitionerOrderCosts) {
  return { ...card, costs: card.costs.map((cost) => ({ ...costView(cost), mine: cost.mine })) };
}

export const practitionerCostsOutput = z.array(
  portalCostSchema.extend({ order: z.object({ id: z.string(), status: z.enum(OrderStatus), service: z.object({ name: z.string() }) }) }),
);

export type PortalCost = z.infer<typeof portalCostSchema>;
