-- AlterTable
ALTER TABLE "Offer" ADD COLUMN     "round" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "offerRound" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "offeringStalledAt" TIMESTAMP(3),
ADD COLUMN     "offeringStalledReason" TEXT,
ADD COLUMN     "slaBreachedAt" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "Offer_orderId_round_practitionerId_key" ON "Offer"("orderId", "round", "practitionerId");

-- CreateIndex
CREATE INDEX "Order_status_slaDueAt_idx" ON "Order"("status", "slaDueAt");
