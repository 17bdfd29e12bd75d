import { z } from "zod";
import type { Bid } from "@/generated/prisma/client";
import { BidStatus, CaseStatus, OrderStatus } from "@/generated/prisma/enums";
import { MAX_PASSWORD_LENGTH } from "@/server/domain/access/password";
import { BID_LIMITS } from "@/server/domain/cases/case-board";
import { BID_TRANSITIONS } from "@/server/domain/cases/case-state";
import { ledgerKindLabel } from "@/server/domain/money/ledger-labels";
import { MESSAGE_ROLES } from "@/server/domain/orders/order-state";
import { PROFILE_LIMITS } from "@/server/domain/practitioners/practitioner-profile";
import { nameText } from "@/server/domain/text/name-text";
import type { PractitionerCaseView } from "@/server/services/cases";
import { type listMyOffers, PRACTITIONER_ACTIONS, type PractitionerAction } from "@/server/services/orders";
import { pageSchema, portalPageInput } from "../../portal/paging";
import { portalFileIdsSchema, portalFileSchema } from "../files/file";
import { idSchema } from "../ids";
import { orderTextSchema } from "../orders/order";
import { rupiahSchema } from "../rupiah";

/** The practitioner portal's inputs, its output schemas, and the views that shape its rows. */

export type { PractitionerAction };

/** A live offer as the inbox shows it (masked order, deadline). */
export type OfferView = Awaited<ReturnType<typeof listMyOffers>>["data"][number];

export const byOffer = z.object({ offerId: idSchema });

/** Taking an offer: the practitioner states they have no conflict with the order's parties (`conflictParties`). */
export const acceptOfferInput = byOffer.extend({ noConflict: z.boolean() });

export const byOrder = z.object({ orderId: idSchema });

export const byCase = z.object({ caseId: idSchema });

export const byBid = z.object({ bidId: idSchema });

export const askClientInput = byOrder.extend({ question: orderTextSchema, files: portalFileIdsSchema });

export const deliverInput = byOrder.extend({ deliverable: orderTextSchema, files: portalFileIdsSchema });

export const submitBidInput = byCase.extend({
  scope: z.string().max(BID_LIMITS.scope),
  etaDays: z.number().int(),
  priceIdr: z.number().int(),
  note: z.string().max(BID_LIMITS.note).optional(),
  /** The bidder states they have no conflict with the case's parties. */
  noConflict: z.boolean(),
});

/**
 * Only what the practitioner sets; an absent field is left as it is. Lengths here are generous
 * bounds: the domain's rules (normalizeProfile) say in Indonesian what is wrong.
 */
export const profileInput = z.object({
  displayName: nameText(z.string().max(PROFILE_LIMITS.displayName * 2))
    .nullable()
    .optional(),
  bio: z
    .string()
    .max(PROFILE_LIMITS.bio * 2)
    .nullable()
    .optional(),
  areas: z.array(z.string().max(64)).max(50).optional(),
  languages: z.array(z.string().max(16)).max(50).optional(),
  yearsOfPractice: z.number().int().nullable().optional(),
  available: z.boolean().optional(),
  emailNotifications: z.boolean().optional(),
});

/** Free text here: the domain's rules (normalizeBankAccount) say in Indonesian what is wrong. */
export const bankAccountInput = z.object({
  bankCode: z.string().max(32),
  accountNumber: z.string().max(64),
  holderName: nameText(z.string().max(200)),
});

export const ownBankAccountSchema = z.object({
  id: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  maskedNumber: z.string(),
  holderName: z.string(),
  createdAt: z.date(),
  verifiedAt: z.date().nullable(),
});

/** The length rule of a new password is the service's (a clear message), not the schema's. */
export const passwordChangeInput = z.object({
  currentPassword: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  newPassword: z.string().max(MAX_PASSWORD_LENGTH),
});

export const statementInput = z.object({ page: portalPageInput });

export function bidView(bid: Bid) {
  return {
    id: bid.id,
    status: bid.status,
    scope: bid.scope,
    etaDays: bid.etaDays,
    note: bid.note,
    priceIdr: bid.priceIdr,
    clientPaysIdr: bid.clientPaysIdr,
    createdAt: bid.createdAt,
  };
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

/**
 * A statement row as StatementTable shows it: described in Indonesian, never by its ledger code;
 * a payout with where it went ("… BCA •••• 1234 a.n. …", its transfer's description).
 */
export function statementRowView(entry: {
  id: string;
  amountIdr: bigint;
  balanceAfterIdr: bigint;
  kind: string;
  reference: string | null;
  description: string;
  createdAt: Date;
}) {
  const order = entry.reference?.startsWith("ord_") ? entry.reference : null;
  const label = ledgerKindLabel(entry.kind);
  return {
    id: entry.id,
    at: entry.createdAt,
    description: entry.kind === "practitioner_payout" && entry.description ? `${label} ${entry.description}` : label,
    reference: order ? { label: order, href: `/praktisi/pesanan/${order}` } : entry.reference ? { label: entry.reference } : undefined,
    amountIdr: entry.amountIdr,
    balanceIdr: entry.balanceAfterIdr,
  };
}

const orderStatusSchema = z.enum(OrderStatus);

/** Whom a practitioner states they have no conflict with: the client's side, then the other side. */
const partiesSchema = z.object({ clients: z.array(z.string()), counterparties: z.array(z.string()) });

const practitionerOrderSchema = z.object({
  id: z.string(),
  deliverable: z.string().nullable(),
  caseId: z.string().nullable(),
  parties: partiesSchema,
  conflictConfirmedAt: z.date().nullable(),
  status: orderStatusSchema,
  intake: z.record(z.string(), z.string()),
  slaDueAt: z.date().nullable(),
  autoAcceptAt: z.date().nullable(),
  revisionCount: z.number().int(),
  service: z.object({ code: z.string(), name: z.string(), slaLabel: z.string() }),
  messages: z.array(z.object({ id: z.string(), createdAt: z.date(), role: z.string(), body: z.string() })),
  earningIdr: z.number().int().nullable(),
  intakeLabels: z.record(z.string(), z.string()),
  revisionReason: z.object({ role: z.enum(MESSAGE_ROLES), body: z.string() }).nullable(),
  files: z.array(portalFileSchema),
  masked: z.boolean(),
  actions: z.array(z.enum(PRACTITIONER_ACTIONS)),
});

/** One order's page: the order, and its latest dispute with the operator's decision. */
export const practitionerOrderDetailSchema = practitionerOrderSchema.extend({
  dispute: z
    .object({
      openedAt: z.date(),
      reason: z.object({ role: z.enum(MESSAGE_ROLES), body: z.string() }),
      decision: z
        .object({
          kind: z.enum(["resume_work", "settle_for_practitioner", "settle_split", "refund"]),
          decidedAt: z.date(),
          note: z.string().nullable(),
          practitionerShareIdr: z.number().int().nullable(),
          figures: z.string().nullable(),
        })
        .nullable(),
    })
    .nullable(),
});

export const offersOutput = pageSchema(
  z.object({ offerId: z.string(), expiresAt: z.date(), secondsLeft: z.number(), order: practitionerOrderSchema }),
);

export const withdrawnOffersOutput = pageSchema(
  z.object({ offerId: z.string(), withdrawnAt: z.date(), orderId: z.string(), orderStatus: orderStatusSchema, service: z.string() }),
);

export const ordersOutput = pageSchema(practitionerOrderSchema);

export const orderStatusOutput = orderStatusSchema;

export const earningsOutput = z.object({
  availableIdr: rupiahSchema,
  inEscrowIdr: rupiahSchema,
  ordersInEscrow: z.number().int(),
  earnedIdr: rupiahSchema,
  reimbursedIdr: rupiahSchema,
  paidOutIdr: rupiahSchema,
});

/** Their own delivery statistics (domain/catalog/service-stats.ts), by the catalog's definitions. */
export const deliveryFiguresOutput = z.object({
  ordersCompleted90d: z.number().int(),
  medianHoursToDelivery: z.number().nullable(),
  onTimeRate: z.number().nullable(),
  acceptanceRate: z.number().nullable(),
  disputeRate: z.number().nullable(),
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
});

export const statementOutput = pageSchema(
  z.object({
    id: z.string(),
    at: z.date(),
    description: z.string(),
    reference: z.object({ label: z.string(), href: z.string().optional() }).optional(),
    amountIdr: rupiahSchema,
    balanceIdr: rupiahSchema,
  }),
);

/** The practitioner's own reviews: the average, the count, the latest; never who wrote them. */
export const reviewsOutput = z.object({
  count: z.number().int(),
  averageRating: z.number().nullable(),
  latest: z.array(
    z.object({
      id: z.string(),
      rating: z.number().int(),
      comment: z.string().nullable(),
      createdAt: z.date(),
      orderId: z.string(),
      service: z.string(),
    }),
  ),
});

export const profileOutput = z.object({
  name: z.string(),
  email: z.string(),
  label: z.string().nullable(),
  categories: z.array(z.string()),
  available: z.boolean(),
  emailNotifications: z.boolean(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  areas: z.array(z.string()),
  languages: z.array(z.string()),
  yearsOfPractice: z.number().int().nullable(),
  areaChoices: z.array(z.string()),
});

const caseStatusSchema = z.enum(CaseStatus);

export const bidOutput = z.object({
  id: z.string(),
  status: z.enum(BidStatus),
  scope: z.string(),
  etaDays: z.number().int(),
  note: z.string().nullable(),
  priceIdr: rupiahSchema,
  clientPaysIdr: rupiahSchema,
  createdAt: z.date(),
});

export const caseOutput = z.object({
  id: z.string(),
  status: caseStatusSchema,
  area: z.string().nullable(),
  urgency: z.string(),
  budgetRange: z.string(),
  story: z.string(),
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  parties: partiesSchema,
  selected: z.boolean(),
  createdAt: z.date(),
  myBid: bidOutput.nullable(),
  canBid: z.boolean(),
  canWithdraw: z.boolean(),
});

export const casesOutput = pageSchema(caseOutput);

export const myBidsOutput = pageSchema(
  z.object({
    id: z.string(),
    status: z.enum(BidStatus),
    etaDays: z.number().int(),
    priceIdr: z.number().int(),
    clientPaysIdr: z.number().int(),
    createdAt: z.date(),
    case: z.object({ id: z.string(), status: caseStatusSchema, area: z.string().nullable() }),
    selected: z.boolean(),
  }),
);
