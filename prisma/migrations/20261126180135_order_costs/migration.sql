-- CreateEnum
CREATE TYPE "CostKind" AS ENUM ('pnbp', 'notaris', 'lainnya');

-- CreateEnum
CREATE TYPE "CostStatus" AS ENUM ('diajukan', 'menunggu_persetujuan', 'disetujui', 'ditolak', 'dilunasi', 'dibatalkan');

-- CreateTable
CREATE TABLE "OrderCost" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "practitionerId" TEXT NOT NULL,
    "kind" "CostKind" NOT NULL,
    "feeCode" TEXT,
    "description" TEXT NOT NULL,
    "amountIdr" BIGINT NOT NULL,
    "basis" TEXT NOT NULL,
    "status" "CostStatus" NOT NULL,
    "reason" TEXT,
    "receiptFileId" TEXT,
    "committedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "approvedAt" TIMESTAMP(3),
    "paidAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderCost_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OrderCost_orderId_createdAt_idx" ON "OrderCost"("orderId", "createdAt");

-- CreateIndex
CREATE INDEX "OrderCost_status_approvedAt_idx" ON "OrderCost"("status", "approvedAt");

-- CreateIndex
CREATE INDEX "OrderCost_practitionerId_status_idx" ON "OrderCost"("practitionerId", "status");

-- AddForeignKey
ALTER TABLE "OrderCost" ADD CONSTRAINT "OrderCost_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderCost" ADD CONSTRAINT "OrderCost_practitionerId_fkey" FOREIGN KEY ("practitionerId") REFERENCES "Practitioner"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderCost" ADD CONSTRAINT "OrderCost_receiptFileId_fkey" FOREIGN KEY ("receiptFileId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "OrderCost" ADD CONSTRAINT "OrderCost_amount_positive" CHECK ("amountIdr" > 0);
