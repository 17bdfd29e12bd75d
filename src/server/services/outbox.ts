import { newId } from "@/server/domain/ids";
import { type CaseEventType, hasEvent, orderEventPayload, type OrderEventSource, type WebhookPayload } from "@/server/domain/webhook-event";
import type { Tx } from "@/server/db/client";

/**
 * Transactional outbox: called in the same transaction as every change that has an event, so a
 * change is never committed without it. The event row is always kept (it is the subject's
 * timeline); a delivery is queued when there is a URL to send it to.
 */

/** Whose event it is: the key that created the subject signs it with its webhook secret. */
export interface EventOwner {
  organizationId: string;
  livemode: boolean;
  apiKeyId: string;
}

async function recordEvent(
  tx: Tx,
  input: { payload: WebhookPayload; owner: EventOwner; orderId?: string; caseId?: string; url: string | null },
  now: Date,
): Promise<string> {
  const eventId = newId("event");
  await tx.webhookEvent.create({
    data: {
      id: eventId,
      organizationId: input.owner.organizationId,
      livemode: input.owner.livemode,
      apiKeyId: input.owner.apiKeyId,
      orderId: input.orderId ?? null,
      caseId: input.caseId ?? null,
      type: input.payload.event,
      payload: input.payload as object,
      createdAt: now,
      deliveries: input.url ? { create: { id: newId("delivery"), url: input.url, nextAttemptAt: now } } : undefined,
    },
  });
  return eventId;
}

export interface OrderEventTarget extends OrderEventSource, EventOwner {
  callbackUrl: string | null;
  /** The webhook URL of the key that created the order. */
  keyWebhookUrl: string | null;
}

/** An order's status event (none for dibuat and menunggu_bayar), to its callback_url, else its key's webhook URL. */
export async function recordOrderEvent(tx: Tx, order: OrderEventTarget, now: Date): Promise<string | null> {
  if (!hasEvent(order.status)) return null;
  return recordEvent(tx, { payload: orderEventPayload(order), owner: order, orderId: order.id, url: order.callbackUrl ?? order.keyWebhookUrl }, now);
}

/** A case-board event (the case's, or its invoice's), to the webhook URL of the key that submitted the case. */
export async function recordCaseEvent(
  tx: Tx,
  subject: { caseId: string; owner: EventOwner },
  payload: Extract<WebhookPayload, { event: CaseEventType }>,
  now: Date,
): Promise<string> {
  const key = await tx.apiKey.findUniqueOrThrow({ where: { id: subject.owner.apiKeyId }, select: { webhookUrl: true } });
  return recordEvent(tx, { payload, owner: subject.owner, caseId: subject.caseId, url: key.webhookUrl }, now);
}
