import { findDueRows } from "@/server/db/due-rows";
import { requireActor, type SystemActor } from "@/server/domain/access/actor";
import { dayOfDateColumn, jakartaDay } from "@/server/domain/clock";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import { credentialReminderEmail } from "@/server/domain/notifications/notification-text";
import { type CredentialKind, credentialLabel, daysBetween, reminderToSend } from "@/server/domain/practitioners/credentials";
import { publicUrlOf, type ServiceDeps } from "../deps";
import { enqueueEmail } from "../notifications";
import { reminderColumns } from "./credential-label";

/** The sweeper's query: verified credentials whose next expiry reminder is due. */
export async function credentialsDueForReminder(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  return findDueRows(
    (query) => deps.db.practitionerCredential.findMany(query),
    "reminderDueAt",
    { status: "terverifikasi" },
    cutoff,
    limit,
  );
}

/**
 * E-mails the practitioner that a credential ends soon (30 and 7 days before `validUntil`, only the
 * most urgent when both are due), whatever their notification switch: it is about their account.
 * The next reminder is planned in the same conditional update, so a second run sends nothing, and
 * the e-mail's dedupe key holds if two runs meet.
 */
export async function remindCredentialExpiry(
  deps: Pick<ServiceDeps, "db" | "clock" | "publicUrl">,
  { actor, credentialId }: { actor: SystemActor; credentialId: string },
): Promise<void> {
  requireActor(actor, "system");
  const now = deps.clock.now();
  const today = jakartaDay(now);
  await deps.db.$transaction(async (tx) => {
    const row = await tx.practitionerCredential.findUnique({
      where: { id: credentialId },
      include: { practitioner: { select: { name: true, simulated: true, user: { select: { email: true } } } } },
    });
    if (row?.status !== "terverifikasi" || !row.validUntil || !row.reminderDueAt || row.reminderDueAt > now) return;
    const validUntil = dayOfDateColumn(row.validUntil);
    const days = reminderToSend(validUntil, row.lastReminderDays, today);
    const planned = reminderColumns(validUntil, days ?? row.lastReminderDays);
    const moved = await tx.practitionerCredential.updateMany({
      where: { id: credentialId, status: "terverifikasi", reminderDueAt: row.reminderDueAt },
      data: planned,
    });
    if (moved.count !== 1 || days === null || row.practitioner.simulated) return;
    await enqueueEmail(tx, {
      to: row.practitioner.user.email,
      dedupeKey: `credential:${credentialId}:reminder:${days}`,
      ...credentialReminderEmail({
        practitionerName: row.practitioner.name,
        credential: credentialLabel({ kind: row.kind as CredentialKind, issuer: row.issuer, province: row.province }),
        number: row.number,
        validUntil,
        daysLeft: daysBetween(today, validUntil),
        publicUrl: publicUrlOf(deps),
      }),
    });
  });
}
