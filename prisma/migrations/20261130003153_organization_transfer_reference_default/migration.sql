-- AlterTable
ALTER TABLE "Organization" ALTER COLUMN "transferReference" SET NOT NULL,
ALTER COLUMN "transferReference" SET DEFAULT ('KSA'::text || upper("substring"(md5((random())::text), 1, 8)));
