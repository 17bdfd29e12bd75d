/**
 * Reading amounts of rupiah as people write them: "Rp 2.650.000", "Rp2.650.000,-", "Rp. 2.650.000,00",
 * "IDR 2,650,000", "Rp2,65 juta", "2,65 jt", "Rp 2.65 million", "2.650.000 rupiah", "900 ribu",
 * "900rb", "Rp900k", and a bare "2650000" (only where a word of price stands before it; see off-catalog.ts).
 * Where a form can be read two ways ("2.650 juta"; "M" is a million in English and a milliard in
 * Indonesian) every reading is kept, and an amount matches a price when any of them does.
 */
import type { Reading, Span } from "./reading";

export interface Amount extends Span {
  /** Every way the amount can be read, in whole rupiah. */
  values: number[];
  /** Written with Rp, IDR or "rupiah", or with a word of magnitude ("juta", "million"). */
  marked: boolean;
}

const MULTIPLIERS: Record<string, readonly number[]> = {
  ribu: [1e3],
  rb: [1e3],
  k: [1e3],
  thousand: [1e3],
  juta: [1e6],
  jt: [1e6],
  million: [1e6],
  mio: [1e6],
  mn: [1e6],
  m: [1e6, 1e9],
  miliar: [1e9],
  milyar: [1e9],
  billion: [1e9],
  bn: [1e9],
};

const AMOUNT =
  /(?<![\p{L}\p{N}.,])(?:(rp\.?|idr)\s{0,3})?(\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d+)?)(?:\s{0,2}(?:,-{1,2}|\.-))?(?:\s{0,3}(ribu|rb|k|thousand|juta|jt|million|mio|mn|m|miliar|milyar|billion|bn)(?![\p{L}\p{N}]))?(?:\s{0,3}(rupiah|idr)(?![\p{L}\p{N}]))?/gu;

/** Words before a bare number that make it an identifier, not money. */
const IDENTIFIER_BEFORE =
  /(?:no|nomor|nomer|nib|nik|npwp|shm|hgb|idm|kode|telp|tel|hp|wa|whatsapp|rek|rekening|akta|pasal|tahun|perkara|register|reg|sk|kk|ktp|phone|number|account|ref)\.?\s{0,3}(?:[:#]\s{0,2})?$/;

/** Words after a bare number that make it a count of something else. */
const UNIT_AFTER =
  /^\s{0,2}(?:m2|m²|meter|km|kg|orang|lembar|saham|halaman|kata|hari|jam|tahun|bulan|unit|buah|kali|persen|%|pcs|kelas|dokumen|pages|words|days|years|months|people|shares|[/-]\d)/;

function integerOf(digits: string): number {
  return Number(digits.replace(/[.,]/g, ""));
}

/** The ways a number written with separators can be read, before its magnitude word. */
function numbersOf(written: string): number[] {
  // 2.650.000 / 2,650,000, with cents after: 2.650.000,00 / 2,650,000.00
  const grouped = /^(\d{1,3}(?:[.,]\d{3})+)(?:[.,]\d{1,2})?$/.exec(written);
  if (grouped) {
    const whole = integerOf(grouped[1]!);
    // One group of three after one separator may be a decimal too (2.650 juta, 1,500 million).
    return /^\d{1,3}[.,]\d{3}$/.test(written) ? [whole, Number(written.replace(",", "."))] : [whole];
  }
  if (/^\d+$/.test(written)) return [Number(written)];
  const decimal = /^(\d+)[.,](\d+)$/.exec(written);
  if (decimal) return [Number(`${decimal[1]}.${decimal[2]}`)];
  return [];
}

export function readAmounts(reading: Reading): Amount[] {
  const amounts: Amount[] = [];
  AMOUNT.lastIndex = 0;
  for (const match of reading.lower.matchAll(AMOUNT)) {
    const [whole, currency, written, magnitude, suffix] = match;
    const start = match.index;
    const end = start + whole.length;
    const numbers = numbersOf(written!);
    const multipliers = magnitude ? MULTIPLIERS[magnitude]! : [1];
    const values = [...new Set(numbers.flatMap((number) => multipliers.map((by) => Math.round(number * by))))].filter(
      (value) => Number.isSafeInteger(value) && value >= 1000,
    );
    if (values.length === 0) continue;
    const marked = Boolean(currency || suffix || (magnitude && magnitude !== "m" && magnitude !== "k"));
    if (!marked) {
      // A bare number is money only in the shapes of money: grouped, or five to ten digits not starting with 0.
      const plain = written!.replace(/[.,]/g, "");
      const grouped = /^\d{1,3}(?:[.,]\d{3}){2,}$/.test(written!);
      if (!grouped && !(/^[1-9]\d{4,9}$/.test(written!) && plain === written)) continue;
      if (IDENTIFIER_BEFORE.test(reading.lower.slice(Math.max(0, start - 16), start))) continue;
      if (UNIT_AFTER.test(reading.lower.slice(end, end + 12))) continue;
    }
    amounts.push({ start, end, values, marked });
  }
  return amounts;
}

const rupiah = new Intl.NumberFormat("id-ID", { style: "currency", currency: "IDR", maximumFractionDigits: 0 });

/** "Rp 2.650.000", as the catalog writes prices. */
export const formatRupiah = (amount: number): string => rupiah.format(amount).replace(/\s/g, " ");
