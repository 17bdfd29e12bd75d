import { z } from "zod";
import { EVENT_TYPES } from "@/server/domain/events/webhook-event";
import type { AgentEvent } from "@/server/services/events";
import { livemodeSchema } from "../livemode";

export const eventTypeSchema = z.enum(EVENT_TYPES).meta({
  id: "EventType",
  description:
    "`order.<status>` for each order status with an event (none for `dibuat` and `menunggu_bayar`), the case board's events, `cost.<status>` for each status of a third-party cost on an order, and `deposit.topped_up` when money arrives in the deposit.",
});

export const eventSchema = z
  .object({
    id: z
      .string()
      .meta({ description: "`evt_…`: the same id as the webhook body's `id` and the event-id header, so a receiver can deduplicate." }),
    type: eventTypeSchema,
    created_at: z.iso.datetime(),
    livemode: livemodeSchema,
    // Loose: the objects (order; case and bid; invoice) are exactly those of the webhook body, in its field order.
    data: z.looseObject({ event: eventTypeSchema }).meta({
      description:
        "The webhook body of this event without `id` and `sent_at`: `event`, then `order` for order events, `case` (and `bid` for " +
        "`case.bid_received`) for case events, `invoice` for `invoice.dibayar`, `order` and `cost` for cost events, `deposit` for `deposit.topped_up`, with the same fields in the same order.",
    }),
  })
  .meta({ id: "Event" });

export function serializeEvent(event: AgentEvent): z.infer<typeof eventSchema> {
  return { id: event.id, type: event.type, created_at: event.createdAt.toISOString(), livemode: event.livemode, data: event.data };
}
