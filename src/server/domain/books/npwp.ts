import { AppError } from "../errors";

/**
 * NPWP, the taxpayer number. Since 2024 it has 16 digits (a person's NIK, or 0 and the 15 digits
 * of an entity's old number, PMK 112/2022); a 15-digit number is still read, as the old form.
 * Stored as digits; printed grouped as the tax office prints it.
 */
export function normalizeNpwp(input: string, param = "npwp"): string {
  const digits = input.replace(/[\s.-]/g, "");
  if (!/^\d{15,16}$/.test(digits))
    throw new AppError("VALIDATION", `${param}: NPWP terdiri dari 16 angka (atau 15 angka bentuk lama), mis. 0012 3456 7890 1234.`, param);
  return digits;
}

/** "0012 3456 7890 1234" for 16 digits, "01.234.567.8-901.234" for the old 15. */
export function formatNpwp(digits: string): string {
  if (digits.length === 15)
    return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}.${digits.slice(8, 9)}-${digits.slice(9, 12)}.${digits.slice(12)}`;
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}
