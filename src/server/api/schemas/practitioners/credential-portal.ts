import { z } from "zod";
import { CredentialStatus } from "@/generated/prisma/enums";
import { dayOfDateColumn } from "@/server/domain/clock";
import { PROVINCE_CODES } from "@/server/domain/places/provinces";
import { CREDENTIAL_KINDS } from "@/server/domain/practitioners/credentials";
import { nameText } from "@/server/domain/text/name-text";
import { idSchema } from "../ids";

/** A practitioner's credential in the portals (theirs, and the operator's console). */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Tanggal ditulis YYYY-MM-DD.");

/** A credential as typed in a form; the service checks it whole (domain/practitioners/credentials.ts credentialProblems). */
export const credentialInput = z.object({
  kind: z.enum(CREDENTIAL_KINDS),
  issuer: nameText(z.string().max(400)),
  number: nameText(z.string().max(200)),
  validUntil: day.nullable(),
  province: z.enum(PROVINCE_CODES as [string, ...string[]]).nullable(),
  /** The scan uploaded with POST /api/berkas?purpose=credential; required of a practitioner. */
  scanFileId: idSchema.nullable().optional(),
});

export const addCredentialInput = credentialInput.extend({ practitionerId: idSchema });

/** The operator's decision: verify (correcting what the scan shows, if needed) or reject with a reason. */
export const decideCredentialInput = z.discriminatedUnion("approve", [
  z.object({
    credentialId: idSchema,
    approve: z.literal(true),
    corrections: credentialInput.omit({ kind: true, scanFileId: true }).partial().optional(),
  }),
  z.object({ credentialId: idSchema, approve: z.literal(false), reason: z.string().trim().min(1).max(1_000) }),
]);

export const credentialOutput = z.object({
  id: z.string(),
  practitionerId: z.string(),
  kind: z.enum(CREDENTIAL_KINDS),
  issuer: z.string(),
  number: z.string(),
  validUntil: day.nullable(),
  province: z.string().nullable(),
  status: z.enum(CredentialStatus),
  reason: z.string().nullable(),
  decidedAt: z.date().nullable(),
  createdAt: z.date(),
  /** The document's scan, opened at /api/berkas/{id} by the practitioner and the operator. */
  scan: z.object({ id: z.string(), filename: z.string(), contentType: z.string(), size: z.number().int() }).nullable(),
});

/** A practitioner's credentials, each with whether it counts today. */
export const credentialsOutput = z.array(credentialOutput.extend({ counts: z.boolean() }));

/** The operator's queue: credentials waiting, with whose they are. */
export const credentialQueueOutput = z.array(credentialOutput.extend({ practitioner: z.object({ id: z.string(), name: z.string() }) }));

type CredentialRow = Omit<z.infer<typeof credentialOutput>, "validUntil" | "kind"> & { kind: string; validUntil: Date | null };

/** A credential row in the portals' shape: the DATE column as its day. */
export const credentialView = <T extends CredentialRow>(row: T) => ({
  ...row,
  kind: row.kind as z.infer<typeof credentialOutput>["kind"],
  validUntil: row.validUntil ? dayOfDateColumn(row.validUntil) : null,
});

/** A party the practitioner declares they may not act for or against. */
export const declareConflictInput = z.object({
  name: nameText(z.string().trim().min(1).max(300)),
  note: z.string().trim().max(500).nullable().optional(),
});

export const conflictOutput = z.object({ id: z.string(), name: z.string(), note: z.string().nullable(), createdAt: z.date() });

export const byConflict = z.object({ conflictId: idSchema });

/** Declining an offer for a conflict names the party, which joins the practitioner's list. */
export const declineForConflictInput = z.object({ offerId: idSchema, party: nameText(z.string().trim().min(1).max(300)) });
