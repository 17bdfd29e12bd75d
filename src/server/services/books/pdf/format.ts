import { parseStatementMonth } from "@/server/domain/books/month";
import { formatRupiah } from "@/server/domain/content-rules/rupiah";

/** How the books' PDFs write amounts, dates and text (Bahasa Indonesia, Jakarta time). */

/** "Rp 1.490.000"; a negative "-Rp 1.490.000". Ledger amounts stay far below 2^53 rupiah, so Number is exact. */
export const idr = (amount: bigint): string => formatRupiah(Number(amount));

/** A movement: "+Rp 1.000.000" into the balance, "-Rp 250.000" out of it. */
export const signedIdr = (amount: bigint): string => (amount > 0n ? `+${idr(amount)}` : idr(amount));

const longDay = new Intl.DateTimeFormat("id-ID", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Jakarta" });
const shortDay = new Intl.DateTimeFormat("id-ID", { day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Jakarta" });
const clock = new Intl.DateTimeFormat("id-ID", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Asia/Jakarta" });
const monthOfYear = new Intl.DateTimeFormat("id-ID", { month: "long", year: "numeric", timeZone: "Asia/Jakarta" });

/** "29 November 2026" (the Jakarta calendar day). */
export const day = (at: Date): string => longDay.format(at);

/** "29 November 2026 17.00 WIB". */
export const dayTime = (at: Date): string => `${longDay.format(at)} ${clock.format(at)} WIB`;

/** A statement line's time, short: "29 Nov 2026 17.00". */
export const shortDayTime = (at: Date): string => `${shortDay.format(at)} ${clock.format(at)}`;

/** "2026-11" as "November 2026". */
export const monthLabel = (month: string): string => monthOfYear.format(parseStatementMonth(month).from);

/** The characters of Windows-1252 above Latin-1's range that PDFKit's standard fonts carry. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const encodable = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
};

/**
 * Text as the standard fonts can print it. They encode WinAnsi only, and PDFKit writes any other
 * character as bytes that come out as other glyphs (U+2212 prints as a quote): names and
 * descriptions typed by people are mapped first. A letter with a mark outside Latin-1 ("ā") loses
 * the mark, the minus sign becomes "-", white space becomes a space, anything else "?".
 */
export function printable(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    if (encodable(char) || char === "\n") out += char;
    else if (/\s/u.test(char)) out += " ";
    else if (char === "\u2212") out += "-";
    else {
      const bare = char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += bare.length > 0 && [...bare].every(encodable) ? bare : "?";
    }
  }
  return out;
}
