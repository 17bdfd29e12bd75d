import type { Tx } from "@/server/db/client";
import * as moneySql from "@/server/db/money-functions";
import {
  type CaseEventType,
  type CostSource,
  costEventPayload,
  depositEventPayload,
  hasEvent,
  type OrderEventSource,
  orderEventPayload,
  type WebhookPayload,
} from "@/server/domain/events/webhook-event";
import { newId } from "@/server/domain/ids";

/**
 * Transactional outbox: called in the same transaction as every change that has an event, so a
 * change is never committed without it. The event row is always kept (it is the subject's
 * timeline); a delivery is queued when there is a URL to send it to: the order's callback_url,
 * else the webhook URL of the key the event belongs to (read by kuasa_record_event itself).
 * An organisation's own events (a deposit top-up) have no subject and no creating key: each key
 * with a webhook URL gets its own copy, signed with its own secret.
 */

/** Whose event it is: the key that created the subject signs it with its webhook secret. */
export interface EventOwner {
  organizationId: string;
  livemode: boolean;
  apiKeyId: string;
}

/** An event as kuasa_record_event takes it (also inside kuasa_place_order). */
export interface EventRecord {
  id: string;
  row: moneySql.WebhookEventRow;
  deliveryId: string;
}

function eventRecord(input: { payload: WebhookPayload; owner: EventOwner; orderId?: string; caseId?: string }, now: Date): EventRecord {
  const id = newId("event");
  const row: moneySql.WebhookEventRow = {
    id,
    organizationId: input.owner.organizationId,
    livemode: input.owner.livemode,
    apiKeyId: input.owner.apiKeyId,
    orderId: input.orderId ?? null,
    caseId: input.caseId ?? null,
    type: input.payload.event,
    payload: input.payload,
    createdAt: now,
  };
  return { id, row, deliveryId: newId("delivery") };
}

/** One statement: the event, and its delivery to `url` (null: to the key's webhook URL, if it has one). */
async function recordEvent(tx: Tx, event: EventRecord, url: string | null): Promise<string> {
  await moneySql.recordEvent(tx, event.row, event.deliveryId, url);
  return event.id;
}

export interface OrderEventTarget extends OrderEventSource, EventOwner {
  callbackUrl: string | null;
}

/** An order's status event, none for dibuat and menunggu_bayar. */
export function orderEventRecord(order: OrderEventTarget, now: Date): EventRecord | null {
  return hasEvent(order.status) ? eventRecord({ payload: orderEventPayload(order), owner: order, orderId: order.id }, now) : null;
}

/** recordOrderEvent for many orders in one statement. */
export async function recordOrderEvents(tx: Tx, orders: readonly OrderEventTarget[], now: Date): Promise<void> {
  await moneySql.recordEvents(
    tx,
    orders.flatMap((order) => {
      const event = orderEventRecord(order, now);
      return event ? [{ event: event.row, deliveryId: event.deliveryId, deliveryUrl: order.callbackUrl }] : [];
    }),
  );
}

/** An order's status event (none for dibuat and menunggu_bayar), to its callback_url, else its key's webhook URL. */
export async function recordOrderEvent(tx: Tx, order: OrderEventTarget, now: Date): Promise<string | null> {
  const event = orderEventRecord(order, now);
  return event && recordEvent(tx, event, order.callbackUrl);
}

/** A case-board event (the case's, or its invoice's), to the webhook URL of the key that submitted the case. */
export async function recordCaseEvent(
  tx: Tx,
  subject: { caseId: string; owner: EventOwner },
  payload: Extract<WebhookPayload, { event: CaseEventType }>,
  now: Date,
): Promise<string> {
  return recordEvent(tx, eventRecord({ payload, owner: subject.owner, caseId: subject.caseId }, now), null);
}

/** A cost's event (`cost.<status>`, with its order), to the order's callback_url, else its key's webhook URL. */
export async function recordCostEvent(tx: Tx, order: OrderEventTarget, cost: CostSource, now: Date): Promise<string> {
  return recordEvent(tx, eventRecord({ payload: costEventPayload(order, cost), owner: order, orderId: order.id }, now), order.callbackUrl);
}

/**
 * `deposit.topped_up` to every active key of the organisation in the deposit's mode that has a
 * webhook URL: one event per key (each signed with that key's secret, and listed by GET
 * /v1/events to that key alone). None when no key would receive it.
 */
export async function recordDepositEvent(
  tx: Tx,
  deposit: { organizationId: string; livemode: boolean },
  topUp: { amountIdr: bigint; balanceIdr: bigint; reference: string; at: Date },
): Promise<string[]> {
  const keys = await tx.apiKey.findMany({
    where: { organizationId: deposit.organizationId, mode: deposit.livemode ? "live" : "test", revokedAt: null, webhookUrl: { not: null } },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  const payload = depositEventPayload(topUp);
  const events = keys.map((key) => eventRecord({ payload, owner: { ...deposit, apiKeyId: key.id } }, topUp.at));
  await moneySql.recordEvents(
    tx,
    events.map((event) => ({ event: event.row, deliveryId: event.deliveryId, deliveryUrl: null })),
  );
  return events.map((event) => event.id);
}
