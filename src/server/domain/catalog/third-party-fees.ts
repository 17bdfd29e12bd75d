import { z } from "zod";

/**
 * Official third-party costs of a catalog service (disbursements): what a practitioner may bill
 * beside the service price, at the official amount. `amountIdr` is the amount a regulation fixes
 * (the ceiling of a cost asked for under this code), null where it varies (a notary's fee, a
 * court's advance); `basis` names the regulation or who sets it.
 */
export const THIRD_PARTY_FEE_KINDS = ["pnbp", "notaris", "lainnya"] as const;

/** Most fees one service lists, and the longest texts: a fee is a line on a bill, not a document. */
export const THIRD_PARTY_FEE_LIMITS = { fees: 20, description: 300, per: 60, basis: 500 } as const;

/** A fee's code: lowercase letters, digits and _, starting with a letter (the editor checks it before sending). */
export const THIRD_PARTY_FEE_CODE = /^[a-z][a-z0-9_]{0,63}$/;

const thirdPartyFeeSchema = z.strictObject({
  code: z.string().regex(THIRD_PARTY_FEE_CODE, "lowercase letters, digits and _, starting with a letter"),
  kind: z.enum(THIRD_PARTY_FEE_KINDS),
  description: z.string().trim().min(1).max(THIRD_PARTY_FEE_LIMITS.description),
  amountIdr: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
  per: z.string().trim().min(1).max(THIRD_PARTY_FEE_LIMITS.per),
  basis: z.string().trim().min(1).max(THIRD_PARTY_FEE_LIMITS.basis),
  /** The day the amount and basis were last read against the regulation ("YYYY-MM-DD"); absent: never. */
  checkedOn: z.iso.date().optional(),
  /** Billed only when the intake's select field `field` holds `option` (a tariff per kind of applicant). */
  appliesWhen: z.strictObject({ field: z.string().min(1).max(64), option: z.string().min(1).max(500) }).optional(),
});

export type ThirdPartyFee = z.infer<typeof thirdPartyFeeSchema>;

export const thirdPartyFeeListSchema = z
  .array(thirdPartyFeeSchema)
  .max(THIRD_PARTY_FEE_LIMITS.fees)
  .refine((fees) => new Set(fees.map((fee) => fee.code)).size === fees.length, "each fee code once");

/** A fee not checked for this many days is flagged in the operator's catalog editor. */
export const FEE_CHECK_STALE_DAYS = 365;

/** Whether a fee's amount and basis are due for another reading against the regulation on `today`. */
export function feeCheckStale(fee: Pick<ThirdPartyFee, "checkedOn">, today: string): boolean {
  if (!fee.checkedOn) return true;
  return (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${fee.checkedOn}T00:00:00Z`)) / 86_400_000 > FEE_CHECK_STALE_DAYS;
}
