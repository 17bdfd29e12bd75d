/** The spec's four content rules for what an agent says about Kuasa and its practitioners. */
export const CONTENT_RULES = ["outcome_promise", "verification_claim", "off_catalog", "ai_legal_advice"] as const;
export type ContentRule = (typeof CONTENT_RULES)[number];

export const CONTENT_LANGUAGES = ["id", "en"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** A live catalog service as the checker compares text with it. */
export interface CatalogEntryForContent {
  code: string;
  name: string;
  /** What the agent's organisation pays (domain/money/pricing.ts agentPrice). */
  agentPriceIdr: number;
  /** The service's official third-party fees: amounts passed through at official rates, not Kuasa's prices. */
  thirdPartyFees: readonly { description: string; amountIdr: number | null }[];
}

/** One breach: where it is in the text as sent (JavaScript string indices), what is wrong, how to say it instead. */
export interface RuleFinding {
  rule: ContentRule;
  start: number;
  end: number;
  excerpt: string;
  /** In Indonesian. */
  message: string;
  /** A compliant way to say it. */
  suggestion: string;
}

export interface ContentCheck {
  compliant: boolean;
  findings: RuleFinding[];
}

export interface ContentCheckOptions {
  /** Absent: both languages' rules. */
  language?: ContentLanguage;
  catalog: readonly CatalogEntryForContent[];
}
