/**
 * How the masking module reads text before it looks for contact data: as a person would read it,
 * whatever was done to get it past a filter. It normalises by classes of characters, not by a list
 * of forms someone thought of (issue 37):
 * - escapes: percent escapes (`%40`) and HTML character references (`&#64;`, `&commat;`) are decoded;
 * - invisible characters: every format character (Unicode category Cf), default-ignorable code
 *   point and enclosing mark is dropped, and so is a combining mark on a digit;
 * - compatibility forms: every character is put in NFKC form (full-width `＠` and `．` become `@`
 *   and `.`), any space reads as a space and any dash as `-`;
 * - digits: of any script, dingbat ones, and digits spelled out in Indonesian or English words read
 *   as ASCII digits;
 * - separators: any run of up to six characters that are neither letters nor digits, line breaks
 *   included, is a separator between two digits; letters or digits spaced out one by one are read
 *   together;
 * - for e-mail addresses: `at`/`di` and `dot`/`titik`, wrapped in spaces, brackets or any symbol,
 *   are read as the signs.
 *
 * A Reading remembers, for each character read, which characters of the original it came from,
 * so the masking module replaces exactly the original characters of whatever it finds.
 */

export interface Reading {
  /** What is read: one UTF-16 unit per character read, so regex indices are character indices. */
  readonly text: string;
  /** Character i of `text` was read from the original's characters [start[i], end[i]). */
  readonly start: readonly number[];
  readonly end: readonly number[];
}

/** Stands for an `@` spelled out as a word (`budi at contoh dot id`): weaker evidence than the sign itself. */
export const SPELLED_AT = "\ue000";
/**
 * Stands for "di" read as an `@` ("budi di gmail titik com"). "di" is the commonest Indonesian
 * preposition ("terdaftar di ahu.go.id"), so it is weaker evidence still: see masking.ts.
 */
export const SPELLED_DI = "\ue001";
/** Stands for a dot written in disguise ("titik", "[dot]", " . "): a dot, and a sign that it was hidden. */
export const DISGUISED_DOT = "\ue002";

const NAMED_REFERENCES: Record<string, string> = {
  commat: "@",
  period: ".",
  plus: "+",
  lpar: "(",
  rpar: ")",
  hyphen: "-",
  dash: "-",
  minus: "-",
  lowbar: "_",
  sol: "/",
  nbsp: " ",
  amp: "&",
};

/** A percent escape or an HTML character reference, and what it stands for if it is one we read. */
const ESCAPE = /%([0-9a-f]{2})|&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]{2,8}));/giy;

function decodeEscape(text: string, at: number, withPercent: boolean): { char: string; length: number } | null {
  if (!withPercent && text[at] === "%") return null;
  ESCAPE.lastIndex = at;
  const found = ESCAPE.exec(text);
  if (!found) return null;
  const [whole, percent, decimal, hex, name] = found;
  let char: string | undefined;
  if (percent !== undefined) {
    const code = Number.parseInt(percent, 16);
    // Only printable ASCII: other escapes are parts of UTF-8 sequences, not a sign on their own.
    if (code >= 0x20 && code < 0x7f) char = String.fromCharCode(code);
  } else if (decimal !== undefined || hex !== undefined) {
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16);
    if (code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)) char = String.fromCodePoint(code);
  } else {
    char = NAMED_REFERENCES[name!.toLowerCase()];
  }
  return char === undefined ? null : { char, length: whole.length };
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

/** Dingbat digits that NFKC leaves as symbols: ❶–❿, ➀–➉, ➊–➓ and ⓵–⓾ (1 to 10), ⓿ (0), the keycap 🔟 (10). */
const DINGBAT_DIGIT_RUNS = [0x2776, 0x2780, 0x278a, 0x24f5];

function dingbatDigit(code: number): string | null {
  const first = DINGBAT_DIGIT_RUNS.find((run) => code >= run && code < run + 10);
  if (first !== undefined) return String(code - first + 1);
  if (code === 0x24ff) return "0";
  return code === 0x1f51f ? "10" : null;
}

/** How one code point (already in NFKC form) is read: ASCII where it has a plain meaning, one UTF-16 unit otherwise. */
function readCodePoint(char: string): string {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return char;
  if (/\p{Nd}/u.test(char)) return digitValue(code);
  if (/\p{Zs}/u.test(char)) return " ";
  if (/\p{Pd}/u.test(char)) return "-";
  return dingbatDigit(code) ?? (char.length === 1 ? char : "\ufffd");
}

/**
 * What shows nothing and is dropped from the reading: every format character (category Cf: zero-width
 * space, word joiner, soft hyphen, bidi controls, …), every default-ignorable code point (variation
 * selectors, …) and every enclosing mark (the keycap around 1️⃣).
 */
const INVISIBLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Me}]$/u;
/**
 * A combining mark: kept after a letter or another mark, where it is part of the letter; dropped
 * after anything else ("0̲8̲", or the space NFKC makes of "˜", U+0020 U+0303).
 */
const MARK = /^\p{M}$/u;
const ENDS_IN_A_LETTER = /[\p{L}\p{M}]$/u;

/**
 * The text decoded and normalised, character by character (see the module comment). Percent
 * escapes only with `percent`: among digits, "%" is more likely a separator than an escape
 * ("0812%3456" is not 0812 and an escaped 4), so numbers are read without them.
 */
function decode(original: string, percent: boolean): Reading {
  let text = "";
  const start: number[] = [];
  const end: number[] = [];
  for (let at = 0; at < original.length; ) {
    const code = original.charCodeAt(at);
    // ASCII other than an escape's start reads as itself: the common case, kept fast.
    if (code < 0x80 && code !== 0x25 && code !== 0x26) {
      text += original[at];
      start.push(at);
      end.push(++at);
      continue;
    }
    const decoded = original[at] === "%" || original[at] === "&" ? decodeEscape(original, at, percent) : null;
    const codePoint = String.fromCodePoint(original.codePointAt(at)!);
    const source = decoded?.char ?? codePoint;
    const length = decoded?.length ?? codePoint.length;
    for (const char of source.normalize("NFKC")) {
      if (INVISIBLE.test(char) || (MARK.test(char) && !ENDS_IN_A_LETTER.test(text))) {
        // Part of the character read before it: masked with it, so nothing is left between masks.
        if (end.length > 0) end[end.length - 1] = at + length;
        continue;
      }
      for (const read of readCodePoint(char)) {
        text += read;
        start.push(at);
        end.push(at + length);
      }
    }
    at += length;
  }
  return { text, start, end };
}

/**
 * Rewrites every match of `pattern` (a global regex) in what is read. A replacement as long as its
 * match is read character by character from the match's characters; any other comes from all the
 * original characters of the match, and an empty one drops the match. A function may answer null
 * to leave a match as it is.
 */
function rewrite(reading: Reading, pattern: RegExp, replace: string | ((match: string) => string | null)): Reading {
  let text = "";
  const start: number[] = [];
  const end: number[] = [];
  let copiedUpTo = 0;
  const copy = (from: number, to: number) => {
    text += reading.text.slice(from, to);
    start.push(...reading.start.slice(from, to));
    end.push(...reading.end.slice(from, to));
  };
  for (const found of reading.text.matchAll(pattern)) {
    const from = found.index;
    const to = from + found[0].length;
    const replacement = typeof replace === "string" ? replace : replace(found[0]);
    if (to === from || replacement === null) continue;
    copy(copiedUpTo, from);
    for (let i = 0; i < replacement.length; i++) {
      text += replacement[i];
      const oneForOne = replacement.length === to - from;
      start.push(reading.start[oneForOne ? from + i : from]!);
      end.push(reading.end[oneForOne ? from + i : to - 1]!);
    }
    copiedUpTo = to;
  }
  copy(copiedUpTo, reading.text.length);
  return { text, start, end };
}

/** Digits spelled out as words, in Indonesian and English: "nol delapan satu dua", "zero eight one two". */
const DIGIT_WORDS: Record<string, string> = {
  nol: "0",
  kosong: "0",
  satu: "1",
  dua: "2",
  tiga: "3",
  empat: "4",
  lima: "5",
  enam: "6",
  tujuh: "7",
  delapan: "8",
  sembilan: "9",
  zero: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
};
const DIGIT_WORD = new RegExp(Object.keys(DIGIT_WORDS).join("|"), "giu");
/** A word made only of digit words, written apart or glued ("noldelapan"). */
const SPELLED_DIGITS = new RegExp(`(?<![\\p{L}\\p{N}])(?:${DIGIT_WORD.source})+(?![\\p{L}\\p{N}])`, "giu");
const digitsOfWords = (words: string) => words.replace(DIGIT_WORD, (word) => DIGIT_WORDS[word.toLowerCase()]!);

/**
 * A number grouped in thousands with commas, as in English ("IDR 812,500,000.00"), read in the
 * Indonesian way (812.500.000,00), so the masking reads it as the amount it is and its commas are
 * not taken for separators between a phone's digit groups.
 */
// Masked digits (•) count as digits, so masked text reads as it did before masking.
const COMMA_THOUSANDS = /(?<![\p{N}•.,])[1-9•][\d•]{0,2}(?:,[\d•]{3})+(?:\.[\d•]{1,2})?(?![\p{N}•]|[.,][\d•])/gu;
const swapDotsAndCommas = (amount: string) => amount.replace(/[.,]/g, (sign) => (sign === "," ? "." : ","));

/**
 * Between two digits: a run of up to six characters that are neither letters nor digits. After a
 * masked digit too, so masked text reads as it did before masking. A • (the mask's own character)
 * is in the run alone between two digits ("0812 • 3456"), or right before a digit after a mask: no
 * mask is ever followed by a digit, so that • was a separator. (E-mail addresses are read and
 * masked before numbers, so an @ here is no address's.)
 */
const RUN_BETWEEN_DIGITS = /(?<=\d)(?:[^\p{L}\p{N}•]|(?<!•)•(?!•)){1,6}(?=\d)|(?<=•)(?:[^\p{L}\p{N}•]|•(?=\d)){1,6}(?=\d)/gu;
/**
 * The separators the number patterns of masking.ts read with care (a date's, an amount's, a
 * bracketed area code's, a NIK's line breaks): kept as written.
 */
const KNOWN_SEPARATOR = /^(?:[ \t]{1,3}|[.\-/_]| [-/] |(?: - |[ .-])?[()](?: - |[ .-])?(?:[()](?: - |[ .-])?)?|[ \t]*\r?\n[ \t]*)$/;

/** Any other run between two digits is a separator too, whatever it is made of: read as one space. */
const separatorOf = (run: string) => (KNOWN_SEPARATOR.test(run) ? null : " ");

/**
 * Spaces between two letters or digits that each stand alone ("0 8 1 2", "(6 2 8", "b u d i"):
 * dropped, so the run reads as one word. Signs stay apart: " - " between digit groups is a separator.
 * A masked character (•) counts as a letter, so masking never makes a character stand alone.
 */
const SPACE_BETWEEN_SINGLES = /(?<=(?:^|[^\p{L}\p{N}•])[\p{L}\p{N}•])[ \t]+(?=[\p{L}\p{N}•](?:[^\p{L}\p{N}•]|$))/gu;

/**
 * The reading in which numbers are looked for: decoded and normalised, digits spelled out read as
 * digits, any separator between digit groups read as a space, spaced-out characters read together.
 */
export function readForNumbers(original: string): Reading {
  let reading = decode(original, false);
  reading = rewrite(reading, COMMA_THOUSANDS, swapDotsAndCommas);
  reading = rewrite(reading, SPELLED_DIGITS, digitsOfWords);
  reading = rewrite(reading, RUN_BETWEEN_DIGITS, separatorOf);
  return rewrite(reading, SPACE_BETWEEN_SINGLES, "");
}

/** The signs of an address's local part besides letters and digits (RFC 5322 atext, and the dot). */
const RFC_PUNCT = "!#$%&'*+/=?^_`{|}~.\\-";
const OPEN = "[\\[({<]";
const CLOSE = "[\\])}>]";
const SPACES = "[ \\t]*";
/**
 * What may wrap a spelled-out sign: up to six of anything but letters, digits, line breaks and the
 * signs already read (six: NFKC makes two to four characters of some symbols, "∭" is "∫∫∫").
 */
const WRAP = `[^\\p{L}\\p{N}\\p{M}\\n@${SPELLED_AT}${SPELLED_DI}${DISGUISED_DOT}]{1,6}`;
/** A domain with a dot in it ahead: "@gmail.com", not a handle ("@kuasa_id"). */
const DOTTED_DOMAIN_AHEAD = "(?=[\\p{L}\\p{N}][\\p{L}\\p{N}\\-]*(?:\\.[\\p{L}\\p{N}\\-]+)*\\.\\p{L})";
/**
 * `[at]`, `(at)`, `{ at }`, `<@>`, and spaces around a plain `@`: on both sides, after it, or
 * before it when a dotted domain follows (so "akun @kuasa_id", a handle, stays apart).
 */
const BRACKETED_AT = new RegExp(
  `${SPACES}${OPEN}${SPACES}(?:at|@)${SPACES}${CLOSE}${SPACES}|[ \\t]+@[ \\t]+|@[ \\t]+|[ \\t]+@${DOTTED_DOMAIN_AHEAD}`,
  "giu",
);
/**
 * A word between two words, wrapped in spaces or any symbols ("budi at gmail", "budi*at*gmail"),
 * unless it is in the domain after an `@` ("a@a-at-0.id"), the word after it runs into an `@` (then
 * it starts an address's local part: "di-0@aa.id") or is itself a wrapped at (then this one ends
 * the local part: "budi_at AT gmail").
 */
const wordBetweenWords = (word: string) =>
  new RegExp(
    `(?<=[\\p{L}\\p{N}])(?<!@[\\p{L}\\p{N}\\-.]*)${WRAP}${word}${WRAP}(?=[\\p{L}\\p{N}])(?![\\p{L}\\p{N}\\p{M}${RFC_PUNCT}]*@)(?!(?:at|di)${WRAP}[\\p{L}\\p{N}])`,
    "giu",
  );
const WORD_AT = wordBetweenWords("at");
/** Read after "at", so that a local part ending in "di" ("tmb_di at …") is not taken for one. */
const WORD_DI = wordBetweenWords("di");
/** `[dot]`, `(titik)`, `{.}`: anywhere in an address. */
const BRACKETED_DOT = new RegExp(`${SPACES}${OPEN}${SPACES}(?:dot|titik|\\.)${SPACES}${CLOSE}${SPACES}`, "giu");
/** A dot spelled out and wrapped in spaces or any symbols ("gmail titik com", "gmail*dot*com"), or a dot with spaces before it ("gmail . com"). */
const DOT_BETWEEN_LABELS = `(?:${WRAP}(?:dot|titik)${WRAP}|[ \\t]+\\.[ \\t]*)`;
const ANY_AT = `[@${SPELLED_AT}${SPELLED_DI}]`;
const ANY_DOT = `[.${DISGUISED_DOT}]`;
/**
 * A dot in disguise: only in a domain, after an at, where it cannot glue an address to the words or
 * numbers before it; or between words of a local part that an at follows ("budi titik santoso di …").
 */
const SPELLED_OUT_DOT = new RegExp(
  // The lookahead first: the lookbehind reads back over the whole domain, so it runs only before a dot.
  `(?=${DOT_BETWEEN_LABELS})(?<=${ANY_AT}(?:[\\p{L}\\p{N}\\-]+(?:${ANY_DOT}|${DOT_BETWEEN_LABELS}))*[\\p{L}\\p{N}\\-]*[\\p{L}\\p{N}])${DOT_BETWEEN_LABELS}(?=[\\p{L}\\p{N}])` +
    `|(?<=[\\p{L}\\p{N}])${DOT_BETWEEN_LABELS}(?=[\\p{L}\\p{N}_\\-+]+(?:${ANY_DOT}[\\p{L}\\p{N}_\\-+]+)*${ANY_AT})`,
  "giu",
);

/**
 * The reading in which e-mail addresses are looked for: decoded and normalised, spaced-out
 * characters read together (not the number reading's separators: a local part may hold digits and
 * signs), with the signs' bracketed, wrapped and spelled-out forms read as the signs: a bracketed at
 * as `@`, a word as SPELLED_AT or SPELLED_DI, a dot in disguise as DISGUISED_DOT.
 */
export function readForEmails(original: string): Reading {
  let reading = rewrite(decode(original, true), SPACE_BETWEEN_SINGLES, "");
  reading = rewrite(reading, BRACKETED_AT, "@");
  reading = rewrite(reading, WORD_AT, SPELLED_AT);
  reading = rewrite(reading, WORD_DI, SPELLED_DI);
  reading = rewrite(reading, BRACKETED_DOT, DISGUISED_DOT);
  return rewrite(reading, SPELLED_OUT_DOT, DISGUISED_DOT);
}
