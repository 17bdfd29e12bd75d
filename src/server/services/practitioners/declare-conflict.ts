import type { PractitionerConflict } from "@/generated/prisma/client";
import type { DbOrTx } from "@/server/db/client";
import { type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { normalizePartyName } from "@/server/domain/practitioners/conflicts";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { declineOfferIn } from "../offers";
import { changeContextOf } from "../order-engine";

/** Most parties one practitioner declares: a list to check, not an address book. */
const CONFLICT_LIST_MAX = 500;

/**
 * Adds a party to a practitioner's own conflict list (a former employer, a relative's firm, a
 * client from outside Kuasa): the offering skips them for any matter naming it. A name already on
 * the list (as normalised) is not added twice. In the caller's transaction, so that declining an
 * offer for a conflict adds the party in the same step.
 */
async function addToConflictList(
  tx: DbOrTx,
  { actor, name, note }: { actor: PractitionerActor; name: string; note?: string | null },
): Promise<PractitionerConflict> {
  const { practitionerId } = actor;
  const trimmed = name.trim();
  if (!normalizePartyName(trimmed))
    throw new AppError("VALIDATION", "name: tulis nama pihaknya (bukan hanya bentuk badan usaha atau gelar).");
  const listed = await tx.practitionerConflict.findMany({ where: { practitionerId } });
  const same = listed.find((row) => normalizePartyName(row.name) === normalizePartyName(trimmed));
  if (same) return same;
  if (listed.length >= CONFLICT_LIST_MAX)
    throw new AppError("VALIDATION", `Daftar benturan kepentingan paling banyak ${CONFLICT_LIST_MAX} pihak.`);
  const row = await tx.practitionerConflict.create({
    data: { id: newId("conflict"), practitionerId, name: trimmed, note: note?.trim() || null },
  });
  await audit(tx, {
    actor,
    action: "practitioner.conflict_declare",
    subjectType: "practitioner",
    subjectId: practitionerId,
    data: { name: trimmed },
  });
  return row;
}

/** The practitioner declares a party they may not act for or against. */
export async function declareConflict(
  deps: Pick<ServiceDeps, "db">,
  { actor, name, note }: { actor: PractitionerActor; name: string; note?: string | null },
): Promise<PractitionerConflict> {
  requireActor(actor, "practitioner");
  return deps.db.$transaction((tx) => addToConflictList(tx, { actor, name, note }));
}

/** The practitioner takes a party off their list. */
export async function removeConflict(
  deps: Pick<ServiceDeps, "db">,
  { actor, conflictId }: { actor: PractitionerActor; conflictId: string },
): Promise<void> {
  requireActor(actor, "practitioner");
  await deps.db.$transaction(async (tx) => {
    const row = await tx.practitionerConflict.findFirst({ where: { id: conflictId, practitionerId: actor.practitionerId } });
    if (!row) throw new AppError("NOT_FOUND", `Pihak ${conflictId} tidak ada di daftar Anda.`);
    await tx.practitionerConflict.delete({ where: { id: row.id } });
    await audit(tx, {
      actor,
      action: "practitioner.conflict_remove",
      subjectType: "practitioner",
      subjectId: actor.practitionerId,
      data: { name: row.name },
    });
  });
}

/** The practitioner's list, the newest first. */
export async function conflictList(
  deps: Pick<ServiceDeps, "db">,
  { actor }: { actor: PractitionerActor },
): Promise<PractitionerConflict[]> {
  requireActor(actor, "practitioner");
  return deps.db.practitionerConflict.findMany({
    where: { practitionerId: actor.practitionerId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/**
 * The practitioner declines an offer for a conflict of interest: the offer ends as any decline
 * (the next practitioner is offered), and the party joins their list in the same transaction, so
 * no later matter naming it is offered to them.
 */
export async function declineForConflict(
  deps: ServiceDeps,
  { actor, offerId, party }: { actor: PractitionerActor; offerId: string; party: string },
): Promise<void> {
  requireActor(actor, "practitioner");
  const change = changeContextOf(deps);
  await deps.db.$transaction(async (tx) => {
    const orderId = await declineOfferIn(tx, change, actor, offerId);
    await addToConflictList(tx, { actor, name: party, note: `Ditolak karena benturan kepentingan pada pesanan ${orderId}.` });
    await audit(tx, {
      actor,
      action: "offer.decline_conflict",
      subjectType: "order",
      subjectId: orderId,
      data: { offer_id: offerId, party },
    });
  });
}
