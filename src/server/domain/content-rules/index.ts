/**
 * The content-rule checker: what an agent means to say, read against the spec's four content rules
 * and the catalog passed in. Deterministic: word lists and patterns of Indonesian and English, and
 * the catalog; no model. How each rule decides is in docs/content-rules.md.
 */
import { aiLegalAdvice } from "./ai-legal-advice";
import type { ContentCheck, ContentCheckOptions } from "./content-rules";
import { merged } from "./findings";
import { offCatalog } from "./off-catalog";
import { outcomePromises } from "./outcome-promise";
import { read } from "./reading";
import { verificationClaims } from "./verification-claim";

export function checkContent(text: string, options: ContentCheckOptions): ContentCheck {
  const reading = read(text);
  const languages = options.language ?? "both";
  const findings = merged(
    [
      ...outcomePromises(reading, languages),
      ...verificationClaims(reading, languages),
      ...offCatalog(reading, options.catalog, languages),
      ...aiLegalAdvice(reading, languages),
    ],
    reading,
  );
  return { compliant: findings.length === 0, findings };
}
