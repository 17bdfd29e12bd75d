/**
 * How the masking module reads text before it looks for contact data: as a person would read it,
 * whatever was done to get it past a filter. Percent escapes (`%40`) and HTML character references
 * (`&#64;`, `&commat;`) are decoded, every character is put in Unicode NFKC form (full-width `＠`
 * and `．` become `@` and `.`), digits of any script are read as ASCII digits, any space as a space
 * and any dash as `-`; letters or digits spaced out one by one are read together. For e-mail
 * addresses, the spelled-out and bracketed forms of `@` and `.` are read as the signs.
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

function decodeEscape(text: string, at: number): { char: string; length: number } | null {
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

/** How one code point (already in NFKC form) is read: as one UTF-16 unit, ASCII where it has a plain meaning. */
function readCodePoint(char: string): string {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return char;
  if (/\p{Nd}/u.test(char)) return digitValue(code);
  if (/\p{Zs}/u.test(char)) return " ";
  if (/\p{Pd}/u.test(char)) return "-";
  return char.length === 1 ? char : "\ufffd";
}

/** The text decoded and normalised, character by character (see the module comment). */
function decode(original: string): Reading {
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
    const decoded = original[at] === "%" || original[at] === "&" ? decodeEscape(original, at) : null;
    const codePoint = String.fromCodePoint(original.codePointAt(at)!);
    const source = decoded?.char ?? codePoint;
    const length = decoded?.length ?? codePoint.length;
    for (const char of source.normalize("NFKC")) {
      text += readCodePoint(char);
      start.push(at);
      end.push(at + length);
    }
    at += length;
  }
  return { text, start, end };
}

/**
 * Rewrites every match of `pattern` (a global regex) in what is read: a replacement of one
 * character comes from all the original characters of the match; an empty one drops the match.
 */
function rewrite(reading: Reading, pattern: RegExp, replacement: string): Reading {
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
    if (to === from) continue;
    copy(copiedUpTo, from);
    if (replacement !== "") {
      text += replacement;
      start.push(reading.start[from]!);
      end.push(reading.end[to - 1]!);
    }
    copiedUpTo = to;
  }
  copy(copiedUpTo, reading.text.length);
  return { text, start, end };
}

/**
 * Spaces between two letters or digits that each stand alone ("0 8 1 2", "(6 2 8", "b u d i"):
 * dropped, so the run reads as one word. Signs stay apart: " - " between digit groups is a separator.
 * A masked character (•) counts as a letter, so masking never makes a character stand alone.
 */
const SPACE_BETWEEN_SINGLES = /(?<=(?:^|[^\p{L}\p{N}•])[\p{L}\p{N}•])[ \t]+(?=[\p{L}\p{N}•](?:[^\p{L}\p{N}•]|$))/gu;

/** The reading in which numbers are looked for: decoded, normalised, spaced-out characters read together. */
export function readForNumbers(original: string): Reading {
  return rewrite(decode(original), SPACE_BETWEEN_SINGLES, "");
}

const OPEN = "[\\[({<]";
const CLOSE = "[\\])}>]";
const SPACES = "[ \\t]*";
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
const SPELLED_OUT_AT = /[ \t]+at[ \t]+/giu;
/** `[dot]`, `(titik)`, `{.}`: anywhere in an address. */
const BRACKETED_DOT = new RegExp(`${SPACES}${OPEN}${SPACES}(?:dot|titik|\\.)${SPACES}${CLOSE}${SPACES}`, "giu");
/** A dot between two labels of a domain, spelled out or with spaces before it ("gmail . com", not "contoh.id. Kantor"). */
const DOT_BETWEEN_LABELS = "(?:[ \\t]+(?:dot|titik)[ \\t]+|[ \\t]+\\.[ \\t]*)";
/**
 * A spelled-out dot, or a dot with spaces before it ("gmail . com"): only in a domain, after an at,
 * where they cannot glue an address to the words or numbers before it.
 */
const SPELLED_OUT_DOT = new RegExp(
  // The lookahead first: the lookbehind reads back over the whole domain, so it runs only before a dot.
  `(?=${DOT_BETWEEN_LABELS})(?<=[@${SPELLED_AT}](?:[\\p{L}\\p{N}\\-]+(?:\\.|${DOT_BETWEEN_LABELS}))*[\\p{L}\\p{N}\\-]*[\\p{L}\\p{N}])${DOT_BETWEEN_LABELS}(?=[\\p{L}\\p{N}])`,
  "giu",
);

/**
 * The reading in which e-mail addresses are looked for: the number reading, with the signs'
 * bracketed and spelled-out forms read as the signs (a spelled-out `at` as SPELLED_AT).
 */
export function readForEmails(original: string): Reading {
  let reading = readForNumbers(original);
  reading = rewrite(reading, BRACKETED_AT, "@");
  reading = rewrite(reading, SPELLED_OUT_AT, SPELLED_AT);
  reading = rewrite(reading, BRACKETED_DOT, ".");
  return rewrite(reading, SPELLED_OUT_DOT, ".");
}
