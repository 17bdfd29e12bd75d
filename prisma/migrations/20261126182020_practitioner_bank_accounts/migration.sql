-- CreateTable
CREATE TABLE "PractitionerBankAccount" (
    "id" TEXT NOT NULL,
    "practitionerId" TEXT NOT NULL,
    "bankCode" TEXT NOT NULL,
    "accountNumber" TEXT NOT NULL,
    "holderName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "replacedAt" TIMESTAMP(3),
    "verifiedAt" TIMESTAMP(3),
    "verifiedBy" TEXT,

    CONSTRAINT "PractitionerBankAccount_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PractitionerBankAccount_practitionerId_createdAt_idx" ON "PractitionerBankAccount"("practitionerId", "createdAt");

-- AddForeignKey
ALTER TABLE "PractitionerBankAccount" ADD CONSTRAINT "PractitionerBankAccount_practitionerId_fkey" FOREIGN KEY ("practitionerId") REFERENCES "Practitioner"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
