/** Building findings: the excerpt of a breach, its message and suggestion, one finding per breach. */
import type { ContentRule, RuleFinding } from "./content-rules";
import { compileBoth } from "./lexicon";
import { type Reading, type Sentence, type Span, spanAt } from "./reading";

const ENGLISH_WORDS = compileBoth({
  id: [],
  en: ["the", "you", "your", "is", "are", "will", "we", "our", "and", "of", "to", "this", "that", "for", "with", "be", "not", "it"],
});
const INDONESIAN_WORDS = compileBoth({
  id: ["yang", "dan", "di", "ke", "anda", "kami", "akan", "untuk", "dengan", "ini", "itu", "tidak", "dari", "pada", "adalah", "bisa"],
  en: [],
});

function count(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  return [...text.matchAll(pattern)].length;
}

const englishSentences = new WeakMap<Sentence, boolean>();

/** Whether the sentence holding `at` reads as English: then a suggestion is given in English after the Indonesian. */
function inEnglish(reading: Reading, at: number): boolean {
  const sentence = reading.sentences.length > 0 ? spanAt(reading.sentences, at) : undefined;
  if (!sentence) return false;
  let english = englishSentences.get(sentence);
  if (english === undefined) {
    const text = reading.lower.slice(sentence.start, sentence.end);
    englishSentences.set(sentence, (english = count(ENGLISH_WORDS, text) > count(INDONESIAN_WORDS, text)));
  }
  return english;
}

/** The clauses of `sentence` from the one holding `from` to the one holding `to`: the excerpt of a finding. */
export function clausesOf(sentence: Sentence, from: number, to: number): Span {
  return { start: spanAt(sentence.clauses, from).start, end: spanAt(sentence.clauses, Math.max(from, to - 1)).end };
}

export interface Advice {
  message: string;
  /** In Indonesian. */
  suggestion: string;
  /** The same in English, added when the sentence is English. */
  suggestionEn?: string;
}

export function finding(reading: Reading, rule: ContentRule, span: Span, advice: Advice): RuleFinding {
  const english = advice.suggestionEn !== undefined && inEnglish(reading, span.start);
  return {
    rule,
    start: span.start,
    end: span.end,
    excerpt: reading.text.slice(span.start, span.end),
    message: advice.message,
    suggestion: english ? `${advice.suggestion} (EN: ${advice.suggestionEn})` : advice.suggestion,
  };
}

/**
 * One finding per breach: findings of one rule whose excerpts overlap become one, and so do those of
 * one rule in one sentence, but for prices, each of which has its own message.
 */
export function merged(findings: readonly RuleFinding[], reading: Reading): RuleFinding[] {
  const sorted = [...findings].sort((a, b) => a.start - b.start || b.end - a.end);
  const sentenceOf = (at: number) => (reading.sentences.length > 0 ? spanAt(reading.sentences, at).start : 0);
  const out: RuleFinding[] = [];
  // The last kept finding of each rule (and, but for prices, of each sentence): sorted by start, only it can overlap the next.
  const open = new Map<string, RuleFinding>();
  for (const next of sorted) {
    const key = next.rule === "off_catalog" ? next.rule : `${next.rule}@${sentenceOf(next.start)}`;
    const same = open.get(key);
    if (same && (next.start < same.end || next.rule !== "off_catalog")) {
      same.end = Math.max(same.end, next.end);
      same.excerpt = reading.text.slice(same.start, same.end);
      continue;
    }
    const kept = { ...next };
    out.push(kept);
    open.set(key, kept);
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
