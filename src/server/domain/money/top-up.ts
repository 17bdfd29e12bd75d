import { AppError } from "../errors";
import { bankName, normalizeBankAccount } from "./bank-account";

/**
 * Where the organisation's transfer reference ("KSA…", domain/books/transfer-reference.ts) goes in
 * the operator's rule for a transfer's note: an imported bank statement credits the deposit whose
 * reference the note carries.
 */
export const ORGANIZATION_PLACEHOLDER = "{organisasi}";
const REFERENCE_RULE_MAX = 100;

export interface TopUpInstructionsInput {
  bankCode: string;
  accountNumber: string;
  accountHolder: string;
  referenceRule: string;
}

/**
 * The platform's transfer details as stored: a known bank, the number as digits, the holder's name
 * (the bank-account rules practitioners' accounts follow), and a reference rule that carries the
 * organisation's transfer reference, so a statement's credit finds whose deposit it tops up.
 */
export function normalizeTopUpInstructions(input: TopUpInstructionsInput) {
  const account = normalizeBankAccount({ bankCode: input.bankCode, accountNumber: input.accountNumber, holderName: input.accountHolder });
  const referenceRule = input.referenceRule.trim().replace(/\s+/g, " ");
  if (!referenceRule.includes(ORGANIZATION_PLACEHOLDER))
    throw new AppError(
      "VALIDATION",
      `Aturan berita transfer harus memuat ${ORGANIZATION_PLACEHOLDER}, agar setiap transfer menyebut organisasi pengirimnya.`,
    );
  if (referenceRule.length > REFERENCE_RULE_MAX)
    throw new AppError("VALIDATION", `Aturan berita transfer paling banyak ${REFERENCE_RULE_MAX} karakter.`);
  return { bankCode: account.bankCode, accountNumber: account.accountNumber, accountHolder: account.holderName, referenceRule };
}

/** What one organisation writes in its transfer's note: the rule with its transfer reference. */
export const topUpReference = (referenceRule: string, transferReference: string) =>
  referenceRule.replaceAll(ORGANIZATION_PLACEHOLDER, transferReference);

/** The details as an admin reads them. */
export function topUpInstructionsView(row: { bankCode: string; accountNumber: string; accountHolder: string; referenceRule: string }) {
  return { bankName: bankName(row.bankCode), accountNumber: row.accountNumber, accountHolder: row.accountHolder };
}
