import { z } from "zod";

/**
 * Official third-party costs of a catalog service (disbursements): what a practitioner may bill
 * beside the service price, at the official amount. `amountIdr` is the amount a regulation fixes
 * (the ceiling of a cost asked for under this code), null where it varies (a notary's fee, a
 * court's advance); `basis` names the regulation or who sets it.
 */
export const THIRD_PARTY_FEE_KINDS = ["pnbp", "notaris", "lainnya"] as const;

/** Most fees one service lists, and the longest texts: a fee is a line on a bill, not a document. */
const THIRD_PARTY_FEE_LIMITS = { fees: 20, description: 300, per: 60, basis: 500 } as const;

const thirdPartyFeeSchema = z.strictObject({
  code: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "lowercase letters, digits and _, starting with a letter"),
  kind: z.enum(THIRD_PARTY_FEE_KINDS),
  description: z.string().trim().min(1).max(THIRD_PARTY_FEE_LIMITS.description),
  amountIdr: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
  per: z.string().trim().min(1).max(THIRD_PARTY_FEE_LIMITS.per),
  basis: z.string().trim().min(1).max(THIRD_PARTY_FEE_LIMITS.basis),
});

export type ThirdPartyFee = z.infer<typeof thirdPartyFeeSchema>;

export const thirdPartyFeeListSchema = z
  .array(thirdPartyFeeSchema)
  .max(THIRD_PARTY_FEE_LIMITS.fees)
  .refine((fees) => new Set(fees.map((fee) => fee.code)).size === fees.length, "each fee code once");
