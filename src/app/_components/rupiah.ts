/**
 * Whole rupiah as a person types it ("1.500.000", "Rp 1500000", "2 500 000"): the number, null
 * when blank, NaN when it is not a whole amount (decimals, letters, more than 15 digits).
 */
export function parseRupiah(text: string): number | null {
  const digits = text
    .trim()
    .replace(/^Rp\.?\s*/i, "")
    .replace(/[.\s_]/g, "");
  if (digits === "") return null;
  return /^\d{1,15}$/.test(digits) ? Number(digits) : Number.NaN;
}
