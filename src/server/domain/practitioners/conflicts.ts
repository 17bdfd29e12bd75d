/**
 * Conflicts of interest (docs/decisions/conflicts.md): whether a party of a new matter is one a
 * practitioner acted for or against, or declared. The Indonesian advocates' code of ethics (Kode
 * Etik Advokat Indonesia 2002, Art. 4(j)) bars acting where the interests of one's clients
 * conflict. Names are compared after normalising what varies between two writings of one name
 * (case, punctuation, legal forms, titles), then by trigram similarity, so near spellings match.
 */

/** Legal forms and the words around them that say nothing of who the party is. */
const LEGAL_FORMS = new Set([
  "pt",
  "cv",
  "tbk",
  "persero",
  "perseroan",
  "terbatas",
  "yayasan",
  "koperasi",
  "ud",
  "fa",
  "firma",
  "perum",
  "pd",
]);

/** Titles and forms of address written before or after a person's name. */
const TITLES = new Set([
  "sh",
  "mh",
  "mkn",
  "se",
  "st",
  "sp",
  "ssi",
  "sked",
  "mba",
  "mm",
  "msi",
  "ak",
  "llm",
  "phd",
  "dr",
  "drs",
  "dra",
  "ir",
  "prof",
  "h",
  "hj",
  "bapak",
  "bpk",
  "ibu",
  "tuan",
  "tn",
  "nyonya",
  "ny",
  "sdr",
  "sdri",
]);

/** A party's name as compared: lower case, no accents or punctuation, without legal forms and titles. */
export function normalizePartyName(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    // Dots join what they abbreviate ("S.H." is "sh", "PT." is "pt"); other punctuation separates words.
    .replace(/\./g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .split(" ")
    .filter(Boolean);
  return words.filter((word) => !LEGAL_FORMS.has(word) && !TITLES.has(word)).join(" ");
}

/** The trigrams of a normalised name, each word padded as PostgreSQL's pg_trgm pads it. */
function trigrams(normalized: string): Set<string> {
  const grams = new Set<string>();
  for (const word of normalized.split(" ").filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** Shared trigrams over all trigrams of the two (0–1), as pg_trgm's `similarity`. */
export function nameSimilarity(a: string, b: string): number {
  const [x, y] = [trigrams(normalizePartyName(a)), trigrams(normalizePartyName(b))];
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared++;
  return shared / (x.size + y.size - shared);
}

/**
 * Two names of one party, by the test corpus in conflicts.test.ts: 0.6 keeps a letter's slip in a
 * three-word name ("Sumber Makmoer Abadi") and refuses a shared word alone ("Maju Jaya" and
 * "Maju Bersama").
 */
export const SAME_PARTY_SIMILARITY = 0.6;

export function isSameParty(a: string, b: string): boolean {
  const [x, y] = [normalizePartyName(a), normalizePartyName(b)];
  return x !== "" && (x === y || nameSimilarity(a, b) >= SAME_PARTY_SIMILARITY);
}

/** The parties named in a `pihak` intake value: one per line or separated by ";". */
export const partiesOf = (value: string): string[] =>
  value
    .split(/[;\n]/)
    .map((party) => party.trim())
    .filter(Boolean);

/** Why a practitioner may not take a matter: which party, matched with what they know of it. */
export interface ConflictFinding {
  party: string;
  known: string;
  why: "served" | "opposed" | "declared";
}

/** What a practitioner's record says of parties: clients served, parties acted against, parties declared. */
export interface ConflictRecord {
  served: string[];
  opposed: string[];
  declared: string[];
}

/**
 * A matter as the conflict check reads it: its client (the ordering organisation, then the parties
 * its intake names as the client, type `pihak_klien`) and its counterparties (type `pihak`).
 */
export interface ConflictMatter {
  clients: string[];
  counterparties: string[];
}

/** Every party of a matter, the client's first: what the practitioner confirms and the API shows. */
export const partiesOfMatter = (matter: ConflictMatter): string[] => [...new Set([...matter.clients, ...matter.counterparties])];

/**
 * The conflicts of a new matter for one practitioner: a counterparty of it is a client they served
 * or a party they declared, or a client of it was a counterparty in a matter they handled.
 */
export function conflictsOf(matter: ConflictMatter, record: Readonly<ConflictRecord>): ConflictFinding[] {
  const findings: ConflictFinding[] = [];
  for (const party of matter.counterparties) {
    const served = record.served.find((known) => isSameParty(party, known));
    if (served) findings.push({ party, known: served, why: "served" });
    const declared = record.declared.find((known) => isSameParty(party, known));
    if (declared) findings.push({ party, known: declared, why: "declared" });
  }
  for (const party of matter.clients) {
    const opposed = record.opposed.find((known) => isSameParty(party, known));
    if (opposed) findings.push({ party, known: opposed, why: "opposed" });
  }
  return findings;
}
