import { Prisma } from "@/generated/prisma/client";

/**
 * Calling the money path's SQL functions (prisma/functions, installed by the migrations); only
 * money-functions.ts calls them, with these.
 *
 * They take rows as jsonb and read them with jsonb_populate_record into a table's row type:
 * BigInt goes as a decimal string (a JSON number loses precision past 2^53) and Date as an ISO
 * string, read as the UTC wall time every timestamp column holds (PostgreSQL ignores the zone
 * in text read as a timestamp without time zone, whatever the session's time zone).
 */
export function rowJson(row: unknown): string {
  return JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}

/** A refusal a function raised (SQLSTATE KU000): the reason is the message, a figure the detail. */
export interface SqlRefusal {
  reason: string;
  detail: string;
}

export function sqlRefusalOf(err: unknown): SqlRefusal | null {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return null;
  const cause = (err.meta as { driverAdapterError?: { cause?: { code?: string; message?: string; detail?: string } } } | undefined)
    ?.driverAdapterError?.cause;
  return cause?.code === "KU000" ? { reason: cause.message ?? "", detail: cause.detail ?? "" } : null;
}
