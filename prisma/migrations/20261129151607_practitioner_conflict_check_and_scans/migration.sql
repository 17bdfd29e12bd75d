-- AlterTable
ALTER TABLE "Bid" ADD COLUMN     "conflictConfirmedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Case" ADD COLUMN     "counterparties" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Offer" ADD COLUMN     "reason" JSONB;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "conflictCheckedAt" TIMESTAMP(3),
ADD COLUMN     "conflictConfirmedAt" TIMESTAMP(3),
ADD COLUMN     "conflictParties" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Practitioner" ADD COLUMN     "sandboxOrganizationId" TEXT;

-- AlterTable
ALTER TABLE "PractitionerCredential" ADD COLUMN     "scanFileId" TEXT;

-- AlterTable
ALTER TABLE "StoredFile" ALTER COLUMN "organizationId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "OfferingTurn" (
    "category" TEXT NOT NULL,
    "offers" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "OfferingTurn_pkey" PRIMARY KEY ("category")
);

-- CreateIndex
CREATE INDEX "Order_practitionerId_status_idx" ON "Order"("practitionerId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Practitioner_sandboxOrganizationId_key" ON "Practitioner"("sandboxOrganizationId");

-- CreateIndex
CREATE UNIQUE INDEX "PractitionerCredential_scanFileId_key" ON "PractitionerCredential"("scanFileId");

-- AddForeignKey
ALTER TABLE "PractitionerCredential" ADD CONSTRAINT "PractitionerCredential_scanFileId_fkey" FOREIGN KEY ("scanFileId") REFERENCES "StoredFile"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Contentious services may name the side the agent acts for (intake type pihak_klien), so that
-- the offering can skip a practitioner who acted against it; new installs get it from the seed.
UPDATE "Service" SET "intake" = "intake" || '[{"key": "pihak_klien", "label": "Nama pihak yang diwakili, bila bukan organisasi Anda (satu per baris)", "required": false, "type": "pihak_klien"}]'::jsonb
WHERE "code" IN ('somasi', 'gugatan_sederhana')
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements("intake") f WHERE f->>'type' = 'pihak_klien');
