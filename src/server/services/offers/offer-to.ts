import { Prisma } from "@/generated/prisma/client";
import type { DbOrTx } from "@/server/db/client";
import { lockOffering } from "@/server/db/row-lock";
import { type OperatorActor, requireActor } from "@/server/domain/access/actor";
import { intakeFieldListSchema, matterOf, orderProvince } from "@/server/domain/catalog/intake";
import { type Clock, jakartaDay } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { conflictsOf, partiesOfMatter } from "@/server/domain/practitioners/conflicts";
import { credentialFacts, isCredentialKind, qualifiesFor } from "@/server/domain/practitioners/credentials";
import { audit } from "../audit";
import { conflictRecords } from "../conflicts";
import type { ServiceDeps } from "../deps";
import { notifyNewOffers } from "../notifications";
import { changeContextOf } from "../order-engine";
import { lockOrdersWhere, OFFER_DURATION_MS } from "./offer-next";

/** How a conflict's finding is told to the operator. */
const CONFLICT_WORDS = {
  served: "pernah menjadi kliennya",
  opposed: "pernah menjadi pihak lawannya",
  declared: "ada di daftar benturannya",
} as const;

/** A practitioner the operator may choose for an order on offer, with what the fair rotation knows of them. */
interface ChoosablePractitioner {
  id: string;
  name: string;
  label: string | null;
  /** Paused by the practitioner (the profile's switch): shown, never offered. */
  available: boolean;
  /** Already offered the order in this round (declined or let it expire). */
  passedThisRound: boolean;
  /** Holds the order's live offer now. */
  holdsLiveOffer: boolean;
  /** Why they have a conflict of interest with the order's parties, one sentence each: never offered while any is left. */
  conflicts: string[];
}

/**
 * The practitioners qualified for a live order on offer (its field, and credentials that count
 * today for what it requires in its province: domain/practitioners/credentials.ts qualifiesFor),
 * for the operator's choice, each with their conflicts of interest with its parties.
 */
export async function practitionersForOrder(
  deps: { db: DbOrTx; clock: Clock },
  {
    actor,
    orderId,
  }: {
    actor: OperatorActor;
    orderId: string;
  },
): Promise<ChoosablePractitioner[]> {
  requireActor(actor, "operator");
  const order = await deps.db.order.findUnique({
    where: { id: orderId },
    select: {
      offerRound: true,
      intake: true,
      organization: { select: { name: true } },
      service: { select: { category: true, requires: true, intake: true } },
      offers: { select: { practitionerId: true, round: true, status: true } },
    },
  });
  if (!order) throw new AppError("NOT_FOUND", `Pesanan ${orderId} tidak ditemukan.`);
  const { category, requires } = order.service;
  const fields = intakeFieldListSchema.parse(order.service.intake);
  const intake = order.intake as Record<string, string>;
  const province = orderProvince(fields, intake);
  const matter = matterOf(fields, intake, order.organization.name);
  const today = jakartaDay(deps.clock.now());
  const practitioners = await deps.db.practitioner.findMany({
    where: { active: true, simulated: false, categories: { has: category }, credentials: { some: { status: "terverifikasi" } } },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, label: true, available: true, credentials: { where: { status: "terverifikasi" } } },
  });
  const qualified = practitioners.filter((p) =>
    qualifiesFor(p.credentials.map(credentialFacts), requires.filter(isCredentialKind), province, today),
  );
  const records = await conflictRecords(
    deps.db,
    qualified.map((p) => p.id),
  );
  return qualified.map(({ credentials: _, ...p }) => ({
    ...p,
    passedThisRound: order.offers.some((o) => o.practitionerId === p.id && o.round === order.offerRound && o.status !== "aktif"),
    holdsLiveOffer: order.offers.some((o) => o.practitionerId === p.id && o.status === "aktif"),
    conflicts: conflictsOf(matter, records.get(p.id)!).map((c) => `${c.party} (${CONFLICT_WORDS[c.why]}: ${c.known})`),
  }));
}

/**
 * Operator: offer a live order on offer to one chosen practitioner now, for the usual 30 minutes.
 * The live offer, if any, is withdrawn and a stall ends; the practitioner must be qualified
 * (active, its field, credentials that count for it), taking offers, and below the cap of live offers. If they decline or let it expire, the fair
 * rotation goes on from there.
 */
export async function offerToPractitioner(
  deps: ServiceDeps,
  { actor, orderId, practitionerId }: { actor: OperatorActor; orderId: string; practitionerId: string },
): Promise<string> {
  requireActor(actor, "operator");
  const change = changeContextOf(deps);
  const { now } = change;
  return deps.db.$transaction(async (tx) => {
    const [order] = await lockOrdersWhere(tx, Prisma.sql`o."id" = ${orderId}`);
    if (!order) throw new AppError("NOT_FOUND", `Pesanan ${orderId} tidak ditemukan.`);
    if (order.status !== "ditawarkan" || !order.livemode || order.caseId)
      throw new AppError(
        "INVALID_STATE",
        `Hanya pesanan live yang sedang ditawarkan yang bisa ditawarkan ke praktisi pilihan; pesanan ini berstatus ${order.status}.`,
      );
    const chosen = (
      await practitionersForOrder(
        { db: tx, clock: deps.clock },
        {
          actor,
          orderId,
        },
      )
    ).find((p) => p.id === practitionerId);
    if (!chosen)
      throw new AppError(
        "VALIDATION",
        "Praktisi itu tidak aktif di bidang layanan ini atau tidak memegang kredensial yang berlaku untuknya.",
        "practitionerId",
      );
    if (!chosen.available) throw new AppError("CONFLICT", `${chosen.name} sedang tidak menerima tawaran baru (diatur di profilnya).`);
    if (chosen.holdsLiveOffer) throw new AppError("CONFLICT", `${chosen.name} sudah memegang tawaran aktif pesanan ini.`);
    if (chosen.conflicts.length > 0)
      throw new AppError(
        "CONFLICT",
        `${chosen.name} berbenturan kepentingan dengan pesanan ini: ${chosen.conflicts.join("; ")}. Pilih praktisi lain.`,
      );
    await lockOffering(tx);
    const holding = await tx.offer.count({ where: { practitionerId, status: "aktif" } });
    if (holding >= change.rules.offerCap)
      throw new AppError(
        "CONFLICT",
        `${chosen.name} sedang memegang ${holding} tawaran aktif, batas satu praktisi (OFFER_CAP). Pilih praktisi lain atau tunggu jawabannya.`,
      );
    await tx.offer.updateMany({ where: { orderId, status: "aktif" }, data: { status: "dibatalkan", respondedAt: now } });
    // A practitioner is offered an order once per round: one who passed it already opens a new round.
    const round = chosen.passedThisRound ? order.offerRound + 1 : order.offerRound;
    await tx.order.update({
      where: { id: orderId },
      data: {
        offerRound: round,
        offeringStalledAt: null,
        offeringStalledReason: null,
        offeringRefundAt: null,
        conflictParties: partiesOfMatter(order.matter),
        conflictCheckedAt: now,
        updatedAt: now,
      },
    });
    const id = newId("offer");
    await tx.offer.create({
      data: { id, orderId, practitionerId, round, offeredAt: now, expiresAt: new Date(now.getTime() + OFFER_DURATION_MS) },
    });
    await tx.practitioner.update({ where: { id: practitionerId }, data: { lastOfferedAt: now } });
    await notifyNewOffers(tx, change.publicUrl, [id]);
    await audit(tx, {
      actor,
      action: "order.offer_to_practitioner",
      subjectType: "order",
      subjectId: orderId,
      data: { practitioner_id: practitionerId, offer_id: id, round },
    });
    return id;
  });
}
