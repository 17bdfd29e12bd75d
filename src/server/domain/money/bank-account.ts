import { AppError } from "../errors";

/**
 * The banks a practitioner's payout may go to. A fixed list, with no "other": the operator
 * transfers by hand, and a bank they cannot name is a payout that cannot be made.
 */
export const BANKS = [
  { code: "bca", name: "BCA" },
  { code: "mandiri", name: "Mandiri" },
  { code: "bri", name: "BRI" },
  { code: "bni", name: "BNI" },
  { code: "bsi", name: "BSI" },
  { code: "cimb_niaga", name: "CIMB Niaga" },
  { code: "permata", name: "Permata" },
  { code: "danamon", name: "Danamon" },
  { code: "btn", name: "BTN" },
  { code: "ocbc", name: "OCBC" },
  { code: "maybank", name: "Maybank" },
  { code: "jago", name: "Bank Jago" },
  { code: "seabank", name: "SeaBank" },
] as const;

type BankCode = (typeof BANKS)[number]["code"];

/** Indonesian account numbers run from 6 digits (some regional banks) to 20 (virtual accounts excluded). */
export const ACCOUNT_NUMBER_DIGITS = { min: 6, max: 20 } as const;
const HOLDER_NAME_MAX = 100;

/** A payout to an account changed or verified this recently needs the operator's second confirmation. */
export const RECENT_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** The account payouts go to now, as a filter on a practitioner's account rows: the one not replaced. */
export const CURRENT_ACCOUNT = { replacedAt: null } as const;

export function bankName(code: string): string {
  return BANKS.find((bank) => bank.code === code)?.name ?? code;
}

export interface BankAccountInput {
  bankCode: string;
  accountNumber: string;
  holderName: string;
}

/** A valid account as stored: a known bank, digits only, the holder's name trimmed to single spaces. */
export function normalizeBankAccount(input: BankAccountInput): { bankCode: BankCode; accountNumber: string; holderName: string } {
  const bank = BANKS.find((b) => b.code === input.bankCode);
  if (!bank) throw new AppError("VALIDATION", "Pilih bank dari daftar; pencairan hanya ke bank yang dikenal.");
  // People copy numbers as printed on cards and statements: "1234 5678 90", "123-456-7890".
  const accountNumber = input.accountNumber.replace(/[\s-]/g, "");
  if (!/^\d+$/.test(accountNumber))
    throw new AppError("VALIDATION", "Nomor rekening hanya berisi angka (spasi dan tanda hubung boleh, akan dihapus).");
  const { min, max } = ACCOUNT_NUMBER_DIGITS;
  if (accountNumber.length < min || accountNumber.length > max)
    throw new AppError("VALIDATION", `Nomor rekening terdiri dari ${min} sampai ${max} angka.`);
  const holderName = input.holderName.trim().replace(/\s+/g, " ");
  if (!holderName) throw new AppError("VALIDATION", "Isi nama pemilik rekening seperti tertulis di buku tabungan.");
  if (holderName.length > HOLDER_NAME_MAX)
    throw new AppError("VALIDATION", `Nama pemilik rekening paling banyak ${HOLDER_NAME_MAX} karakter.`);
  return { bankCode: bank.code, accountNumber, holderName };
}

/** The number as shown anywhere but the operator's transfer screen: only its last 4 digits. */
export function maskAccountNumber(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}

/** Where a payout goes, in the words the statement and the operator's confirmation use. */
export function payoutDestinationText(account: { bankCode: string; accountNumber: string; holderName: string }): string {
  return `${bankName(account.bankCode)} ${maskAccountNumber(account.accountNumber)} a.n. ${account.holderName}`;
}

/** Changed (created) or verified within RECENT_ACCOUNT_MS of `now`: a payout to it needs a second confirmation. */
export function isRecentAccount(account: { createdAt: Date; verifiedAt: Date | null }, now: Date): boolean {
  const latest = Math.max(account.createdAt.getTime(), account.verifiedAt?.getTime() ?? 0);
  return now.getTime() - latest < RECENT_ACCOUNT_MS;
}

/**
 * Whether a payout may go to the practitioner's current account: refused without one, before the
 * operator verified it, and, for an account changed or verified in the last 24 hours, until the
 * operator confirms a second time (a hijacked account is changed just before a payout).
 */
export function assertPayableAccount<A extends { createdAt: Date; verifiedAt: Date | null }>(
  account: A | null,
  now: Date,
  confirmedRecentAccount: boolean,
): A {
  if (!account)
    throw new AppError(
      "INVALID_STATE",
      "Praktisi ini belum mengisi rekening bank; pencairan baru bisa dicatat setelah rekeningnya diverifikasi.",
    );
  if (!account.verifiedAt)
    throw new AppError("INVALID_STATE", "Rekening praktisi ini belum diverifikasi. Verifikasi rekeningnya dulu, lalu catat pencairan.");
  if (isRecentAccount(account, now) && !confirmedRecentAccount)
    throw new AppError(
      "INVALID_STATE",
      "Rekening ini diubah atau diverifikasi kurang dari 24 jam lalu. Pastikan langsung dengan praktisi bahwa rekening ini benar miliknya, lalu konfirmasi pencairan sekali lagi.",
    );
  return account;
}
