import { z } from "zod";

/** Every id a portal or agent call names (ord_…, org_…, key_…): what our ids can be, nothing longer. */
export const idSchema = z.string().trim().min(1).max(64);

/** The `{id}` of a REST path (and the `id` argument of its MCP tool), described for documents and tools. */
export const pathIdSchema = (description: string) => z.object({ id: z.string().min(1).max(64).meta({ description }) });
