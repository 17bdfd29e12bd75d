/**
 * The one masking module. Until a practitioner has taken an order or been selected for a case,
 * every e-mail address, telephone number (Indonesian in any local form, or any country's in
 * +<country code> form) and NIK or other 16-digit number in the client's free text is hidden
 * (spec, "Rules of the business model"). Masked forms keep a hint of what was there, never data
 * that could be recovered: `b•••@•••.id`, `+62 •••-••••-••••`, `+•• •••• ••••`, `••••••••••••••••`.
 * An order's intake is masked by its service's field types (maskIntake): an e-mail, phone or NIK
 * field whole, whatever it holds; every other field as free text.
 *
 * Text is searched as a person would read it (contact-reading.ts): escapes decoded, invisible
 * characters dropped, NFKC, digits of any script or spelled out, any short run of other characters
 * between digit groups read as a separator, spaced-out characters read together, `at`/`di` and
 * `dot`/`titik` in any wrapping read as the signs. Only the characters of the original that were
 * read as hidden ones are replaced.
 *
 * What must stay readable is told apart by context: an amount after Rp/IDR or grouped in
 * thousands, dates, and numbers too short or too long to be a phone (article, statute, street
 * and case numbers). A grouped 16-digit number is a NIK only if its digits can be one.
 *
 * Hidden digits become MASK, a character that counts as a digit in every context check below.
 * So masking never changes how the text around a masked number is read, which is what makes
 * `maskText` idempotent (a property test holds it to that).
 */

import { CONTACT_VALUE_PATTERNS, type IntakeField, type IntakeFieldType } from "../catalog/intake";
import { DISGUISED_DOT, type Reading, readForEmails, readForNumbers, SPELLED_AT, SPELLED_DI } from "./contact-reading";

export const MASK = "•";
const HIDDEN = MASK.repeat(3);

/** One separator around brackets in a phone: a space (any, once read), dot or dash. Not a line break. */
const SEP = "[ .\\-]";
/** A whole date, dd-mm-yyyy, dd.mm.yyyy, dd/mm/yyyy or yyyy-mm-dd. */
const DATE_AHEAD =
  "(?:(?:0[1-9]|[12]\\d|3[01])(?:-(?:0[1-9]|1[0-2])-|\\.(?:0[1-9]|1[0-2])\\.|/(?:0[1-9]|1[0-2])/)(?:19|20)\\d\\d|(?:19|20)\\d\\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01]))(?!\\d)";
/** A separator as people write it between digit groups: one character, or a dash between spaces. */
const SPACED = `(?: - |${SEP})`;
/**
 * What may stand between two digits of a phone besides nothing: a separator, or brackets (one, or
 * two as in "(+62) (21)") with separators around them. A space before a date ends the phone, so it
 * does not swallow a date written after it; digits joined by dots or dashes stay one number. In
 * an Indonesian number, slashes, underscores, up to three spaces and a line break separate groups
 * too; not in other countries' numbers, so "No. 00123/2010" stays a register number. (Any other
 * separator was read as a space already: contact-reading.ts.)
 */
const gap = (indonesian: boolean) =>
  `(?:${SPACED}?[()]${SPACED}?(?:[()]${SPACED}?)?|${indonesian ? "[.\\-/_]|(?: [-/] |[ \\t]{1,3}|[ \\t]*\\r?\\n[ \\t]*)" : "[.\\-]|(?: - | )"}(?!${DATE_AHEAD}))`;
const GAP = gap(true);
const FOREIGN_GAP = gap(false);
/** Not glued to a digit, a masked digit or a `+` on the left; not followed by one on the right. */
const START = "(?<![\\d•+])";
const END = "(?![\\d•])";

// RFC 5322 "atext": what a local part is made of, any letter or digit included. A match starts
// where no such character comes before. (A masked address is not read again: • is no atext, and
// a masked domain has no label. A bullet glued before an address, "•budi@…", does not hide it.)
// A dot in disguise (contact-reading.ts) is a dot.
const PUNCT = `!#$%&'*+/=?^_\`{|}~.\\-${DISGUISED_DOT}`;
const ATEXT = `[\\p{L}\\p{N}\\p{M}${PUNCT}]`;
const NOT_AFTER_ATEXT = `(?<![\\p{L}\\p{N}\\p{M}${PUNCT}])`;
const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}\\-]*[\\p{L}\\p{N}])?";
/** A top-level domain starts with a letter (punycode ones hold digits and dashes: xn--p1ai). */
const TOP_LEVEL_DOMAIN = "\\p{L}[\\p{L}\\p{N}\\-]*[\\p{L}\\p{N}]";
const DOT = `[.${DISGUISED_DOT}]`;
const DOMAIN = `${LABEL}(?:${DOT}${LABEL})*`;
/**
 * After a spelled-out at, only common top-level domains: "available at www.kuasa.id" and "located
 * at Jl.Sudirman" are not addresses.
 */
const COMMON_TOP_LEVEL_DOMAINS = "com|net|org|id|info|biz|io|co|me|edu|gov|sg|my|au|uk|us|xyz|online|site|app|dev";
/** Providers whose name alone says "e-mail address" after a spelled-out at: "budi at gmail". */
const MAIL_PROVIDERS = "gmail|googlemail|yahoo|ymail|hotmail|outlook|icloud|protonmail|proton|aol|yandex|zoho|gmx";
const NOT_A_LETTER_AFTER = "(?![\\p{L}\\p{N}])";
// Leading punctuation, then the first letter or digit (the hint) and the rest of the local part.
// Then a domain ending in a top-level domain after `@` or a spelled-out at; or, after the sign
// itself, a domain without one ("budi@kantor", but not "10 unit @ Rp 5.000" or "@ 10.00"); or a
// spelled-out at before a mail provider's name. After "di", the commonest preposition, only a
// domain whose dot is in disguise ("di gmail titik com") or a mail provider's with its top-level
// domain: "terdaftar di ahu.go.id" names a website, not an address.
const EMAIL = new RegExp(
  `${NOT_AFTER_ATEXT}([${PUNCT}]*)([\\p{L}\\p{N}\\p{M}]?)${ATEXT}*(?<=${ATEXT})` +
    `(?:@${DOMAIN}${DOT}(${TOP_LEVEL_DOMAIN})` +
    `|${SPELLED_AT}(?!www${DOT})${DOMAIN}${DOT}(${COMMON_TOP_LEVEL_DOMAINS})${NOT_A_LETTER_AFTER}` +
    `|${SPELLED_DI}(?:(?:${MAIL_PROVIDERS})${DOT}(?:${LABEL}${DOT})*|(?:${LABEL}${DOT})*${LABEL}${DISGUISED_DOT}(?:${LABEL}${DOT})*)(${COMMON_TOP_LEVEL_DOMAINS})${NOT_A_LETTER_AFTER}` +
    `|@(?!(?:rp|idr)${NOT_A_LETTER_AFTER})(?=[\\p{N}\\-]*\\p{L})${DOMAIN}(?![\\p{L}\\p{N}\\-])` +
    `|${SPELLED_AT}(?:${MAIL_PROVIDERS})${NOT_A_LETTER_AFTER})` +
    // Not glued to a masked address or another at: masking what was masked changes nothing.
    "(?![•@])",
  "giu",
);

/**
 * What may stand between two digit groups of a NIK: up to three spaces, one dot, dash, slash or
 * underscore, or brackets (any other separator was read as a space: contact-reading.ts).
 */
const NIK_GAP = `(?:[ \\t]{1,3}| [-/] |[.\\-/_]|${SPACED}?[()]${SPACED}?(?:[()]${SPACED}?)?)`;
/** A NIK written over lines, a group or more per line (hasLongLine keeps a line's other numbers out of it). */
const NIK_LINE_BREAK = "(?:[ \\t]*\\r?\\n[ \\t]*)";
/** A group does not start or end a grouped NIK if it is joined to digits around it: "12-05-2024" is one date. */
const GROUP_START = "(?<![\\d•][.\\-/_])";
const GROUP_END = "(?![.\\-/_][\\d•])";
// 16 digits: any run of them (a NIK, a family-card (KK) number, anything else: all hidden), or
// 16 digits in groups of any size. See isPlausibleNik for which grouped numbers are NIKs.
const NIK = new RegExp(`${START}(?:\\d{16}|${GROUP_START}\\d(?:(?:${NIK_GAP}|${NIK_LINE_BREAK})?\\d){15}${GROUP_END})${END}`, "g");

// Phones. Indonesian: the national significant number (NSN, after +62, 0062, 62 or the trunk 0)
// starts with 2–9 and has 8 to 12 digits; a run of 13 or 14 without separators is read too, so a
// mistyped long number is hidden (15 and more after the 0 make a 16-digit run or an account
// number). A mobile's NSN (8 and 1–9, 9 to 12 digits) is read without any prefix too. Other countries: `+` or `00` and a country code, 7 to 15 digits in all (E.164); a longer
// run after `+` is hidden whole rather than read as a number and its neighbour. Separators and
// brackets may stand between any digits: "(021) 555-1234", "+62 (0)812…", "+1 (415) 555-0100".
/**
 * The Indonesian IP office's register numbers start with letters glued to 00: copyrights
 * EC00202312345, patents P00202012345. Not after those letters, 00 does not start a foreign number.
 */
const NOT_A_REGISTER_NUMBER = "(?<!(?:^|[^A-Za-z])(?:EC|IDM|DID|IDP|IDS|IDD|P|S)[ .]?)";
const chain = (min: number, max: number | "", between = GAP) => `\\d(?:${between}?\\d){${min - 1},${max === "" ? "" : max - 1}}`;
const NSN = `(?:[2-9]\\d{12,13}|[2-9](?:${GAP}?\\d){7,11})${END}`;
const PHONE = new RegExp(
  `${START}(?:` +
    `(?:\\(?\\+|00)?62${GAP}?(?:0${GAP}?)?${NSN}` +
    `|\\(?0${GAP}?${NSN}` +
    `|8${GAP}?[1-9](?:${GAP}?\\d){7,10}${END}` +
    // A bracketed area code says "landline" even before a short (5-digit) subscriber number; the
    // closing bracket says it alone where the opening one was read away ("nol: (021) …").
    `|\\(?0[2-9]\\d{1,2}\\)${SPACED}?${chain(5, 8)}${END}` +
    `|\\(?\\+${SEP}?(?:${chain(7, 15, FOREIGN_GAP)}${END}|${chain(16, "", FOREIGN_GAP)})` +
    `|${NOT_A_REGISTER_NUMBER}00[1-9](?:${FOREIGN_GAP}?\\d){6,14}${END}` +
    `)`,
  "g",
);

/** A number right after "Rp" or "IDR" is an amount, whatever its shape. */
const AFTER_CURRENCY = /(?:^|[^\p{L}])(?:rp|idr)\.?\s{0,3}$/iu;
/** The characters before a match that the context checks read: longer than AFTER_CURRENCY can match. */
const CONTEXT_LENGTH = 9;
const AMOUNT_DIGITS = /^\d+(?:[.,]\d+)*/;
/**
 * "62.500.000.000" is a thousands-grouped amount; "62.812.345.678" is still read as a mobile, and
 * "177.511.1111.34" is no amount.
 */
const THOUSANDS_AMOUNT = /^(?!62\.8)[1-9]\d{0,2}(?:\.\d{3})+(?!\.?[\d•])/;
/** The rest of an amount whose first digits came before this match: "1.062.345.678". */
const AMOUNT_CONTINUATION = /^\d{3}(?:[.,]\d{3})*(?![\d•])/;
const AFTER_DIGIT_GROUP = /[\d•][.,]$/;
/** A date, dd.mm.yyyy or dd-mm-yyyy, that a greedy phone match swallowed with what follows. */
const DATE = /^(?:0[1-9]|[12]\d|3[01])([./-])(?:0[1-9]|1[0-2])\1(?:19|20)\d{2}(?![\d•])/;
/** The month and year of a date (dd-mm-yyyy, dd.mm.yyyy) whose day came just before the match. */
const AFTER_DAY = /(?:^|[^\d•])[\d•]{2}[./-]$/;
const MONTH_YEAR = /^(?:0[1-9]|1[0-2])[./-](?:19|20)\d{2}(?![\d•])/;
/** Coordinates, two decimal degrees (the comma between them read as a space): "-6.914744, 107.609810". */
const COORDINATES = /^\d{1,3}\.\d{5,8} -?\d{1,3}\.\d{5,8}(?![\d•])/;
/** The month and day of an ISO date (yyyy-mm-dd) whose year came just before the match. */
const AFTER_ISO_YEAR = /(?:^|[^\d•])[\d•]{4}-$/;
const ISO_MONTH_DAY = /^(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?![\d•])/;

/**
 * How many leading characters of a phone- or NIK-shaped match are not personal data and stay
 * as written: an amount, a date or coordinates. The scan then resumes right after them, so a real number
 * written next to an amount is still found. A NIK is not cut at a first group that looks like
 * thousands without a currency ("775.719 120 7055 0755"): isPlausibleNik tells NIKs from amounts.
 */
function keptPrefixLength(match: string, before: string, thousandsAreAmounts: boolean): number {
  if (AFTER_CURRENCY.test(before)) return AMOUNT_DIGITS.exec(match)?.[0].length ?? 0;
  if (AFTER_DIGIT_GROUP.test(before)) return AMOUNT_CONTINUATION.exec(match)?.[0].length ?? 0;
  if (AFTER_ISO_YEAR.test(before)) return ISO_MONTH_DAY.exec(match)?.[0].length ?? 0;
  if (AFTER_DAY.test(before)) return MONTH_YEAR.exec(match)?.[0].length ?? 0;
  return ((thousandsAreAmounts ? THOUSANDS_AMOUNT.exec(match) : null) ?? DATE.exec(match) ?? COORDINATES.exec(match))?.[0].length ?? 0;
}

/**
 * Replaces every match of `pattern` with `mask(match, after)`, except the prefixes kept as
 * written. `mask` answers null for a match that is not what it hides; the scan then goes on from
 * the next character, so a real one overlapping it is still found. For NIKs it does so after a
 * hidden match too: of a date and a NIK written in one chain of digit groups, the window that is
 * the NIK is found even when the one starting in the date could also be one.
 */
function scan(text: string, pattern: RegExp, mask: (match: string, after: string) => string | null, forNiks: boolean): string {
  const out = text.split("");
  pattern.lastIndex = 0;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    const start = found.index;
    const end = pattern.lastIndex;
    const kept = keptPrefixLength(found[0], text.slice(Math.max(0, start - CONTEXT_LENGTH), start), !forNiks);
    const masked = kept > 0 ? null : mask(found[0], text.slice(end, end + AFTER_LENGTH));
    if (masked !== null) out.splice(start, masked.length, ...masked);
    if (masked === null || forNiks) pattern.lastIndex = start + Math.max(kept, 1);
  }
  return out.join("");
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

/**
 * A whole date among the groups, not joined to the groups around it: "9123 4567 12-05-2024" is a
 * phone and a date, not a NIK; "61-1912-04-02-9-86-847" is a NIK.
 */
const DATE_INSIDE = new RegExp(`(?<!\\d[./\\-_]?)${DATE_AHEAD}(?![./\\-_]\\d)`);

function maskNik(nik: string): string | null {
  if (/^\d{16}$/.test(nik)) return hideDigits(nik);
  return isPlausibleNik(nik.replace(/\D/g, "")) && !DATE_INSIDE.test(nik) ? hideDigits(nik) : null;
}

/** A number followed by a word of amounts ("850000000 rupiah", "812500000,-") is an amount. */
const AMOUNT_AFTER = /^\s{0,2}(?:,-|rupiah|juta|ribu|miliar|milyar|triliun)/i;
/** A land parcel's NIB: province, regency, district and village codes, then the parcel (09.01.02.03.04567). */
const PARCEL_NUMBER = /^\d{2}(?:\.\d{2}){3}\.\d{5}$/;
/** The characters after a match that AMOUNT_AFTER reads. */
const AFTER_LENGTH = 10;

/**
 * The country code or trunk prefix says "Indonesian phone" and identifies nobody; others' codes are
 * hidden. A mobile written without any prefix is an amount if a word of amounts follows it.
 * Answers null for what is not a phone.
 */
function maskPhone(phone: string, after: string): string | null {
  if (phone.startsWith("8") && AMOUNT_AFTER.test(after)) return null;
  // Kept whole, so no part of it is read as a phone either.
  if (PARCEL_NUMBER.test(phone)) return phone;
  const prefix = /^(?:\(?\+62|0062|62|\(0|0)/.exec(phone)?.[0] ?? "";
  return prefix + hideDigits(phone.slice(prefix.length));
}

/**
 * Replaces the original characters each found thing was read from by its masked form. Several
 * characters read from one original character (an NFKC expansion) replace it once.
 */
function replaceFound(original: string, reading: Reading, found: Iterable<{ from: number; to: number; masked: string }>): string {
  let out = "";
  let copiedUpTo = 0;
  for (const { from, to, masked } of found) {
    const start = reading.start[from]!;
    if (start < copiedUpTo) continue;
    out += original.slice(copiedUpTo, start) + masked;
    copiedUpTo = reading.end[to - 1]!;
  }
  return out + original.slice(copiedUpTo);
}

function* emailsIn(reading: Reading) {
  for (const found of reading.text.matchAll(EMAIL)) {
    const [whole, lead = "", first = "", topLevelDomain = found[4] ?? found[5]] = found;
    const domainHint = topLevelDomain === undefined ? "" : `.${topLevelDomain}`;
    yield { from: found.index, to: found.index + whole.length, masked: `${lead}${first}${HIDDEN}@${HIDDEN}${domainHint}` };
  }
}

function* hiddenCharactersIn(reading: Reading, masked: string) {
  for (let i = 0; i < masked.length; i++) if (masked[i] !== reading.text[i]) yield { from: i, to: i + 1, masked: MASK };
}

/**
 * Every form of an at the reading knows holds, once in NFKC form without invisible characters, one
 * of these: the sign, an escape's `%` or `&`, or the letters "at" or "di" (spaced out too). Text
 * without any holds no address.
 */
const MAY_HOLD_AN_ADDRESS = /[@%&]|a[ \t]*t|d[ \t]*i/i;
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Me}]/gu;

/**
 * Masks e-mail addresses until none is left. Reading an address's spaced-out dots may join it to
 * the text after it, which then hides an address written right there; the next round finds it.
 */
function maskEmails(text: string): string {
  if (!MAY_HOLD_AN_ADDRESS.test(text.normalize("NFKC").replace(INVISIBLE, ""))) return text;
  for (let round = 0; round < 4; round++) {
    const reading = readForEmails(text);
    const masked = replaceFound(text, reading, emailsIn(reading));
    if (masked === text) break;
    text = masked;
  }
  return text;
}

/** Masks the phones and 16-digit numbers in text as read, and maps the hidden digits back. */
function maskNumbers(text: string): string {
  const reading = readForNumbers(text);
  const masked = scan(scan(reading.text, NIK, maskNik, true), PHONE, maskPhone, false);
  return replaceFound(text, reading, hiddenCharactersIn(reading, masked));
}

/** Hides every e-mail address, telephone number and NIK (any 16-digit number) in free text. */
export function maskText(text: string): string {
  // E-mails first: their digits are not a phone's. NIKs before phones (in maskNumbers): a NIK
  // of province 62 (Central Kalimantan) in groups starts like a phone.
  return maskNumbers(maskEmails(text));
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
 * an e-mail, phone, NIK or NIK-or-passport field is masked whole whatever it holds (a value stored before a field's
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
    case "nik_paspor":
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

/** A field known to hold a NIK (or a passport's number), masked whole whatever it holds. */
function maskNikField(value: string): string {
  return hideAllButShape(value);
}
