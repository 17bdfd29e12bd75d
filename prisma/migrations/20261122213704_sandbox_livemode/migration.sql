-- DropIndex
DROP INDEX "IdempotencyKey_organizationId_key_key";

-- AlterTable
ALTER TABLE "Case" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "IdempotencyKey" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "LedgerAccount" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Practitioner" ADD COLUMN     "simulated" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Case_apiKeyId_createdAt_idx" ON "Case"("apiKeyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotencyKey_organizationId_livemode_key_key" ON "IdempotencyKey"("organizationId", "livemode", "key");
