-- AlterTable
ALTER TABLE "OAuthClient" ADD COLUMN     "authorizedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "OAuthClient_createdAt_idx" ON "OAuthClient"("createdAt");

-- Clients approved before the column existed: those with a code or a grant's key.
UPDATE "OAuthClient" AS c SET "authorizedAt" = c."createdAt"
WHERE EXISTS (SELECT 1 FROM "OAuthCode" WHERE "clientId" = c."id")
   OR EXISTS (SELECT 1 FROM "ApiKey" WHERE "oauthClientId" = c."id");
