-- CreateTable
CREATE TABLE "ContentFinding" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "apiKeyId" TEXT,
    "source" TEXT NOT NULL,
    "orderId" TEXT,
    "caseId" TEXT,
    "rule" TEXT NOT NULL,
    "excerpt" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContentFinding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServiceStats" (
    "serviceCode" TEXT NOT NULL,
    "ordersCompleted90d" INTEGER NOT NULL,
    "medianHoursToDelivery" DOUBLE PRECISION,
    "onTimeRate" DOUBLE PRECISION,
    "acceptanceRate" DOUBLE PRECISION,
    "disputeRate" DOUBLE PRECISION,
    "ratingAverage" DOUBLE PRECISION,
    "ratingCount" INTEGER NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ServiceStats_pkey" PRIMARY KEY ("serviceCode")
);

-- CreateTable
CREATE TABLE "McpSession" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "McpSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "McpSubscription" (
    "sessionId" TEXT NOT NULL,
    "uri" TEXT NOT NULL,
    "seenMark" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "McpSubscription_pkey" PRIMARY KEY ("sessionId","uri")
);

-- CreateIndex
CREATE INDEX "ContentFinding_organizationId_createdAt_idx" ON "ContentFinding"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "ContentFinding_createdAt_idx" ON "ContentFinding"("createdAt");

-- CreateIndex
CREATE INDEX "McpSession_lastSeenAt_idx" ON "McpSession"("lastSeenAt");

-- AddForeignKey
ALTER TABLE "ContentFinding" ADD CONSTRAINT "ContentFinding_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceStats" ADD CONSTRAINT "ServiceStats_serviceCode_fkey" FOREIGN KEY ("serviceCode") REFERENCES "Service"("code") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "McpSession" ADD CONSTRAINT "McpSession_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "McpSubscription" ADD CONSTRAINT "McpSubscription_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "McpSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;
