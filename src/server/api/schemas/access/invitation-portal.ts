import { z } from "zod";
import type { InvitationStatus } from "@/server/services/access";
import { nameSchema } from "../name";

/** The invitation link's page: its inputs and what it shows. */

export const byToken = z.object({ token: z.string().min(1).max(100) });
export const acceptInput = byToken.extend({ name: nameSchema(), password: z.string().min(1).max(200) });

export const invitationStatusSchema = z.enum([
  "menunggu",
  "diterima",
  "kedaluwarsa",
  "dicabut",
] as const satisfies readonly InvitationStatus[]);

export const invitationOutput = z.object({
  organizationName: z.string(),
  email: z.string(),
  expiresAt: z.date(),
  status: invitationStatusSchema,
  minPasswordLength: z.number().int(),
});
export const acceptedOutput = z.object({ email: z.string() });
