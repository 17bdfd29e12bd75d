import { type OrderStatus, Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/server/db/client";
import { lockOffering } from "@/server/db/row-lock";
import { KUASA } from "@/server/domain/access/actor";
import { categoryWords } from "@/server/domain/catalog/category";
import { jakartaDay } from "@/server/domain/clock";
import { newId } from "@/server/domain/ids";
import {
  markOffered,
  nextCandidate,
  type OfferingCandidate,
  type RankedPool,
  RESPONSE_WINDOW,
  rankedPool,
} from "@/server/domain/offers/offering-order";
import { stalledRefundAt } from "@/server/domain/orders/order-rules";
import { provinceName } from "@/server/domain/places/provinces";
import { type ConflictFinding, type ConflictRecord, conflictsOf, partiesOf } from "@/server/domain/practitioners/conflicts";
import { CREDENTIAL_KIND_NAME, type CredentialKind, PROVINCIAL_KINDS } from "@/server/domain/practitioners/credentials";
import { audit, auditMany } from "../audit";
import { notifyNewOffers } from "../notifications";
import { type StatusChangeContext, startOfferings } from "../order-engine";
import { ensureSimulatedPractitioners, SIMULATED_ORDER_PRACTITIONER_ID } from "./simulated-practitioners";

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
  /** The parties it names against its client (intake fields of type `pihak`), and the client's name. */
  counterparties: string[];
  clientName: string;
}

/**
 * Locks the orders `where` selects, in id order so two batches never wait on each other in a
 * circle, and reads them with their service: one round trip.
 */
export async function lockOrdersWhere(tx: Tx, where: Prisma.Sql): Promise<OfferingOrder[]> {
  const rows = await tx.$queryRaw<Array<Omit<OfferingOrder, "counterparties"> & { parties: string[] }>>`
    SELECT o."id", o."status"::text AS "status", o."serviceCode", o."revisionCount", o."caseId", o."livemode", o."offerRound",
           o."offeringStalledAt", s."category", s."requires", g."name" AS "clientName",
           (SELECT o."intake"->>(f->>'key') FROM jsonb_array_elements(s."intake") f WHERE f->>'type' = 'provinsi' LIMIT 1) AS "province",
           ARRAY(SELECT o."intake"->>(f->>'key') FROM jsonb_array_elements(s."intake") f WHERE f->>'type' = 'pihak') AS "parties"
    FROM "Order" o JOIN "Service" s ON s."code" = o."serviceCode" JOIN "Organization" g ON g."id" = o."organizationId"
    WHERE ${where}
    ORDER BY o."id"
    FOR UPDATE OF o`;
  return rows.map(({ parties, ...row }) => ({ ...row, counterparties: parties.filter(Boolean).flatMap(partiesOf) }));
}

/**
 * What each candidate's record says of parties (domain/practitioners/conflicts.ts): the
 * organisations whose live orders they handled, the parties those orders named against their
 * client, and the parties they declared. One statement for the whole batch.
 */
export async function conflictRecords(tx: Tx, practitionerIds: readonly string[]): Promise<Map<string, ConflictRecord>> {
  const rows = await tx.$queryRaw<Array<{ practitionerId: string; why: "served" | "opposed" | "declared"; name: string | null }>>`
    SELECT c."practitionerId", 'declared' AS "why", c."name" FROM "PractitionerConflict" c WHERE c."practitionerId" = ANY(${practitionerIds}::text[])
    UNION ALL
    SELECT DISTINCT o."practitionerId", 'served', g."name"
    FROM "Order" o JOIN "Organization" g ON g."id" = o."organizationId"
    WHERE o."practitionerId" = ANY(${practitionerIds}::text[]) AND o."livemode"
    UNION ALL
    SELECT o."practitionerId", 'opposed', o."intake"->>(f->>'key')
    FROM "Order" o JOIN "Service" s ON s."code" = o."serviceCode" CROSS JOIN jsonb_array_elements(s."intake") f
    WHERE o."practitionerId" = ANY(${practitionerIds}::text[]) AND o."livemode" AND f->>'type' = 'pihak'`;
  const records = new Map(practitionerIds.map((id): [string, ConflictRecord] => [id, { served: [], opposed: [], declared: [] }]));
  for (const row of rows) {
    if (!row.name) continue;
    const record = records.get(row.practitionerId)!;
    if (row.why === "opposed") record.opposed.push(...partiesOf(row.name));
    else record[row.why].push(row.name);
  }
  return records;
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
           r."reviewCount", r."ratingSum", w."offersConcluded", w."offersAnswered"
    FROM eligible e
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
  return new Map(services.map((s, i) => [serviceKey(s), rankedPool(pools[i]!)]));
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

  const created: { id: string; orderId: string; practitionerId: string; round: number; offeredAt: Date; expiresAt: Date }[] = [];
  const offer = (order: OfferingOrder, practitionerId: string, round: number) => {
    const id = newId("offer");
    created.push({ id, orderId: order.id, practitionerId, round, offeredAt: now, expiresAt: new Date(now.getTime() + OFFER_DURATION_MS) });
    result.set(order.id, id);
  };

  // A test order goes only to the simulated practitioner, for the same 30 minutes. After a
  // timeout, decline or release it is offered again in a new round, so offering never stalls in the sandbox.
  const sandbox = needing.filter((o) => !o.livemode);
  if (sandbox.length > 0) {
    await ensureSimulatedPractitioners(tx);
    const nextRound = sandbox.filter((o) => offeredThisRound(o, SIMULATED_ORDER_PRACTITIONER_ID).length > 0);
    if (nextRound.length > 0)
      await tx.order.updateMany({ where: { id: { in: nextRound.map((o) => o.id) } }, data: { offerRound: { increment: 1 } } });
    for (const order of sandbox)
      offer(order, SIMULATED_ORDER_PRACTITIONER_ID, nextRound.includes(order) ? order.offerRound + 1 : order.offerRound);
  }

  const live = needing.filter((o) => o.livemode);
  const services = new Map(live.map((o) => [serviceKey(o), { category: o.category, requires: o.requires, province: o.province }]));
  // The live offers counted below stay true until this transaction ends: nobody else offers meanwhile.
  if (services.size > 0) await lockOffering(tx);
  const pools = services.size > 0 ? await candidatePools(tx, [...services.values()], jakartaDay(now)) : new Map<string, RankedPool>();
  const { offerCap } = change.rules;
  const candidateIds = [...new Set([...pools.values()].flatMap((pool) => pool.candidates.map((c) => c.id)))];
  const records = candidateIds.length > 0 ? await conflictRecords(tx, candidateIds) : new Map<string, ConflictRecord>();
  const chosen = new Set<string>();
  const stalls = new Map<string, string[]>();
  for (const order of live) {
    const pool = pools.get(serviceKey(order))!;
    const passed = new Set(offeredThisRound(order).map((o) => o.practitionerId));
    // A practitioner with a conflict is passed over for this order. The skips are audited with the
    // offer or the stall they led to (never shown to the client); an order left waiting writes none yet.
    const conflicted = new Map<string, ConflictFinding[]>();
    for (const candidate of pool.candidates) {
      if (passed.has(candidate.id)) continue;
      const findings = conflictsOf({ counterparties: order.counterparties, client: order.clientName }, records.get(candidate.id)!);
      if (findings.length > 0) conflicted.set(candidate.id, findings);
    }
    const auditSkips = () =>
      auditMany(
        tx,
        [...conflicted].map(([practitionerId, findings]) => ({
          actor: KUASA,
          action: "order.conflict_skipped",
          subjectType: "order",
          subjectId: order.id,
          data: { practitioner_id: practitionerId, round: order.offerRound, findings: findings.map((f) => ({ ...f })) },
        })),
      );
    const next = nextCandidate(
      pool,
      (candidate) => passed.has(candidate.id) || conflicted.has(candidate.id) || candidate.liveOffers >= offerCap,
    );
    if (next) {
      await auditSkips();
      offer(order, next.id, order.offerRound);
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
    stalls.set(reason, [...(stalls.get(reason) ?? []), order.id]);
  }

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
  // One INSERT from arrays: Prisma's createMany spent 70-270 ms on 100 offers here, this 15-35 ms.
  if (created.length > 0) {
    await tx.$executeRaw`
      INSERT INTO "Offer" ("id", "orderId", "practitionerId", "round", "offeredAt", "expiresAt")
      SELECT * FROM unnest(${created.map((o) => o.id)}::text[], ${created.map((o) => o.orderId)}::text[], ${created.map((o) => o.practitionerId)}::text[],
                           ${created.map((o) => o.round)}::int[], ${created.map((o) => o.offeredAt)}::timestamp(3)[], ${created.map((o) => o.expiresAt)}::timestamp(3)[])`;
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
