import { z } from "zod";
import { OrderStatus, OrganizationStatus } from "@/generated/prisma/enums";
import type { operatorOrderDetail } from "@/server/services/operator-orders";
import type { organizationDetail } from "@/server/services/organizations";
import { SERVICE_STATES } from "@/server/domain/service-state";
import { OPERATOR_ORDER_ACTIONS, type OperatorOrderAction } from "@/server/services/orders";
import { portalPageInput } from "../portal/paging";
import { idSchema } from "./ids";
import { rupiahInputSchema, rupiahNumberSchema } from "./rupiah";
import { byInvitation, inviteInput } from "./organization-portal";

/** The operator console's inputs, and the views that turn its rows into JSON (BigInt → number). */

export type { OperatorOrderAction };
/** Every step the order page offers: the state machine's operator actions and a new offering round. */
export type OperatorStep = OperatorOrderAction | "restart_offering";

const search = z.string().trim().max(200).optional();
const page = { page: portalPageInput };

export const byOrganization = z.object({ organizationId: idSchema });
export const byOrder = z.object({ orderId: idSchema });
export const byPractitioner = z.object({ practitionerId: idSchema });
export const practitionerLabel = z.string().max(100).nullable();
export const practitionerCategories = z.array(z.string().min(1).max(64)).max(20);

export const orderSearchInput = z.object({
  q: search,
  status: z.enum(OrderStatus).optional(),
  mode: z.enum(["live", "test"]).optional(),
  organizationId: idSchema.optional(),
  createdToday: z.boolean().optional(),
  ...page,
});

export const organizationSearchInput = z.object({ q: search, status: z.enum(OrganizationStatus).optional(), ...page });

export const auditSearchInput = z.object({
  actorType: z.string().trim().max(32).optional(),
  action: z.string().trim().max(100).optional(),
  subjectId: idSchema.optional(),
  ...page,
});

export const orderActionInput = byOrder.extend({ action: z.enum(OPERATOR_ORDER_ACTIONS), note: z.string().trim().max(10_000).optional() });

export const createOrganizationInput = z.object({
  name: z.string().trim().min(1).max(200),
  approvalThresholdIdr: rupiahInputSchema.nullable().optional(),
  status: z.enum(["menunggu_persetujuan", "aktif"]),
});

export const setOrganizationStatusInput = byOrganization.extend({ status: z.enum(["aktif", "ditangguhkan"]) });
/** The operator invites an organisation's admin (its first, typically, after creating it in the console). */
export const operatorInviteInput = byOrganization.extend(inviteInput.shape);
export const operatorRevokeInvitationInput = byOrganization.extend(byInvitation.shape);
export const byService = z.object({ code: z.string().min(1).max(64) });
export const serviceSearchInput = z.object({ q: search, category: z.string().trim().max(64).optional(), state: z.enum(SERVICE_STATES).optional() });
/** A sent agent price is dropped: it is always computed from the client price. */
export const updateServiceInput = byService.extend({
  clientPriceIdr: rupiahNumberSchema.optional(),
  description: z.string().max(5_000).optional(),
  requiredLabel: practitionerLabel.optional(),
  intake: z.unknown().optional(),
  agentEligible: z.boolean().optional(),
  active: z.boolean().optional(),
});

export const payoutInput = byPractitioner.extend({ amountIdr: rupiahInputSchema, reference: z.string().trim().min(1).max(200) });
export const topUpInput = byOrganization.extend({ amountIdr: rupiahInputSchema, reference: z.string().trim().min(1).max(200) });


const idr = (amount: bigint) => Number(amount);
const idrOrNull = (amount: bigint | null) => (amount === null ? null : Number(amount));

export function orderRowView<R extends { priceIdr: bigint }>(row: R): Omit<R, "priceIdr"> & { priceIdr: number } {
  return { ...row, priceIdr: idr(row.priceIdr) };
}

export function practitionerRowView<R extends { payableIdr: bigint }>(row: R): Omit<R, "payableIdr"> & { payableIdr: number } {
  return { ...row, payableIdr: idr(row.payableIdr) };
}

export function organizationRowView<R extends { depositIdr: bigint; approvalThresholdIdr: bigint | null }>(row: R): Omit<R, "depositIdr" | "approvalThresholdIdr"> & { depositIdr: number; approvalThresholdIdr: number | null } {
  return { ...row, depositIdr: idr(row.depositIdr), approvalThresholdIdr: idrOrNull(row.approvalThresholdIdr) };
}

export function organizationDetailView(detail: Awaited<ReturnType<typeof organizationDetail>>) {
  return {
    ...detail,
    approvalThresholdIdr: idrOrNull(detail.approvalThresholdIdr),
    depositIdr: idr(detail.depositIdr),
    testDepositIdr: idr(detail.testDepositIdr),
    recentOrders: detail.recentOrders.map(orderRowView),
  };
}

export function orderDetailView(detail: Awaited<ReturnType<typeof operatorOrderDetail>>) {
  const { order } = detail;
  return {
    id: order.id,
    status: order.status,
    livemode: order.livemode,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    slaDueAt: order.slaDueAt,
    slaBreachedAt: order.slaBreachedAt,
    offeringStalledAt: order.offeringStalledAt,
    offeringStalledReason: order.offeringStalledReason,
    offeringRefundAt: order.offeringRefundAt,
    autoAcceptAt: order.autoAcceptAt,
    revisionCount: order.revisionCount,
    organization: order.organization,
    apiKey: order.apiKey,
    service: order.service,
    practitioner: order.practitioner,
    intake: order.intake as Record<string, unknown>,
    deliverable: order.deliverable,
    amounts: {
      priceIdr: idr(order.priceIdr),
      practitionerFeeIdr: idr(order.clientPriceIdr),
      platformFeeIdr: idr(detail.platformFeeIdr),
      escrowIdr: idr(detail.escrowIdr),
    },
    messages: order.messages,
    timeline: detail.timeline,
    ledger: detail.transfers.map((t) => ({
      id: t.id,
      at: t.createdAt,
      kind: t.kind,
      reference: t.reference,
      entries: t.entries.map((e) => ({ id: e.id, account: e.account.code, kind: e.account.kind, amountIdr: idr(e.amountIdr) })),
    })),
    audit: detail.audit.map(auditRowView),
    allowedActions: detail.allowedActions as OperatorStep[],
  };
}

export function auditRowView(row: { id: string; createdAt: Date; actorType: string; actorId: string | null; actorName: string | null; action: string; subjectType: string; subjectId: string; data: unknown }) {
  return { id: row.id, at: row.createdAt, actorType: row.actorType, actorId: row.actorId, actorName: row.actorName, action: row.action, subjectType: row.subjectType, subjectId: row.subjectId, data: row.data };
}
