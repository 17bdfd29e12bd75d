import { type OrganizationActor, ownerOf, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { type EventType, type WebhookPayload, webhookData } from "@/server/domain/events/webhook-event";
import { type CreatedWindow, type Page, type PageRequest, pageFrom, rowsToRead, unknownCursor } from "@/server/domain/paging";
import type { ServiceDeps } from "../deps";

/**
 * The events API: every event the outbox recorded (sent as a webhook or not), read back for the
 * organisation and mode that owns it. Event rows are never deleted.
 */

export interface AgentEvent {
  id: string;
  type: EventType;
  createdAt: Date;
  livemode: boolean;
  /** The webhook body of the event without `id` and `sent_at`. */
  data: WebhookPayload;
}

export interface EventFilter {
  type?: EventType;
  created?: CreatedWindow;
}

const EVENT_SELECT = { id: true, type: true, createdAt: true, livemode: true, payload: true } as const;

/**
 * Whose events an actor reads: its organisation's in its mode. An organisation's own events
 * (a deposit top-up: no order, no case) are recorded once per receiving key (outbox.ts), so an
 * agent reads its own key's copy; an admin reads them all.
 */
function eventScope(actor: OrganizationActor) {
  const owner = ownerOf(actor);
  return {
    organizationId: owner.organizationId,
    livemode: owner.livemode,
    ...(actor.kind === "agent" ? { OR: [{ orderId: { not: null } }, { caseId: { not: null } }, { apiKeyId: actor.id }] } : {}),
  };
}

function toAgentEvent(row: { id: string; type: string; createdAt: Date; livemode: boolean; payload: unknown }): AgentEvent {
  return {
    id: row.id,
    type: row.type as EventType,
    createdAt: row.createdAt,
    livemode: row.livemode,
    data: webhookData(row.payload as WebhookPayload),
  };
}

/** Newest first in insertion order (`seq`), which also orders events written in the same millisecond. */
export async function listEvents(
  deps: Pick<ServiceDeps, "db">,
  { actor, request, filter = {} }: { actor: OrganizationActor; request: PageRequest; filter?: EventFilter },
): Promise<Page<AgentEvent>> {
  requireActor(actor, "agent", "admin");
  const { db } = deps;
  const scope = eventScope(actor);
  let seq: { lt: bigint } | { gt: bigint } | undefined;
  if (request.cursor) {
    const at = await db.webhookEvent.findFirst({ where: { id: request.cursor.id, ...scope }, select: { seq: true } });
    if (!at) throw unknownCursor(request.cursor.id, "events");
    seq = request.cursor.direction === "older" ? { lt: at.seq } : { gt: at.seq };
  }
  const rows = await db.webhookEvent.findMany({
    where: { ...scope, seq, type: filter.type, createdAt: filter.created },
    // Walking to newer events reads upwards from the cursor; pageFrom turns the page back to newest first.
    orderBy: { seq: request.cursor?.direction === "newer" ? "asc" : "desc" },
    take: rowsToRead(request),
    select: EVENT_SELECT,
  });
  return pageFrom(rows.map(toAgentEvent), request);
}

export async function getEvent(
  deps: Pick<ServiceDeps, "db">,
  { actor, id }: { actor: OrganizationActor; id: string },
): Promise<AgentEvent> {
  requireActor(actor, "agent", "admin");
  const { db } = deps;
  const row = await db.webhookEvent.findFirst({
    where: { id, ...eventScope(actor) },
    select: EVENT_SELECT,
  });
  if (!row) throw new AppError("NOT_FOUND", `No event ${id}.`);
  return toAgentEvent(row);
}
