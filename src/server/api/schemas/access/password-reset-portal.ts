import { z } from "zod";
import type { PasswordResetStatus } from "@/server/services/access";

/** The forgotten-password pages: asking for a link, and the link's own page. */

export const resetRequestInput = z.object({ email: z.email().max(320) });
export const byResetToken = z.object({ token: z.string().min(1).max(100) });
export const resetInput = byResetToken.extend({ password: z.string().min(1).max(200) });

export const resetOutput = z.object({
  status: z.enum(["berlaku", "terpakai", "kedaluwarsa"] as const satisfies readonly PasswordResetStatus[]),
  expiresAt: z.date(),
  minPasswordLength: z.number().int(),
});
export const resetDoneOutput = z.object({ email: z.string() });
