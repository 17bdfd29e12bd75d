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
