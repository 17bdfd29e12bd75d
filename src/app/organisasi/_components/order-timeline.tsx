import { eventLabel, formatDateTime } from "@/app/_components/format";
import type { EventType } from "@/server/domain/events/webhook-event";

/** The order's creation, then every status change it reported (the webhook events), oldest first. */
export function OrderTimeline({
  createdAt,
  events,
}: {
  createdAt: Date | string;
  events: Array<{ id: string; type: EventType; createdAt: Date | string }>;
}) {
  return (
    <ol className="timeline">
      <li>
        <span>Pesanan dibuat</span>
        <time dateTime={new Date(createdAt).toISOString()}>{formatDateTime(createdAt)}</time>
      </li>
      {events.map((event) => (
        <li key={event.id}>
          <span>{eventLabel(event.type)}</span>
          <time dateTime={new Date(event.createdAt).toISOString()}>{formatDateTime(event.createdAt)}</time>
        </li>
      ))}
    </ol>
  );
}
