import type { PractitionerCredential } from "@/generated/prisma/client";
import type { Tx } from "@/server/db/client";
import { type OperatorActor, type PractitionerActor, requireActor, type SystemActor } from "@/server/domain/access/actor";
import { dateColumnOf, jakartaDay } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { type CredentialKind, credentialProblems, PROVINCIAL_KINDS } from "@/server/domain/practitioners/credentials";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { refreshLabel, reminderColumns } from "./credential-label";
import { SCAN_SELECT, type ScanView } from "./credential-reads";

/** A credential as given: `validUntil` "YYYY-MM-DD" or null (does not expire), `province` a Kemendagri code for notaris and ppat. */
export interface CredentialInput {
  kind: string;
  issuer: string;
  number: string;
  validUntil: string | null;
  province: string | null;
  /** The document's scan, uploaded through the portal for a credential (POST /api/berkas?purpose=credential). */
  scanFileId?: string | null;
}

/** What a scan may be: a PDF or a photo of the card or decree. */
const SCAN_TYPES = ["application/pdf", "image/png", "image/jpeg"];

/**
 * The scan named for a practitioner's credential: a file uploaded for a credential (no
 * organisation's) by that practitioner or the operator, a PDF or a photo, not another credential's.
 * Any other id is the same 400, which does not say whether the file exists.
 */
async function scanFor(tx: Tx, practitionerId: string, scanFileId: string): Promise<string> {
  const file = await tx.storedFile.findFirst({
    where: {
      id: scanFileId,
      organizationId: null,
      OR: [{ practitionerId }, { uploadedBy: "operator" }],
      credential: null,
    },
    select: { id: true, contentType: true },
  });
  if (!file)
    throw new AppError("VALIDATION", "Pindaian tidak ditemukan atau sudah dipakai kredensial lain; unggah ulang dokumennya.", "scanFileId");
  if (!SCAN_TYPES.includes(file.contentType)) throw new AppError("VALIDATION", "Pindaian harus berupa PDF, PNG atau JPEG.", "scanFileId");
  return file.id;
}

/** The input's problems as one VALIDATION error, or the trimmed input. */
export function checkedCredential(input: CredentialInput, today: string): CredentialInput & { kind: CredentialKind } {
  const trimmed = {
    kind: input.kind,
    issuer: input.issuer.trim(),
    number: input.number.trim(),
    validUntil: input.validUntil?.trim() || null,
    province: input.province?.trim() || null,
  };
  const problems = credentialProblems(trimmed);
  if (trimmed.validUntil && trimmed.validUntil <= today)
    problems.push("Kredensial ini sudah tidak berlaku: tanggal berlakunya sudah lewat.");
  if (problems.length > 0) throw new AppError("VALIDATION", problems.join(" "));
  return trimmed as CredentialInput & { kind: CredentialKind };
}

/**
 * Records a credential of a practitioner. The practitioner's own submission waits in the
 * operator's queue (`menunggu_verifikasi`); the operator's (or `npm run ops`', or the seed's) is
 * recorded verified by them, who checked it, and the label follows at once. Audited.
 */
export async function addCredential(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    practitionerId,
    input,
  }: { actor: PractitionerActor | OperatorActor | SystemActor; practitionerId: string; input: CredentialInput },
): Promise<PractitionerCredential & { scan: ScanView | null }> {
  requireActor(actor, "practitioner", "operator", "system");
  if (actor.kind === "practitioner" && actor.practitionerId !== practitionerId)
    throw new AppError("NOT_FOUND", `Praktisi ${practitionerId} tidak ditemukan.`);
  const now = deps.clock.now();
  const today = jakartaDay(now);
  const credential = checkedCredential(input, today);
  const verified = actor.kind !== "practitioner";
  // The operator verifies against the document: a practitioner's submission comes with it.
  if (!verified && !input.scanFileId)
    throw new AppError("VALIDATION", "Unggah pindaian dokumen kredensial (PDF atau foto) bersama datanya.", "scanFileId");
  return deps.db.$transaction(async (tx) => {
    const practitioner = await tx.practitioner.findUnique({ where: { id: practitionerId }, select: { id: true } });
    if (!practitioner) throw new AppError("NOT_FOUND", `Praktisi ${practitionerId} tidak ditemukan.`);
    const scanFileId = input.scanFileId ? await scanFor(tx, practitionerId, input.scanFileId) : null;
    const row = await tx.practitionerCredential.create({
      data: {
        id: newId("credential"),
        practitionerId,
        kind: credential.kind,
        issuer: credential.issuer,
        number: credential.number,
        validUntil: credential.validUntil ? dateColumnOf(credential.validUntil) : null,
        province: PROVINCIAL_KINDS.has(credential.kind) ? credential.province : null,
        scanFileId,
        status: verified ? "terverifikasi" : "menunggu_verifikasi",
        decidedBy: verified ? actor.id : null,
        decidedAt: verified ? now : null,
        ...(verified && reminderColumns(credential.validUntil, null)),
      },
      include: { scan: { select: SCAN_SELECT } },
    });
    await audit(tx, {
      actor,
      action: verified ? "credential.add_verified" : "credential.submit",
      subjectType: "practitioner",
      subjectId: practitionerId,
      data: { credential_id: row.id, kind: row.kind, number: row.number },
    });
    if (verified) await refreshLabel(tx, practitionerId, today);
    return row;
  });
}
