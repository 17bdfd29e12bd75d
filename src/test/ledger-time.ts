import type { Db } from "@/server/db/client";

/**
 * The ledger stamps its rows with the database's time (kuasa_transfer), not the services' clock:
 * to put movements in a chosen month, a test moves every transfer made after `after` (and its
 * entries) to `base` onwards, a minute apart in the order they were made, ties kept as ties. Run
 * it before the books' issuer, which stamps documents with their transfer's time.
 */
export async function moveTransfersAfter(db: Db, after: Date, base: Date): Promise<void> {
  await db.$executeRaw`
    WITH moved AS (
      SELECT t."id", ${base.toISOString()}::timestamp + (dense_rank() OVER (ORDER BY t."createdAt") - 1) * interval '1 minute' AS "at"
      FROM "LedgerTransfer" t WHERE t."createdAt" > ${after.toISOString()}::timestamp)
    UPDATE "LedgerTransfer" t SET "createdAt" = m."at" FROM moved m WHERE t."id" = m."id"`;
  await db.$executeRaw`
    UPDATE "LedgerEntry" e SET "createdAt" = t."createdAt" FROM "LedgerTransfer" t
    WHERE e."transferId" = t."id" AND e."createdAt" <> t."createdAt"`;
}
