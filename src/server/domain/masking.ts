/**
 * The one masking module. Until a practitioner has taken an order or been selected for a case,
 * every e-mail address, Indonesian telephone number and NIK in the client's free text is hidden
 * (spec, "Rules of the business model"). Masked forms keep a hint of what was there, never data
 * that could be recovered: `b•••@•••.id`, `+62 •••-••••-••••`, `••••••••••••••••`.
 *
 * Hidden digits become MASK, a character that counts as a digit in every context check below.
 * So masking never changes how the text around a masked number is read, which is what makes
 * `maskText` idempotent (a property test holds it to that).
 */

export const MASK = "•";

/** One optional separator between digit groups: space, no-break space, dot or hyphen. */
const SEP = "[ .\\-\\u00a0]";
/** Not glued to a digit, a masked digit or a `+` on the left; not followed by one on the right. */
const START = "(?<![\\d•+])";
const END = "(?![\\d•])";

// Local part (starting with a letter, digit or _), then a domain of dot-separated labels ending
// in an alphabetic top-level domain. A masked address's dots are not where another one starts.
const EMAIL = /(?<![\w.%+\-•])(\w)[\w.%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.([A-Za-z]{2,})/g;

// 16 digits: plain, in four groups of four, in the 6-6-4 (region, birth date, serial) grouping,
// or dotted as on the card (PP.KK.CC.DDMMYY.SSSS). See isPlausibleNik for which are NIKs.
const NIK = new RegExp(
  `${START}(?:\\d{16}|\\d{4}(${SEP})\\d{4}\\1\\d{4}\\1\\d{4}|\\d{6}(${SEP})\\d{6}\\2\\d{4}|\\d{2}\\.\\d{2}\\.\\d{2}\\.\\d{6}\\.\\d{4})${END}`,
  "g",
);

// Indonesian numbers: the national significant number (NSN, after +62, 0062, 62 or the trunk 0)
// has 8 to 12 digits and starts with 2–9 (8 for mobiles, an area code otherwise), with single
// separators anywhere between digits. A landline area code may stand in parentheses:
// "(021) 555-1234", "+62 (21) 555 1234"; "+62 (0)812…" is read too.
const NSN = `[2-9](?:${SEP}?\\d){7,11}`;
const SUBSCRIBER = `\\d(?:${SEP}?\\d){4,7}`;
const PHONE = new RegExp(
  `${START}(?:` +
    `(?:\\+62|0062|62)${SEP}?(?:\\(0\\)${SEP}?)?(?:${NSN}|\\([2-9]\\d{1,2}\\)${SEP}?${SUBSCRIBER})` +
    `|0${NSN}` +
    `|\\(0[2-9]\\d{1,2}\\)${SEP}?${SUBSCRIBER}` +
    `)${END}`,
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

/**
 * How many leading characters of a phone- or NIK-shaped match are not personal data and stay
 * as written: an amount or a date. The scan then resumes right after them, so a real number
 * written next to an amount is still found.
 */
function keptPrefixLength(match: string, before: string): number {
  if (AFTER_CURRENCY.test(before)) return AMOUNT_DIGITS.exec(match)?.[0].length ?? 0;
  if (AFTER_DIGIT_GROUP.test(before)) return AMOUNT_CONTINUATION.exec(match)?.[0].length ?? 0;
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

const hideDigits = (text: string) => text.replace(/\d/g, MASK);

/**
 * A NIK starts with a province code (11–94), and digits 7–12 are the birth date DDMMYY (women:
 * day + 40). A 16-digit number that cannot be one (a list of years, a date next to a phone) is
 * not a NIK. The family-card (KK) number has the same layout and is hidden too.
 */
function isPlausibleNik(digits: string): boolean {
  const province = Number(digits.slice(0, 2));
  const day = Number(digits.slice(6, 8));
  const month = Number(digits.slice(8, 10));
  return province >= 11 && province <= 94 && ((day >= 1 && day <= 31) || (day >= 41 && day <= 71)) && month >= 1 && month <= 12;
}

function maskNik(nik: string): string | null {
  return isPlausibleNik(nik.replace(/\D/g, "")) ? hideDigits(nik) : null;
}

/** The country code or trunk prefix says "Indonesian phone" and identifies nobody. */
function maskPhone(phone: string): string {
  const prefix = /^(?:\+62|0062|62|\(0|0)/.exec(phone)?.[0] ?? "";
  return prefix + hideDigits(phone.slice(prefix.length));
}

function maskEmailMatch(_match: string, first: string, topLevelDomain: string): string {
  return `${first}${MASK.repeat(3)}@${MASK.repeat(3)}.${topLevelDomain}`;
}

/** Hides every e-mail address, Indonesian telephone number and NIK in free text. */
export function maskText(text: string): string {
  const withoutEmails = text.replace(EMAIL, maskEmailMatch);
  // NIKs before phones: a NIK of province 62 (Central Kalimantan) in groups starts like a phone.
  return scan(scan(withoutEmails, NIK, maskNik), PHONE, maskPhone);
}

/** `maskText` on every value (an order's intake); keys are field names and stay. */
export function maskRecord(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, maskText(value)]));
}

/** A field known to hold an e-mail address, masked even when it is not a well-formed one. */
export function maskEmailField(value: string): string {
  const masked = maskText(value);
  return masked !== value ? masked : `${MASK.repeat(3)}@${MASK.repeat(3)}`;
}

/** A field known to hold a telephone number, in any format: only the +62/62/0 prefix stays. */
export function maskPhoneField(value: string): string {
  const prefix = /^\s*(?:\+62|62|0)/.exec(value)?.[0] ?? "";
  return prefix + hideDigits(value.slice(prefix.length));
}
