-- CreateEnum
CREATE TYPE "FinancialDocumentKind" AS ENUM ('kuitansi', 'nota_kredit', 'bukti_setoran');

-- CreateEnum
CREATE TYPE "BankLineStatus" AS ENUM ('dikreditkan', 'menunggu', 'diabaikan');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "billingAddress" TEXT,
ADD COLUMN     "legalName" TEXT,
ADD COLUMN     "npwp" TEXT,
ADD COLUMN     "transferReference" TEXT;

-- CreateTable
CREATE TABLE "FinancialDocument" (
    "id" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "kind" "FinancialDocumentKind" NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "organizationId" TEXT NOT NULL,
    "transferId" TEXT NOT NULL,
    "transferKind" TEXT NOT NULL,
    "orderId" TEXT,
    "costId" TEXT,
    "invoiceId" TEXT,
    "correctsId" TEXT,
    "paidAt" TIMESTAMP(3) NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL,
    "description" TEXT NOT NULL,
    "amountIdr" BIGINT NOT NULL,
    "practitionerFeeIdr" BIGINT NOT NULL DEFAULT 0,
    "platformFeeIdr" BIGINT NOT NULL DEFAULT 0,
    "vatBaseIdr" BIGINT NOT NULL DEFAULT 0,
    "vatIdr" BIGINT NOT NULL DEFAULT 0,
    "passThroughIdr" BIGINT NOT NULL DEFAULT 0,
    "taxSettingId" TEXT,
    "buyer" JSONB NOT NULL,
    "seller" JSONB NOT NULL,

    CONSTRAINT "FinancialDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentSequence" (
    "series" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "lastNumber" INTEGER NOT NULL,

    CONSTRAINT "DocumentSequence_pkey" PRIMARY KEY ("series","year","livemode")
);

-- CreateTable
CREATE TABLE "TaxSetting" (
    "id" TEXT NOT NULL,
    "effectiveFrom" TIMESTAMP(3) NOT NULL,
    "vatRateBasisPoints" INTEGER NOT NULL,
    "vatBaseNumerator" INTEGER NOT NULL,
    "vatBaseDenominator" INTEGER NOT NULL,
    "platformName" TEXT NOT NULL,
    "platformNpwp" TEXT NOT NULL,
    "platformAddress" TEXT NOT NULL,
    "createdBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TaxSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BankStatementImport" (
    "id" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "layout" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "importedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "credited" INTEGER NOT NULL DEFAULT 0,
    "queued" INTEGER NOT NULL DEFAULT 0,
    "duplicates" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BankStatementImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BankStatementLine" (
    "id" TEXT NOT NULL,
    "lineKey" TEXT NOT NULL,
    "importId" TEXT NOT NULL,
    "bookedOn" TIMESTAMP(3) NOT NULL,
    "description" TEXT NOT NULL,
    "amountIdr" BIGINT NOT NULL,
    "status" "BankLineStatus" NOT NULL,
    "organizationId" TEXT,
    "transferId" TEXT,
    "decidedBy" TEXT,
    "decidedAt" TIMESTAMP(3),
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BankStatementLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FinancialDocument_number_key" ON "FinancialDocument"("number");

-- CreateIndex
CREATE UNIQUE INDEX "FinancialDocument_transferId_key" ON "FinancialDocument"("transferId");

-- CreateIndex
CREATE INDEX "FinancialDocument_organizationId_livemode_paidAt_id_idx" ON "FinancialDocument"("organizationId", "livemode", "paidAt", "id");

-- CreateIndex
CREATE INDEX "FinancialDocument_orderId_idx" ON "FinancialDocument"("orderId");

-- CreateIndex
CREATE INDEX "FinancialDocument_paidAt_idx" ON "FinancialDocument"("paidAt");

-- CreateIndex
CREATE UNIQUE INDEX "TaxSetting_effectiveFrom_key" ON "TaxSetting"("effectiveFrom");

-- CreateIndex
CREATE UNIQUE INDEX "BankStatementLine_lineKey_key" ON "BankStatementLine"("lineKey");

-- CreateIndex
CREATE UNIQUE INDEX "BankStatementLine_transferId_key" ON "BankStatementLine"("transferId");

-- CreateIndex
CREATE INDEX "BankStatementLine_status_bookedOn_idx" ON "BankStatementLine"("status", "bookedOn");

-- CreateIndex
CREATE INDEX "LedgerTransfer_createdAt_idx" ON "LedgerTransfer"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Organization_transferReference_key" ON "Organization"("transferReference");

-- AddForeignKey
ALTER TABLE "FinancialDocument" ADD CONSTRAINT "FinancialDocument_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FinancialDocument" ADD CONSTRAINT "FinancialDocument_transferId_fkey" FOREIGN KEY ("transferId") REFERENCES "LedgerTransfer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BankStatementLine" ADD CONSTRAINT "BankStatementLine_importId_fkey" FOREIGN KEY ("importId") REFERENCES "BankStatementImport"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Organisations created before transfer references: one each, from their id (hex is within the alphabet).
UPDATE "Organization" SET "transferReference" = 'KSA' || upper(substr(md5("id"), 1, 8)) WHERE "transferReference" IS NULL;

-- The tax rule in force since 1 January 2025 (PMK 131/2024): PPN 12 % on a base of 11/12; the
-- platform's details are the operator's to fill in the console.
INSERT INTO "TaxSetting" ("id", "effectiveFrom", "vatRateBasisPoints", "vatBaseNumerator", "vatBaseDenominator", "platformName", "platformNpwp", "platformAddress", "createdBy")
VALUES ('tax_default_2025', '2024-12-31T17:00:00Z', 1200, 11, 12, 'Kuasa', '', '', NULL);

-- Hand-written (Prisma does not model CHECK constraints): an organisation's own event
-- (`deposit.topped_up`, services/events/outbox.ts recordDepositEvent) is about its deposit, which
-- has no row of its own: every event is about an order, a case, or the deposit.
ALTER TABLE "WebhookEvent" DROP CONSTRAINT "WebhookEvent_has_subject";
ALTER TABLE "WebhookEvent" ADD CONSTRAINT "WebhookEvent_has_subject" CHECK ("orderId" IS NOT NULL OR "caseId" IS NOT NULL OR "type" LIKE 'deposit.%');
