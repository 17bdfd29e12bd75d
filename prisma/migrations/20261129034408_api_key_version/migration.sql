-- AlterTable: keys made before dated versions existed answer in the first one (domain/api-version.ts);
-- every key made from now on is given the version current at its creation by the application.
ALTER TABLE "ApiKey" ADD COLUMN     "apiVersion" TEXT NOT NULL DEFAULT '2026-11-28';
ALTER TABLE "ApiKey" ALTER COLUMN "apiVersion" DROP DEFAULT;
