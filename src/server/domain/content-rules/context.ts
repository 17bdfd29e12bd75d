/**
 * What makes a phrase that looks like a breach say something else: a negation in its clause, a
 * hedge, a condition, a question, reported speech or a quotation, a statement of the law. Every
 * list holds both languages whatever the caller named: reading a disclaimer too well can only
 * spare a finding.
 */
import { compileBoth } from "./lexicon";
import { hitsIn, type Reading, type Sentence, type Span, spanAt, spansWithin } from "./reading";

const NEGATORS = compileBoth({
  id: [
    "tidak",
    "tak",
    "bukan",
    "belum",
    "tanpa",
    "jangan",
    "tiada",
    "enggak",
    "nggak",
    "gak",
    "ndak",
    "tdk",
    "bkn",
    "blm",
    // Forbidding and avoiding a statement negates it too ("advokat dilarang menjanjikan kemenangan").
    "dilarang",
    "melarang",
    "larangan",
    "hindari",
    "hindarilah",
    "menghindari",
  ],
  en: [
    "not",
    "no",
    "never",
    "cannot",
    "can't",
    "cant",
    "don't",
    "dont",
    "doesn't",
    "doesnt",
    "won't",
    "wont",
    "isn't",
    "aren't",
    "wasn't",
    "weren't",
    "shouldn't",
    "wouldn't",
    "couldn't",
    "didn't",
    "none",
    "neither",
    "nor",
    "without",
    "unable",
    "nothing",
    "nobody",
    "no one",
    "prohibited",
    "prohibits",
    "forbidden",
    "forbids",
    "banned",
    "avoid",
    "avoiding",
  ],
});

/** Phrases with a negative word that negate nothing a rule reads ("tidak lebih dari 3 hari" is a deadline, "No. 18" a number). */
const NOT_NEGATING = compileBoth({
  id: [
    "tidak hanya",
    "bukan hanya",
    "bukan saja",
    "tidak saja",
    "tidak perlu khawatir",
    "tidak usah khawatir",
    "tak perlu khawatir",
    "jangan khawatir",
    "jangan cemas",
    "jangan ragu",
    "tidak perlu ragu",
    "tanpa ragu",
    "tanpa ragu-ragu",
    "tidak diragukan",
    "tak diragukan",
    "tidak lebih dari",
    "tidak lebih lama dari",
    "tidak sampai",
    "paling tidak",
    "tidak lain",
    "tidak kurang dari",
    "tanpa kecuali",
    "tanpa terkecuali",
  ],
  en: [
    "not only",
    "no doubt",
    "without doubt",
    "without a doubt",
    "don't worry",
    "do not worry",
    "no need to worry",
    "never mind",
    "without exception",
    "no later than",
    "not later than",
    "no more than",
    "not more than",
    "no longer than",
    "not longer than",
    /no\.?\s{0,3}\d/,
  ],
});

/** Words that make a statement an estimate or a chance, not a promise. */
const HEDGES = compileBoth({
  id: [
    "mungkin",
    "kemungkinan",
    "bisa jadi",
    "berpeluang",
    "peluang",
    "diharapkan",
    "harapannya",
    "semoga",
    "mudah-mudahan",
    "biasanya",
    "umumnya",
    "pada umumnya",
    "lazimnya",
    "rata-rata",
    "perkiraan",
    "estimasi",
    "diperkirakan",
    "kira-kira",
    "sekitar",
    "kurang lebih",
    "tergantung",
    "bergantung",
    "berpotensi",
    "target",
    "ditargetkan",
    "upaya",
    "berupaya",
    "berusaha",
    "mengupayakan",
    "bisa",
    "dapat",
    "cenderung",
    "insyaallah",
    "insya allah",
  ],
  en: [
    "may",
    "might",
    "could",
    "can",
    "likely",
    "unlikely",
    "possibly",
    "probably",
    "perhaps",
    "chance",
    "chances",
    "hope",
    "hopefully",
    "expected",
    "expect",
    "estimate",
    "estimated",
    "approximately",
    "around",
    "roughly",
    "about",
    "typically",
    "usually",
    "generally",
    "normally",
    "on average",
    "depends",
    "depending",
    "depend",
    "aim",
    "aims",
    "target",
    "strive",
    "try",
    "tend",
    "tends",
  ],
});

/** Words of a condition proper ("jika", "if"), not of time ("setelah", "once"): a deadline counted from an event is still a deadline. */
const SUPPOSITION_WORDS = {
  id: [
    "jika",
    "jikalau",
    "apabila",
    "bila",
    "bilamana",
    "kalau",
    "kalaupun",
    "seandainya",
    "andaikan",
    "andai",
    "asalkan",
    "dengan syarat",
    "dalam hal",
  ],
  en: ["if", "unless", "provided", "providing", "in case", "in the event", "subject to", "assuming", "as long as"],
};
const SUPPOSITIONS = compileBoth(SUPPOSITION_WORDS);

/** Words that put a statement under a condition or after an event ("jika hakim mengabulkan ...", "once DJKI approves ..."). */
const CONDITIONS = compileBoth({
  id: [...SUPPOSITION_WORDS.id, "sepanjang", "manakala", "setelah", "sesudah", "ketika", "begitu"],
  en: [...SUPPOSITION_WORDS.en, "once", "when", "whenever", "after"],
});

/** Asking, hoping, wanting, and what someone else says or believes: the words after them are not the agent's promise. */
const REPORTED = compileBoth({
  id: [
    "bertanya",
    "menanyakan",
    "ditanyakan",
    "tanya",
    "meminta",
    "minta",
    "memohon",
    "mohon agar",
    "berharap",
    "mengharapkan",
    "ingin tahu",
    "ingin mengetahui",
    "ingin memastikan",
    "menginginkan",
    "menuntut",
    "petitum",
    "apakah",
    "menurut klien",
    /(?:klien|pelanggan|pengguna|penggugat|tergugat|pemohon|lawan|mereka|dia|beliau|ia|kompetitor|pesaing|iklan|situs|orang)(?:\s+[a-z]+){0,2}\s+(?:bilang|berkata|mengatakan|menulis|menyebut|mengklaim|mengira|menganggap|yakin|percaya|merasa|ingin|mau)/,
  ],
  en: [
    "asked",
    "asks",
    "ask",
    "asking",
    "wonder",
    "wonders",
    "wondered",
    "wondering",
    "want to know",
    "wants to know",
    "wanted to know",
    "hope",
    "hopes",
    "hoped",
    "hoping",
    "request",
    "requests",
    "requested",
    "wish",
    "wishes",
    "seeks",
    "seeking",
    "expects",
    "expecting",
    "whether",
    "according to the client",
    /(?:client|customer|user|claimant|plaintiff|defendant|applicant|they|he|she|competitor|competitors|ad|advert|website|someone|people)(?:\s+[a-z']+){0,2}\s+(?:said|says|wrote|writes|claims|claimed|thinks|thought|believes|believed|assumes|feels|told|tells|wants|wanted|expects)/,
  ],
});

/** A statement said to be wrong ("klaim bahwa ... tidak benar", "... is a myth"): the sentence refutes what it holds. */
const REFUTED = compileBoth({
  id: [
    "tidak benar",
    "keliru",
    "tidak tepat",
    "adalah mitos",
    "merupakan mitos",
    "menyesatkan",
    "klaim bahwa",
    "anggapan bahwa",
    "mitos bahwa",
  ],
  en: [
    "is not true",
    "is untrue",
    "is false",
    "is wrong",
    "is a myth",
    "is misleading",
    "the claim that",
    "the idea that",
    "the myth that",
  ],
});

/** Words around a quotation that make it an example or a quoted phrase, not the agent's statement. */
const QUOTING = compileBoth({
  id: [
    "contoh",
    "contohnya",
    "misalnya",
    "kalimat",
    "frasa",
    "istilah",
    "ungkapan",
    "kata",
    "bilang",
    "berkata",
    "mengatakan",
    "menulis",
    "tulis",
    "tanya",
  ],
  en: ["example", "for example", "such as", "sentence", "phrase", "wording", "words", "term", "said", "says", "wrote", "asked", "asks"],
});

/** Words of the law itself: a statement citing or stating a rule is legal information, not a promise. */
const NORMS = compileBoth({
  id: [
    "pasal",
    "ayat",
    "uu",
    "undang-undang",
    "pp",
    "perpres",
    "permen",
    "permenkum",
    "perma",
    "sema",
    "peraturan",
    "ketentuan",
    "kuhperdata",
    "kuh perdata",
    "kuhp",
    "kuhap",
    "hir",
    "diatur",
    "mengatur",
    "wajib",
    "diwajibkan",
    "harus",
    "secara hukum",
    "menurut hukum",
  ],
  en: [
    "article",
    "law",
    "regulation",
    "regulations",
    "statute",
    "act",
    "must",
    "is required",
    "are required",
    "required to",
    "obliged",
    "by law",
  ],
});

const cache = new WeakMap<Reading, Map<RegExp, Span[]>>();

/** Every hit of a whole-text pattern, read once per text. */
function allHits(reading: Reading, pattern: RegExp): Span[] {
  let byPattern = cache.get(reading);
  if (!byPattern) cache.set(reading, (byPattern = new Map()));
  let hits = byPattern.get(pattern);
  if (!hits) byPattern.set(pattern, (hits = hitsIn(reading, pattern)));
  return hits;
}

export const hitsWithin = (reading: Reading, pattern: RegExp, span: Span): Span[] => spansWithin(allHits(reading, pattern), span);

const anyWithin = (reading: Reading, pattern: RegExp, span: Span): boolean => hitsWithin(reading, pattern, span).length > 0;

const inside = (spans: readonly Span[], at: Span) => spans.some((span) => at.start >= span.start && at.end <= span.end);

/**
 * Whether a negation stands in `clause` before `upTo` (from the clause's start: "kami tidak dapat
 * menjamin hasil perkara", "kemenangan tidak dijamin"), leaving out phrases that negate nothing and
 * `own`, the spans of a pattern whose negation is part of the breach ("tidak mungkin kalah").
 */
export function negated(reading: Reading, clause: Span, upTo: number, own: readonly Span[] = []): boolean {
  const scope = { start: clause.start, end: upTo };
  const ignored = hitsWithin(reading, NOT_NEGATING, clause);
  return hitsWithin(reading, NEGATORS, scope).some((hit) => !inside(ignored, hit) && !inside(own, hit));
}

/** A negation in the clause of `from`, before `upTo`, where the phrase spans several clauses. */
export const negatedFrom = (reading: Reading, sentence: Sentence, from: number, upTo: number, own: readonly Span[] = []): boolean =>
  negated(reading, spanAt(sentence.clauses, from), upTo, own);

export const hedged = (reading: Reading, span: Span): boolean => anyWithin(reading, HEDGES, span);

export const conditional = (reading: Reading, span: Span): boolean => anyWithin(reading, CONDITIONS, span);

export const supposed = (reading: Reading, span: Span): boolean => anyWithin(reading, SUPPOSITIONS, span);

export const normative = (reading: Reading, span: Span): boolean => anyWithin(reading, NORMS, span);

/** Asked, hoped for or said by someone else: a reporting word before `at`, in its sentence since the last semicolon. */
function reported(reading: Reading, sentence: Sentence, at: number): boolean {
  const semicolon = reading.lower.lastIndexOf(";", at - 1);
  return anyWithin(reading, REPORTED, { start: Math.max(sentence.start, semicolon + 1), end: at });
}

const quotationsBySentence = new WeakMap<Sentence, Span[]>();

/** The quotations of a sentence: between double quotation marks, or single ones that open and close at word edges. */
function quotations(reading: Reading, sentence: Sentence): Span[] {
  const known = quotationsBySentence.get(sentence);
  if (known) return known;
  const spans: Span[] = [];
  quotationsBySentence.set(sentence, spans);
  const doubles: number[] = [];
  for (let i = sentence.start; i < sentence.end; i++) if (reading.lower[i] === '"') doubles.push(i);
  for (let i = 0; i + 1 < doubles.length; i += 2) spans.push({ start: doubles[i]!, end: doubles[i + 1]! + 1 });
  const singles = /(?<![\p{L}\p{N}])'[^'\n]{1,200}'(?![\p{L}\p{N}])/gu;
  for (const match of reading.lower.slice(sentence.start, sentence.end).matchAll(singles))
    spans.push({ start: sentence.start + match.index, end: sentence.start + match.index + match[0].length });
  return spans;
}

/** Inside a quotation in a sentence that says whose words or what example they are (a reporting or quoting word outside it). */
function quoted(reading: Reading, sentence: Sentence, at: number): boolean {
  const quotation = quotations(reading, sentence).find((span) => at > span.start && at < span.end);
  if (!quotation) return false;
  const outside = (hit: Span) =>
    hit.start >= sentence.start && hit.end <= sentence.end && (hit.end <= quotation.start || hit.start >= quotation.end);
  return hitsWithin(reading, REPORTED, sentence).some(outside) || hitsWithin(reading, QUOTING, sentence).some(outside);
}

/** Whether the sentence around `at` speaks for itself: not a question, not reported or quoted, not refuted. */
export const ownStatement = (reading: Reading, sentence: Sentence, at: number): boolean =>
  !sentence.question && !reported(reading, sentence, at) && !quoted(reading, sentence, at) && !anyWithin(reading, REFUTED, sentence);
