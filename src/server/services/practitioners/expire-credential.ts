import { findDueRows } from "@/server/db/due-rows";
import { requireActor, type SystemActor } from "@/server/domain/access/actor";
import { dateColumnOf, jakartaDay } from "@/server/domain/clock";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { refreshLabel } from "./credential-label";

/** The Jakarta day of `at` as a DATE column holds it: a credential whose last day it is, or was, is due. */
const todayColumn = (at: Date) => dateColumnOf(jakartaDay(at));

/** The sweeper's query: verified credentials whose last day has come in Jakarta, the oldest first. */
export async function credentialsDueToExpire(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  return findDueRows(
    (query) => deps.db.practitionerCredential.findMany(query),
    "validUntil",
    { status: "terverifikasi" },
    todayColumn(cutoff),
    limit,
  );
}

/**
 * On its day a verified credential stops counting: it becomes `kedaluwarsa` and the label follows.
 * Orders the practitioner already holds stay theirs; new offers of services that need it stop
 * (the offering reads the day itself, so none is made between midnight and this job). Only while
 * still verified and due, so a revocation that came first wins.
 */
export async function expireCredential(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, credentialId }: { actor: SystemActor; credentialId: string },
): Promise<void> {
  requireActor(actor, "system");
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    const expired = await tx.practitionerCredential.updateMany({
      where: { id: credentialId, status: "terverifikasi", validUntil: { lte: todayColumn(now) } },
      data: { status: "kedaluwarsa", reminderDueAt: null },
    });
    if (expired.count !== 1) return;
    const row = await tx.practitionerCredential.findUniqueOrThrow({ where: { id: credentialId } });
    await audit(tx, {
      actor,
      action: "credential.expire",
      subjectType: "practitioner",
      subjectId: row.practitionerId,
      data: { credential_id: credentialId, kind: row.kind },
    });
    await refreshLabel(tx, row.practitionerId, jakartaDay(now));
  });
}
