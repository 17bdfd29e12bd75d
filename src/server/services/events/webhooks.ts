import { Prisma } from "@/generated/prisma/client";
import type { DeliveryStatus } from "@/generated/prisma/enums";
import type { Db } from "@/server/db/client";
import { type AdminActor, requireActor, SWEEPER, type SystemActor } from "@/server/domain/access/actor";
import { pinnedVersion, renderForVersion, WEBHOOK_OPERATION } from "@/server/domain/api-version";
import type { Clock } from "@/server/domain/clock";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import { AppError } from "@/server/domain/errors";
import { signWebhook } from "@/server/domain/events/signature";
import { attemptResult, webhookHeaders } from "@/server/domain/events/webhook-delivery";
import { type WebhookPayload, webhookBody } from "@/server/domain/events/webhook-event";
import { signingSecrets } from "@/server/domain/events/webhook-secret";
import { newId } from "@/server/domain/ids";
import { logger } from "@/server/log";
import { apiVersionsOf, type ServiceDeps } from "../deps";
import { postWebhook } from "./webhooks-transport";

/** Job kind name of webhook delivery attempts; ids are WebhookDelivery ids. */
export const WEBHOOK_DELIVERY_JOB = "webhook-delivery";

export interface WebhookSettings {
  /** Operator word in the User-Agent and header names. */
  operatorName: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

export interface WebhookDeps extends Pick<ServiceDeps, "apiVersions"> {
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
  /**
   * Nothing sent: gone, already finished, another worker holds it, not due until `retryAt`, or
   * every connection to the receiver stayed busy with other deliveries (no attempt; due again at once).
   */
  | { result: "skipped"; reason: "not_found" | "finished" | "busy" | "not_due" | "receiver_busy"; retryAt: Date | null };

/** Deliveries due at `now` that no worker holds, most overdue first. */
export async function findDueDeliveries(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  const { db } = deps;
  const rows = await db.webhookDelivery.findMany({
    where: { status: "menunggu", nextAttemptAt: { lte: cutoff }, OR: [{ lockedUntil: null }, { lockedUntil: { lte: cutoff } }] },
    // Events due at the same moment go out in the order they happened.
    orderBy: [{ nextAttemptAt: "asc" }, { event: { seq: "asc" } }],
    take: limit,
    select: { id: true, nextAttemptAt: true },
  });
  return rows.map((row) => ({ id: row.id, dueAt: row.nextAttemptAt! }));
}

/** A time as the columns hold it: UTC wall time (timestamp without time zone). */
function utc(at: Date): Prisma.Sql {
  return Prisma.sql`(${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/** What sending one claimed delivery needs, as the claim returns it. */
interface ClaimedDelivery {
  id: string;
  url: string;
  attempts: number;
  nextAttemptAt: Date;
  eventId: string;
  seq: bigint;
  payload: WebhookPayload;
  /** The API version of the key the event belongs to: the body is sent in it. */
  apiVersion: string;
  webhookSecret: string;
  previousWebhookSecret: string | null;
  previousWebhookSecretExpiresAt: Date | null;
}

/**
 * The claim: one conditional UPDATE leases every listed delivery that is waiting, due and not
 * leased, and returns what sending needs (event, payload, the key's secrets). Rows another claim
 * is taking this instant are skipped (SKIP LOCKED), not waited for, so claims over overlapping
 * ids never queue behind or deadlock with each other; whichever takes a row sends it.
 */
async function claimDeliveries(db: Db, ids: readonly string[], claimedAt: Date, lease: Date): Promise<ClaimedDelivery[]> {
  const rows = await db.$queryRaw<ClaimedDelivery[]>`
    WITH "due" AS (
      SELECT "id" FROM "WebhookDelivery"
      WHERE "id" = ANY(${ids}::text[]) AND "status" = 'menunggu' AND "nextAttemptAt" <= ${utc(claimedAt)}
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${utc(claimedAt)})
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "WebhookDelivery" AS d SET "lockedUntil" = ${utc(lease)}, "updatedAt" = ${utc(claimedAt)}
    FROM "due", "WebhookEvent" AS e, "ApiKey" AS k
    WHERE d."id" = "due"."id" AND e."id" = d."eventId" AND k."id" = e."apiKeyId"
    RETURNING d."id", d."url", d."attempts", d."nextAttemptAt", e."id" AS "eventId", e."seq", e."payload", k."apiVersion",
      k."webhookSecret", k."previousWebhookSecret", k."previousWebhookSecretExpiresAt"`;
  // Events go out in the order they happened (best effort: sends run concurrently).
  return rows.sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
}

/** A claimed delivery's state after its send, and the attempt for the log (none when nothing was sent). */
interface SendResult {
  deliveryId: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  attempt: { id: string; startedAt: Date; durationMs: number; statusCode: number | null; error: string | null } | null;
  outcome: DeliveryOutcome;
}

async function sendClaimed(deps: WebhookDeps, delivery: ClaimedDelivery): Promise<SendResult> {
  const { clock, webhooks } = deps;
  const attempt = delivery.attempts + 1;
  const sentAt = clock.now();
  // These exact bytes are both signed and sent, in the version the key is pinned to at this attempt.
  const versions = apiVersionsOf(deps);
  const version = pinnedVersion(versions, delivery.apiVersion);
  const body = webhookBody(delivery.eventId, delivery.payload, sentAt, (event) =>
    renderForVersion(versions, WEBHOOK_OPERATION, event, version),
  );
  // During a rotation's overlap both secrets sign (two v1), so receivers on either one accept it.
  const secrets = signingSecrets(
    {
      current: delivery.webhookSecret,
      previous: delivery.previousWebhookSecret,
      previousExpiresAt: delivery.previousWebhookSecretExpiresAt,
    },
    sentAt,
  );
  const signature = signWebhook(secrets, Math.floor(sentAt.getTime() / 1000), body);
  const response = await postWebhook({
    url: delivery.url,
    headers: webhookHeaders(webhooks.operatorName, signature, delivery.eventId),
    body,
    timeoutMs: webhooks.timeoutMs,
    allowPrivate: webhooks.allowPrivate,
  });
  if (response.queued) {
    // Never sent, so no attempt: the delivery is released as it was, due at once.
    const { id: deliveryId, attempts, nextAttemptAt } = delivery;
    return {
      deliveryId,
      status: "menunggu",
      attempts,
      nextAttemptAt,
      attempt: null,
      outcome: { result: "skipped", reason: "receiver_busy", retryAt: nextAttemptAt },
    };
  }

  const result = attemptResult(attempt, response, clock.now());
  const logged = {
    id: newId("attempt"),
    startedAt: sentAt,
    durationMs: response.durationMs,
    statusCode: response.statusCode,
    error: result.error,
  };
  const outcome: DeliveryOutcome =
    result.status === "terkirim"
      ? { result: "delivered", attempt, statusCode: response.statusCode! }
      : { result: "failed", attempt, error: result.error!, retryAt: result.retryAt };
  return { deliveryId: delivery.id, status: result.status, attempts: attempt, nextAttemptAt: result.retryAt, attempt: logged, outcome };
}

/**
 * A batch's sends in one statement: every attempt goes to the log, and each delivery still under
 * this lease gets its new state (terkirim, due again, gagal, or as it was when nothing was sent)
 * and loses the lease. Answers the deliveries whose lease had run out meanwhile (another worker
 * may own them now).
 */
async function recordSends(db: Db, results: readonly SendResult[], lease: Date, at: Date): Promise<string[]> {
  const rows = results.map(({ deliveryId, status, attempts, nextAttemptAt, attempt }) => ({
    deliveryId,
    status,
    attempts,
    nextAttemptAt,
    attemptId: attempt?.id ?? null,
    startedAt: attempt?.startedAt ?? null,
    durationMs: attempt?.durationMs ?? null,
    statusCode: attempt?.statusCode ?? null,
    error: attempt?.error ?? null,
  }));
  const saved = await db.$queryRaw<Array<{ id: string }>>`
    WITH "sent" AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS o(
        "deliveryId" text, "status" text, "attempts" int, "nextAttemptAt" timestamptz,
        "attemptId" text, "startedAt" timestamptz, "durationMs" int, "statusCode" int, "error" text)
    ), "logged" AS (
      INSERT INTO "WebhookAttempt" ("id", "deliveryId", "attempt", "startedAt", "durationMs", "statusCode", "error")
      SELECT "attemptId", "deliveryId", "attempts", "startedAt" AT TIME ZONE 'UTC', "durationMs", "statusCode", "error"
      FROM "sent" WHERE "attemptId" IS NOT NULL
    )
    UPDATE "WebhookDelivery" AS d
    SET "status" = s."status"::"DeliveryStatus", "attempts" = s."attempts", "nextAttemptAt" = s."nextAttemptAt" AT TIME ZONE 'UTC',
      "lockedUntil" = NULL, "updatedAt" = ${utc(at)}
    FROM "sent" AS s
    WHERE d."id" = s."deliveryId" AND d."lockedUntil" = ${utc(lease)}
    RETURNING d."id"`;
  const kept = new Set(saved.map((row) => row.id));
  return results.map((result) => result.deliveryId).filter((id) => !kept.has(id));
}

/**
 * One attempt of each listed delivery that is due and not held by another worker, safe to run
 * twice or concurrently: one statement claims the batch (a lease that expires on its own if this
 * worker dies, making the rows due again: at least once), the POSTs go out concurrently, and one
 * statement logs every attempt and records every outcome. Answers the claimed deliveries' outcomes;
 * ids it could not claim are left alone.
 */
export async function deliverBatch(
  deps: WebhookDeps,
  {
    actor,
    ids,
  }: {
    actor: SystemActor;
    ids: readonly string[];
  },
): Promise<Array<{ deliveryId: string; outcome: DeliveryOutcome }>> {
  requireActor(actor, "system");
  const { db, clock, webhooks } = deps;
  if (ids.length === 0) return [];
  const claimedAt = clock.now();
  const lease = new Date(claimedAt.getTime() + webhooks.timeoutMs + LEASE_MARGIN_MS);
  const claimed = await claimDeliveries(db, ids, claimedAt, lease);
  if (claimed.length === 0) return [];
  const settled = await Promise.allSettled(claimed.map((delivery) => sendClaimed(deps, delivery)));
  const results: SendResult[] = [];
  settled.forEach((send, i) => {
    if (send.status === "fulfilled") results.push(send.value);
    // Its lease runs out on its own and it is due again then; the rest of the batch is recorded now.
    else logger.error({ err: send.reason, deliveryId: claimed[i]!.id }, "webhook attempt failed before sending");
  });
  const lost = results.length > 0 ? await recordSends(db, results, lease, clock.now()) : [];
  for (const deliveryId of lost)
    logger.warn({ deliveryId }, "webhook lease expired during the attempt; another worker owns the delivery now");
  return results.map(({ deliveryId, outcome }) => ({ deliveryId, outcome }));
}

/** One attempt of one delivery (deliverBatch of one), or why nothing was sent. */
export async function attemptDelivery(
  deps: WebhookDeps,
  {
    actor,
    deliveryId,
  }: {
    actor: SystemActor;
    deliveryId: string;
  },
): Promise<DeliveryOutcome> {
  requireActor(actor, "system");
  const [sent] = await deliverBatch(deps, {
    actor: SWEEPER,
    ids: [deliveryId],
  });
  return sent?.outcome ?? whyNotClaimed(deps.db, deliveryId, deps.clock.now());
}

async function whyNotClaimed(db: Db, deliveryId: string, now: Date): Promise<DeliveryOutcome> {
  const row = await db.webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: { status: true, nextAttemptAt: true, lockedUntil: true },
  });
  if (!row) return { result: "skipped", reason: "not_found", retryAt: null };
  if (row.status !== "menunggu" || !row.nextAttemptAt) return { result: "skipped", reason: "finished", retryAt: null };
  const leased = row.lockedUntil !== null && row.lockedUntil > now;
  if (!leased && row.nextAttemptAt > now) return { result: "skipped", reason: "not_due", retryAt: row.nextAttemptAt };
  // Leased, or due and unleased only because another claim was taking it as this one ran: the
  // holder records the outcome and schedules what follows.
  return { result: "skipped", reason: "busy", retryAt: null };
}

interface WebhookAttemptLog {
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

interface WebhookDeliveryLog {
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

const DELIVERY_LOG_MAX = 100;

/** An organisation's events, newest first, each with its deliveries and their attempts. */
export async function listWebhookDeliveries(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    options = {},
  }: {
    actor: AdminActor;
    options?: { orderId?: string; limit?: number; livemode?: boolean; deliveryStatus?: DeliveryStatus; startingAfter?: string };
  },
): Promise<WebhookEventLog[]> {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const { db } = deps;
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), DELIVERY_LOG_MAX);
  const where: Prisma.WebhookEventWhereInput = {
    organizationId,
    ...(options.orderId ? { orderId: options.orderId } : {}),
    ...(options.livemode !== undefined ? { livemode: options.livemode } : {}),
    // An event with any delivery in that status: a redelivery may have succeeded after one failed.
    ...(options.deliveryStatus ? { deliveries: { some: { status: options.deliveryStatus } } } : {}),
  };
  if (options.startingAfter) {
    // The next page starts after an event of the same list; any other id is the caller's mistake.
    const at = await db.webhookEvent.findFirst({ where: { AND: [where, { id: options.startingAfter }] }, select: { seq: true } });
    if (!at)
      throw new AppError(
        "VALIDATION",
        `${options.startingAfter} is not an id in your list of webhook events; page with an id from this list.`,
      );
    where.seq = { lt: at.seq };
  }
  const events = await db.webhookEvent.findMany({
    where,
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
export async function redeliver(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, eventId }: { actor: AdminActor; eventId: string },
): Promise<{ deliveryId: string; url: string }> {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const { db, clock } = deps;
  const event = await db.webhookEvent.findFirst({
    where: { id: eventId, organizationId },
    select: { order: { select: { id: true, callbackUrl: true } }, caseId: true, apiKey: { select: { webhookUrl: true } } },
  });
  if (!event) throw new AppError("NOT_FOUND", `No event ${eventId}.`);
  const url = event.order?.callbackUrl ?? event.apiKey.webhookUrl;
  if (!url) {
    const subject = event.order
      ? `Order ${event.order.id} has no callback_url and its`
      : event.caseId
        ? `Case ${event.caseId}'s`
        : "The receiving";
    throw new AppError("CONFLICT", `${subject} API key has no webhook URL: there is nowhere to deliver to.`);
  }
  const now = clock.now();
  const deliveryId = newId("delivery");
  await db.webhookDelivery.create({ data: { id: deliveryId, eventId, url, nextAttemptAt: now, createdAt: now } });
  return { deliveryId, url };
}
