import { z } from "zod";
import type { OrderReview } from "@/generated/prisma/client";
import type { CredentialStatus } from "@/generated/prisma/enums";
import { OrderStatus } from "@/generated/prisma/enums";
import { INTAKE_LIMITS } from "@/server/domain/catalog/intake";
import { dayOfDateColumn, jakartaDay } from "@/server/domain/clock";
import { isHttpUrl } from "@/server/domain/events/webhook-url";
import { MESSAGE_ROLES, type MessageRole } from "@/server/domain/orders/order-state";
import { REVIEW_LIMITS } from "@/server/domain/orders/review";
import {
  CREDENTIAL_KINDS,
  type CredentialKind,
  countsOn,
  credentialFacts,
  isCredentialKind,
} from "@/server/domain/practitioners/credentials";
import { publicName } from "@/server/domain/practitioners/practitioner-profile";
import { filesByPlace } from "@/server/services/files";
import type { OrderWithMessages } from "@/server/services/order-engine";
import { type OrderReceipt, orderReceiptSchema } from "../books/receipt";
import { attachmentIdsSchema, fileSchema, serializeFile } from "../files/file";
import { livemodeSchema } from "../livemode";
import { metadataOf, metadataSchema } from "../metadata";
import { rupiahSchema } from "../rupiah";
import { costSchema, serializeCost } from "./cost";

/**
 * A JSON number, taken as sent. trpc-to-openapi's adapter used to coerce plain z.number() fields
 * (turning "5" into 5, by mutating the schema for every face); /v1 no longer goes through it and
 * touches no schema, so this is now the same as the schema it wraps. Kept so that the generated
 * OpenAPI document stays what it is.
 */
export const jsonNumber = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value, schema);

export const orderStatusSchema = z.enum(OrderStatus).meta({ id: "OrderStatus" });

/** What isHttpUrl accepts, as the document states it: a URI that begins with http:// or https:// (any case). */
const HTTP_URL_FORMAT = { format: "uri", pattern: "^[Hh][Tt][Tt][Pp][Ss]?://" };

export const createOrderSchema = z
  .object({
    service: z.string().min(1).max(100).meta({ description: "A service `code` from GET /v1/services." }),
    intake: z
      .record(z.string().min(1).max(64), z.string().max(INTAKE_LIMITS.longText))
      .refine((intake) => Object.keys(intake).length <= INTAKE_LIMITS.fields, `at most ${INTAKE_LIMITS.fields} fields`)
      .meta({ description: "Map of intake field key to string value, per the service's `intake`." }),
    max_budget: jsonNumber(z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable())
      .optional()
      .meta({ description: "Upper bound on the price in IDR." }),
    callback_url: z
      .string()
      .max(2048)
      .refine(isHttpUrl, "must be a URL beginning with http:// or https://")
      .meta(HTTP_URL_FORMAT)
      .nullable()
      .optional()
      .meta({ description: "Receives this order's webhooks." }),
    metadata: metadataSchema.optional(),
    attachments: attachmentIdsSchema.optional().meta({
      description:
        "Documents for the practitioner (a contract, a logo, scanned IDs): they see each one's name, type and size when offered the order and open it after taking it.",
    }),
  })
  .strict()
  .meta({ id: "CreateOrder" });

/** Free text an agent or a practitioner writes on an order: a message, a question, a deliverable. */
export const orderTextSchema = z.string().trim().min(1, "must not be empty").max(INTAKE_LIMITS.longText);

export const messageInputSchema = z
  .object({
    body: orderTextSchema.meta({
      description: "The message to the practitioner: an answer to their question, or a note. Kept on the order with role client.",
    }),
    attachments: attachmentIdsSchema.optional(),
  })
  .strict()
  .meta({ id: "Message" });

export const cancelInputSchema = z
  .object({ reason: orderTextSchema.optional().meta({ description: "Why; kept as a client message on the order." }) })
  .strict()
  .meta({ id: "CancelOrder" });

export const revisionInputSchema = z
  .object({ reason: orderTextSchema.meta({ description: "What to change; the practitioner reads it as a client message." }) })
  .strict()
  .meta({ id: "RevisionRequest" });

export const disputeInputSchema = z
  .object({
    reason: orderTextSchema.meta({ description: "What is wrong; the operator's team and the practitioner read it as a client message." }),
  })
  .strict()
  .meta({ id: "DisputeRequest" });

const orderMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(MESSAGE_ROLES).meta({
      description:
        "`client`: you, the agent (your API key); `admin`: an admin of your organisation, writing in the portal; `practitioner`; `operator`: the operator's team; `system`: Kuasa itself (an automatic refund or acceptance, a dispute's figures).",
    }),
    body: z.string(),
    attachments: z.array(fileSchema),
    livemode: livemodeSchema,
    created_at: z.iso.datetime(),
  })
  .meta({ id: "OrderMessage" });

export const reviewInputSchema = z
  .object({
    rating: z
      .number()
      .int()
      .min(REVIEW_LIMITS.minRating)
      .max(REVIEW_LIMITS.maxRating)
      .meta({ description: `How the work was, ${REVIEW_LIMITS.minRating} (poor) to ${REVIEW_LIMITS.maxRating} (excellent).` }),
    comment: z
      .string()
      .trim()
      .max(REVIEW_LIMITS.comment)
      .nullable()
      .optional()
      .meta({
        description: `What was good or not (at most ${REVIEW_LIMITS.comment} characters); the practitioner reads it without your name.`,
      }),
  })
  .strict()
  .meta({ id: "ReviewRequest" });

export const reviewSchema = z
  .object({
    id: z.string().meta({ description: "rev_…" }),
    order_id: z.string(),
    rating: z.number().int(),
    comment: z.string().nullable(),
    livemode: livemodeSchema,
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Review" });

export function serializeReview(review: OrderReview, livemode: boolean): z.input<typeof reviewSchema> {
  return {
    id: review.id,
    order_id: review.orderId,
    rating: review.rating,
    comment: review.comment,
    livemode,
    created_at: review.createdAt.toISOString(),
  };
}

/** One credential as agents read it. */
const orderCredentialSchema = z
  .object({
    kind: z.enum(CREDENTIAL_KINDS).meta({ description: "advokat, notaris, ppat, konsultan_ki or penerjemah_tersumpah." }),
    issuer: z.string().meta({ description: "Who issued it (the advocates' organisation, the ministry)." }),
    number: z.string(),
    valid_until: z.string().nullable().meta({ description: "The day it stops being valid (YYYY-MM-DD), or null when it does not expire." }),
    province: z.string().nullable().meta({ description: "A notaris's or ppat's working area: the province's Kemendagri code." }),
    verified_at: z.string().nullable().meta({ description: "When Kuasa's operator verified it (ISO 8601)." }),
  })
  .meta({ id: "PractitionerCredential" });

/** Who does the work, as the operator verified them. */
export const orderPractitionerSchema = z
  .object({
    id: z.string().meta({ description: "prk_…" }),
    name: z.string().meta({
      description: "The name the practitioner practises under: their verified name, with any titles they added (e.g. `, S.H.`).",
    }),
    label: z.string().nullable().meta({
      description:
        "Derived from the credentials below, never typed (e.g. `Advokat (PERADI) · Notaris — DKI Jakarta`): the only label that counts. Null: no credential counts today.",
    }),
    license_number: z.string().nullable().meta({
      description: "The number of the first credential in `credentials` (kept for clients written before `credentials`).",
    }),
    credentials: z.array(orderCredentialSchema).meta({
      description: "The practitioner's credentials Kuasa verified that are valid today, in the order of their kinds.",
    }),
  })
  .meta({ id: "OrderPractitioner" });

type CredentialRow = {
  kind: string;
  issuer: string;
  number: string;
  validUntil: Date | null;
  province: string | null;
  status: CredentialStatus;
  decidedAt: Date | null;
};

/** A practitioner as PRACTITIONER_SEEN_BY_CLIENT reads them, in the API's shape, with the credentials that count today in Jakarta. */
export function serializePractitioner(
  practitioner: Parameters<typeof publicName>[0] & { id: string; label: string | null; credentials: CredentialRow[] },
): z.input<typeof orderPractitionerSchema> {
  const today = jakartaDay(new Date());
  const counting = practitioner.credentials
    .filter((c) => isCredentialKind(c.kind) && countsOn(credentialFacts(c), today))
    .sort((a, b) => CREDENTIAL_KINDS.indexOf(a.kind as CredentialKind) - CREDENTIAL_KINDS.indexOf(b.kind as CredentialKind));
  return {
    id: practitioner.id,
    name: publicName(practitioner),
    label: practitioner.label,
    license_number: counting[0]?.number ?? null,
    credentials: counting.map((c) => ({
      kind: c.kind as CredentialKind,
      issuer: c.issuer,
      number: c.number,
      valid_until: c.validUntil ? dayOfDateColumn(c.validUntil) : null,
      province: c.province,
      verified_at: c.decidedAt?.toISOString() ?? null,
    })),
  };
}

export const orderSchema = z
  .object({
    id: z.string(),
    service: z.string(),
    status: orderStatusSchema,
    price_idr: rupiahSchema,
    max_budget: rupiahSchema.nullable(),
    intake: z.record(z.string(), z.string()),
    callback_url: z.string().meta(HTTP_URL_FORMAT).nullable(),
    sla_due_at: z.iso.datetime().nullable(),
    sla_breached_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When the SLA passed before delivery, if it did; the operator's team follows these up." }),
    deliverable: z
      .string()
      .nullable()
      .meta({ description: "The latest delivered result; kept while a revision is worked on, replaced by the next delivery." }),
    deliverable_files: z.array(fileSchema).meta({
      description: "The files of the latest delivery (a signed PDF, a revised DOCX); `deliverable` holds the practitioner's note on them.",
    }),
    attachments: z.array(fileSchema).meta({ description: "The documents the order was created with." }),
    auto_accept_at: z.iso.datetime().nullable().meta({
      description:
        "While `diserahkan`: when the result is accepted on your behalf (escrow released) unless you accept, ask for a revision or dispute first.",
    }),
    revision_count: z
      .number()
      .int()
      .meta({ description: "Revisions asked for so far; the client side may ask for a limited number (409 REVISION_LIMIT after that)." }),
    offering: z
      .object({
        round: z.number().int().meta({ description: "Each eligible practitioner is offered the order once per round." }),
        stalled_since: z.iso
          .datetime()
          .nullable()
          .meta({ description: "Set when a whole round passed (or nobody is eligible): the operator's team may start a new round." }),
        stalled_reason: z.string().nullable(),
        refund_at: z.iso
          .datetime()
          .nullable()
          .meta({ description: "A stalled order is refunded in full at this time unless offering restarts first." }),
      })
      .nullable()
      .meta({ description: "While `ditawarkan`: how offering goes; null otherwise." }),
    case_id: z
      .string()
      .nullable()
      .meta({ description: "Case-board work: the case whose selected bid this order carries (opened when its invoice was paid)." }),
    conflict_check: z
      .object({
        parties: z.array(z.string()).meta({
          description:
            "The names checked: your organisation, the parties your intake names as the client (`pihak_klien` fields), then the other side (`pihak` fields).",
        }),
        checked_at: z.iso.datetime().meta({ description: "When offering last checked practitioners against them." }),
        confirmed_at: z.iso.datetime().nullable().meta({
          description:
            "When the practitioner who took the order confirmed they have no conflict of interest with any of them; null until taken.",
        }),
      })
      .nullable()
      .meta({
        description:
          "The conflict-of-interest check: practitioners who acted for the other side or against your side, or who declared a party, are never offered the order. Null until offering or the case board's selection first checked it.",
      }),
    metadata: metadataSchema,
    approval_required: z.boolean(),
    livemode: livemodeSchema,
    messages: z.array(orderMessageSchema),
    practitioner: orderPractitionerSchema.nullable().meta({
      description: "Null until a practitioner takes the order; then who does the work, with the label and licence the operator verified.",
    }),
    review: reviewSchema.nullable().meta({ description: "Your review of the finished work (POST /v1/orders/{id}/review), once given." }),
    costs: z.array(costSchema).meta({
      description:
        "Third-party costs (official fees) the practitioner asked for, oldest first: approve or reject each (POST /v1/orders/{id}/costs/{cost_id}/approve or POST /v1/orders/{id}/costs/{cost_id}/reject). Not part of `price_idr`.",
    }),
    receipts: z.array(orderReceiptSchema).meta({
      description:
        "Every document of the order's money, oldest first, told apart by `kind`: the receipt (`kuitansi`) of its payment and of each " +
        "approved cost, a credit note (`nota_kredit`) for each amount given back (a cancellation, a refund, a dispute's split, a cost " +
        "refunded). Kuasa issues each seconds after the money moves, so an order paid a moment ago may still show `[]`; GET " +
        "/v1/receipts/{id} has a document's breakdown.",
    }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "Order" });

export type OrderResponse = z.input<typeof orderSchema>;

/**
 * The agent's view: always its own data, unmasked. Needs the row and its messages, nothing else (lists load no more),
 * and its documents, read apart (v1/order-answer.ts) as they are not the order's rows.
 */
export function serializeOrder(order: Omit<OrderWithMessages, "apiKey">, receipts: readonly OrderReceipt[]): OrderResponse {
  const files = filesByPlace(order.files);
  return {
    id: order.id,
    service: order.serviceCode,
    status: order.status,
    price_idr: order.priceIdr,
    max_budget: order.maxBudgetIdr,
    intake: order.intake as Record<string, string>,
    callback_url: order.callbackUrl,
    sla_due_at: order.slaDueAt?.toISOString() ?? null,
    sla_breached_at: order.slaBreachedAt?.toISOString() ?? null,
    deliverable: order.deliverable,
    deliverable_files: files.deliverable.map(serializeFile),
    attachments: files.order.map(serializeFile),
    auto_accept_at: order.autoAcceptAt?.toISOString() ?? null,
    revision_count: order.revisionCount,
    offering:
      order.status === "ditawarkan"
        ? {
            round: order.offerRound,
            stalled_since: order.offeringStalledAt?.toISOString() ?? null,
            stalled_reason: order.offeringStalledReason,
            refund_at: order.offeringRefundAt?.toISOString() ?? null,
          }
        : null,
    case_id: order.caseId,
    conflict_check: order.conflictCheckedAt
      ? {
          parties: order.conflictParties,
          checked_at: order.conflictCheckedAt.toISOString(),
          confirmed_at: order.conflictConfirmedAt?.toISOString() ?? null,
        }
      : null,
    metadata: metadataOf(order.metadata),
    approval_required: order.approvalRequired,
    livemode: order.livemode,
    messages: order.messages.map((m) => ({
      id: m.id,
      role: m.role as MessageRole,
      body: m.body,
      attachments: files.ofMessage(m.id).map(serializeFile),
      livemode: order.livemode,
      created_at: m.createdAt.toISOString(),
    })),
    practitioner: order.practitioner ? serializePractitioner(order.practitioner) : null,
    review: order.review ? serializeReview(order.review, order.livemode) : null,
    costs: order.costs.map(serializeCost),
    receipts: [...receipts],
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}
