import { z } from "zod";
import {
  CaseStatus,
  InvoiceStatus,
  KeyMode,
  LedgerAccountKind,
  MembershipRole,
  OfferStatus,
  OrderStatus,
  OrganizationStatus,
} from "@/generated/prisma/enums";
import { SERVICE_STATES } from "@/server/domain/catalog/service-state";
import { thirdPartyFeeListSchema } from "@/server/domain/catalog/third-party-fees";
import { type OfferingReason, offeringReasonSchema } from "@/server/domain/offers/offering-order";
import { CREDENTIAL_KINDS } from "@/server/domain/practitioners/credentials";
import { MIN_PASSWORD_LENGTH } from "@/server/services/access";
import type { operatorOrderDetail } from "@/server/services/orders";
import { OPERATOR_ORDER_ACTIONS, type OperatorOrderAction } from "@/server/services/orders";
import { pageSchema, portalPageInput } from "../../portal/paging";
import { intakeFieldSchema } from "../catalog/service";
import { portalFileSchema } from "../files/file";
import { idSchema } from "../ids";
import { nameSchema } from "../name";
import { rupiahInputSchema, rupiahNumberSchema, rupiahSchema } from "../rupiah";
import { byInvitation, inviteInput } from "./organization-portal";
/** The operator console's inputs, its output schemas, and the views that shape its rows. */

/** Every step the order page offers: the state machine's operator actions and a new offering round. */
export type OperatorStep = OperatorOrderAction | "restart_offering";

const search = z.string().trim().max(200).optional();
const page = { page: portalPageInput };

export const byOrganization = z.object({ organizationId: idSchema });
export const byOrder = z.object({ orderId: idSchema });
export const byPractitioner = z.object({ practitionerId: idSchema });
export const byUser = z.object({ userId: idSchema });
const practitionerCategories = z.array(z.string().min(1).max(64)).max(20);
export const createPractitionerInput = z.object({
  name: nameSchema(),
  email: z.string().trim().max(320),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(200),
  categories: practitionerCategories,
});
export const updatePractitionerInput = byPractitioner.extend({ categories: practitionerCategories });

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

export const orderActionInput = byOrder.extend({
  action: z.enum(OPERATOR_ORDER_ACTIONS),
  note: z.string().trim().max(10_000).optional(),
  /** settle_split: what the practitioner gets of their price; the rest of the escrow goes back to the deposit. */
  practitionerShareIdr: rupiahInputSchema.optional(),
});

export const createOrganizationInput = z.object({
  name: nameSchema(),
  approvalThresholdIdr: rupiahInputSchema.nullable().optional(),
  status: z.enum(["menunggu_persetujuan", "aktif"]),
});

export const setOrganizationStatusInput = byOrganization.extend({ status: z.enum(["aktif", "ditangguhkan"]) });
/** The operator invites an organisation's admin (its first, typically, after creating it in the console). */
export const operatorInviteInput = byOrganization.extend(inviteInput.shape);
export const operatorRevokeInvitationInput = byOrganization.extend(byInvitation.shape);
export const byService = z.object({ code: z.string().min(1).max(64) });
export const serviceSearchInput = z.object({
  q: search,
  category: z.string().trim().max(64).optional(),
  state: z.enum(SERVICE_STATES).optional(),
});
/** A sent agent price is dropped: it is always computed from the client price. */
export const updateServiceInput = byService.extend({
  clientPriceIdr: rupiahNumberSchema.optional(),
  slaDays: z.number().optional(),
  description: z.string().max(5_000).optional(),
  requires: z.array(z.enum(CREDENTIAL_KINDS)).max(CREDENTIAL_KINDS.length).optional(),
  intake: z.unknown().optional(),
  thirdPartyFees: z.unknown().optional(),
  agentEligible: z.boolean().optional(),
  active: z.boolean().optional(),
});

/** `confirmedRecentAccount`: the operator's second confirmation, needed for an account changed or verified in the last 24 hours. */
export const payoutInput = byPractitioner.extend({
  amountIdr: rupiahInputSchema,
  reference: z.string().trim().min(1).max(200),
  confirmedRecentAccount: z.boolean().default(false),
});
export const verifyBankAccountInput = byPractitioner.extend({ bankAccountId: idSchema });
export const topUpInput = byOrganization.extend({ amountIdr: rupiahInputSchema, reference: z.string().trim().min(1).max(200) });

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
    deliverable: order.deliverable,
    amounts: {
      priceIdr: order.priceIdr,
      practitionerFeeIdr: order.clientPriceIdr,
      platformFeeIdr: detail.platformFeeIdr,
      escrowIdr: detail.escrowIdr,
    },
    messages: order.messages,
    files: detail.files,
    timeline: detail.timeline,
    ledger: detail.transfers.map((t) => ({
      id: t.id,
      at: t.createdAt,
      kind: t.kind,
      reference: t.reference,
      entries: t.entries.map((e) => ({ id: e.id, account: e.account.code, kind: e.account.kind, amountIdr: e.amountIdr })),
    })),
    audit: detail.audit.map(auditRowView),
    allowedActions: detail.allowedActions as OperatorStep[],
    conflictCheck: order.conflictCheckedAt
      ? { parties: order.conflictParties, checkedAt: order.conflictCheckedAt, confirmedAt: order.conflictConfirmedAt }
      : null,
    offers: order.offers.map(({ reason, ...offer }) => ({ ...offer, reason: reason as OfferingReason | null })),
  };
}

export function auditRowView(row: {
  id: string;
  createdAt: Date;
  actorType: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  data: unknown;
}) {
  return {
    id: row.id,
    at: row.createdAt,
    actorType: row.actorType,
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    data: row.data,
  };
}

const orderStatusSchema = z.enum(OrderStatus);
export const orderStatusOutput = orderStatusSchema;
const named = z.object({ id: z.string(), name: z.string() });
const serviceRef = z.object({ code: z.string(), name: z.string() });

export const overviewOutput = z.object({
  createdToday: z.number().int(),
  disputed: z.number().int(),
  stalled: z.number().int(),
  slaBreaches: z.number().int(),
  waitingOrganizations: z.number().int(),
  byStatus: z.array(z.object({ status: orderStatusSchema, count: z.number().int() })),
  escrowIdr: rupiahSchema,
});

export const organizationsOutput = pageSchema(
  z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(OrganizationStatus),
    approvalThresholdIdr: rupiahSchema.nullable(),
    depositIdr: rupiahSchema,
    apiKeys: z.number().int(),
    orders: z.number().int(),
    createdAt: z.date(),
  }),
);

/** An order as the console's lists show it; the search table adds who holds it and its flags. */
const orderRow = z.object({
  id: z.string(),
  status: orderStatusSchema,
  livemode: z.boolean(),
  priceIdr: rupiahSchema,
  createdAt: z.date(),
  service: serviceRef,
});

export const organizationOutput = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(OrganizationStatus),
  approvalThresholdIdr: rupiahSchema.nullable(),
  createdAt: z.date(),
  depositIdr: rupiahSchema,
  testDepositIdr: rupiahSchema,
  liveKeys: z.number().int(),
  testKeys: z.number().int(),
  liveOrders: z.number().int(),
  admins: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(MembershipRole), since: z.date() })),
  recentOrders: z.array(orderRow),
});

export const createdOutput = z.object({ id: z.string() });
export const depositOutput = z.object({ depositIdr: rupiahSchema });

export const ordersOutput = pageSchema(
  orderRow.extend({
    offeringStalledAt: z.date().nullable(),
    slaBreachedAt: z.date().nullable(),
    organization: named,
    practitioner: named.nullable(),
  }),
);

const auditRowOutput = z.object({
  id: z.string(),
  at: z.date(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  data: z.unknown(),
});

export const orderOutput = z.object({
  id: z.string(),
  status: orderStatusSchema,
  livemode: z.boolean(),
  createdAt: z.date(),
  paidAt: z.date().nullable(),
  slaDueAt: z.date().nullable(),
  slaBreachedAt: z.date().nullable(),
  offeringStalledAt: z.date().nullable(),
  offeringStalledReason: z.string().nullable(),
  offeringRefundAt: z.date().nullable(),
  autoAcceptAt: z.date().nullable(),
  revisionCount: z.number().int(),
  organization: named,
  apiKey: z.object({ id: z.string(), name: z.string(), keyId: z.string(), mode: z.enum(KeyMode) }),
  service: serviceRef,
  practitioner: z.object({ id: z.string(), name: z.string(), label: z.string().nullable() }).nullable(),
  deliverable: z.string().nullable(),
  amounts: z.object({ priceIdr: rupiahSchema, practitionerFeeIdr: rupiahSchema, platformFeeIdr: rupiahSchema, escrowIdr: rupiahSchema }),
  messages: z.array(z.object({ id: z.string(), createdAt: z.date(), role: z.string(), body: z.string(), trigger: z.string().nullable() })),
  files: z.array(portalFileSchema),
  timeline: z.array(
    z.object({
      id: z.string(),
      at: z.date(),
      status: orderStatusSchema,
      actor: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.string(),
      at: z.date(),
      kind: z.string(),
      reference: z.string().nullable(),
      entries: z.array(z.object({ id: z.string(), account: z.string(), kind: z.enum(LedgerAccountKind), amountIdr: rupiahSchema })),
    }),
  ),
  audit: z.array(auditRowOutput),
  allowedActions: z.array(z.enum([...OPERATOR_ORDER_ACTIONS, "restart_offering"])),
  /** The conflict check: the parties checked, when, and when the taker confirmed (null: never checked). */
  conflictCheck: z.object({ parties: z.array(z.string()), checkedAt: z.date(), confirmedAt: z.date().nullable() }).nullable(),
  /** Every offer of the order, oldest first, with why its practitioner was offered it then (null: the operator chose them, or before issue 39). */
  offers: z.array(
    z.object({
      id: z.string(),
      round: z.number().int(),
      status: z.enum(OfferStatus),
      offeredAt: z.date(),
      expiresAt: z.date(),
      respondedAt: z.date().nullable(),
      practitioner: named,
      reason: offeringReasonSchema.nullable(),
    }),
  ),
});

const queueRow = {
  id: z.string(),
  status: orderStatusSchema,
  priceIdr: z.number().int(),
  organization: named,
  practitioner: named.nullable(),
  service: serviceRef,
};
export const stalledOrdersOutput = z.array(
  z.object({ ...queueRow, round: z.number().int(), stalledAt: z.date(), reason: z.string().nullable(), refundAt: z.date().nullable() }),
);
export const disputesOutput = z.array(z.object({ ...queueRow, openedAt: z.date().nullable(), reason: z.string().nullable() }));
export const slaBreachesOutput = z.array(z.object({ ...queueRow, slaDueAt: z.date().nullable(), slaBreachedAt: z.date() }));

export const auditLogOutput = pageSchema(auditRowOutput);
export const auditVocabularyOutput = z.object({ actions: z.array(z.string()), actorTypes: z.array(z.string()) });

export const casesOutput = z.array(
  z.object({
    id: z.string(),
    status: z.enum(CaseStatus),
    area: z.string().nullable(),
    urgency: z.string(),
    createdAt: z.date(),
    liveBids: z.number().int(),
    organization: named,
    invoice: z
      .object({ id: z.string(), status: z.enum(InvoiceStatus), totalIdr: z.number().int(), orderId: z.string().nullable() })
      .nullable(),
  }),
);

const payoutAccountSchema = z.object({
  id: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  maskedNumber: z.string(),
  accountNumber: z.string(),
  holderName: z.string(),
  destination: z.string(),
  createdAt: z.date(),
  verifiedAt: z.date().nullable(),
  recent: z.boolean(),
});

export const practitionersOutput = pageSchema(
  z.object({
    id: z.string(),
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    label: z.string().nullable(),
    categories: z.array(z.string()),
    active: z.boolean(),
    available: z.boolean(),
    createdAt: z.date(),
    lastOfferedAt: z.date().nullable(),
    liveOffers: z.number().int(),
    ordersInHand: z.number().int(),
    payableIdr: rupiahSchema,
    bankAccount: payoutAccountSchema.nullable(),
  }),
);

export const payoutOutput = z.object({ availableIdr: rupiahSchema, destination: z.string() });
/** The practitioners the operator may choose for an order on offer. */
export const choosablePractitionersOutput = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    label: z.string().nullable(),
    available: z.boolean(),
    passedThisRound: z.boolean(),
    holdsLiveOffer: z.boolean(),
    /** Their conflicts of interest with the order's parties, one sentence each; the server refuses them while any is left. */
    conflicts: z.array(z.string()),
  }),
);
export const operatorMessageInput = byOrder.extend({ body: z.string().trim().min(1).max(10_000) });
/** An order's intake and its case's story and contact, unmasked: returned only after the reading is audited. */
export const clientDataOutput = z.object({
  intake: z.record(z.string(), z.string()),
  intakeLabels: z.record(z.string(), z.string()),
  case: z
    .object({ id: z.string(), story: z.string(), contactName: z.string(), contactEmail: z.string(), contactPhone: z.string().nullable() })
    .nullable(),
});
export const offerToPractitionerInput = byOrder.extend({ practitionerId: idSchema });

/** Every account a practitioner has had, the current one first; the whole number, for the transfer. */
export const bankAccountsOutput = z.object({
  practitioner: named,
  accounts: z.array(payoutAccountSchema.extend({ replacedAt: z.date().nullable(), verifiedBy: named.nullable() })),
});
export const offersWithdrawnOutput = z.object({ offersWithdrawn: z.number().int() });
export const sessionsEndedOutput = z.object({ ended: z.number().int() });

export const serviceOutput = z.object({
  code: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  clientPriceIdr: z.number().int(),
  agentPriceIdr: z.number().int(),
  slaDays: z.number().int(),
  slaLabel: z.string(),
  intake: z.array(intakeFieldSchema),
  thirdParty: z.string().nullable(),
  thirdPartyFees: thirdPartyFeeListSchema,
  requires: z.array(z.enum(CREDENTIAL_KINDS)),
  agentEligible: z.boolean(),
  active: z.boolean(),
  state: z.enum(SERVICE_STATES),
  updatedAt: z.date(),
});
export const servicesOutput = z.object({ categories: z.array(z.string()), services: z.array(serviceOutput) });
