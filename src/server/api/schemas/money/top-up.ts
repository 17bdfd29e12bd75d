import { z } from "zod";
import { nameText } from "@/server/domain/text/name-text";

/** Free text here: the domain's rules (normalizeTopUpInstructions) say in Indonesian what is wrong. */
export const topUpInstructionsInput = z.object({
  bankCode: z.string().max(32),
  accountNumber: z.string().max(64),
  accountHolder: nameText(z.string().max(200)),
  referenceRule: z.string().max(200),
});

const details = { bankName: z.string(), accountNumber: z.string(), accountHolder: z.string() };

/** The operator's form: what is set now, or null before the first time. */
export const operatorTopUpInstructionsOutput = z
  .object({ ...details, bankCode: z.string(), referenceRule: z.string(), updatedAt: z.date() })
  .nullable();

/**
 * The admin's "Cara menambah deposit": the organisation's transfer reference, and the platform's
 * account with the note to write, or null until the operator set them.
 */
export const topUpInstructionsOutput = z.object({
  transferReference: z.string(),
  account: z.object({ ...details, note: z.string() }).nullable(),
});
