-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "orderId" TEXT;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "autoAcceptAt" TIMESTAMP(3),
ADD COLUMN     "caseId" TEXT,
ADD COLUMN     "offeringRefundAt" TIMESTAMP(3),
ADD COLUMN     "revisionCount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "OrderMessage" ADD COLUMN     "trigger" TEXT;

-- AlterTable
ALTER TABLE "Service" ADD COLUMN     "internal" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable (hand-edited: the new NOT NULL columns are filled from each event's order first)
ALTER TABLE "WebhookEvent" ADD COLUMN     "apiKeyId" TEXT,
ADD COLUMN     "caseId" TEXT,
ADD COLUMN     "livemode" BOOLEAN,
ADD COLUMN     "organizationId" TEXT,
ADD COLUMN     "seq" BIGSERIAL NOT NULL,
ALTER COLUMN "orderId" DROP NOT NULL;

UPDATE "WebhookEvent" e SET "apiKeyId" = o."apiKeyId", "livemode" = o."livemode", "organizationId" = o."organizationId"
FROM "Order" o WHERE o."id" = e."orderId";

-- Existing events numbered in the order they happened; new ones continue after them.
WITH "ordered" AS (SELECT "id", row_number() OVER (ORDER BY "createdAt", "id") AS "n" FROM "WebhookEvent")
UPDATE "WebhookEvent" e SET "seq" = "ordered"."n" FROM "ordered" WHERE "ordered"."id" = e."id";
SELECT setval(pg_get_serial_sequence('"WebhookEvent"', 'seq'), GREATEST((SELECT MAX("seq") FROM "WebhookEvent"), 1), (SELECT COUNT(*) > 0 FROM "WebhookEvent"));

ALTER TABLE "WebhookEvent" ALTER COLUMN "apiKeyId" SET NOT NULL,
ALTER COLUMN "livemode" SET NOT NULL,
ALTER COLUMN "organizationId" SET NOT NULL;

-- Hand-written (Prisma does not model CHECK constraints): every event is about an order or a case.
ALTER TABLE "WebhookEvent" ADD CONSTRAINT "WebhookEvent_has_subject" CHECK ("orderId" IS NOT NULL OR "caseId" IS NOT NULL);

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_orderId_key" ON "Invoice"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Order_caseId_key" ON "Order"("caseId");

-- CreateIndex
CREATE INDEX "Order_status_autoAcceptAt_idx" ON "Order"("status", "autoAcceptAt");

-- CreateIndex
CREATE INDEX "Order_status_offeringRefundAt_idx" ON "Order"("status", "offeringRefundAt");

-- CreateIndex
CREATE INDEX "WebhookEvent_caseId_createdAt_idx" ON "WebhookEvent"("caseId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookEvent_organizationId_livemode_seq_idx" ON "WebhookEvent"("organizationId", "livemode", "seq");

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEvent" ADD CONSTRAINT "WebhookEvent_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEvent" ADD CONSTRAINT "WebhookEvent_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "Case"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the service case-board work is ordered under. Not in the catalog (internal,
-- never agent-visible or offered); each such order carries its own price and SLA from the bid.
INSERT INTO "Service" ("code", "name", "category", "description", "clientPriceIdr", "slaDays", "slaLabel", "intake", "agentEligible", "active", "internal", "sortOrder", "updatedAt")
VALUES ('kasus', 'Pekerjaan kasus (papan kasus)', 'kasus',
        'Pekerjaan atas penawaran praktisi yang dipilih di papan kasus; harga dan tenggat mengikuti penawaran.',
        0, 0, 'sesuai penawaran', '[]', false, false, true, 9999, CURRENT_TIMESTAMP)
ON CONFLICT ("code") DO NOTHING;
