/**
 * The one masking module. Until a practitioner has taken an order or been selected for a case,
 * every e-mail address, telephone number (Indonesian in any local form, or any country's in
 * +<country code> form) and NIK or other 16-digit number in the client's free text is hidden
 * (spec, "Rules of the business model"). Masked forms keep a hint of what was there, never data
 * that could be recovered: `b•••@•••.id`, `+62 •••-••••-••••`, `+•• •••• ••••`, `••••••••••••••••`.
 * An order's intake is masked by its service's field types (maskIntake): an e-mail, phone or NIK
 * field whole, whatever it holds; every other field as free text.
 *
 * Numbers are read in any Unicode decimal digits (full-width `０８１２`, Arabic-Indic `٠٨١٢`, …)
 * with any space or dash between them: the scan runs on an ASCII reading of the text, and only
 * the hidden digits of the original are replaced.
 *
 * Hidden digits become MASK, a character that counts as a digit in every context check below.
 * So masking never changes how the text around a masked number is read, which is what makes
 * `maskText` idempotent (a property test holds it to that).
 */

import { CONTACT_VALUE_PATTERNS, type IntakeField, type IntakeFieldType } from "./intake";

export const MASK = "•";
const HIDDEN = MASK.repeat(3);

/** One separator between digit groups: a space (any, once read), dot or dash. Not a line break. */
const SEP = "[ .\\-]";
/** A whole date, dd-mm-yyyy, dd.mm.yyyy or yyyy-mm-dd. */
const DATE_AHEAD =
  "(?:(?:0[1-9]|[12]\\d|3[01])[.-](?:0[1-9]|1[0-2])[.-](?:19|20)\\d\\d|(?:19|20)\\d\\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01]))(?!\\d)";
/** A separator as people write it between digit groups: one character, or a dash between spaces. */
const SPACED = `(?: - |${SEP})`;
/**
 * What may stand between two digits of a phone besides nothing: a separator, or brackets (one, or
 * two as in "(+62) (21)") with separators around them. A space before a date ends the phone, so
 * it does not swallow a date written after it; digits joined by dots or dashes stay one number.
 */
const GAP = `(?:${SPACED}?[()]${SPACED}?(?:[()]${SPACED}?)?|[.\\-]|(?: - | )(?!${DATE_AHEAD}))`;
/** Not glued to a digit, a masked digit or a `+` on the left; not followed by one on the right. */
const START = "(?<![\\d•+])";
const END = "(?![\\d•])";

// RFC 5322 "atext": what a local part is made of, any letter or digit included. A match starts
// where no such character (or a masked one) comes before, so a masked address is not read again.
const PUNCT = "!#$%&'*+/=?^_`{|}~.\\-";
const ATEXT = `[\\p{L}\\p{N}\\p{M}${PUNCT}]`;
const NOT_AFTER_ATEXT = `(?<![\\p{L}\\p{N}\\p{M}${PUNCT}•])`;
const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}\\-]*[\\p{L}\\p{N}])?";
/** A top-level domain starts with a letter (punycode ones hold digits and dashes: xn--p1ai). */
const TOP_LEVEL_DOMAIN = "\\p{L}[\\p{L}\\p{N}\\-]*[\\p{L}\\p{N}]";
// Leading punctuation, then the first letter or digit (the hint), the rest of the local part,
// and a domain of dot-separated labels ending in a top-level domain.
const EMAIL = new RegExp(
  `${NOT_AFTER_ATEXT}([${PUNCT}]*)([\\p{L}\\p{N}\\p{M}]?)${ATEXT}*(?<=${ATEXT})[@\\uff20]${LABEL}(?:\\.${LABEL})*\\.(${TOP_LEVEL_DOMAIN})`,
  "gu",
);

// 16 digits: any run of them (a NIK, a family-card (KK) number, anything else: all hidden), or a
// NIK in four groups of four, in the 6-6-4 (region, birth date, serial) grouping, or dotted as on
// the card (PP.KK.CC.DDMMYY.SSSS). See isPlausibleNik for which grouped numbers are NIKs.
const NIK = new RegExp(
  `${START}(?:\\d{16}|\\d{4}(${SEP})\\d{4}\\1\\d{4}\\1\\d{4}|\\d{6}(${SEP})\\d{6}\\2\\d{4}|\\d{2}\\.\\d{2}\\.\\d{2}\\.\\d{6}\\.\\d{4})${END}`,
  "g",
);

// Phones. Indonesian: the national significant number (NSN, after +62, 0062, 62 or the trunk 0)
// starts with 2–9 and has 8 to 12 digits; a run of 13 or 14 without separators is read too, so a
// mistyped long number is hidden (15 and more after the 0 make a 16-digit run or an account
// number). Other countries: `+` or `00` and a country code, 7 to 15 digits in all (E.164); a longer
// run after `+` is hidden whole rather than read as a number and its neighbour. Separators and
// brackets may stand between any digits: "(021) 555-1234", "+62 (0)812…", "+1 (415) 555-0100".
const chain = (min: number, max: number | "") => `\\d(?:${GAP}?\\d){${min - 1},${max === "" ? "" : max - 1}}`;
const NSN = `(?:[2-9]\\d{12,13}|[2-9](?:${GAP}?\\d){7,11})${END}`;
const PHONE = new RegExp(
  `${START}(?:` +
    `(?:\\(?\\+|00)?62${GAP}?(?:0${GAP}?)?${NSN}` +
    `|\\(?0${GAP}?${NSN}` +
    // A bracketed area code says "landline" even before a short (5-digit) subscriber number.
    `|\\(0[2-9]\\d{1,2}\\)${SPACED}?${chain(5, 8)}${END}` +
    `|\\(?\\+${SEP}?(?:${chain(7, 15)}${END}|${chain(16, "")})` +
    `|00[1-9](?:${GAP}?\\d){6,14}${END}` +
    `)`,
  "g",
);

/** A number right after "Rp" or "IDR" is an amount, whatever its shape. */
const AFTER_CURRENCY = /(?:^|[^\p{L}])(?:rp|idr)\.?\s{0,3}$/iu;
/** The characters before a match that the context checks read: longer than AFTER_CURRENCY can match. */
const CONTEXT_LENGTH = 9;
const AMOUNT_DIGITS = /^\d+(?:[.,]\d+)*/;
/** "62.500.000.000" is a thousands-grouped amount; "62.812.345.678" is still read as a mobile. */
const THOUSANDS_AMOUNT = /^(?!62\.8)[1-9]\d{0,2}(?:\.\d{3})+(?![\d•])/;
/** The rest of an amount whose first digits came before this match: "1.062.345.678". */
const AMOUNT_CONTINUATION = /^\d{3}(?:[.,]\d{3})*(?![\d•])/;
const AFTER_DIGIT_GROUP = /[\d•][.,]$/;
/** A date, dd.mm.yyyy or dd-mm-yyyy, that a greedy phone match swallowed with what follows. */
const DATE = /^(?:0[1-9]|[12]\d|3[01])([.-])(?:0[1-9]|1[0-2])\1(?:19|20)\d{2}(?![\d•])/;
/** The month and year of a date (dd-mm-yyyy, dd.mm.yyyy) whose day came just before the match. */
const AFTER_DAY = /(?:^|[^\d•])[\d•]{2}[.-]$/;
const MONTH_YEAR = /^(?:0[1-9]|1[0-2])[.-](?:19|20)\d{2}(?![\d•])/;
/** The month and day of an ISO date (yyyy-mm-dd) whose year came just before the match. */
const AFTER_ISO_YEAR = /(?:^|[^\d•])[\d•]{4}-$/;
const ISO_MONTH_DAY = /^(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?![\d•])/;

/**
 * How many leading characters of a phone- or NIK-shaped match are not personal data and stay
 * as written: an amount or a date. The scan then resumes right after them, so a real number
 * written next to an amount is still found.
 */
function keptPrefixLength(match: string, before: string): number {
  if (AFTER_CURRENCY.test(before)) return AMOUNT_DIGITS.exec(match)?.[0].length ?? 0;
  if (AFTER_DIGIT_GROUP.test(before)) return AMOUNT_CONTINUATION.exec(match)?.[0].length ?? 0;
  if (AFTER_ISO_YEAR.test(before)) return ISO_MONTH_DAY.exec(match)?.[0].length ?? 0;
  if (AFTER_DAY.test(before)) return MONTH_YEAR.exec(match)?.[0].length ?? 0;
  return (THOUSANDS_AMOUNT.exec(match) ?? DATE.exec(match))?.[0].length ?? 0;
}

/**
 * Replaces every match of `pattern` with `mask(match)`, except the prefixes kept as written.
 * `mask` answers null for a match that is not what it hides; the scan then goes on from the
 * next character, so a real one overlapping it is still found.
 */
function scan(text: string, pattern: RegExp, mask: (match: string) => string | null): string {
  let out = "";
  let copiedUpTo = 0;
  pattern.lastIndex = 0;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    const start = found.index;
    const kept = keptPrefixLength(found[0], text.slice(Math.max(0, start - CONTEXT_LENGTH), start));
    const masked = kept > 0 ? null : mask(found[0]);
    if (masked === null) {
      pattern.lastIndex = start + Math.max(kept, 1);
      continue;
    }
    out += text.slice(copiedUpTo, start) + masked;
    copiedUpTo = pattern.lastIndex;
  }
  return out + text.slice(copiedUpTo);
}

const hideDigits = (text: string) => text.replace(/\p{Nd}/gu, MASK);

/**
 * A NIK starts with a province code (11–94), and digits 7–12 are the birth date DDMMYY (women:
 * day + 40). Digits in groups that cannot be one (a list of years, a date next to a phone) are
 * not a NIK; a plain run of 16 is hidden whatever it holds.
 */
function isPlausibleNik(digits: string): boolean {
  const province = Number(digits.slice(0, 2));
  const day = Number(digits.slice(6, 8));
  const month = Number(digits.slice(8, 10));
  return province >= 11 && province <= 94 && ((day >= 1 && day <= 31) || (day >= 41 && day <= 71)) && month >= 1 && month <= 12;
}

function maskNik(nik: string): string | null {
  return /^\d{16}$/.test(nik) || isPlausibleNik(nik.replace(/\D/g, "")) ? hideDigits(nik) : null;
}

/** The country code or trunk prefix says "Indonesian phone" and identifies nobody; others' codes are hidden. */
function maskPhone(phone: string): string {
  const prefix = /^(?:\(?\+62|0062|62|\(0|0)/.exec(phone)?.[0] ?? "";
  return prefix + hideDigits(phone.slice(prefix.length));
}

function maskEmailMatch(_match: string, lead: string, first: string, topLevelDomain: string): string {
  return `${lead}${first}${HIDDEN}@${HIDDEN}.${topLevelDomain}`;
}

const isDigit = (code: number) => /\p{Nd}/u.test(String.fromCodePoint(code));
const digitValues = new Map<number, string>();

/** Unicode decimal digits come in runs of whole 0–9 sets, so a digit's value is its place in its run. */
function digitValue(code: number): string {
  let value = digitValues.get(code);
  if (value === undefined) {
    let zero = code;
    while (isDigit(zero - 1)) zero--;
    value = String((code - zero) % 10);
    digitValues.set(code, value);
  }
  return value;
}

/** How the number scan reads one code point: as one ASCII character where it has a plain meaning. */
function readChar(char: string): string {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return char;
  if (/\p{Nd}/u.test(char)) return digitValue(code);
  if (/\p{Zs}/u.test(char)) return " ";
  if (/\p{Pd}/u.test(char)) return "-";
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0); // full-width ASCII
  return char.length === 1 ? char : "\ufffd";
}

/** Masks the phones and 16-digit numbers in text read as ASCII, and maps the hidden digits back. */
function maskNumbers(text: string): string {
  const chars = Array.from(text);
  const read = chars.map(readChar).join("");
  const masked = scan(scan(read, NIK, maskNik), PHONE, maskPhone);
  let out = "";
  for (let i = 0; i < chars.length; i++) out += masked[i] === read[i] ? chars[i] : MASK;
  return out;
}

/** Hides every e-mail address, telephone number and NIK (any 16-digit number) in free text. */
export function maskText(text: string): string {
  // E-mails first: their digits are not a phone's. NIKs before phones (in maskNumbers): a NIK
  // of province 62 (Central Kalimantan) in groups starts like a phone.
  return maskNumbers(text.replace(EMAIL, maskEmailMatch));
}

/**
 * A value that is, as a whole, what an e-mail, phone or NIK intake field accepts is masked as such
 * a field, whichever field holds it: free-text reading may take an odd but valid phone for an
 * amount ("62.045.406 559"). Anything else is free text.
 */
function maskFreeIntakeValue(value: string): string {
  if (CONTACT_VALUE_PATTERNS.email.test(value)) return maskEmailField(value);
  if (CONTACT_VALUE_PATTERNS.phone.test(value)) return maskPhoneField(value);
  if (CONTACT_VALUE_PATTERNS.nik.test(value)) return maskNikField(value);
  return maskText(value);
}

/**
 * An order's intake as shown before taking, each value masked by the type of its service field:
 * an e-mail, phone or NIK field is masked whole whatever it holds (a value stored before a field's
 * type changed need not fit it); any other field, and a key the service no longer has, is read as
 * free text. Keys are field names and stay.
 */
export function maskIntake(intake: Record<string, string>, fields: readonly Pick<IntakeField, "key" | "type">[]): Record<string, string> {
  const typeOf = new Map(fields.map((field) => [field.key, field.type]));
  return Object.fromEntries(Object.entries(intake).map(([key, value]) => [key, maskIntakeValue(value, typeOf.get(key))]));
}

function maskIntakeValue(value: string, type: IntakeFieldType | undefined): string {
  switch (type) {
    case "email":
      return maskEmailField(value);
    case "phone":
      return maskPhoneField(value);
    case "nik":
      return maskNikField(value);
    default:
      return maskFreeIntakeValue(value);
  }
}

/** Every character but spaces, dots, dashes, brackets and `+`: a number keeps its shape, and no text of any kind shows. */
const hideAllButShape = (text: string) => text.replace(/[^\p{Zs}.\-()+]/gu, MASK);

/** A field known to hold an e-mail address, masked whole even when it is not a well-formed one. */
export function maskEmailField(value: string): string {
  const first = /^\s*([\p{L}\p{N}])[^@\uff20]*[@\uff20]/u.exec(value)?.[1];
  const topLevelDomain = new RegExp(`\\.(${TOP_LEVEL_DOMAIN})\\s*$`, "u").exec(value)?.[1];
  return first && topLevelDomain ? `${first}${HIDDEN}@${HIDDEN}.${topLevelDomain}` : `${HIDDEN}@${HIDDEN}`;
}

/**
 * A field known to hold a telephone number, masked whole whatever it holds: everything but a
 * +62/62/0 prefix and the separators is hidden, letters and any other text included.
 */
export function maskPhoneField(value: string): string {
  const prefix = /^\s*(?:\+62|62|0)/.exec(value)?.[0] ?? "";
  return prefix + hideAllButShape(value.slice(prefix.length));
}

/** A field known to hold a NIK, masked whole whatever it holds. */
function maskNikField(value: string): string {
  return hideAllButShape(value);
}
