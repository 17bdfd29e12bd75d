import type { DbOrTx } from "@/server/db/client";
import { type ConflictRecord, partiesOf } from "@/server/domain/practitioners/conflicts";

/**
 * What each practitioner's record says of parties (domain/practitioners/conflicts.ts), in one
 * statement for a batch: the parties they declared; the clients of live orders they handled (the
 * organisation and the parties its intake named as the client); and the other side of those
 * orders (intake fields of type `pihak`, a case's counterparties).
 */
export async function conflictRecords(tx: DbOrTx, practitionerIds: readonly string[]): Promise<Map<string, ConflictRecord>> {
  const rows = await tx.$queryRaw<Array<{ practitionerId: string; why: "served" | "opposed" | "declared"; name: string | null }>>`
    SELECT c."practitionerId", 'declared' AS "why", c."name" FROM "PractitionerConflict" c WHERE c."practitionerId" = ANY(${practitionerIds}::text[])
    UNION ALL
    SELECT DISTINCT o."practitionerId", 'served', g."name"
    FROM "Order" o JOIN "Organization" g ON g."id" = o."organizationId"
    WHERE o."practitionerId" = ANY(${practitionerIds}::text[]) AND o."livemode"
    UNION ALL
    SELECT o."practitionerId", CASE WHEN f->>'type' = 'pihak' THEN 'opposed' ELSE 'served' END, o."intake"->>(f->>'key')
    FROM "Order" o JOIN "Service" s ON s."code" = o."serviceCode" CROSS JOIN jsonb_array_elements(s."intake") f
    WHERE o."practitionerId" = ANY(${practitionerIds}::text[]) AND o."livemode" AND f->>'type' IN ('pihak', 'pihak_klien')
    UNION ALL
    SELECT o."practitionerId", 'opposed', party
    FROM "Order" o JOIN "Case" k ON k."id" = o."caseId" CROSS JOIN unnest(k."counterparties") party
    WHERE o."practitionerId" = ANY(${practitionerIds}::text[]) AND o."livemode"`;
  const records = new Map(practitionerIds.map((id): [string, ConflictRecord] => [id, { served: [], opposed: [], declared: [] }]));
  for (const row of rows) {
    if (!row.name) continue;
    const record = records.get(row.practitionerId)!;
    if (row.why === "declared") record.declared.push(row.name);
    else record[row.why].push(...partiesOf(row.name));
  }
  return records;
}
