/**
 * verification_claim: the agent says that all of Kuasa's practitioners (or all advocates) are
 * verified by, or members of, one particular bar organisation. Indonesian advocates belong to
 * several organisations; only the label on a practitioner's profile or a service says which.
 */
import type { RuleFinding } from "./content-rules";
import { hitsWithin, negated, ownStatement } from "./context";
import { type Advice, clausesOf, finding } from "./findings";
import { compile, type Languages, wordPattern } from "./lexicon";
import type { Reading, Span } from "./reading";
import { spansWithin, wordsBetween } from "./reading";

/**
 * Bar organisations of advocates, and of notaries and PPAT, each under one key: its abbreviation and
 * full name, and PERADI's factions apart. Proper names, read in both languages.
 */
const ORGANISATIONS: Readonly<Record<string, readonly (string | RegExp)[]>> = {
  peradi: [
    "peradi",
    "perhimpunan advokat indonesia",
    "indonesian bar association",
    "indonesia bar association",
    "indonesian advocates association",
    "indonesian advocates' association",
  ],
  peradi_sai: ["peradi sai", "peradi suara advokat indonesia"],
  peradi_rba: ["peradi rba", "peradi rumah bersama advokat"],
  kai: ["kai", "kongres advokat indonesia", "congress of indonesian advocates", "indonesian advocates congress"],
  ikadin: ["ikadin", "ikatan advokat indonesia", "indonesian advocates union"],
  aai: ["aai", "asosiasi advokat indonesia"],
  iphi: ["iphi", "ikatan penasihat hukum indonesia", "ikatan penasehat hukum indonesia"],
  hapi: ["hapi", "himpunan advokat dan pengacara indonesia", "himpunan advokat & pengacara indonesia"],
  spi: ["spi", "serikat pengacara indonesia"],
  akhi: ["akhi", "asosiasi konsultan hukum indonesia"],
  hkhpm: ["hkhpm", "himpunan konsultan hukum pasar modal"],
  apsi: ["apsi", "asosiasi pengacara syariah indonesia"],
  peradin: ["peradin", "persatuan advokat indonesia"],
  ferari: ["ferari", "federasi advokat republik indonesia"],
  ini: ["ikatan notaris indonesia", "indonesian notary association", "indonesian notaries association"],
  ippat: ["ippat", "ikatan pejabat pembuat akta tanah", "ikatan ppat"],
  // Not a name, but one organisation all the same.
  one_organisation: [
    "the bar association",
    "a single bar association",
    "one bar association",
    "satu organisasi advokat",
    "organisasi advokat yang sama",
    "organisasi advokat tunggal",
    "wadah tunggal",
  ],
};

/** INI is also "ini" (this): read only as written, in capitals. */
const INI_IN_CAPITALS = /(?<![\p{L}\p{N}])INI(?![\p{L}\p{N}])/gu;

const ORGANISATION_PATTERNS = Object.entries(ORGANISATIONS).map(([key, names]) => ({ key, pattern: wordPattern(names) }));

const PRACTITIONERS = compile({
  id: [
    "praktisi",
    "praktisi hukum",
    "advokat",
    "pengacara",
    "notaris",
    "ppat",
    "konsultan hukum",
    "kuasa hukum",
    "penasihat hukum",
    "ahli hukum",
    "mitra",
    "mitra hukum",
    "tim hukum",
    "tim advokat",
    "tim kami",
    "penasehat hukum",
    "profesional hukum",
    "tenaga hukum",
    "mitra advokat",
    "mitra praktisi",
    "jaringan advokat",
    "jaringan praktisi",
    "advokat mitra",
    "pengacara mitra",
    "notaris mitra",
    "ppat mitra",
    "konsultan",
  ],
  en: [
    "practitioner",
    "practitioners",
    "legal practitioner",
    "legal practitioners",
    "lawyer",
    "lawyers",
    "attorney",
    "attorneys",
    "advocate",
    "advocates",
    "notary",
    "notaries",
    "legal consultant",
    "legal consultants",
    "counsel",
    "legal team",
    "our team",
    "partners",
    "legal professional",
    "legal professionals",
    "professionals",
    "solicitor",
    "solicitors",
    "attorneys-at-law",
    "partner lawyers",
    "partner practitioners",
    "network of lawyers",
    "lawyer network",
    "legal network",
    "legal experts",
    "experts",
  ],
});

/** Before a practitioner noun: "semua", "all", "our", "hanya ... PERADI": the claim is about every practitioner, or only one organisation's. */
const EVERY_BEFORE = compile({
  id: [
    "semua",
    "seluruh",
    "segenap",
    "setiap",
    "tiap",
    "masing-masing",
    "para",
    "tanpa kecuali",
    "tanpa terkecuali",
    "hanya",
    "eksklusif",
    "100%",
    "seratus persen",
    /kuasa\s+(?:hanya\s+)?(?:bekerja sama|bermitra|menyediakan|menghubungkan)/,
    "keseluruhan",
    "sekalian",
    "seluruh jaringan",
    "segala",
    "semua jenis",
    "semuanya",
  ],
  en: [
    "all",
    "every",
    "each",
    "entire",
    "every single",
    "without exception",
    "only",
    "exclusively",
    "100%",
    "100 percent",
    "our",
    "kuasa's",
    /kuasa\s+(?:only\s+)?(?:works with|partners with|provides|connects)/,
    "the whole",
    "the entire",
    "all of",
    "every one of",
    "each and every",
    "all our",
    "all the",
    "the full",
    "the complete",
    "none but",
  ],
});

/** After a practitioner noun: "advokat kami semuanya", "our lawyers are all", and phrases that hold both. */
const EVERY_AFTER = compile({
  id: [
    "semuanya",
    "seluruhnya",
    "tanpa kecuali",
    "tanpa terkecuali",
    /(?:praktisi|advokat|pengacara|notaris|mitra|tim)(?:\s+hukum)?\s+(?:kami|kuasa|di kuasa|yang terdaftar di kuasa)/,
    "yang bergabung",
    "yang bergabung di kuasa",
    "yang bergabung dengan kuasa",
    "di platform ini",
    "di platform kami",
    "kami semua",
    "sekalian",
  ],
  en: [
    "are all",
    "were all",
    "all",
    "without exception",
    "exclusively",
    "only",
    /(?:practitioners|lawyers|attorneys|advocates|notaries)\s+(?:on|at|of|in|listed on|registered on|working on)\s+kuasa/,
    "on this platform",
    "on our platform",
    "who join",
    "who joins",
    "who joined",
    "in our network",
    "in the network",
    "on the platform",
    "alike",
    "across the board",
    "each",
  ],
});

/** One practitioner: the one on an order, or this one. Their label is what counts, and saying it is fine. */
const ONE = compile({
  id: [
    /(?:praktisi|advokat|pengacara|notaris)(?:\s+[a-z]+){0,2}\s+(?:ini|itu|tersebut|yang\s+(?:menangani|ditugaskan|dipilih|mengerjakan|menerima|mengambil))/,
  ],
  en: [
    /(?:this|that|the assigned|your assigned|the selected|the chosen)\s+(?:practitioner|lawyer|attorney|advocate|notary)/,
    /(?:practitioner|lawyer|attorney|advocate|notary)\s+(?:assigned|handling|who (?:handles|took|accepted))/,
  ],
});

/** Every one of them, not just "our": these outweigh a mention of one practitioner in the same part. */
const ALL = compile({
  id: [
    "semua",
    "semuanya",
    "seluruh",
    "seluruhnya",
    "segenap",
    "setiap",
    "tiap",
    "tanpa kecuali",
    "tanpa terkecuali",
    "hanya",
    "keseluruhan",
    "sekalian",
  ],
  en: [
    "all",
    "every",
    "each",
    "without exception",
    "only",
    "exclusively",
    "the whole",
    "the entire",
    "every one of",
    "each and every",
    "across the board",
  ],
});

/** Some of them, not all: "sebagian besar praktisi kami berlabel PERADI" says what is true of many, and claims nothing of every one. */
const SOME = compile({
  id: ["sebagian", "sebagian besar", "beberapa", "banyak", "kebanyakan", "mayoritas", "sejumlah"],
  en: ["some", "most", "many", "several", "a few", "the majority of", "majority of", "a number of", "some of", "most of", "many of"],
});

/** "Misalnya PERADI atau KAI": an example of the organisations there are. */
const EXAMPLES = compile({
  id: ["misalnya", "contohnya", "seperti", "antara lain", "termasuk", "mis"],
  en: ["such as", "for example", "for instance", "e.g", "including", "like"],
});

/** A statement of what the law requires of every advocate or notary, not a claim about Kuasa's practitioners. */
const DUTY = compile({ id: ["wajib", "diwajibkan", "harus", "berhimpun"], en: ["must", "required", "obliged", "shall"] });
/** "Wajib dan sudah terverifikasi": a duty stated beside the fact that it is met is a claim all the same. */
const ALREADY = compile({
  id: [/(?:sudah|telah)\s+(?:ter|di)(?:verifikasi|validasi|daftar|sertifikasi)/, /(?:sudah|telah)\s+(?:menjadi\s+)?anggota/],
  en: [
    /(?:are|have been|were)\s+(?:all\s+)?(?:already\s+)?(?:verified|vetted|registered|certified)/,
    /already\s+(?:verified|vetted|registered|members)/,
  ],
});
const KUASA_OWN = compile({
  id: ["kami", "kuasa", "yang bergabung", "platform ini", "di platform", "jaringan kami", "mitra kami"],
  en: [
    "our",
    "we",
    "kuasa",
    "kuasa's",
    "this platform",
    "our platform",
    "the platform",
    "who join",
    "joined",
    "our network",
    "the network",
  ],
});

const ADVICE: Advice = {
  message:
    "Menyatakan bahwa semua praktisi terverifikasi oleh atau menjadi anggota satu organisasi advokat tertentu. Praktisi Kuasa berasal dari berbagai organisasi; hanya label pada profil praktisi atau layanan yang menunjukkan organisasinya.",
  suggestion: "Praktisi Kuasa diverifikasi oleh Kuasa; organisasi advokat masing-masing praktisi tertera pada label di profilnya.",
  suggestionEn: "Kuasa verifies its practitioners; each practitioner's bar organisation is shown by the label on their profile.",
};

interface OrganisationHit extends Span {
  key: string;
}

const capitalInis = new WeakMap<Reading, Span[]>();

function organisationsIn(reading: Reading, part: Span): OrganisationHit[] {
  const hits: OrganisationHit[] = [];
  for (const { key, pattern } of ORGANISATION_PATTERNS) for (const hit of hitsWithin(reading, pattern, part)) hits.push({ ...hit, key });
  let inis = capitalInis.get(reading);
  if (!inis) {
    INI_IN_CAPITALS.lastIndex = 0;
    inis = [...reading.text.matchAll(INI_IN_CAPITALS)].map((match) => ({ start: match.index, end: match.index + 3 }));
    capitalInis.set(reading, inis);
  }
  for (const hit of spansWithin(inis, part)) hits.push({ ...hit, key: "ini" });
  // A faction's name holds "peradi": the longer name is the one read.
  return hits.filter(
    (hit) =>
      !hits.some(
        (other) => other !== hit && other.start <= hit.start && other.end >= hit.end && other.end - other.start > hit.end - hit.start,
      ),
  );
}

/** Words between two spans, whichever comes first. */
const apart = (reading: Reading, a: Span, b: Span) =>
  a.start <= b.start ? wordsBetween(reading, a.end, b.start) : wordsBetween(reading, b.end, a.start);

function claimIn(reading: Reading, part: Span, languages: Languages): Span | null {
  const organisations = organisationsIn(reading, part);
  const named = new Set(organisations.map((hit) => hit.key).filter((key) => key !== "one_organisation"));
  // Two organisations named: the text speaks of several, not of one.
  if (organisations.length === 0 || named.size > 1) return null;
  const organisation = organisations[0]!;
  const examples = hitsWithin(reading, EXAMPLES[languages], part);
  if (examples.some((hit) => hit.end <= organisation.start && wordsBetween(reading, hit.end, organisation.start) <= 3)) return null;
  const practitioners = hitsWithin(reading, PRACTITIONERS[languages], part);
  const near = (noun: Span) => apart(reading, noun, organisation) <= 12;
  const before = hitsWithin(reading, EVERY_BEFORE[languages], part).filter((hit) =>
    practitioners.some((noun) => near(noun) && hit.end <= noun.start && wordsBetween(reading, hit.end, noun.start) <= 3),
  );
  const after = hitsWithin(reading, EVERY_AFTER[languages], part).filter((hit) =>
    practitioners.some((noun) => near(noun) && noun.start <= hit.start && wordsBetween(reading, noun.end, hit.start) <= 3),
  );
  const claim = [...before, ...after].sort((a, b) => a.start - b.start)[0];
  if (!claim) return null;
  const all = hitsWithin(reading, ALL[languages], part).length > 0;
  if (hitsWithin(reading, ONE[languages], part).length > 0 && !all) return null;
  const some = hitsWithin(reading, SOME[languages], part).some((hit) =>
    practitioners.some((noun) => near(noun) && hit.end <= noun.start && wordsBetween(reading, hit.end, noun.start) <= 2),
  );
  if (some && !all) return null;
  if (
    hitsWithin(reading, DUTY[languages], part).length > 0 &&
    hitsWithin(reading, KUASA_OWN[languages], part).length === 0 &&
    hitsWithin(reading, ALREADY[languages], part).length === 0
  )
    return null;
  const start = Math.min(claim.start, organisation.start);
  const end = Math.max(claim.end, organisation.end);
  if (negated(reading, part, end)) return null;
  return { start, end };
}

export function verificationClaims(reading: Reading, languages: Languages): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const sentence of reading.sentences) {
    for (const part of sentence.parts) {
      const claim = claimIn(reading, part, languages);
      if (claim && ownStatement(reading, sentence, claim.start))
        findings.push(finding(reading, "verification_claim", clausesOf(sentence, claim.start, claim.end), ADVICE));
    }
  }
  return findings;
}
