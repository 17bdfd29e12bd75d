/**
 * ai_legal_advice: the agent presents its own answer as legal advice: it gives legal advice itself,
 * calls its answer legal advice, claims to be the client's lawyer, or says that no lawyer is needed
 * because its answer is enough. Legal advice comes from a practitioner.
 */
import type { RuleFinding } from "./content-rules";
import { hitsWithin, negated, ownStatement } from "./context";
import { type Advice, clausesOf, finding } from "./findings";
import { compile, type Languages } from "./lexicon";
import { type Reading, type Sentence, type Span, spanAt, wordsBetween } from "./reading";

const LEGAL_ADVICE = compile({
  id: [
    "nasihat hukum",
    "nasehat hukum",
    "saran hukum",
    "advis hukum",
    "advice hukum",
    "konsultasi hukum",
    "pendapat hukum",
    "opini hukum",
    "rekomendasi hukum",
    "nasihat legal",
    "pendampingan hukum",
    "nasihat yang mengikat secara hukum",
    "nasihat advokat",
    "nasehat advokat",
    "nasihat pengacara",
    "nasehat pengacara",
    "saran advokat",
    "saran pengacara",
    "pendapat advokat",
    "arahan hukum",
    "bimbingan hukum",
    "petunjuk hukum",
    "panduan hukum",
    "nasihat hukum resmi",
    "pegangan hukum",
    "dasar hukum yang bisa dipegang",
  ],
  en: [
    "legal advice",
    "legal advise",
    "legal counsel",
    "legal opinion",
    "legal counseling",
    "legal counselling",
    "legal consultation",
    "legal guidance",
    "legal recommendation",
    "legal recommendations",
    "professional legal advice",
    "legal opinions",
    "legally binding advice",
    "lawyer's advice",
    "attorney's advice",
    "advice from a lawyer",
    "advice of a lawyer",
    "legal direction",
    "legal instructions",
    "legal answer",
    "professional advice",
    "counsel's advice",
  ],
});

/** The agent speaking of itself. */
const SELF = compile({
  id: [
    "saya",
    "aku",
    "ai",
    "kecerdasan buatan",
    "asisten",
    "asisten ai",
    "asisten virtual",
    "asisten digital",
    "chatbot",
    "bot",
    "agen",
    "agen ai",
    "model bahasa",
    "sistem ini",
    "sistem kami",
  ],
  en: [
    "i",
    "i'm",
    "i'll",
    "i've",
    "me",
    "ai",
    "a.i",
    "artificial intelligence",
    "assistant",
    "ai assistant",
    "virtual assistant",
    "chatbot",
    "bot",
    "agent",
    "ai agent",
    "language model",
    "this system",
  ],
});

/** Words that may stand between the agent and its verb: "saya dapat langsung memberikan". */
const AUXILIARIES = compile({
  id: [
    "akan",
    "dapat",
    "bisa",
    "mampu",
    "ingin",
    "mau",
    "hendak",
    "siap",
    "sudah",
    "telah",
    "langsung",
    "juga",
    "di sini",
    "secara resmi",
    "sekarang",
    "sebagai ai",
    "ini",
    "anda",
  ],
  en: [
    "can",
    "will",
    "would",
    "could",
    "shall",
    "am able to",
    "able to",
    "happy to",
    "going to",
    "here to",
    "now",
    "also",
    "hereby",
    "officially",
    "am",
    "do",
    "ll",
  ],
});

const GIVE = compile({
  id: ["memberikan", "memberi", "berikan", "beri", "menyampaikan", "sampaikan", "kasih", "menawarkan", "menyediakan", "memberikan anda"],
  en: [
    "give",
    "giving",
    "gives",
    "provide",
    "providing",
    "provides",
    "offer",
    "offering",
    "offers",
    "render",
    "rendering",
    "share",
    "sharing",
    "dispense",
  ],
});

/** What may stand between the verb and the advice: "memberikan Anda nasihat hukum", "give you my legal advice". */
const OBJECT_FILLERS = compile({
  id: ["anda", "kepada anda", "kamu", "sebuah", "berupa", "resmi", "profesional", "langsung", "secara resmi", "lengkap"],
  en: [
    "you",
    "to you",
    "a",
    "an",
    "some",
    "my",
    "the",
    "official",
    "formal",
    "professional",
    "binding",
    "real",
    "proper",
    "actual",
    "personalised",
    "personalized",
  ],
});

/** The agent's answer, wherever it stands in the clause. */
const ANSWERS = compile({
  id: [
    /(?:jawaban|respons|balasan|penjelasan|analisis|tanggapan|uraian|saran|rekomendasi|pesan|tulisan|kesimpulan|percakapan|obrolan|chat|pendapat|penilaian)(?:\s+(?:saya|ini|di atas|berikut|kami|tersebut|ku|ai)){1,2}/,
    /(?:jawaban|penjelasan|saran|informasi|analisis|panduan|arahan)\s+yang\s+(?:saya|aku)\s+(?:berikan|sampaikan|tulis|tuliskan|jelaskan)(?:\s+(?:di atas|tadi|ini|kepada anda))?/,
    /(?:apa|semua|hal)\s+yang\s+(?:saya|aku)\s+(?:sampaikan|tulis|tuliskan|jelaskan|katakan|uraikan|berikan|jawab)(?:\s+(?:di atas|tadi|ini|di sini))?/,
  ],
  en: [
    /(?:this|my|the above|the following)\s+(?:ai\s+)?(?:answer|response|reply|explanation|analysis|message|information|advice|guidance|output|chat|conversation|conclusion|summary|recommendation|suggestion|opinion|view|assessment)/,
    /(?:the\s+)?(?:answer|answers|advice|guidance|information|explanation|analysis|steps)\s+(?:that\s+)?i(?:'ve|\s+have)?\s+(?:given|provided|written|shared|outlined)(?:\s+(?:you|here|above))?/,
    /(?:what|everything|all)\s+(?:that\s+)?i(?:\s+have|'ve)?\s+(?:said|written|wrote|told you|explained|shared|answered)(?:\s+(?:here|above|so far))?/,
  ],
});

/** "Anggap ...", "consider ...": what follows is called what comes after it, without a copula ("consider this answer binding legal advice"). */
const TREAT = compile({
  id: [
    "anggap",
    "anggaplah",
    "anggap saja",
    "jadikan",
    "gunakan",
    "pakai",
    "pegang",
    "peganglah",
    "jadikanlah",
    "andalkan",
    "percayai",
    "perlakukan",
    "pakailah",
    "gunakanlah",
    "anggaplah saja",
  ],
  en: ["consider", "treat", "take", "regard", "use", "think of", "rely on", "rely upon", "count on", "depend on", "go with", "act on"],
});

/** "Ini", "this", "berikut": the agent's answer only at the head of a clause ("layanan ini adalah ..." is the service). */
const BARE_THIS = compile({
  id: ["ini", "hal ini", "berikut", "berikut ini"],
  en: ["this", "here is", "here's", "what i said", "what i wrote", "the above"],
});

/** What a verb of treating may frame besides "ini"/"this": "take it as legal advice", "anggap semua itu nasihat hukum". */
const TREATED = compile({
  id: ["itu", "semua ini", "semua itu", "hal itu"],
  en: ["it", "all this", "all of this", "these", "everything above", "my words"],
});

const COPULAS = compile({
  id: [
    "adalah",
    "merupakan",
    "ialah",
    "sama dengan",
    "setara dengan",
    "berlaku sebagai",
    "bersifat",
    "termasuk",
    "dapat dianggap sebagai",
    "dapat dianggap",
    "bisa dianggap sebagai",
    "bisa dianggap",
    "dianggap sebagai",
    "anggap sebagai",
    "anggap saja sebagai",
    "dapat anda gunakan sebagai",
    "bisa anda gunakan sebagai",
    "dapat dijadikan",
    "jadikan",
    "jadikan sebagai",
    "gunakan sebagai",
    "pakai sebagai",
    "sebagai",
    "setara",
    "senilai dengan",
    "sebanding dengan",
    "sekelas dengan",
    "selevel dengan",
    "sama seperti",
    "sama halnya dengan",
    "berfungsi sebagai",
    "berlaku seperti",
    "bisa dipegang sebagai",
    "dapat dipegang sebagai",
    "bisa diandalkan sebagai",
    "dapat diandalkan sebagai",
    "sudah merupakan",
    "tak lain adalah",
  ],
  en: [
    "is",
    "constitutes",
    "counts as",
    "serves as",
    "amounts to",
    "qualifies as",
    "represents",
    "should be treated as",
    "should be considered",
    "can be treated as",
    "can be considered",
    "can be relied on as",
    "can be relied upon as",
    "as",
    "equals",
    "is equivalent to",
    "is as good as",
    "works as",
    "functions as",
    "stands as",
    "is the same as",
    "can serve as",
    "may be relied on as",
    "may be relied upon as",
    "doubles as",
    "is effectively",
    "is basically",
    "is essentially",
    "is your",
  ],
});

const LIKENINGS = compile({
  id: [
    "setara dengan",
    "sama dengan",
    "sebaik",
    "sama baiknya dengan",
    "menggantikan",
    "pengganti",
    "setara",
    "sebanding dengan",
    "senilai dengan",
    "sekelas",
    "selevel dengan",
    "tak kalah dari",
    "tidak kalah dari",
    "sama seperti",
    "sama bagusnya dengan",
    "seakurat",
  ],
  en: [
    "as good as",
    "equivalent to",
    "equal to",
    "same as",
    "just like",
    "replaces",
    "instead of",
    "equivalent of",
    "on par with",
    "no different from",
    "as reliable as",
    "comparable to",
    "just as good as",
    "the same as",
    "a substitute for",
    "in place of",
  ],
});

/** Legal advice said to come from a practitioner is what the rules want. */
const PRACTITIONER = compile({
  id: ["praktisi", "advokat", "pengacara", "notaris", "ppat", "konsultan hukum", "kuasa hukum", "ahli hukum", "profesional hukum"],
  en: [
    "practitioner",
    "practitioner's",
    "lawyer",
    "lawyer's",
    "attorney",
    "attorney's",
    "advocate",
    "notary",
    "counsel",
    "legal professional",
  ],
});

/** "Dari saya", "from your AI assistant", "nasihat hukum saya". */
const FROM_SELF = compile({
  id: [/(?:dari|oleh)\s+(?:saya|aku|ai|asisten|bot|chatbot|sistem ini|kecerdasan buatan|agen)/],
  en: [
    /(?:from|by)\s+(?:me|your ai|the ai|an ai|this ai|this assistant|the assistant|your assistant|your ai assistant|a bot|the bot|this bot|artificial intelligence)/,
  ],
});

const SELF_AS_ADVISER = compile({
  id: [
    /(?:saya|aku)(?:\s+(?:akan|bisa|dapat|siap))?(?:\s+(?:adalah|merupakan|ini|sebagai|bertindak sebagai|berperan sebagai|menjadi|jadi))?\s+(?:pengacara|advokat|kuasa hukum|penasihat hukum|konsultan hukum)(?:\s+(?:ai|virtual|digital|pribadi))?(?:\s+anda)?/,
    /anggap(?:lah)?(?:\s+saja)?\s+saya\s+(?:sebagai\s+)?(?:pengacara|advokat|kuasa hukum|penasihat hukum|konsultan hukum)/,
    /sebagai\s+(?:pengacara|advokat|kuasa hukum|penasihat hukum|konsultan hukum)\s+(?:ai|virtual|digital|robot)/,
    /sebagai\s+(?:pengacara|advokat|kuasa hukum|penasihat hukum|konsultan hukum)\s+anda\s{0,2},?\s{0,2}(?:saya|aku)/,
    /(?:pengacara|advokat|konsultan hukum|penasihat hukum)\s+(?:ai|virtual|digital|robot)\s+anda/,
  ],
  en: [
    /(?:i'm|i am|i act as|acting as|i serve as|i will act as|i'll act as)\s+(?:your\s+)?(?:ai\s+|virtual\s+|digital\s+|personal\s+)?(?:lawyer|attorney|advocate|legal adviser|legal advisor|legal counsel|counsel)/,
    /as\s+your\s+(?:ai\s+|virtual\s+|digital\s+|personal\s+)?(?:lawyer|attorney|advocate|legal adviser|legal advisor|legal counsel)/,
    /(?:ai|virtual|robot|digital)\s+(?:lawyer|attorney|advocate|legal adviser|legal advisor)/,
    /(?:consider|treat|think of)\s+me\s+(?:as\s+)?(?:your\s+)?(?:ai\s+|virtual\s+|personal\s+)?(?:lawyer|attorney|advocate|legal adviser|legal advisor|counsel)/,
  ],
});

/** "Anda tidak perlu pengacara", "you don't need a lawyer": a breach only beside the agent's own answer. */
const NO_LAWYER_NEEDED = compile({
  id: [
    /(?:tidak|tak|gak|nggak|ga)\s+(?:perlu|usah|butuh|memerlukan|membutuhkan)\s+(?:lagi\s+)?(?:menyewa\s+|menghubungi\s+|membayar\s+|(?:ber)?konsultasi\s+(?:ke|dengan)\s+|ke\s+)?(?:advokat|pengacara|praktisi|konsultan hukum|kuasa hukum|lawyer)/,
  ],
  en: [
    /(?:don't|do not|won't|will not|never|needn't|no need to)\s+(?:even\s+)?(?:need\s+|have\s+)?(?:to\s+)?(?:hire|consult|pay|see|call|talk to|get|use|need)?\s{0,2}(?:a\s+|an\s+)?(?:lawyer|attorney|advocate|practitioner|legal counsel)/,
    /no\s+need\s+for\s+(?:a\s+)?(?:lawyer|attorney|advocate|practitioner)/,
  ],
});

/** The agent's answer offered in a lawyer's place. */
const ANSWER_SUFFICES = compile({
  id: [
    /(?:saran|nasihat|nasehat|jawaban|penjelasan|arahan|panduan|analisis|informasi)\s+(?:saya|ku|ini|dari saya)(?:\s+[a-z]+){0,2}\s+(?:sudah\s+)?(?:cukup|memadai|mencakup semuanya|lengkap)/,
    /(?:cukup|ikuti saja|ikuti)\s+(?:saran|nasihat|nasehat|jawaban|penjelasan|arahan|panduan)\s+(?:saya|ku|ini)/,
    /(?:saya|jawaban saya|saran saya|ai|asisten ini)(?:\s+[a-z]+){0,2}\s+(?:menggantikan|pengganti|sebagai pengganti)\s+(?:advokat|pengacara|praktisi|konsultan hukum|nasihat hukum)/,
  ],
  en: [
    /(?:my|this)\s+(?:advice|answer|guidance|explanation|response|reply|analysis|summary|information)(?:\s+[a-z']+){0,2}\s+(?:is\s+)?(?:enough|sufficient|all you need|covers everything|has you covered)/,
    /(?:just\s+)?follow\s+my\s+(?:advice|guidance|instructions)/,
    /(?:i|my advice|my answer|this answer|this assistant)(?:\s+[a-z']+){0,2}\s+(?:replaces?|substitutes? for|as good as)\s+(?:a\s+)?(?:lawyer|attorney|advocate|practitioner|legal advice)/,
  ],
});

/** "Cukup", "enough": the agent's own answer said to be all the client needs. */
const ENOUGH = compile({
  id: [
    "cukup",
    "memadai",
    "sebagai gantinya",
    "mencakup semuanya",
    /(?:percayakan|serahkan|percaya)(?:\s+saja)?\s+(?:pada|kepada)\s+saya/,
    "sudah cukup",
    "tidak perlu yang lain",
    "andalkan saya",
  ],
  en: [
    "enough",
    "sufficient",
    "instead",
    "all you need",
    "covers everything",
    "has you covered",
    "trust me",
    "leave it to me",
    "rely on me",
    "count on me",
    "that's all you need",
  ],
});

const ADVICE: Advice = {
  message:
    "Menyajikan jawaban AI sebagai nasihat hukum. Nasihat hukum hanya diberikan oleh praktisi yang berwenang; jawaban agen adalah informasi umum.",
  suggestion:
    "Jawaban ini adalah informasi umum, bukan nasihat hukum; untuk nasihat hukum atas keadaan Anda, pesan layanan praktisi melalui Kuasa.",
  suggestionEn:
    "This is general information, not legal advice; for legal advice on your situation, order a practitioner's service through Kuasa.",
};

/** Words naming the agent in apposition: "from me, the assistant,", "dari saya, asisten Anda,". */
const APPOSITIONS = compile({ id: ["selaku", "sebagai", "anda", "yang", "ini"], en: ["the", "your", "as", "here", "above"] });

/** Words that say who gave the advice ("dari", "oleh", "by", "prepared by"). */
const ATTRIBUTION = compile({
  id: ["dari", "oleh", "disusun", "dibuat", "ditulis", "diberikan", "disampaikan", "milik"],
  en: ["from", "by", "of", "prepared", "written", "given", "provided"],
});

/**
 * Whether the advice is said to be a practitioner's: "pendapat hukum dari advokat", "pendapat hukum
 * praktisi", "the practitioner's legal opinion".
 */
function fromPractitioner(reading: Reading, part: Span, advice: Span, languages: Languages): boolean {
  const attributions = hitsWithin(reading, ATTRIBUTION[languages], part);
  return hitsWithin(reading, PRACTITIONER[languages], part).some((noun) => {
    if (noun.start < advice.end && advice.start < noun.end) return false;
    if (noun.end <= advice.start) return wordsBetween(reading, noun.end, advice.start) <= 2;
    const gap = wordsBetween(reading, advice.end, noun.start);
    return gap === 0 || (gap <= 5 && attributions.some((word) => word.start >= advice.end && word.end <= noun.start));
  });
}

/** Words in [from, to) are all of `allowed` (and spaces, commas): a few words at most. */
function onlyFillers(reading: Reading, from: number, to: number, allowed: readonly Span[]): boolean {
  if (to < from || wordsBetween(reading, from, to) > 6) return false;
  let rest = reading.lower.slice(from, to);
  for (const hit of [...allowed].sort((a, b) => b.start - a.start))
    if (hit.start >= from && hit.end <= to)
      rest = rest.slice(0, hit.start - from) + " ".repeat(hit.end - hit.start) + rest.slice(hit.end - from);
  return /^[\s,]*$/.test(rest);
}

function adviceClaims(reading: Reading, sentence: Sentence, part: Span, languages: Languages): Span[] {
  const found: Span[] = [];
  const advice = hitsWithin(reading, LEGAL_ADVICE[languages], part);
  if (advice.length > 0) {
    const selves = hitsWithin(reading, SELF[languages], part);
    const gives = hitsWithin(reading, GIVE[languages], part);
    const auxiliaries = hitsWithin(reading, AUXILIARIES[languages], part);
    const fillers = hitsWithin(reading, OBJECT_FILLERS[languages], part);
    const answers = hitsWithin(reading, ANSWERS[languages], part);
    const bare = hitsWithin(reading, BARE_THIS[languages], part);
    const copulas = hitsWithin(reading, COPULAS[languages], part);
    const likenings = hitsWithin(reading, LIKENINGS[languages], part);
    const treats = hitsWithin(reading, TREAT[languages], part);
    // "Take this as legal advice", "anggap ini nasihat hukum": "this" framed by a verb of treating, wherever the clause opens.
    const framed = [...bare, ...hitsWithin(reading, TREATED[languages], part)].filter((head) =>
      treats.some((verb) => verb.end <= head.start && wordsBetween(reading, verb.end, head.start) === 0),
    );
    const fromSelves = hitsWithin(reading, FROM_SELF[languages], part);
    const appositions = hitsWithin(reading, APPOSITIONS[languages], part);
    for (const phrase of advice) {
      // "Setara dengan nasihat hukum advokat": the answer likened to a practitioner's advice is the breach itself.
      const likened =
        likenings.some((word) => word.end <= phrase.start && wordsBetween(reading, word.end, phrase.start) <= 1) ||
        treats.some((verb) => verb.end <= phrase.start && wordsBetween(reading, verb.end, phrase.start) <= 5);
      if (!likened && fromPractitioner(reading, part, phrase, languages)) continue;
      // The agent gives it: "saya memberikan nasihat hukum", "I can give you legal advice".
      const give = gives.find((verb) => verb.end <= phrase.start && onlyFillers(reading, verb.end, phrase.start, fillers));
      const self = give && selves.find((who) => who.end <= give.start && onlyFillers(reading, who.end, give.start, auxiliaries));
      // It is the answer: "jawaban saya ini adalah nasihat hukum", "this is legal advice".
      const copula = copulas.find((word) => word.end <= phrase.start && onlyFillers(reading, word.end, phrase.start, fillers));
      const clause = spanAt(sentence.clauses, copula?.start ?? phrase.start);
      const opensClause = (head: Span) =>
        /^[\s"'(]*(?:(?:jadi|nah|ok|so|and|dan|singkatnya|in short)[\s,]+)?$/.test(reading.lower.slice(clause.start, head.start));
      // "This answer from me, the assistant, constitutes ...": the agent named beside its answer.
      const beside = [...auxiliaries, ...selves, ...fromSelves, ...appositions];
      const withCopula =
        copula &&
        [...answers, ...bare.filter(opensClause), ...framed].find(
          (head) => head.end <= copula.start && onlyFillers(reading, head.end, copula.start, beside),
        );
      // Without a copula: "ini nasihat hukum ...", "consider this answer binding legal advice".
      const withoutCopula = [
        ...answers.filter((head) => treats.some((verb) => verb.end <= head.start && onlyFillers(reading, verb.end, head.start, fillers))),
        ...bare.filter(opensClause),
        ...framed,
      ].find((head) => head.end <= phrase.start && onlyFillers(reading, head.end, phrase.start, fillers));
      const answer = withCopula ?? withoutCopula;
      // It comes from the agent: "nasihat hukum dari saya", "legal advice from your AI assistant", "nasihat hukum saya", "my legal advice".
      const after = reading.lower.slice(phrase.end, Math.min(part.end, phrase.end + 40));
      const before = reading.lower.slice(Math.max(part.start, phrase.start - 32), phrase.start);
      const fromSelf = hitsWithin(reading, FROM_SELF[languages], { start: phrase.end, end: phrase.end + after.length }).some(
        (hit) => wordsBetween(reading, phrase.end, hit.start) <= 1,
      );
      const mine =
        /(?:^|\s)my\s+(?:(?:official|formal|professional|binding|personal|own|expert|real)\s+){0,2}$/.test(before) ||
        (languages !== "en" && /^\s{1,3}(?:(?:resmi|profesional|pribadi)\s{1,3})?(?:saya|ku)(?![\p{L}])/u.test(after));
      const start = self?.start ?? answer?.start ?? phrase.start;
      if (!self && !answer && !fromSelf && !mine) continue;
      if (negated(reading, spanAt(sentence.clauses, start), phrase.end)) continue;
      found.push({ start, end: phrase.end });
    }
  }
  for (const hit of hitsWithin(reading, SELF_AS_ADVISER[languages], part))
    if (!negated(reading, spanAt(sentence.clauses, hit.start), hit.end)) found.push(hit);
  const suffices = hitsWithin(reading, ANSWER_SUFFICES[languages], part);
  for (const hit of suffices) if (!negated(reading, spanAt(sentence.clauses, hit.start), hit.end)) found.push(hit);
  return found;
}

/**
 * "Anda tidak perlu pengacara (untuk kasus ini)" said flat, or beside the agent's own answer said to be
 * enough. Said of a procedure ("... untuk mendirikan PT Perorangan") it is a fact of the law.
 */
const NOTHING_MORE =
  /^[\s.!]{0,6}(?:(?:lagi|sama sekali|at all|anymore|(?:untuk|dalam|buat|for|in|on)\s{1,3}(?:(?:kasus|masalah|perkara|urusan|sengketa|hal|case|matter|issue|dispute)\s{1,3})?(?:ini|itu|anda|tersebut|this|that|it|your|yours)(?:\s{1,3}(?:kasus|perkara|masalah|case|matter|issue|dispute|one))?)[\s.!]{0,6})?$/;

function noLawyerNeeded(reading: Reading, sentence: Sentence, languages: Languages): Span[] {
  const hits = hitsWithin(reading, NO_LAWYER_NEEDED[languages], sentence);
  if (hits.length === 0) return [];
  const answerSuffices =
    hitsWithin(reading, ANSWER_SUFFICES[languages], sentence).length > 0 ||
    (hitsWithin(reading, SELF[languages], sentence).length > 0 && hitsWithin(reading, ENOUGH[languages], sentence).length > 0);
  const found: Span[] = [];
  for (const hit of hits) {
    const clause = spanAt(sentence.clauses, hit.start);
    const flat = NOTHING_MORE.test(reading.lower.slice(hit.end, clause.end));
    if ((answerSuffices || flat) && !negated(reading, clause, hit.start, [hit])) found.push(hit);
  }
  return found;
}

export function aiLegalAdvice(reading: Reading, languages: Languages): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const sentence of reading.sentences) {
    const spans = [
      ...sentence.parts.flatMap((part) => adviceClaims(reading, sentence, part, languages)),
      ...noLawyerNeeded(reading, sentence, languages),
    ];
    for (const span of spans)
      if (ownStatement(reading, sentence, span.start))
        findings.push(finding(reading, "ai_legal_advice", clausesOf(sentence, span.start, span.end), ADVICE));
  }
  return findings;
}
