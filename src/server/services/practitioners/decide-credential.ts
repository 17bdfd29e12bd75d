import type { PractitionerCredential } from "@/generated/prisma/client";
import { type OperatorActor, requireActor, type SystemActor } from "@/server/domain/access/actor";
import { dateColumnOf, dayOfDateColumn, jakartaDay } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { type CredentialKind, credentialDecision, PROVINCIAL_KINDS } from "@/server/domain/practitioners/credentials";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { type CredentialInput, checkedCredential } from "./add-credential";
import { refreshLabel, reminderColumns } from "./credential-label";
import { SCAN_SELECT, type ScanView } from "./credential-reads";

/**
 * The operator verifies a submitted credential (correcting what they read off the scan, if they
 * must), rejects it with a reason the practitioner reads, or revokes a verified one with a reason.
 * A conditional update on the status read, so of two decisions (or a decision and the expiry job)
 * exactly one applies; the other is told the credential changed. Audited; the label follows.
 */
export async function decideCredential(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    credentialId,
    decision,
  }: {
    actor: OperatorActor | SystemActor;
    credentialId: string;
    decision: { approve: true; corrections?: Partial<Omit<CredentialInput, "kind">> } | { approve: false; reason: string };
  },
): Promise<PractitionerCredential & { scan: ScanView | null }> {
  requireActor(actor, "operator", "system");
  const now = deps.clock.now();
  const today = jakartaDay(now);
  const reason = decision.approve ? null : decision.reason.trim();
  if (!decision.approve && !reason) throw new AppError("VALIDATION", "reason: tulis alasan penolakan; praktisi membacanya.");
  return deps.db.$transaction(async (tx) => {
    const before = await tx.practitionerCredential.findUnique({ where: { id: credentialId } });
    if (!before) throw new AppError("NOT_FOUND", `Kredensial ${credentialId} tidak ditemukan.`);
    const to = credentialDecision(before.status, decision.approve);
    if (!to) throw new AppError("INVALID_STATE", `Kredensial ini berstatus ${before.status}; keputusan itu tidak berlaku lagi.`);
    const fields = decision.approve
      ? checkedCredential(
          {
            kind: before.kind as CredentialKind,
            issuer: decision.corrections?.issuer ?? before.issuer,
            number: decision.corrections?.number ?? before.number,
            validUntil:
              decision.corrections?.validUntil !== undefined
                ? decision.corrections.validUntil
                : before.validUntil
                  ? dayOfDateColumn(before.validUntil)
                  : null,
            province: decision.corrections?.province !== undefined ? decision.corrections.province : before.province,
          },
          today,
        )
      : null;
    const changed = await tx.practitionerCredential.updateMany({
      where: { id: credentialId, status: before.status },
      data: {
        status: to,
        reason,
        decidedBy: actor.id,
        decidedAt: now,
        ...(fields ? reminderColumns(fields.validUntil, null) : { reminderDueAt: null }),
        ...(fields && {
          issuer: fields.issuer,
          number: fields.number,
          validUntil: fields.validUntil ? dateColumnOf(fields.validUntil) : null,
          province: PROVINCIAL_KINDS.has(fields.kind) ? fields.province : null,
        }),
      },
    });
    if (changed.count !== 1) throw new AppError("INVALID_STATE", "Kredensial ini baru saja diubah; muat ulang halaman.");
    await audit(tx, {
      actor,
      action: to === "terverifikasi" ? "credential.verify" : before.status === "terverifikasi" ? "credential.revoke" : "credential.reject",
      subjectType: "practitioner",
      subjectId: before.practitionerId,
      data: { credential_id: credentialId, from: before.status, to, ...(reason && { reason }) },
    });
    await refreshLabel(tx, before.practitionerId, today);
    return tx.practitionerCredential.findUniqueOrThrow({ where: { id: credentialId }, include: { scan: { select: SCAN_SELECT } } });
  });
}
