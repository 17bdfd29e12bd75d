import type { IntakeField } from "./intake";
import type { ThirdPartyFee } from "./third-party-fees";

/**
 * What a catalog service must not say, whoever wrote it (the seed, the operator): the rules the
 * catalog's test and the operator's editor read (docs/decisions/catalog-legal-pass.md).
 */

/** A regulation that another replaced: a fee's basis must not cite it. Sources in docs/catalog-sources.md. */
export interface ReplacedRegulation {
  /** How a basis names it, in the usual ways of writing it ("PP No. 28 Tahun 2019", "PP 28/2019"). */
  pattern: RegExp;
  name: string;
  replacedBy: string;
  /** The day the replacement came into force. */
  since: string;
}

const regulation = (kind: "PP" | "UU" | "Perpres", number: number, year: number) =>
  new RegExp(`\\b${kind}\\.?\\s*(?:No(?:mor)?\\.?\\s*)?${number}\\s*(?:Tahun\\s*|/\\s*)${year}\\b`, "i");

const REPLACED_REGULATIONS: readonly ReplacedRegulation[] = [
  {
    pattern: regulation("PP", 28, 2019),
    name: "PP No. 28 Tahun 2019 (PNBP Kementerian Hukum dan HAM)",
    replacedBy: "PP No. 45 Tahun 2024",
    since: "2024-12-18",
  },
  {
    pattern: regulation("PP", 24, 2018),
    name: "PP No. 24 Tahun 2018 (Perizinan Berusaha Terintegrasi Secara Elektronik)",
    replacedBy: "PP No. 5 Tahun 2021, then PP No. 28 Tahun 2025",
    since: "2021-02-02",
  },
  {
    pattern: regulation("PP", 5, 2021),
    name: "PP No. 5 Tahun 2021 (Perizinan Berusaha Berbasis Risiko)",
    replacedBy: "PP No. 28 Tahun 2025",
    since: "2025-06-05",
  },
];

/** The replaced regulations a fee's basis cites. */
export function replacedRegulationsIn(basis: string): ReplacedRegulation[] {
  return REPLACED_REGULATIONS.filter((replaced) => replaced.pattern.test(basis));
}

/**
 * Phrases that promise what only an authority or a court decides: a permit issued, a decree out,
 * a case won. Kuasa's practitioners prepare, file and follow up; the ministry or the court decides.
 */
const OUTCOME_PROMISES: readonly RegExp[] = [
  /\bhingga\s+(?:terbit|keluar|disetujui|dikabulkan|menang)/i,
  /\b(?:di)?jamin\b|\bmenjamin\b|\bgaransi\b|\bguarantee/i,
  /\bpasti\s+(?:berhasil|terbit|disetujui|dikabulkan|menang|lolos)/i,
  /\b100\s*%\s*(?:berhasil|disetujui|lolos|aman)/i,
  /\bmemenangkan\s+perkara\b/i,
];
/** A negation just before a phrase makes it a disclaimer ("tidak menjamin hasil"). */
const NEGATION_BEFORE = /\b(?:tidak|bukan|tanpa|tak)\s+(?:\S+\s+){0,2}$/i;

/** The phrases of `text` that promise an outcome, each as written. */
export function outcomePromisesIn(text: string): string[] {
  const found: string[] = [];
  for (const pattern of OUTCOME_PROMISES) {
    const global = new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`);
    for (const match of text.matchAll(global)) {
      if (!NEGATION_BEFORE.test(text.slice(Math.max(0, match.index - 40), match.index))) found.push(match[0]);
    }
  }
  return found;
}

/**
 * The options of a select field some fees apply to by option that no fee applies to: a service
 * that charges per kind of applicant must charge every kind it offers.
 */
export function optionsWithoutFee(intake: readonly IntakeField[], fees: readonly ThirdPartyFee[]): string[] {
  const missing: string[] = [];
  for (const field of intake) {
    const byOption = fees.filter((fee) => fee.appliesWhen?.field === field.key);
    if (byOption.length === 0) continue;
    for (const option of field.options ?? [])
      if (!byOption.some((fee) => fee.appliesWhen?.option === option)) missing.push(`${field.key}: ${option}`);
  }
  return missing;
}
