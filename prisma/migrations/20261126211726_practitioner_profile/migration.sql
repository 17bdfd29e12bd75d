-- AlterTable
ALTER TABLE "Practitioner" ADD COLUMN     "areas" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "bio" TEXT,
ADD COLUMN     "displayName" TEXT,
ADD COLUMN     "languages" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "yearsOfPractice" INTEGER;

-- CreateIndex
CREATE INDEX "Offer_practitionerId_offeredAt_status_idx" ON "Offer"("practitionerId", "offeredAt", "status");
