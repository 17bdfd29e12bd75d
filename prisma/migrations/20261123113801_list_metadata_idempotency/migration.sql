-- AlterTable
ALTER TABLE "Case" ADD COLUMN     "metadata" JSONB NOT NULL DEFAULT '{}';

-- AlterTable: one Idempotency-Key mechanism for every POST. Keys stored so far were all for
-- POST /v1/orders: they keep their order as the resource and keep replaying it.
ALTER TABLE "IdempotencyKey" RENAME COLUMN "orderId" TO "resourceId";
ALTER TABLE "IdempotencyKey" ADD COLUMN "operation" TEXT NOT NULL DEFAULT 'orders.create';
ALTER TABLE "IdempotencyKey" ALTER COLUMN "operation" DROP DEFAULT;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "metadata" JSONB NOT NULL DEFAULT '{}';

-- CreateIndex
CREATE INDEX "Case_organizationId_livemode_createdAt_id_idx" ON "Case"("organizationId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Invoice_organizationId_livemode_createdAt_id_idx" ON "Invoice"("organizationId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Order_organizationId_livemode_createdAt_id_idx" ON "Order"("organizationId", "livemode", "createdAt", "id");
