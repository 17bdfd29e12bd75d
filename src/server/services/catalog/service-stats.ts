import { Prisma } from "@/generated/prisma/client";
import type { DbOrTx } from "@/server/db/client";
import { type PractitionerActor, requireActor, type SystemActor } from "@/server/domain/access/actor";
import {
  type DeliveryCounts,
  type DeliveryFigures,
  deliveryFigures,
  NO_DELIVERY_COUNTS,
  STATS_REFRESH_MS,
  statsWindow,
} from "@/server/domain/catalog/service-stats";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import type { ServiceDeps } from "../deps";
import { invalidateCatalogCache } from "./catalog";

/**
 * Delivery statistics (domain/catalog/service-stats.ts, docs/decisions/service-stats.md): the
 * catalog's, recomputed for every service at once by the `service-stats` job at most hourly and
 * read by GET /v1/services from ServiceStats as stored; and a practitioner's own, counted when
 * their portal asks. Both count with `deliveryCounts`, so each figure has one definition.
 */

/** Whose figures: every service's, or one practitioner's (the orders they held, the offers they were made). */
type Scope = { by: "service" } | { by: "practitioner"; practitionerId: string };

/**
 * The counts of live orders and offers over `window`, keyed by service code or practitioner id, in
 * one statement. An order's completion, end, deliveries and dispute are read from its status
 * events (an `order.<status>` event is written with every status change, at its time):
 * - completed: the order is `selesai` and its `order.selesai` event falls in the window;
 * - ended: taken by a practitioner and `selesai` or `direfund`, its final event in the window;
 *   disputed when it has an `order.sengketa` event;
 * - first delivery: its first `order.diserahkan` event; hours are counted from `paidAt`, on time
 *   when at or before `slaDueAt`;
 * - offers: made (`offeredAt`) in the window and accepted, declined or expired (live and withdrawn
 *   ones are not counted).
 */
async function deliveryCounts(db: DbOrTx, scope: Scope, window: { from: Date; to: Date }): Promise<Map<string, DeliveryCounts>> {
  const { from, to } = window;
  const mine = scope.by === "practitioner";
  const orderKey = Prisma.raw(mine ? `o."practitionerId"` : `o."serviceCode"`);
  const offerKey = Prisma.raw(mine ? `f."practitionerId"` : `o."serviceCode"`);
  const orderScope = mine ? Prisma.sql`AND o."practitionerId" = ${scope.practitionerId}` : Prisma.empty;
  const offerScope = mine ? Prisma.sql`AND f."practitionerId" = ${scope.practitionerId}` : Prisma.empty;
  const rows = await db.$queryRaw<Array<DeliveryCounts & { key: string }>>`
    WITH ended AS (
      SELECT ${orderKey} AS "key", o."status"::text AS "status", o."paidAt", o."slaDueAt", rv."rating", d."deliveredAt",
             EXISTS (SELECT 1 FROM "WebhookEvent" e WHERE e."orderId" = o."id" AND e."type" = 'order.sengketa') AS "disputed"
      FROM "Order" o
      CROSS JOIN LATERAL (
        SELECT min(e."createdAt") AS "endedAt" FROM "WebhookEvent" e WHERE e."orderId" = o."id" AND e."type" = 'order.' || o."status"::text
      ) x
      CROSS JOIN LATERAL (
        SELECT min(e."createdAt") AS "deliveredAt" FROM "WebhookEvent" e WHERE e."orderId" = o."id" AND e."type" = 'order.diserahkan'
      ) d
      LEFT JOIN "OrderReview" rv ON rv."orderId" = o."id"
      WHERE o."livemode" AND o."status" IN ('selesai', 'direfund') AND o."practitionerId" IS NOT NULL ${orderScope}
        AND x."endedAt" > ${from} AND x."endedAt" <= ${to}
    ), by_order AS (
      SELECT "key",
             (count(*) FILTER (WHERE "status" = 'selesai'))::int AS "completed",
             (count(*) FILTER (WHERE "status" = 'selesai' AND "deliveredAt" IS NOT NULL))::int AS "delivered",
             (count(*) FILTER (WHERE "status" = 'selesai' AND "deliveredAt" <= "slaDueAt"))::int AS "deliveredOnTime",
             percentile_cont(0.5) WITHIN GROUP (ORDER BY (extract(epoch FROM "deliveredAt" - "paidAt") / 3600)::float8)
               FILTER (WHERE "status" = 'selesai') AS "medianHoursToDelivery",
             count(*)::int AS "ended",
             (count(*) FILTER (WHERE "disputed"))::int AS "disputed",
             (count("rating") FILTER (WHERE "status" = 'selesai'))::int AS "ratingCount",
             coalesce(sum("rating") FILTER (WHERE "status" = 'selesai'), 0)::int AS "ratingSum"
      FROM ended GROUP BY "key"
    ), by_offer AS (
      SELECT ${offerKey} AS "key", count(*)::int AS "offersConcluded", (count(*) FILTER (WHERE f."status" = 'diterima'))::int AS "offersAccepted"
      FROM "Offer" f JOIN "Order" o ON o."id" = f."orderId"
      WHERE o."livemode" AND f."status" IN ('diterima', 'ditolak', 'kedaluwarsa') ${offerScope}
        AND f."offeredAt" > ${from} AND f."offeredAt" <= ${to}
      GROUP BY 1
    )
    SELECT coalesce(a."key", b."key") AS "key",
           coalesce(a."completed", 0) AS "completed", coalesce(a."delivered", 0) AS "delivered",
           coalesce(a."deliveredOnTime", 0) AS "deliveredOnTime", a."medianHoursToDelivery",
           coalesce(a."ended", 0) AS "ended", coalesce(a."disputed", 0) AS "disputed",
           coalesce(b."offersConcluded", 0) AS "offersConcluded", coalesce(b."offersAccepted", 0) AS "offersAccepted",
           coalesce(a."ratingCount", 0) AS "ratingCount", coalesce(a."ratingSum", 0) AS "ratingSum"
    FROM by_order a FULL JOIN by_offer b ON b."key" = a."key"`;
  return new Map(rows.map(({ key, ...counts }) => [key, counts]));
}

/** The one row of the `service-stats` job: the whole catalog is recomputed at once. */
const CATALOG_ROW = "catalog";

/**
 * The job's due query: the catalog's figures are due STATS_REFRESH_MS after their oldest
 * computation, and at once (since its creation) for a service that has none yet.
 */
export async function serviceStatsDue(deps: Pick<ServiceDeps, "db">, { actor, cutoff }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  const [row] = await deps.db.$queryRaw<Array<{ dueAt: Date | null }>>`
    SELECT min(coalesce(st."computedAt" + ${STATS_REFRESH_MS}::int * interval '1 millisecond', s."createdAt")) AS "dueAt"
    FROM "Service" s LEFT JOIN "ServiceStats" st ON st."serviceCode" = s."code"`;
  return row?.dueAt && row.dueAt <= cutoff ? [{ id: CATALOG_ROW, dueAt: row.dueAt }] : [];
}

/**
 * Recomputes every service's figures over the window ending now and replaces the stored rows, if
 * they are due (a second process that found them due at the same moment then does nothing). This
 * process's catalog copy is cleared at once; other processes' copies expire within seconds.
 */
export async function refreshServiceStats(deps: Pick<ServiceDeps, "db" | "clock">, { actor }: { actor: SystemActor }): Promise<void> {
  requireActor(actor, "system");
  const { db } = deps;
  const now = deps.clock.now();
  if ((await serviceStatsDue(deps, { actor, cutoff: now, limit: 1 })).length === 0) return;
  const [services, counts] = await Promise.all([
    db.service.findMany({ select: { code: true } }),
    deliveryCounts(db, { by: "service" }, statsWindow(now)),
  ]);
  await db.$transaction([
    db.serviceStats.deleteMany(),
    db.serviceStats.createMany({
      data: services.map(({ code }) => ({
        serviceCode: code,
        ...deliveryFigures(counts.get(code) ?? NO_DELIVERY_COUNTS),
        computedAt: now,
      })),
      // A concurrent run wrote the same figures first.
      skipDuplicates: true,
    }),
  ]);
  invalidateCatalogCache(deps);
}

/** The practitioner's own figures over the window ending now, by the catalog's definitions, counted as asked. */
export async function practitionerDeliveryFigures(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor }: { actor: PractitionerActor },
): Promise<DeliveryFigures> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const counts = await deliveryCounts(deps.db, { by: "practitioner", practitionerId }, statsWindow(deps.clock.now()));
  return deliveryFigures(counts.get(practitionerId) ?? NO_DELIVERY_COUNTS);
}
