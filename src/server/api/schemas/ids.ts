import { z } from "zod";

/** Every id a portal or agent call names (ord_…, org_…, key_…): what our ids can be, nothing longer. */
export const idSchema = z.string().trim().min(1).max(64);

/** A rupiah amount typed by a person or an agent: whole, positive, exact in JSON. */
export const rupiahSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
