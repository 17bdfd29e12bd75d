import { type OrderStatus, Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/server/db/client";
import { lockOffering } from "@/server/db/row-lock";
import { KUASA } from "@/server/domain/access/actor";
import { categoryWords } from "@/server/domain/catalog/category";
import { intakeFieldListSchema, matterOf, orderProvince } from "@/server/domain/catalog/intake";
import { jakartaDay } from "@/server/domain/clock";
import { newId } from "@/server/domain/ids";
import {
  isNewcomersTurn,
  markOffered,
  nextCandidate,
  type OfferingCandidate,
  type OfferingReason,
  offeringReason,
  type RankedPool,
  RESPONSE_WINDOW,
  rankedPool,
} from "@/server/domain/offers/offering-order";
import { stalledRefundAt } from "@/server/domain/orders/order-rules";
import { provinceName } from "@/server/domain/places/provinces";
import {
  type ConflictFinding,
  type ConflictMatter,
  type ConflictRecord,
  conflictsOf,
  partiesOfMatter,
} from "@/server/domain/practitioners/conflicts";
import { CREDENTIAL_KIND_NAME, type CredentialKind, PROVINCIAL_KINDS, qualifiesFor } from "@/server/domain/practitioners/credentials";
import { audit, auditMany } from "../audit";
import { conflictRecords } from "../conflicts";
import { notifyNewOffers } from "../notifications";
import { type StatusChangeContext, startOfferings } from "../order-engine";
import { ensureSimulatedPractitioners, SIMULATED_ORDER_PRACTITIONER_ID, sandboxStandIns } from "./simulated-practitioners";

/** Spec: each eligible practitioner gets 30 minutes in turn. */
export const OFFER_DURATION_MS = 30 * 60 * 1000;

/** Why an offering stalled, as the operator's queue and the client read it. */
export const STALL_REASONS = {
  /** Names what is missing (the label the service needs, its field), so the operator knows whom to find. */
  noneEligible: (service: OfferedService) => {
    const kinds = service.requires.map((kind) =>
      PROVINCIAL_KINDS.has(kind as CredentialKind) && service.province
        ? `${CREDENTIAL_KIND_NAME[kind as CredentialKind]} wilayah ${provinceName(service.province)}`
        : CREDENTIAL_KIND_NAME[kind as CredentialKind],
    );
    const credential = kinds.length > 0 ? `kredensial ${kinds.join(" dan ")}` : "kredensial";
    return `Tidak ada praktisi aktif dengan ${credential} yang terverifikasi dan berlaku di bidang ${categoryWords(service.category)} yang sedang menerima tawaran.`;
  },
  allPassed: "Semua praktisi yang memenuhi syarat sudah menerima tawaran pada putaran ini.",
  allConflicted:
    "Semua praktisi yang memenuhi syarat dan belum menerima tawaran pada putaran ini memiliki benturan kepentingan dengan pihak pada pesanan ini.",
} as const;

/** An order as the offering rules read it: its own fields and its service's. */
interface OfferingOrder {
  id: string;
  organizationId: string;
  status: OrderStatus;
  serviceCode: string;
  revisionCount: number;
  caseId: string | null;
  livemode: boolean;
  offerRound: number;
  offeringStalledAt: Date | null;
  category: string;
  /** The credential kinds its service requires. */
  requires: string[];
  /** The order's province, from its intake field of type `provinsi`; null when it names none. */
  province: string | null;
  /** Its client (the organisation, then intake fields of type `pihak_klien`) and counterparties (type `pihak`). */
  matter: ConflictMatter;
}

/**
 * Locks the orders `where` selects, in id order so two batches never wait on each other in a
 * circle, and reads them with their service: one round trip.
 */
export async function lockOrdersWhere(tx: Tx, where: Prisma.Sql): Promise<OfferingOrder[]> {
  const rows = await tx.$queryRaw<
    Array<Omit<OfferingOrder, "matter" | "province"> & { clientName: string; intake: Record<string, string>; fields: unknown }>
  >`
    SELECT o."id", o."organizationId", o."status"::text AS "status", o."serviceCode", o."revisionCount", o."caseId", o."livemode", o."offerRound",
           o."offeringStalledAt", s."category", s."requires", g."name" AS "clientName", o."intake", s."intake" AS "fields"
    FROM "Order" o JOIN "Service" s ON s."code" = o."serviceCode" JOIN "Organization" g ON g."id" = o."organizationId"
    WHERE ${where}
    ORDER BY o."id"
    FOR UPDATE OF o`;
  return rows.map(({ clientName, intake, fields, ...row }) => {
    const intakeFields = intakeFieldListSchema.parse(fields);
    return { ...row, province: orderProvince(intakeFields, intake), matter: matterOf(intakeFields, intake, clientName) };
  });
}

/**
 * Records on each order the parties its offering just checked practitioners against, and when
 * (`Order.conflict_check`); one statement for the batch.
 */
async function recordConflictChecks(tx: Tx, orders: readonly OfferingOrder[], now: Date): Promise<void> {
  if (orders.length === 0) return;
  await tx.$executeRaw`
    UPDATE "Order" o SET "conflictParties" = ARRAY(SELECT jsonb_array_elements_text(c."parties")), "conflictCheckedAt" = ${now}
    FROM unnest(${orders.map((order) => order.id)}::text[], ${orders.map((order) => JSON.stringify(partiesOfMatter(order.matter)))}::jsonb[]) AS c("id", "parties")
    WHERE o."id" = c."id"`;
}

/**
 * How many offers each field made so far (OfferingTurn), read under the offering lock: whose turn
 * the next one is (domain/offers/offering-order.ts isNewcomersTurn).
 */
async function offeringTurns(tx: Tx, categories: readonly string[]): Promise<Map<string, number>> {
  if (categories.length === 0) return new Map();
  const rows = await tx.offeringTurn.findMany({ where: { category: { in: [...new Set(categories)] } } });
  return new Map(rows.map((row) => [row.category, row.offers]));
}

/** The audit entries of the practitioners passed over for a conflict with `order`: never shown to the client. */
function auditConflictSkips(tx: Tx, order: OfferingOrder, conflicted: ReadonlyMap<string, ConflictFinding[]>) {
  return auditMany(
    tx,
    [...conflicted].map(([practitionerId, findings]) => ({
      actor: KUASA,
      action: "order.conflict_skipped",
      subjectType: "order",
      subjectId: order.id,
      data: { practitioner_id: practitionerId, round: order.offerRound, findings: findings.map((f) => ({ ...f })) },
    })),
  );
}

/** What decides who may be offered an order. */
type OfferedService = { category: string; requires: readonly string[]; province: string | null };

const serviceKey = (service: OfferedService) => JSON.stringify([service.category, service.requires, service.province]);

/**
 * A credential row `c` that counts on `day`: verified, before its last day. The same rule as
 * domain/practitioners/credentials.ts countsOn, which the database tests hold it to.
 */
const counting = (day: string) => Prisma.sql`c."status" = 'terverifikasi' AND (c."validUntil" IS NULL OR c."validUntil" > ${day}::date)`;

/**
 * Who may be offered an order of each service, with what the offering order reads of them
 * (domain/offers/offering-order.ts), in one statement for the whole batch: active practitioners taking
 * new offers (the profile's availability switch), not the sandbox's stand-ins, qualified for its
 * category, holding a credential that counts on `day` and one of every kind it requires (a
 * notary's or PPAT's in the order's province): domain/practitioners/credentials.ts qualifiesFor. Their live offers, reviews and latest
 * RESPONSE_WINDOW concluded offers are read per practitioner through indexes. By `serviceKey`;
 * an empty pool: nobody is eligible.
 */
async function candidatePools(tx: Tx, services: readonly OfferedService[], day: string): Promise<Map<string, RankedPool>> {
  const rows = await tx.$queryRaw<Array<OfferingCandidate & { services: number[] }>>`
    WITH service AS (
      SELECT * FROM unnest(${services.map((s) => s.category)}::text[], ${services.map((s) => s.requires.join(","))}::text[], ${services.map((s) => s.province)}::text[])
        WITH ORDINALITY AS s("category", "requires", "province", "n")
    ), eligible AS (
      SELECT p."id", p."lastOfferedAt", array_agg(s."n"::int) AS "services"
      FROM service s JOIN "Practitioner" p
        ON p."active" AND p."available" AND NOT p."simulated" AND s."category" = ANY(p."categories")
       AND EXISTS (SELECT 1 FROM "PractitionerCredential" c WHERE c."practitionerId" = p."id" AND ${counting(day)})
       AND NOT EXISTS (
         SELECT 1 FROM unnest(string_to_array(s."requires", ',')) k("kind")
         WHERE NOT EXISTS (
           SELECT 1 FROM "PractitionerCredential" c
           WHERE c."practitionerId" = p."id" AND c."kind" = k."kind" AND ${counting(day)}
             AND (k."kind" <> ALL(${[...PROVINCIAL_KINDS]}::text[]) OR s."province" IS NULL OR c."province" = s."province")))
      GROUP BY p."id", p."lastOfferedAt"
    )
    SELECT e."id", e."lastOfferedAt", e."services", (dense_rank() OVER (ORDER BY e."id"))::int AS "idRank",
           (SELECT count(*) FROM "Offer" o WHERE o."practitionerId" = e."id" AND o."status" = 'aktif')::int AS "liveOffers",
           r."reviewCount", r."ratingSum", w."offersConcluded", w."offersAnswered",
           d."ordersInProgress", d."deliveries", d."deliveriesOnTime", d."fieldsWorked"
    FROM eligible e
    CROSS JOIN LATERAL (
      SELECT (count(*) FILTER (WHERE o."status" IN ('diambil', 'dikerjakan', 'butuh_input_klien')))::int AS "ordersInProgress",
             (count(*) FILTER (WHERE o."status" IN ('diserahkan', 'selesai')))::int AS "deliveries",
             (count(*) FILTER (WHERE o."status" IN ('diserahkan', 'selesai') AND o."slaBreachedAt" IS NULL))::int AS "deliveriesOnTime",
             coalesce(array_agg(DISTINCT sv."category") FILTER (WHERE sv."category" IS NOT NULL), '{}') AS "fieldsWorked"
      FROM "Order" o LEFT JOIN "Service" sv ON sv."code" = o."serviceCode"
      WHERE o."practitionerId" = e."id" AND o."livemode"
    ) d
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS "reviewCount", coalesce(sum(rv."rating"), 0)::int AS "ratingSum" FROM "OrderReview" rv WHERE rv."practitionerId" = e."id"
    ) r
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS "offersConcluded", (count(*) FILTER (WHERE x."status" <> 'kedaluwarsa'))::int AS "offersAnswered"
      FROM (
        SELECT o."status" FROM "Offer" o
        WHERE o."practitionerId" = e."id" AND o."status" IN ('diterima', 'ditolak', 'kedaluwarsa')
        ORDER BY o."offeredAt" DESC LIMIT ${RESPONSE_WINDOW}
      ) x
    ) w`;
  const pools = services.map((): OfferingCandidate[] => []);
  for (const { services: eligibleFor, ...row } of rows) {
    // One object per practitioner in every pool of theirs: once offered an order, markOffered moves it back in each.
    const candidate: OfferingCandidate = row;
    for (const n of eligibleFor) pools[n - 1]!.push(candidate);
  }
  return new Map(services.map((s, i) => [serviceKey(s), rankedPool(pools[i]!, s.category)]));
}

/**
 * Makes sure an order that should be on offer has a live offer. The one entry point after
 * payment, a decline, an expiry, a release and an operator's restart; safe to call twice or
 * concurrently (the order row is locked, and an existing live offer is kept).
 * Returns the live offer's id, or null when nothing is to be offered (or offering stalled).
 */
export async function offerNext(tx: Tx, change: StatusChangeContext, orderId: string): Promise<string | null> {
  const orders = await lockOrdersWhere(tx, Prisma.sql`o."id" = ${orderId}`);
  const offers = await offerNextLocked(tx, change, orders);
  return offers.get(orderId) ?? null;
}

/**
 * `offerNext` for many orders the caller has locked (`lockOrdersWhere`), in the order given, with
 * a few statements whatever their number. Each order gets exactly what it would get on its own,
 * one after another at `change.now`: a practitioner offered for one order is the most recently
 * offered for the next. Returns each order's live offer id, or null.
 */
export async function offerNextLocked(
  tx: Tx,
  change: StatusChangeContext,
  orders: readonly OfferingOrder[],
): Promise<Map<string, string | null>> {
  const { now } = change;
  const result = new Map<string, string | null>();
  const open: OfferingOrder[] = [];
  // Case-board work is never offered: it went to the practitioner whose bid was selected.
  const offerable = orders.filter((o) => !o.caseId);
  const started = new Map(
    (
      await startOfferings(
        tx,
        change,
        offerable.filter((o) => o.status === "dibayar"),
      )
    ).map((o) => [o.id, o]),
  );
  for (const locked of orders) result.set(locked.id, null);
  for (const locked of offerable) {
    const begun = started.get(locked.id);
    const order = begun
      ? { ...locked, status: begun.status, offerRound: begun.offerRound, offeringStalledAt: begun.offeringStalledAt }
      : locked;
    if (order.status === "ditawarkan" && !order.offeringStalledAt) open.push(order);
  }
  if (open.length === 0) return result;

  const offers = await tx.offer.findMany({
    where: { orderId: { in: open.map((o) => o.id) } },
    select: { id: true, orderId: true, practitionerId: true, round: true, status: true },
  });
  const needing: OfferingOrder[] = [];
  for (const order of open) {
    const live = offers.find((o) => o.orderId === order.id && o.status === "aktif");
    if (live) result.set(order.id, live.id);
    else needing.push(order);
  }
  const offeredThisRound = (order: OfferingOrder, practitionerId?: string) =>
    offers.filter(
      (o) => o.orderId === order.id && o.round === order.offerRound && (!practitionerId || o.practitionerId === practitionerId),
    );

  const created: {
    id: string;
    orderId: string;
    practitionerId: string;
    round: number;
    offeredAt: Date;
    expiresAt: Date;
    reason: OfferingReason | null;
  }[] = [];
  const offer = (order: OfferingOrder, practitionerId: string, round: number, reason: OfferingReason | null = null) => {
    const id = newId("offer");
    created.push({
      id,
      orderId: order.id,
      practitionerId,
      round,
      offeredAt: now,
      expiresAt: new Date(now.getTime() + OFFER_DURATION_MS),
      reason,
    });
    result.set(order.id, id);
  };

  const stalls = new Map<string, string[]>();
  const stall = (reason: string, orderId: string) => stalls.set(reason, [...(stalls.get(reason) ?? []), orderId]);

  // A test order goes only to a stand-in, for the same 30 minutes: the simulated practitioner, who
  // qualifies for everything, or the one its organisation chose with a test helper, checked like a
  // live practitioner (so an agent developer sees an order stall for want of one). After a timeout,
  // decline or release it is offered again in a new round to the same stand-in.
  const sandbox = needing.filter((o) => !o.livemode);
  if (sandbox.length > 0) {
    await ensureSimulatedPractitioners(tx);
    const standIns = await sandboxStandIns(
      tx,
      sandbox.map((o) => o.organizationId),
    );
    const takers = new Map<OfferingOrder, string>();
    for (const order of sandbox) {
      const standIn = standIns.get(order.organizationId);
      if (!standIn) takers.set(order, SIMULATED_ORDER_PRACTITIONER_ID);
      else if (!qualifiesFor(standIn.credentials, order.requires as CredentialKind[], order.province, jakartaDay(now)))
        stall(STALL_REASONS.noneEligible(order), order.id);
      else {
        const findings = conflictsOf(order.matter, { served: [], opposed: [], declared: standIn.declared });
        if (findings.length === 0) takers.set(order, standIn.id);
        else {
          await auditConflictSkips(tx, order, new Map([[standIn.id, findings]]));
          stall(STALL_REASONS.allConflicted, order.id);
        }
      }
    }
    const nextRound = [...takers].filter(([order, practitionerId]) => offeredThisRound(order, practitionerId).length > 0).map(([o]) => o);
    if (nextRound.length > 0)
      await tx.order.updateMany({ where: { id: { in: nextRound.map((o) => o.id) } }, data: { offerRound: { increment: 1 } } });
    for (const [order, practitionerId] of takers)
      offer(order, practitionerId, nextRound.includes(order) ? order.offerRound + 1 : order.offerRound);
  }

  const live = needing.filter((o) => o.livemode);
  const services = new Map(live.map((o) => [serviceKey(o), { category: o.category, requires: o.requires, province: o.province }]));
  // The live offers counted below stay true until this transaction ends: nobody else offers meanwhile.
  if (services.size > 0) await lockOffering(tx);
  const pools = services.size > 0 ? await candidatePools(tx, [...services.values()], jakartaDay(now)) : new Map<string, RankedPool>();
  const { offerCap } = change.rules;
  const candidateIds = [...new Set([...pools.values()].flatMap((pool) => pool.candidates.map((c) => c.id)))];
  const records = candidateIds.length > 0 ? await conflictRecords(tx, candidateIds) : new Map<string, ConflictRecord>();
  const turns = await offeringTurns(
    tx,
    [...services.values()].map((service) => service.category),
  );
  const turnsBefore = new Map(turns);
  const chosen = new Set<string>();
  for (const order of live) {
    const pool = pools.get(serviceKey(order))!;
    const passed = new Set(offeredThisRound(order).map((o) => o.practitionerId));
    // A practitioner with a conflict is passed over for this order. The skips are audited with the
    // offer or the stall they led to (never shown to the client); an order left waiting writes none yet.
    const conflicted = new Map<string, ConflictFinding[]>();
    for (const candidate of pool.candidates) {
      if (passed.has(candidate.id)) continue;
      const findings = conflictsOf(order.matter, records.get(candidate.id)!);
      if (findings.length > 0) conflicted.set(candidate.id, findings);
    }
    const auditSkips = () => auditConflictSkips(tx, order, conflicted);
    const skip = (candidate: OfferingCandidate) =>
      passed.has(candidate.id) || conflicted.has(candidate.id) || candidate.liveOffers >= offerCap;
    const newcomersTurn = isNewcomersTurn(turns.get(order.category) ?? 0);
    const next = nextCandidate(pool, skip, newcomersTurn);
    if (next) {
      await auditSkips();
      offer(order, next.id, order.offerRound, offeringReason(pool, next, skip, newcomersTurn));
      turns.set(order.category, (turns.get(order.category) ?? 0) + 1);
      markOffered(pools.values(), next, now);
      chosen.add(next.id);
      continue;
    }
    // Someone eligible is left this round but holds as many live offers as anyone may: the order
    // waits on offer, and the next sweep offers it once one of theirs is answered or expires.
    if (pool.candidates.some((candidate) => !passed.has(candidate.id) && !conflicted.has(candidate.id))) continue;
    await auditSkips();
    const reason =
      conflicted.size > 0
        ? STALL_REASONS.allConflicted
        : pool.candidates.length > 0
          ? STALL_REASONS.allPassed
          : STALL_REASONS.noneEligible(order);
    stall(reason, order.id);
  }

  await recordConflictChecks(
    tx,
    needing.filter((o) => result.get(o.id) || [...stalls.values()].some((ids) => ids.includes(o.id))),
    now,
  );
  const refundAt = stalledRefundAt(now, change.rules);
  for (const [reason, stalled] of stalls) {
    await tx.order.updateMany({
      where: { id: { in: stalled } },
      data: { offeringStalledAt: now, offeringStalledReason: reason, offeringRefundAt: refundAt },
    });
    for (const orderId of stalled) {
      await audit(tx, {
        actor: KUASA,
        action: "order.offering_stalled",
        subjectType: "order",
        subjectId: orderId,
        data: { reason, refund_at: refundAt.toISOString() },
      });
    }
  }
  const counted = [...turns].filter(([category, offers]) => turnsBefore.get(category) !== offers);
  if (counted.length > 0)
    await tx.$executeRaw`
      INSERT INTO "OfferingTurn" ("category", "offers")
      SELECT * FROM unnest(${counted.map(([category]) => category)}::text[], ${counted.map(([, offers]) => offers)}::int[])
      ON CONFLICT ("category") DO UPDATE SET "offers" = EXCLUDED."offers"`;
  // One INSERT from arrays: Prisma's createMany spent 70-270 ms on 100 offers here, this 15-35 ms.
  if (created.length > 0) {
    await tx.$executeRaw`
      INSERT INTO "Offer" ("id", "orderId", "practitionerId", "round", "offeredAt", "expiresAt", "reason")
      SELECT * FROM unnest(${created.map((o) => o.id)}::text[], ${created.map((o) => o.orderId)}::text[], ${created.map((o) => o.practitionerId)}::text[],
                           ${created.map((o) => o.round)}::int[], ${created.map((o) => o.offeredAt)}::timestamp(3)[], ${created.map((o) => o.expiresAt)}::timestamp(3)[],
                           ${created.map((o) => (o.reason ? JSON.stringify(o.reason) : null))}::jsonb[])`;
    // Sandbox offers go to the stand-in, who reads no e-mail.
    await notifyNewOffers(
      tx,
      change.publicUrl,
      created.filter((o) => o.practitionerId !== SIMULATED_ORDER_PRACTITIONER_ID).map((o) => o.id),
    );
  }
  // Last, in id order: practitioners are the rows concurrent offering shares, so they are held shortest and never in a circle.
  if (chosen.size > 0) {
    await tx.$executeRaw`
      UPDATE "Practitioner" SET "lastOfferedAt" = ${now}, "updatedAt" = ${now}
      WHERE "id" IN (SELECT "id" FROM "Practitioner" WHERE "id" = ANY(${[...chosen]}) ORDER BY "id" FOR NO KEY UPDATE)`;
  }
  return result;
}
