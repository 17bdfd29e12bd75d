-- AlterTable
ALTER TABLE "OrderMessage" ADD COLUMN     "seq" BIGSERIAL NOT NULL;
