import { z } from "zod";
import { BidStatus, CaseStatus, DeliveryStatus, InvoiceStatus, KeyMode, OrderStatus, OrganizationStatus } from "@/generated/prisma/enums";
import { SCOPES } from "@/server/domain/access/api-key";
import { EVENT_TYPES, type WebhookPayload } from "@/server/domain/events/webhook-event";
import { WEBHOOK_SECRET_OVERLAP_HOURS } from "@/server/domain/events/webhook-secret";
import { isDashboardWebhookUrl } from "@/server/domain/events/webhook-url";
import { nameText } from "@/server/domain/text/name-text";
import { ADMIN_ORDER_ACTIONS } from "@/server/services/orders";
import { pageSchema, portalPageInput } from "../../portal/paging";
import { invitationStatusSchema } from "../access/invitation-portal";
import { portalFileIdsSchema, portalFileSchema } from "../files/file";
import { idSchema } from "../ids";
import { METADATA_LIMITS, metadataKeySchema, metadataOf } from "../metadata";
import { orderTextSchema, reviewInputSchema } from "../orders/order";
import { rupiahInputSchema, rupiahSchema } from "../rupiah";

/** The organisation admin portal's inputs, its output schemas, and the views that shape its rows. */

/** Live data unless the page's switch asks for the sandbox's (`kk_test_` keys' orders and money). */
const modeInput = z.enum(["live", "test"]).default("live");

const search = z.string().trim().max(200).optional();
export const blankToUndefined = (text: string | undefined) => (text ? text : undefined);

export const byOrder = z.object({ orderId: idSchema });
export const byApiKey = z.object({ apiKeyId: idSchema });
export const byInvitation = z.object({ invitationId: idSchema });

export const thresholdInput = z.object({ thresholdIdr: rupiahInputSchema.nullable() });
export const reasonInput = byOrder.extend({ reason: orderTextSchema });
export const cancelInput = byOrder.extend({ reason: orderTextSchema.optional() });
/** The admin's message to the practitioner, with files uploaded onto the order. */
export const messageInput = byOrder.extend({ body: orderTextSchema, files: portalFileIdsSchema });
/** Approving pays; rejecting cancels and says why (the agent reads it on the order). */
export const decideInput = z.discriminatedUnion("approve", [
  byOrder.extend({ approve: z.literal(true) }),
  byOrder.extend({ approve: z.literal(false), reason: orderTextSchema }),
]);

export const orderSearchInput = z.object({
  mode: modeInput,
  q: search,
  status: z.enum(OrderStatus).optional(),
  apiKeyId: idSchema.optional(),
  /** Only orders whose offering stalled. */
  stalled: z.boolean().optional(),
  /** One `metadata[key]=value` filter, as the API's order list takes. */
  metadata: z.object({ key: metadataKeySchema, value: z.string().max(METADATA_LIMITS.valueLength) }).optional(),
  page: portalPageInput,
});

/** What needs the admin in one mode: counts, each linking to its filtered list. */
export const attentionOutput = z.object({
  awaitingAcceptance: z.number().int(),
  awaitingAnswer: z.number().int(),
  stalled: z.number().int(),
  awaitingApproval: z.number().int(),
  undecidedCosts: z.number().int(),
  unpaidInvoices: z.number().int(),
});

export const statementInput = z.object({ mode: modeInput, page: portalPageInput });
export const modeOnlyInput = z.object({ mode: modeInput });

const webhookUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(isDashboardWebhookUrl, "Gunakan https:// (atau http://localhost untuk pengembangan).")
  .nullable();
const keySettings = {
  name: nameText(z.string().trim().max(100)),
  scopes: z.array(z.enum(SCOPES)).min(1),
  maxOrderIdr: rupiahInputSchema,
  monthlyBudgetIdr: rupiahInputSchema,
  webhookUrl,
};
export const createKeyInput = z.object({ ...keySettings, mode: z.enum(["live", "test"]).default("live") });
export const updateKeyInput = byApiKey.extend(keySettings);
export const rotateSecretInput = byApiKey.extend({
  // Hours the replaced secret keeps signing beside the new one; 0 for a leaked secret.
  overlapHours: z.number().int().min(0).max(WEBHOOK_SECRET_OVERLAP_HOURS.max).default(WEBHOOK_SECRET_OVERLAP_HOURS.default),
});

export const webhookSearchInput = z.object({
  mode: modeInput,
  orderId: idSchema.optional(),
  status: z.enum(DeliveryStatus).optional(),
  page: portalPageInput,
});

export const inviteInput = z.object({ email: z.string().trim().min(3).max(320) });

/** A new invitation as its inviter sees it once: the link is for passing on by hand when e-mail is not set up. */
export const invitationCreatedView = (invitation: { id: string; email: string; expiresAt: Date; link: string }) => ({
  id: invitation.id,
  email: invitation.email,
  expiresAt: invitation.expiresAt,
  link: invitation.link,
});

export function orderRowView(row: {
  id: string;
  status: OrderStatus;
  livemode: boolean;
  priceIdr: bigint;
  intake: Record<string, string>;
  intakeLabels: Record<string, string>;
  metadata: unknown;
  createdAt: Date;
  service: { name: string };
  apiKey: { id: string; name: string; keyId: string };
}) {
  return {
    id: row.id,
    status: row.status,
    livemode: row.livemode,
    service: row.service.name,
    priceIdr: row.priceIdr,
    intake: row.intake,
    intakeLabels: row.intakeLabels,
    metadata: metadataOf(row.metadata),
    apiKey: row.apiKey,
    createdAt: row.createdAt,
  };
}

const orderStatusSchema = z.enum(OrderStatus);
export const orderStatusOutput = orderStatusSchema;

export const overviewOutput = z.object({
  name: z.string(),
  status: z.enum(OrganizationStatus),
  approvalThresholdIdr: rupiahSchema.nullable(),
  depositIdr: z.object({ live: rupiahSchema, test: rupiahSchema }),
});

/** The deposit's statement: each row's signed amount and the balance after it, as the StatementTable shows them. */
export const statementOutput = pageSchema(
  z.object({
    id: z.string(),
    amountIdr: rupiahSchema,
    balanceAfterIdr: rupiahSchema,
    kind: z.string(),
    reference: z.string().nullable(),
    description: z.string(),
    createdAt: z.date(),
  }),
).extend({ balanceIdr: rupiahSchema });

export const spendOutput = z.array(z.object({ month: z.string(), orders: z.number().int(), spentIdr: z.number().int() }));

export const ordersOutput = pageSchema(
  z.object({
    id: z.string(),
    status: orderStatusSchema,
    livemode: z.boolean(),
    service: z.string(),
    priceIdr: rupiahSchema,
    /** As people read it (services' labels, numbers grouped, dates in words): domain/catalog/intake.ts intakeForPeople. */
    intake: z.record(z.string(), z.string()),
    intakeLabels: z.record(z.string(), z.string()),
    metadata: z.record(z.string(), z.string()),
    apiKey: z.object({ id: z.string(), name: z.string(), keyId: z.string() }),
    createdAt: z.date(),
  }),
);

export const pendingApprovalsOutput = z.object({ live: z.number().int(), test: z.number().int() });

const messageSchema = z.object({ id: z.string(), createdAt: z.date(), role: z.string(), body: z.string() });

export const orderOutput = z.object({
  id: z.string(),
  status: orderStatusSchema,
  livemode: z.boolean(),
  service: z.object({ code: z.string(), name: z.string(), slaLabel: z.string() }),
  priceIdr: z.number().int(),
  intake: z.record(z.string(), z.string()),
  intakeLabels: z.record(z.string(), z.string()),
  deliverable: z.string().nullable(),
  caseId: z.string().nullable(),
  createdAt: z.date(),
  slaDueAt: z.date().nullable(),
  slaBreachedAt: z.date().nullable(),
  autoAcceptAt: z.date().nullable(),
  revisionCount: z.number().int(),
  revisionsLeft: z.number().int(),
  paid: z.boolean(),
  practitioner: z.object({ name: z.string(), label: z.string().nullable() }).nullable(),
  apiKey: z.object({ keyId: z.string(), name: z.string() }),
  messages: z.array(messageSchema),
  files: z.array(portalFileSchema),
  events: z.array(z.object({ id: z.string(), type: z.enum(EVENT_TYPES), createdAt: z.date() })),
  offering: z
    .object({ round: z.number().int(), stalledAt: z.date().nullable(), reason: z.string().nullable(), refundAt: z.date().nullable() })
    .nullable(),
  actions: z.array(z.enum(ADMIN_ORDER_ACTIONS)),
  review: z
    .object({ rating: z.number().int(), comment: z.string().nullable(), createdAt: z.date(), by: z.enum(["agent", "admin"]) })
    .nullable(),
  reviewable: z.boolean(),
});

/** The admin's review of a finished order: the API's rating and comment. */
export const reviewOrderInput = byOrder.extend(reviewInputSchema.shape);

export const keysOutput = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    keyId: z.string(),
    mode: z.enum(KeyMode),
    scopes: z.array(z.string()),
    maxOrderIdr: z.number().int(),
    monthlyBudgetIdr: z.number().int(),
    spentThisMonthIdr: z.number().int(),
    webhookUrl: z.string().nullable(),
    /** The API version the key is pinned to (domain/api-version.ts). */
    apiVersion: z.string(),
    oauthClientName: z.string().nullable(),
    lastUsedAt: z.date().nullable(),
    revokedAt: z.date().nullable(),
    previousWebhookSecretExpiresAt: z.date().nullable(),
    createdAt: z.date(),
  }),
);

export const keyDefaultsOutput = z.object({ maxOrderIdr: rupiahSchema, monthlyBudgetIdr: rupiahSchema });
export const createdKeyOutput = z.object({ keyId: z.string(), token: z.string(), webhookSecret: z.string() });
export const upgradedKeyOutput = z.object({ apiVersion: z.string() });
/** A key's newest requests (services/request-log), newest first. */
export const keyRequestsOutput = z.array(
  z.object({ requestId: z.string(), method: z.string(), path: z.string(), status: z.number().int(), createdAt: z.date() }),
);
export const rotatedSecretOutput = z.object({ webhookSecret: z.string(), previousSecretExpiresAt: z.date().nullable() });

export const webhookDeliveriesOutput = pageSchema(
  z.object({
    id: z.string(),
    orderId: z.string().nullable(),
    caseId: z.string().nullable(),
    type: z.string(),
    // The event's JSON as stored and sent, typed by the domain that builds it.
    payload: z.custom<WebhookPayload>((value) => typeof value === "object" && value !== null),
    livemode: z.boolean(),
    createdAt: z.date(),
    deliveries: z.array(
      z.object({
        id: z.string(),
        url: z.string(),
        status: z.enum(DeliveryStatus),
        attempts: z.number().int(),
        nextAttemptAt: z.date().nullable(),
        createdAt: z.date(),
        attemptsLog: z.array(
          z.object({
            attempt: z.number().int(),
            startedAt: z.date(),
            durationMs: z.number().int(),
            statusCode: z.number().int().nullable(),
            error: z.string().nullable(),
          }),
        ),
      }),
    ),
  }),
);

export const redeliverOutput = z.object({ deliveryId: z.string(), url: z.string() });

export const casesOutput = z.array(
  z.object({
    id: z.string(),
    status: z.enum(CaseStatus),
    area: z.string().nullable(),
    urgency: z.string(),
    budgetRange: z.string(),
    story: z.string(),
    contactName: z.string(),
    selectedBidId: z.string().nullable(),
    createdAt: z.date(),
    bids: z.array(
      z.object({
        id: z.string(),
        status: z.enum(BidStatus),
        scope: z.string(),
        etaDays: z.number().int(),
        note: z.string().nullable(),
        priceIdr: z.number().int(),
        clientPaysIdr: z.number().int(),
        createdAt: z.date(),
        practitioner: z.object({ name: z.string(), label: z.string().nullable() }),
      }),
    ),
    invoice: z
      .object({
        id: z.string(),
        status: z.enum(InvoiceStatus),
        totalIdr: z.number().int(),
        feeIdr: z.number().int(),
        orderId: z.string().nullable(),
        paidAt: z.date().nullable(),
        createdAt: z.date(),
      })
      .nullable(),
  }),
);

export const selectBidInput = z.object({ caseId: idSchema, bidId: idSchema });
export const selectedBidOutput = z.object({ invoiceId: z.string(), totalIdr: rupiahSchema });

export const paidInvoiceOutput = z.object({ status: z.enum(InvoiceStatus), totalIdr: rupiahSchema, orderId: z.string().nullable() });

export const teamOutput = z.object({
  members: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), since: z.date() })),
  invitations: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      status: invitationStatusSchema,
      expiresAt: z.date(),
      acceptedAt: z.date().nullable(),
      revokedAt: z.date().nullable(),
      createdAt: z.date(),
    }),
  ),
});

export const invitationCreatedOutput = z.object({ id: z.string(), email: z.string(), expiresAt: z.date(), link: z.string() });
