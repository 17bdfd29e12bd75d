import type { Tx } from "@/server/db/client";
import { lockRow } from "@/server/db/row-lock";
import { credentialFacts, labelOf, nextReminder } from "@/server/domain/practitioners/credentials";

/**
 * Writes the practitioner's label from their credentials that count on `day`. Under the
 * practitioner's row lock, and reading after it: of two credential changes landing together (a
 * verification and an expiry), the one that commits last reads the other's and writes the label
 * of both.
 */
export async function refreshLabel(tx: Tx, practitionerId: string, day: string): Promise<string | null> {
  await lockRow(tx, "Practitioner", practitionerId);
  const rows = await tx.practitionerCredential.findMany({ where: { practitionerId, status: "terverifikasi" } });
  const label = labelOf(rows.map(credentialFacts), day);
  await tx.practitioner.update({ where: { id: practitionerId }, data: { label } });
  return label;
}

/**
 * The reminder columns of a verified credential whose last reminder sent was `lastSentDays` days
 * before its end (null: none yet): when the next is due, at midnight in Jakarta of its day.
 */
export function reminderColumns(validUntil: string | null, lastSentDays: number | null) {
  const next = validUntil ? nextReminder(validUntil, lastSentDays) : null;
  return { reminderDueAt: next ? new Date(`${next.dueOn}T00:00:00+07:00`) : null, lastReminderDays: lastSentDays };
}
