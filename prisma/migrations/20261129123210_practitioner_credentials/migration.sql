-- Issue 39: credentials replace the typed label and licence number, and services name the kinds
-- they require instead of a label. Existing labels become unverified credentials in the
-- operator's queue; until the operator verifies them nothing counts, so labels are cleared.

-- CreateEnum
CREATE TYPE "CredentialStatus" AS ENUM ('menunggu_verifikasi', 'terverifikasi', 'ditolak', 'kedaluwarsa');

-- CreateTable
CREATE TABLE "PractitionerCredential" (
    "id" TEXT NOT NULL,
    "practitionerId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "validUntil" DATE,
    "province" TEXT,
    "status" "CredentialStatus" NOT NULL DEFAULT 'menunggu_verifikasi',
    "reason" TEXT,
    "decidedBy" TEXT,
    "decidedAt" TIMESTAMP(3),
    "reminderDueAt" TIMESTAMP(3),
    "lastReminderDays" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PractitionerCredential_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PractitionerCredential_practitionerId_idx" ON "PractitionerCredential"("practitionerId");

-- CreateIndex
CREATE INDEX "PractitionerCredential_status_createdAt_idx" ON "PractitionerCredential"("status", "createdAt");

-- CreateIndex
CREATE INDEX "PractitionerCredential_status_validUntil_idx" ON "PractitionerCredential"("status", "validUntil");

-- CreateIndex
CREATE INDEX "PractitionerCredential_status_reminderDueAt_idx" ON "PractitionerCredential"("status", "reminderDueAt");

-- AddForeignKey
ALTER TABLE "PractitionerCredential" ADD CONSTRAINT "PractitionerCredential_practitionerId_fkey" FOREIGN KEY ("practitionerId") REFERENCES "Practitioner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each real practitioner's typed label, where it names a kind, waits for the operator as an
-- unverified credential with the typed licence number; the issuer (and a notary's or PPAT's
-- province) is the operator's to fill in. A label naming no kind is dropped: nothing to verify.
INSERT INTO "PractitionerCredential" ("id", "practitionerId", "kind", "issuer", "number", "updatedAt")
SELECT 'krd_' || substr(md5(random()::text || clock_timestamp()::text || p."id"), 1, 22), p."id", m."kind", '', coalesce(p."licenseNumber", ''), CURRENT_TIMESTAMP
FROM "Practitioner" p
CROSS JOIN LATERAL (
  SELECT CASE
    WHEN lower(p."label") LIKE 'advokat%' THEN 'advokat'
    WHEN lower(p."label") LIKE 'notaris%' THEN 'notaris'
    WHEN lower(p."label") LIKE 'ppat%' THEN 'ppat'
    WHEN lower(p."label") LIKE '%konsultan ki%' OR lower(p."label") LIKE '%kekayaan intelektual%' THEN 'konsultan_ki'
    WHEN lower(p."label") LIKE '%penerjemah%' THEN 'penerjemah_tersumpah'
  END AS "kind"
) m
WHERE NOT p."simulated" AND m."kind" IS NOT NULL;

UPDATE "Practitioner" SET "label" = NULL WHERE NOT "simulated";

-- AlterTable
ALTER TABLE "Practitioner" DROP COLUMN "licenseNumber";

-- A service's required label becomes the kind it names.
ALTER TABLE "Service" ADD COLUMN "requires" TEXT[] DEFAULT ARRAY[]::TEXT[];

UPDATE "Service" SET "requires" = ARRAY[CASE
    WHEN lower("requiredLabel") LIKE 'advokat%' THEN 'advokat'
    WHEN lower("requiredLabel") LIKE 'notaris%' THEN 'notaris'
    WHEN lower("requiredLabel") LIKE 'ppat%' THEN 'ppat'
    WHEN lower("requiredLabel") LIKE '%konsultan ki%' THEN 'konsultan_ki'
    WHEN lower("requiredLabel") LIKE '%penerjemah%' THEN 'penerjemah_tersumpah'
  END]
WHERE "requiredLabel" IS NOT NULL
  AND lower("requiredLabel") ~ '^(advokat|notaris|ppat)|konsultan ki|penerjemah';

ALTER TABLE "Service" DROP COLUMN "requiredLabel";

-- Deeds are signed before a notary of the province where the parties sign, and land is checked by
-- a PPAT of its province: the catalog's services of both kinds ask for the province (new installs
-- get the same fields from the catalog seed).
UPDATE "Service" SET "intake" = "intake" || '[{"key": "provinsi_penandatanganan", "label": "Provinsi tempat para pihak menandatangani akta", "required": true, "type": "provinsi"}]'::jsonb
WHERE "code" IN ('pendirian_pt', 'pendirian_cv', 'perubahan_anggaran_dasar_pt', 'surat_kuasa_legalisasi')
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements("intake") f WHERE f->>'type' = 'provinsi');

UPDATE "Service" SET "intake" = "intake" || '[{"key": "provinsi_tanah", "label": "Provinsi letak tanah", "required": true, "type": "provinsi"}]'::jsonb
WHERE "code" = 'pengecekan_sertifikat_tanah'
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements("intake") f WHERE f->>'type' = 'provinsi');
