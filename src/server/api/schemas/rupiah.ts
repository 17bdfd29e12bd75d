import { z } from "zod";

const fromBigint = (json: z.ZodNumber) =>
  z.codec(z.bigint(), json, { decode: (amount) => Number(amount), encode: (amount) => BigInt(amount) });

/**
 * A rupiah amount in an answer, on every face: the database's bigint becomes an exact JSON
 * integer (the OpenAPI document says `integer`). Amounts are far below 2^53, so Number() is exact.
 */
export const rupiahSchema = fromBigint(z.number().int());

/** The same with a description, placed where the OpenAPI document has always carried it (after the type). */
export const describedRupiah = (description: string) => fromBigint(z.number().int().meta({ description }));

/** A rupiah amount typed by a person: whole, positive, exact in JSON (the catalog's prices stay numbers). */
export const rupiahNumberSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The same amount for the services that count in bigint, as the ledger does. */
export const rupiahInputSchema = z.codec(rupiahNumberSchema, z.bigint(), {
  decode: (amount) => BigInt(amount),
  encode: (amount) => Number(amount),
});
