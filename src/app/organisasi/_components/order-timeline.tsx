import { COST_STATUS_LABEL } from "@/app/_components/cost-list";
import { formatDateTime, ORDER_STATUS_LABEL } from "@/app/_components/format";
import type { CostStatus, OrderStatus } from "@/generated/prisma/enums";

/** `order.dibayar` → the status it reports, as a person reads it; `cost.disetujui` likewise, named as a cost's. */
function eventLabel(type: string): string {
  if (type.startsWith("cost.")) {
    const status = COST_STATUS_LABEL[type.slice("cost.".length) as CostStatus];
    return status ? `Biaya resmi: ${status.charAt(0).toLowerCase()}${status.slice(1)}` : type;
  }
  return ORDER_STATUS_LABEL[type.replace(/^order\./, "") as OrderStatus] ?? type;
}

/** The order's creation, then every status change it reported (the webhook events), oldest first. */
export function OrderTimeline({
  createdAt,
  events,
}: {
  createdAt: Date | string;
  events: Array<{ id: string; type: string; createdAt: Date | string }>;
}) {
  return (
    <ol className="timeline">
      <li>
        <span>Pesanan dibuat</span>
        <time dateTime={new Date(createdAt).toISOString()}>{formatDateTime(createdAt)}</time>
      </li>
      {events.map((event) => (
        <li key={event.id}>
          <span>
            {eventLabel(event.type)} <code className="small">{event.type}</code>
          </span>
          <time dateTime={new Date(event.createdAt).toISOString()}>{formatDateTime(event.createdAt)}</time>
        </li>
      ))}
    </ol>
  );
}
