import { z } from "zod";
import type { Bid } from "@/generated/prisma/client";
import { BID_LIMITS } from "@/server/domain/case-board";
import { BID_TRANSITIONS } from "@/server/domain/case-state";
import { ledgerKindLabel } from "@/server/domain/ledger-labels";
import type { Page } from "@/server/domain/paging";
import { MAX_PASSWORD_LENGTH } from "@/server/domain/password";
import type { PractitionerCaseView } from "@/server/services/cases";
import type { EarningsSummary } from "@/server/services/money";
import type { listMyOffers, PractitionerAction } from "@/server/services/practitioners";
import { LICENSE_NUMBER_MAX } from "@/server/services/practitioners";
import { portalPageInput } from "../portal/paging";
import { idSchema } from "./ids";
import { orderTextSchema } from "./order";

/** The practitioner portal's inputs, and the views that turn its rows into JSON (BigInt → number). */

export type { PractitionerAction };
/** A live offer as the inbox shows it (masked order, deadline). */
export type OfferView = Awaited<ReturnType<typeof listMyOffers>>["data"][number];

export const byOffer = z.object({ offerId: idSchema });
export const byOrder = z.object({ orderId: idSchema });
export const byCase = z.object({ caseId: idSchema });
export const byBid = z.object({ bidId: idSchema });

export const askClientInput = byOrder.extend({ question: orderTextSchema });
export const deliverInput = byOrder.extend({ deliverable: orderTextSchema });

export const submitBidInput = byCase.extend({
  scope: z.string().max(BID_LIMITS.scope),
  etaDays: z.number().int(),
  priceIdr: z.number().int(),
  note: z.string().max(BID_LIMITS.note).optional(),
});

/** Only what the practitioner sets; an absent field is left as it is. */
export const profileInput = z.object({
  licenseNumber: z.string().trim().max(LICENSE_NUMBER_MAX).nullable().optional(),
  available: z.boolean().optional(),
  emailNotifications: z.boolean().optional(),
});

/** The length rule of a new password is the service's (a clear message), not the schema's. */
export const passwordChangeInput = z.object({
  currentPassword: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  newPassword: z.string().max(MAX_PASSWORD_LENGTH),
});

export const statementInput = z.object({ page: portalPageInput });

export const samePage = <T>(found: Page<T>) => ({ data: found.data, has_more: found.hasMore });

/** Amounts as numbers: JSON (the browser's /api/trpc) has no BigInt. */
export function bidView(bid: Bid) {
  return { id: bid.id, status: bid.status, scope: bid.scope, etaDays: bid.etaDays, note: bid.note, priceIdr: Number(bid.priceIdr), clientPaysIdr: Number(bid.clientPaysIdr), createdAt: bid.createdAt };
}

const WITHDRAWABLE = BID_TRANSITIONS.find((t) => t.trigger === "withdraw")!.from;

/**
 * With what the practitioner may do now, from the case-board rules (one bid per case, bids and
 * withdrawals only while the case is open), so the page offers only what the service accepts.
 */
export function caseView(view: PractitionerCaseView) {
  const open = view.status === "terbuka";
  return {
    ...view,
    myBid: view.myBid && bidView(view.myBid),
    canBid: open && view.myBid === null,
    canWithdraw: open && view.myBid !== null && WITHDRAWABLE.includes(view.myBid.status),
  };
}

export function earningsView(summary: EarningsSummary) {
  return {
    availableIdr: Number(summary.availableIdr),
    inEscrowIdr: Number(summary.inEscrowIdr),
    ordersInEscrow: summary.ordersInEscrow,
    earnedIdr: Number(summary.earnedIdr),
    paidOutIdr: Number(summary.paidOutIdr),
  };
}

/** A statement row as StatementTable shows it: described in Indonesian, never by its ledger code. */
export function statementRowView(entry: { id: string; amountIdr: bigint; balanceAfterIdr: bigint; kind: string; reference: string | null; createdAt: Date }) {
  const order = entry.reference?.startsWith("ord_") ? entry.reference : null;
  return {
    id: entry.id,
    at: entry.createdAt,
    description: ledgerKindLabel(entry.kind),
    reference: order ? { label: order, href: `/praktisi/pesanan/${order}` } : entry.reference ? { label: entry.reference } : undefined,
    amountIdr: Number(entry.amountIdr),
    balanceIdr: Number(entry.balanceAfterIdr),
  };
}
