import { AppError } from "../errors";
import type { ConflictMatter } from "../practitioners/conflicts";

/** What a case may hold. The spec fixes only the story's minimum; the maxima keep rows sane. */
export const CASE_LIMITS = {
  storyMin: 30,
  storyMax: 10_000,
  contactName: 200,
  contactEmail: 254,
  contactPhone: 50,
  /** area, urgency, budget_range */
  label: 100,
  /** counterparties: how many, and each name's length */
  counterparties: 20,
  partyName: 300,
} as const;

/** A case's parties as the conflict check reads them: the organisation and the client it names, and the other side. */
export function caseMatterOf(row: { organization: { name: string }; contactName: string; counterparties: string[] }): ConflictMatter {
  return { clients: [row.organization.name, row.contactName], counterparties: row.counterparties };
}

/** What a bid may hold. The price ceiling (Rp 10 miliar) keeps every amount a safe integer. */
export const BID_LIMITS = {
  scope: 2_000,
  note: 2_000,
  etaDaysMax: 365,
  priceIdrMax: 10_000_000_000,
} as const;

export interface BidInput {
  scope: string;
  etaDays: number;
  priceIdr: number;
  note?: string | null;
}

export interface ValidBid {
  scope: string;
  etaDays: number;
  priceIdr: number;
  note: string | null;
}

/** A practitioner's bid, trimmed, or 400 VALIDATION listing every problem. */
export function parseBid(input: BidInput): ValidBid {
  const scope = input.scope.trim();
  const note = input.note?.trim() || null;
  const problems: string[] = [];
  if (!scope) problems.push("scope: describe the work the bid covers");
  if (scope.length > BID_LIMITS.scope) problems.push(`scope: at most ${BID_LIMITS.scope} characters`);
  if (!Number.isInteger(input.etaDays) || input.etaDays < 1 || input.etaDays > BID_LIMITS.etaDaysMax) {
    problems.push(`etaDays: a whole number of days from 1 to ${BID_LIMITS.etaDaysMax}`);
  }
  if (!Number.isInteger(input.priceIdr) || input.priceIdr < 1 || input.priceIdr > BID_LIMITS.priceIdrMax) {
    problems.push(`priceIdr: a whole number of rupiah from 1 to ${BID_LIMITS.priceIdrMax}`);
  }
  if (note && note.length > BID_LIMITS.note) problems.push(`note: at most ${BID_LIMITS.note} characters`);
  if (problems.length > 0) throw new AppError("VALIDATION", problems.join("; "));
  return { scope, etaDays: input.etaDays, priceIdr: input.priceIdr, note };
}
