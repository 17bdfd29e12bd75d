import { hasEvent, orderEventPayload, type OrderEventSource } from "@/server/domain/order-event";
import { newId } from "@/server/domain/ids";
import type { Tx } from "@/server/db/client";

export interface OrderEventTarget extends OrderEventSource {
  callbackUrl: string | null;
  /** The webhook URL of the key that created the order. */
  keyWebhookUrl: string | null;
}

/**
 * Transactional outbox: called in the same transaction as every order status change, so a
 * change is never committed without its event. The event row is always kept (it is the order's
 * timeline); a delivery is queued when the order has a callback_url or its key a webhook URL.
 */
export async function recordOrderEvent(tx: Tx, order: OrderEventTarget, now: Date): Promise<string | null> {
  if (!hasEvent(order.status)) return null;
  const payload = orderEventPayload(order);
  const eventId = newId("event");
  const url = order.callbackUrl ?? order.keyWebhookUrl;
  await tx.webhookEvent.create({
    data: {
      id: eventId,
      orderId: order.id,
      type: payload.event,
      payload: payload as object,
      createdAt: now,
      deliveries: url ? { create: { id: newId("delivery"), url, nextAttemptAt: now } } : undefined,
    },
  });
  return eventId;
}
