import type { OrderStatus } from "@/generated/prisma/enums";

/** The fields of an order a webhook carries (spec "Events → Payload"); messages are never sent. */
export interface OrderEventSource {
  id: string;
  status: OrderStatus;
  serviceCode: string;
  priceIdr: bigint;
  slaDueAt: Date | null;
  deliverable: string | null;
  updatedAt: Date;
}

export interface OrderEventPayload {
  event: string;
  order: {
    id: string;
    status: OrderStatus;
    service: string;
    price_idr: number;
    sla_due_at: string | null;
    deliverable: string | null;
    updated_at: string;
  };
}

/** Status words that have an event (the spec lists none for `dibuat` and `menunggu_bayar`). */
export function hasEvent(status: OrderStatus): boolean {
  return status !== "dibuat" && status !== "menunggu_bayar";
}

/** The stored payload; `sent_at` is added at each attempt, just before signing. */
export function orderEventPayload(order: OrderEventSource): OrderEventPayload {
  return {
    event: `order.${order.status}`,
    order: {
      id: order.id,
      status: order.status,
      service: order.serviceCode,
      price_idr: Number(order.priceIdr),
      sla_due_at: order.slaDueAt?.toISOString() ?? null,
      deliverable: order.deliverable,
      updated_at: order.updatedAt.toISOString(),
    },
  };
}
