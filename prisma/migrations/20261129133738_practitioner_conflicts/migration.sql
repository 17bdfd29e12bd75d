-- CreateTable
CREATE TABLE "PractitionerConflict" (
    "id" TEXT NOT NULL,
    "practitionerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PractitionerConflict_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PractitionerConflict_practitionerId_idx" ON "PractitionerConflict"("practitionerId");

-- AddForeignKey
ALTER TABLE "PractitionerConflict" ADD CONSTRAINT "PractitionerConflict_practitionerId_fkey" FOREIGN KEY ("practitionerId") REFERENCES "Practitioner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Contentious services name the other side (intake type pihak), so that the offering can skip a
-- practitioner who acted for it; new installs get the same fields from the catalog seed.
UPDATE "Service" SET "intake" = "intake" || '[{"key": "pihak_lawan", "label": "Nama pihak lawan (satu per baris)", "required": true, "type": "pihak"}]'::jsonb
WHERE "code" IN ('somasi', 'gugatan_sederhana')
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements("intake") f WHERE f->>'type' = 'pihak');
