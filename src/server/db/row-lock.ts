import { Prisma } from "@/generated/prisma/client";
import type { Tx } from "./client";

/** The tables whose rows are locked one at a time by id (quoted as PostgreSQL names them). */
const LOCKABLE = {
  Order: Prisma.raw(`"Order"`),
  ApiKey: Prisma.raw(`"ApiKey"`),
  Organization: Prisma.raw(`"Organization"`),
  Practitioner: Prisma.raw(`"Practitioner"`),
} as const;

/**
 * Locks one row by id to the end of the transaction (`SELECT … FOR UPDATE`): writers that take
 * the same lock first queue behind each other instead of acting on what they read before the
 * other committed. Whether the row exists is the caller's to read afterwards.
 */
export async function lockRow(tx: Tx, table: keyof typeof LOCKABLE, id: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM ${LOCKABLE[table]} WHERE "id" = ${id} FOR UPDATE`;
}

/** The offering's lock key (an arbitrary constant of this application). */
export const OFFERING_LOCK = 72_390_001;

/**
 * Serialises the making of offers across every process to the end of the transaction: a
 * practitioner's live offers are counted, and the cap on them kept, only while no other
 * transaction is offering. Taken after the orders' row locks and never before one, so it cannot
 * wait in a circle with them.
 */
export async function lockOffering(tx: Tx): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(${OFFERING_LOCK}::bigint)`;
}
