import type { ContentLanguage } from "./content-rules";

/** Which languages' words a check reads: one of the two, or both when the caller named none. */
export type Languages = ContentLanguage | "both";

/**
 * A list of words and phrases per language. A string is a literal, written in lower case: a space
 * in it matches any run of spaces or hyphens ("kai certified" reads "KAI-certified"), a hyphen an
 * optional one. A RegExp is a pattern of its own (lower case, bounded quantifiers only).
 */
export type Words = Readonly<Record<ContentLanguage, readonly (string | RegExp)[]>>;

/** A compiled list: one global regular expression per choice of languages. */
export type Lexicon = Readonly<Record<Languages, RegExp>>;

const LETTER_BEFORE = "(?<![\\p{L}\\p{N}_])";
const LETTER_AFTER = "(?![\\p{L}\\p{N}_])";

function literal(phrase: string): string {
  return phrase
    .replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
    .replace(/-/g, "[\\s-]?")
    .replace(/ /g, "[\\s-]+");
}

/** The alternation of a list, longest phrases first so a longer phrase wins where two start together. */
function alternation(entries: readonly (string | RegExp)[]): string {
  const literals = entries
    .filter((entry): entry is string => typeof entry === "string")
    .sort((a, b) => b.length - a.length)
    .map(literal);
  const patterns = entries.filter((entry): entry is RegExp => entry instanceof RegExp).map((entry) => entry.source);
  return [...patterns, ...literals].join("|");
}

/** A global, Unicode regular expression for whole words of `entries`. */
export function wordPattern(entries: readonly (string | RegExp)[]): RegExp {
  return new RegExp(`${LETTER_BEFORE}(?:${alternation(entries)})${LETTER_AFTER}`, "gu");
}

export function compile(words: Words): Lexicon {
  return { id: wordPattern(words.id), en: wordPattern(words.en), both: wordPattern([...words.id, ...words.en]) };
}

/** Both languages' words in one list: for what must hold whichever language the caller named (negation, hedges). */
export function compileBoth(words: Words): RegExp {
  return wordPattern([...words.id, ...words.en]);
}
