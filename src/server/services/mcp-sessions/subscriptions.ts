import { Prisma } from "@/generated/prisma/client";
import { type AgentActor, requireActor, type SystemActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { CATALOG_URI, MCP_SUBSCRIPTIONS_PER_SESSION, ORDER_URI_PREFIX } from "@/server/domain/mcp/resources";
import type { ServiceDeps } from "../deps";

/**
 * A resource's change mark: a hash of everything its read shows, computed in SQL so one statement
 * reads the marks of every subscribed resource at once, on any instance, through any pooler. It
 * changes with any write an agent would see, whether or not the write moved a timestamp (a test's
 * fixed clock, a status change in the same millisecond); a write the read does not show may change
 * it too, which costs a needless read, never a missed change.
 *
 * An order: its row (status, deliverable, offering, conflict check, updatedAt…), its messages (count
 * and last seq: they are only ever added), its costs, its files (attachments, deliverable files, a
 * message's files), its review, and its practitioner as orders.get names them (name, label,
 * credentials).
 */
const orderMark = (orderId: Prisma.Sql) => Prisma.sql`(
  SELECT md5(jsonb_build_array(
    to_jsonb(o),
    (SELECT jsonb_build_array(count(*), max(m."seq")) FROM "OrderMessage" m WHERE m."orderId" = o."id"),
    (SELECT jsonb_agg(c ORDER BY c."id") FROM "OrderCost" c WHERE c."orderId" = o."id"),
    (SELECT jsonb_agg(a."id" ORDER BY a."id") FROM "FileAttachment" a WHERE a."orderId" = o."id"),
    (SELECT to_jsonb(r) FROM "OrderReview" r WHERE r."orderId" = o."id"),
    (SELECT jsonb_build_array(p."name", p."displayName", p."label") FROM "Practitioner" p WHERE p."id" = o."practitionerId"),
    (SELECT jsonb_agg(jsonb_build_array(k."kind", k."issuer", k."number", k."validUntil", k."province", k."status", k."decidedAt") ORDER BY k."id")
       FROM "PractitionerCredential" k WHERE k."practitionerId" = o."practitionerId")
  )::text)
  FROM "Order" o WHERE o."id" = ${orderId})`;

/**
 * The catalog: every service row (a change to one agents do not see costs a needless read) and
 * their delivery statistics without the time they were computed, which changes every hour.
 */
const CATALOG_MARK = Prisma.sql`(
  SELECT md5(jsonb_build_array(
    (SELECT jsonb_agg(s ORDER BY s."code") FROM "Service" s),
    (SELECT jsonb_agg(to_jsonb(t) - 'computedAt' ORDER BY t."serviceCode") FROM "ServiceStats" t)
  )::text))`;

/** The mark of the resource a URI names (null for none): the catalog's is computed once per statement, however many subscribe to it. */
const markOf = (uri: Prisma.Sql) => Prisma.sql`CASE
  WHEN ${uri} = ${CATALOG_URI} THEN ${CATALOG_MARK}
  WHEN starts_with(${uri}, ${ORDER_URI_PREFIX}) THEN ${orderMark(Prisma.sql`substr(${uri}, ${ORDER_URI_PREFIX.length + 1})`)}
END`;

/**
 * The session subscribes to a resource it was just allowed to read (the face read it through its
 * procedure, with the key's scope and tenancy), from its mark now: a change after this is sent to
 * the session's stream, on whichever instance holds it. Subscribing again keeps the earlier mark,
 * so a change not yet sent is not lost.
 */
export async function subscribeToResource(
  deps: Pick<ServiceDeps, "db">,
  { actor, sessionId, uri }: { actor: AgentActor; sessionId: string; uri: string },
): Promise<void> {
  requireActor(actor, "agent");
  const [row] = await deps.db.$queryRaw<Array<{ own: boolean; subscriptions: number; subscribed: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM "McpSession" WHERE "id" = ${sessionId} AND "apiKeyId" = ${actor.id}) AS "own",
           (SELECT count(*)::int FROM "McpSubscription" WHERE "sessionId" = ${sessionId}) AS "subscriptions",
           EXISTS (SELECT 1 FROM "McpSubscription" WHERE "sessionId" = ${sessionId} AND "uri" = ${uri}) AS "subscribed"`;
  if (!row?.own) throw new AppError("NOT_FOUND", `No MCP session ${sessionId} for this API key; start a new one with initialize.`);
  if (row.subscribed) return;
  if (row.subscriptions >= MCP_SUBSCRIPTIONS_PER_SESSION)
    throw new AppError(
      "VALIDATION",
      `A session subscribes to at most ${MCP_SUBSCRIPTIONS_PER_SESSION} resources; unsubscribe from one you no longer follow first.`,
    );
  await deps.db.$executeRaw`
    INSERT INTO "McpSubscription" ("sessionId", "uri", "seenMark")
    SELECT ${sessionId}, ${uri}, coalesce(${markOf(Prisma.sql`${uri}::text`)}, '')
    ON CONFLICT ("sessionId", "uri") DO NOTHING`;
}

/** The session no longer follows the resource; unsubscribing from one it does not follow changes nothing. */
export async function unsubscribeFromResource(
  deps: Pick<ServiceDeps, "db">,
  { actor, sessionId, uri }: { actor: AgentActor; sessionId: string; uri: string },
): Promise<void> {
  requireActor(actor, "agent");
  await deps.db.mcpSubscription.deleteMany({ where: { sessionId, uri, session: { apiKeyId: actor.id } } });
}

/** A subscribed resource that changed since its session was last told: `previous` was its mark then, `mark` is now. */
export interface ResourceChange {
  sessionId: string;
  uri: string;
  previous: string;
  mark: string;
}

/**
 * The watcher's tick: one statement reads the mark of every resource the given sessions follow and
 * records the changed ones as seen, answering them. Two instances holding streams of one session
 * cannot both take a change: the second's UPDATE finds the row already at the new mark.
 */
export async function claimResourceChanges(
  deps: Pick<ServiceDeps, "db">,
  { actor, sessionIds }: { actor: SystemActor; sessionIds: readonly string[] },
): Promise<ResourceChange[]> {
  requireActor(actor, "system");
  if (sessionIds.length === 0) return [];
  return deps.db.$queryRaw<ResourceChange[]>`
    WITH "marks" AS (
      SELECT s."sessionId", s."uri", s."seenMark" AS "previous", ${markOf(Prisma.sql`s."uri"`)} AS "mark"
      FROM "McpSubscription" s WHERE s."sessionId" = ANY(${[...sessionIds]}::text[])
    )
    UPDATE "McpSubscription" u SET "seenMark" = m."mark"
    FROM "marks" m
    WHERE u."sessionId" = m."sessionId" AND u."uri" = m."uri" AND m."mark" IS NOT NULL AND u."seenMark" <> m."mark"
    RETURNING u."sessionId", u."uri", m."previous", m."mark"`;
}

/**
 * A claimed change whose stream closed before it was sent is put back, unless a later claim moved
 * the mark on: the session's next stream is told of it.
 */
export async function returnResourceChange(
  deps: Pick<ServiceDeps, "db">,
  { actor, change }: { actor: SystemActor; change: ResourceChange },
): Promise<void> {
  requireActor(actor, "system");
  const { sessionId, uri, previous, mark } = change;
  await deps.db.mcpSubscription.updateMany({ where: { sessionId, uri, seenMark: mark }, data: { seenMark: previous } });
}
