import { z } from "zod";

/** Every id a portal or agent call names (ord_…, org_…, key_…): what our ids can be, nothing longer. */
export const idSchema = z.string().trim().min(1).max(64);
