/**
 * How the checker reads a text: a lower-case copy of the same length (so every index found in it is
 * an index into the text as sent), cut into sentences, each into clauses (at commas, colons,
 * semicolons, dashes and the words that open a clause of contrast, purpose or reason) and parts
 * (at semicolons and the words of contrast and purpose only). A claim's words are looked for
 * together within a part; a negation counts within its clause.
 */

export interface Span {
  start: number;
  end: number;
}

export interface Sentence extends Span {
  clauses: Span[];
  parts: Span[];
  /** Ends with a question mark, or opens with an Indonesian question word. */
  question: boolean;
}

export interface Reading {
  /** The text as sent. */
  text: string;
  /** The same text, one UTF-16 unit for one: lower case, typographic quotes, dashes and spaces made plain. */
  lower: string;
  sentences: Sentence[];
  /** wordsBefore[i]: how many words start before index i. */
  wordsBefore: Uint32Array;
}

const PLAIN: Record<string, string> = {};
for (const quote of "\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033\u301d\u301e") PLAIN[quote] = '"';
for (const apostrophe of "\u2018\u2019\u201a\u201b\u2032\u0060\u00b4") PLAIN[apostrophe] = "'";
for (const dash of "\u2010\u2011\u2012\u2013\u2014\u2015\u2212") PLAIN[dash] = "-";
for (const space of "\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000\t\f\v") PLAIN[space] = " ";

function lowerOf(text: string): string {
  let lower = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const plain = PLAIN[char] ?? char;
    const low = plain.toLowerCase();
    // A letter whose lower case is longer ("İ") stays as written: the copy keeps the text's length.
    lower += low.length === 1 ? low : plain;
  }
  return lower;
}

/** Words after which a full stop does not end a sentence ("No. 18", "Rp. 500.000", "Jl. Sudirman"). */
const ABBREVIATIONS = new Set([
  "no",
  "nos",
  "rp",
  "jl",
  "jln",
  "jend",
  "kav",
  "kel",
  "kec",
  "kab",
  "prov",
  "tbk",
  "pt",
  "cv",
  "dr",
  "drs",
  "dra",
  "prof",
  "ir",
  "sh",
  "mh",
  "mkn",
  "mr",
  "mrs",
  "ms",
  "st",
  "inc",
  "ltd",
  "co",
  "corp",
  "vs",
  "jo",
  "hlm",
  "psl",
  "yth",
  "bpk",
  "sdr",
  "sdri",
  "tgl",
  "thn",
  "art",
  "sec",
  "approx",
  "min",
  "maks",
  "max",
  "ca",
]);

const QUESTION_OPENERS =
  /^["'(\s]*(?:apakah|apa|bisakah|dapatkah|mungkinkah|benarkah|bolehkah|haruskah|maukah|sanggupkah|mampukah|bagaimana|berapa|kapan|mengapa|kenapa)(?![\p{L}\p{N}])/u;

const CLOSERS = /["')\]]/;

/** A statement with a tag ("murah, kan?", "right?"): it asks for agreement, it still says what it says. */
const TAG_QUESTION = /(?:,\s{0,3}|\s)(?:kan|bukan|ya|kan ya|betul|benar|right|ok|okay|isn't it|aren't they|don't you think|no)\s{0,3}\?+$/;

function sentenceEnds(text: string, lower: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  const close = (end: number) => {
    spans.push({ start, end });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "\n" || char === "\r") {
      close(i);
      continue;
    }
    if (char !== "." && char !== "!" && char !== "?" && char !== "\u2026") continue;
    let end = i + 1;
    while (end < text.length && (text[end] === "." || text[end] === "!" || text[end] === "?" || CLOSERS.test(lower[end]!))) end++;
    if (char === "." || char === "\u2026") {
      if (end < text.length && !/\s/.test(text[end]!)) continue;
      const word = /([\p{L}]+)$/u.exec(lower.slice(Math.max(0, i - 12), i))?.[1];
      if (word && (word.length === 1 || ABBREVIATIONS.has(word))) continue;
    }
    // A sentence goes on in lower case: after an abbreviation, or after a quoted question ("“Pasti menang?” tanya klien").
    const next = /\S/.exec(text.slice(end, end + 40));
    if (next && /\p{Ll}/u.test(next[0])) continue;
    close(end);
    i = end - 1;
  }
  close(text.length);
  return spans;
}

/** Words that open a clause of their own. */
const CLAUSE_OPENERS =
  /(?<![\p{L}\p{N}])(?:tetapi|tapi|namun|melainkan|sedangkan|padahal|meskipun|walaupun|meski|walau|biarpun|kendati|sehingga|agar|supaya|karena|sebab|but|however|whereas|although|though|while|so that|in order to|because|since)(?![\p{L}\p{N}])/gu;
/** The clause openers that also start a new part: contrast and purpose, not reason. */
const PART_OPENERS = new Set([
  "tetapi",
  "tapi",
  "namun",
  "melainkan",
  "sedangkan",
  "padahal",
  "meskipun",
  "walaupun",
  "meski",
  "walau",
  "biarpun",
  "kendati",
  "sehingga",
  "agar",
  "supaya",
  "but",
  "however",
  "whereas",
  "although",
  "though",
  "while",
  "so that",
  "in order to",
]);

function trimmed(text: string, span: Span): Span | null {
  let { start, end } = span;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return start < end ? { start, end } : null;
}

function cut(text: string, span: Span, at: readonly number[]): Span[] {
  const spans: Span[] = [];
  let start = span.start;
  for (const point of at) {
    if (point <= start || point >= span.end) continue;
    const piece = trimmed(text, { start, end: point });
    if (piece) spans.push(piece);
    start = point;
  }
  const last = trimmed(text, { start, end: span.end });
  if (last) spans.push(last);
  return spans;
}

function sentenceOf(text: string, lower: string, span: Span): Sentence {
  const slice = lower.slice(span.start, span.end);
  const clauseCuts: number[] = [];
  const partCuts: number[] = [];
  for (const mark of slice.matchAll(/[,;:](?=\s|$)|\s-\s/g)) {
    const at = span.start + mark.index + mark[0].length;
    clauseCuts.push(at);
    if (mark[0] === ";") partCuts.push(at);
  }
  for (const word of slice.matchAll(CLAUSE_OPENERS)) {
    const at = span.start + word.index;
    clauseCuts.push(at);
    if (PART_OPENERS.has(word[0].replace(/\s+/g, " "))) partCuts.push(at);
  }
  clauseCuts.sort((a, b) => a - b);
  partCuts.sort((a, b) => a - b);
  // Trimmed by a loop: a regular expression anchored at the end would try every start in a long run of spaces.
  let last = slice.length;
  while (last > 0 && /[\s"')\]]/.test(slice[last - 1]!)) last--;
  const tail = slice.slice(Math.max(0, last - 40), last);
  return {
    ...span,
    clauses: cut(text, span, clauseCuts),
    parts: cut(text, span, partCuts),
    question: (tail.endsWith("?") && !TAG_QUESTION.test(tail)) || QUESTION_OPENERS.test(slice),
  };
}

/** Whether the character at i goes on the word before it: after a letter, digit, apostrophe or hyphen, or a digit group's separator ("2.650.000"). */
function continuesWord(lower: string, i: number): boolean {
  const before = lower[i - 1]!;
  if (/[\p{L}\p{N}'-]/u.test(before)) return true;
  return (before === "." || before === ",") && i >= 2 && /\d/.test(lower[i - 2]!) && /\d/.test(lower[i]!);
}

export function read(text: string): Reading {
  const lower = lowerOf(text);
  const sentences = sentenceEnds(text, lower)
    .map((span) => trimmed(text, span))
    .filter((span): span is Span => span !== null)
    .map((span) => sentenceOf(text, lower, span));
  const wordsBefore = new Uint32Array(text.length + 1);
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    wordsBefore[i] = count;
    if (/[\p{L}\p{N}]/u.test(lower[i]!) && (i === 0 || !continuesWord(lower, i))) count++;
  }
  wordsBefore[text.length] = count;
  return { text, lower, sentences, wordsBefore };
}

/** How many words start in [from, to). */
export const wordsBetween = (reading: Reading, from: number, to: number): number =>
  to <= from ? 0 : reading.wordsBefore[to]! - reading.wordsBefore[from]!;

/** The span of sorted `spans` that holds `at` (the last one starting at or before it). */
export function spanAt<T extends Span>(spans: readonly T[], at: number): T {
  let low = 0;
  let high = spans.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (spans[middle]!.start <= at) low = middle;
    else high = middle - 1;
  }
  return spans[low]!;
}

/** The spans of sorted `spans` that lie within `outer`, found by halving: texts of 20,000 characters hold thousands of hits. */
export function spansWithin<T extends Span>(spans: readonly T[], outer: Span): T[] {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]!.start < outer.start) low = middle + 1;
    else high = middle;
  }
  const found: T[] = [];
  for (let i = low; i < spans.length && spans[i]!.start < outer.end; i++) if (spans[i]!.end <= outer.end) found.push(spans[i]!);
  return found;
}

/** Every match of a global pattern in the lower-case text within `span`. */
export function hitsIn(reading: Reading, pattern: RegExp, span: Span = { start: 0, end: reading.text.length }): Span[] {
  const hits: Span[] = [];
  pattern.lastIndex = 0;
  const slice = reading.lower.slice(span.start, span.end);
  for (const match of slice.matchAll(pattern)) {
    hits.push({ start: span.start + match.index, end: span.start + match.index + match[0].length });
  }
  return hits;
}
