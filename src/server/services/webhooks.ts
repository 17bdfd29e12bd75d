import type { DeliveryStatus } from "@/generated/prisma/enums";
import type { DueRow } from "@/server/domain/due-row";
import type { Clock } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { type WebhookPayload, webhookBody } from "@/server/domain/webhook-event";
import { signWebhook } from "@/server/domain/signature";
import { signingSecrets } from "@/server/domain/webhook-secret";
import { isDeliveredStatus, nextAttemptAt, webhookHeaders } from "@/server/domain/webhook-delivery";
import type { Db } from "@/server/db/client";
import { logger } from "@/server/log";
import { postWebhook, type WebhookResponse } from "./webhooks-transport";

/** Job kind name of one delivery attempt; ids are WebhookDelivery ids. */
export const WEBHOOK_DELIVERY_JOB = "webhook-delivery";

export interface WebhookSettings {
  /** Operator word in the User-Agent and header names. */
  operatorName: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

export interface WebhookDeps {
  db: Db;
  clock: Clock;
  webhooks: WebhookSettings;
}

// The claim outlives the longest possible attempt, so a live worker never loses it mid-send.
const LEASE_MARGIN_MS = 20_000;

export type DeliveryOutcome =
  | { result: "delivered"; attempt: number; statusCode: number }
  /** `retryAt` null: that was the last attempt and the delivery is now `gagal`. */
  | { result: "failed"; attempt: number; error: string; retryAt: Date | null }
  /** Nothing sent: gone, already finished, another worker holds it, or not due until `retryAt`. */
  | { result: "skipped"; reason: "not_found" | "finished" | "busy" | "not_due"; retryAt: Date | null };

/** Deliveries due at `now` that no worker holds, most overdue first. */
export async function findDueDeliveries(db: Db, cutoff: Date, limit: number): Promise<DueRow[]> {
  const rows = await db.webhookDelivery.findMany({
    where: { status: "menunggu", nextAttemptAt: { lte: cutoff }, OR: [{ lockedUntil: null }, { lockedUntil: { lte: cutoff } }] },
    // Events due at the same moment go out in the order they happened.
    orderBy: [{ nextAttemptAt: "asc" }, { event: { seq: "asc" } }],
    take: limit,
    select: { id: true, nextAttemptAt: true },
  });
  return rows.map((row) => ({ id: row.id, dueAt: row.nextAttemptAt! }));
}

/**
 * One attempt of one delivery, safe to run twice or concurrently. The conditional UPDATE is
 * the claim: only the worker whose UPDATE matched (waiting, due, not leased) sends; the lease
 * expires on its own if that worker dies, and the row is then due again (at least once).
 */
export async function attemptDelivery(deps: WebhookDeps, deliveryId: string): Promise<DeliveryOutcome> {
  const { db, clock, webhooks } = deps;
  const claimedAt = clock.now();
  const lease = new Date(claimedAt.getTime() + webhooks.timeoutMs + LEASE_MARGIN_MS);
  const claim = await db.webhookDelivery.updateMany({
    where: {
      id: deliveryId,
      status: "menunggu",
      nextAttemptAt: { lte: claimedAt },
      OR: [{ lockedUntil: null }, { lockedUntil: { lte: claimedAt } }],
    },
    data: { lockedUntil: lease },
  });
  if (claim.count === 0) return whyNotClaimed(db, deliveryId, claimedAt);

  const delivery = await db.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    select: {
      url: true,
      attempts: true,
      event: {
        select: { id: true, payload: true, apiKey: { select: { webhookSecret: true, previousWebhookSecret: true, previousWebhookSecretExpiresAt: true } } },
      },
    },
  });
  const attempt = delivery.attempts + 1;
  const sentAt = clock.now();
  // These exact bytes are both signed and sent.
  const body = webhookBody(delivery.event.id, delivery.event.payload as unknown as WebhookPayload, sentAt);
  const { apiKey } = delivery.event;
  // During a rotation's overlap both secrets sign (two v1), so receivers on either one accept it.
  const secrets = signingSecrets({ current: apiKey.webhookSecret, previous: apiKey.previousWebhookSecret, previousExpiresAt: apiKey.previousWebhookSecretExpiresAt }, sentAt);
  const signature = signWebhook(secrets, Math.floor(sentAt.getTime() / 1000), body);
  const response = await postWebhook({
    url: delivery.url,
    headers: webhookHeaders(webhooks.operatorName, signature, delivery.event.id),
    body,
    timeoutMs: webhooks.timeoutMs,
    allowPrivate: webhooks.allowPrivate,
  });

  const delivered = response.statusCode !== null && isDeliveredStatus(response.statusCode);
  const error = delivered ? null : failureText(response);
  const retryAt = delivered ? null : nextAttemptAt(attempt, clock.now());
  const status: DeliveryStatus = delivered ? "terkirim" : retryAt ? "menunggu" : "gagal";
  await db.$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: { id: newId("attempt"), deliveryId, attempt, startedAt: sentAt, durationMs: response.durationMs, statusCode: response.statusCode, error },
    });
    const saved = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, lockedUntil: lease },
      data: { status, attempts: attempt, nextAttemptAt: retryAt, lockedUntil: null },
    });
    if (saved.count === 0) logger.warn({ deliveryId, attempt }, "webhook lease expired during the attempt; another worker owns the delivery now");
  });
  if (delivered) return { result: "delivered", attempt, statusCode: response.statusCode! };
  return { result: "failed", attempt, error: error!, retryAt };
}

async function whyNotClaimed(db: Db, deliveryId: string, now: Date): Promise<DeliveryOutcome> {
  const row = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, select: { status: true, nextAttemptAt: true, lockedUntil: true } });
  if (!row) return { result: "skipped", reason: "not_found", retryAt: null };
  if (row.status !== "menunggu" || !row.nextAttemptAt) return { result: "skipped", reason: "finished", retryAt: null };
  // The holder records the outcome and schedules what follows.
  if (row.lockedUntil && row.lockedUntil > now) return { result: "skipped", reason: "busy", retryAt: null };
  return { result: "skipped", reason: "not_due", retryAt: row.nextAttemptAt };
}

/** The status or the classified error only: the log never holds what a receiver said (webhooks-transport.ts). */
function failureText(response: WebhookResponse): string {
  if (response.statusCode === null) return response.error ?? "no answer";
  return response.statusCode >= 300 && response.statusCode <= 399 ? `HTTP ${response.statusCode}, redirect not followed` : `HTTP ${response.statusCode}`;
}

export interface WebhookAttemptLog {
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

export interface WebhookDeliveryLog {
  id: string;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  attemptsLog: WebhookAttemptLog[];
}

export interface WebhookEventLog {
  id: string;
  /** The event's subject: an order's events carry orderId, the case board's caseId. */
  orderId: string | null;
  caseId: string | null;
  type: string;
  payload: WebhookPayload;
  /** false for a test-mode order's event: the log shows both, so sandbox receivers can be debugged. */
  livemode: boolean;
  createdAt: Date;
  deliveries: WebhookDeliveryLog[];
}

export const DELIVERY_LOG_MAX = 100;

/** An organisation's events, newest first, each with its deliveries and their attempts. */
export async function listWebhookDeliveries(
  db: Db,
  organizationId: string,
  options: { orderId?: string; limit?: number } = {},
): Promise<WebhookEventLog[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), DELIVERY_LOG_MAX);
  const events = await db.webhookEvent.findMany({
    where: { organizationId, ...(options.orderId ? { orderId: options.orderId } : {}) },
    orderBy: { seq: "desc" },
    take: limit,
    select: {
      id: true,
      orderId: true,
      caseId: true,
      type: true,
      payload: true,
      livemode: true,
      createdAt: true,
      deliveries: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: {
          id: true,
          url: true,
          status: true,
          attempts: true,
          nextAttemptAt: true,
          createdAt: true,
          attemptsLog: {
            orderBy: [{ attempt: "asc" }, { startedAt: "asc" }],
            select: { attempt: true, startedAt: true, durationMs: true, statusCode: true, error: true },
          },
        },
      },
    },
  });
  return events.map((event) => ({ ...event, payload: event.payload as unknown as WebhookPayload }));
}

/**
 * Queues a fresh delivery (attempts 0, due now) of an organisation's event to its subject's
 * current URL: an order's callback_url, else the creating key's webhook URL. The job engine picks
 * it up at once (every committed mutation wakes it).
 */
export async function redeliver(db: Db, clock: Clock, organizationId: string, eventId: string): Promise<{ deliveryId: string; url: string }> {
  const event = await db.webhookEvent.findFirst({
    where: { id: eventId, organizationId },
    select: { order: { select: { id: true, callbackUrl: true } }, caseId: true, apiKey: { select: { webhookUrl: true } } },
  });
  if (!event) throw new AppError("NOT_FOUND", `No event ${eventId}.`);
  const url = event.order?.callbackUrl ?? event.apiKey.webhookUrl;
  if (!url) {
    const subject = event.order ? `Order ${event.order.id} has no callback_url and its` : `Case ${event.caseId}'s`;
    throw new AppError("CONFLICT", `${subject} API key has no webhook URL: there is nowhere to deliver to.`);
  }
  const now = clock.now();
  const deliveryId = newId("delivery");
  await db.webhookDelivery.create({ data: { id: deliveryId, eventId, url, nextAttemptAt: now, createdAt: now } });
  return { deliveryId, url };
}
