-- CreateTable
CREATE TABLE "TopUpInstructions" (
    "id" TEXT NOT NULL,
    "bankCode" TEXT NOT NULL,
    "accountNumber" TEXT NOT NULL,
    "accountHolder" TEXT NOT NULL,
    "referenceRule" TEXT NOT NULL,
    "updatedBy" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TopUpInstructions_pkey" PRIMARY KEY ("id")
);
