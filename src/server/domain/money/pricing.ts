/**
 * The one pricing module. All amounts are integer rupiah.
 * Spec: agent price = client price + 15 %, rounded to the nearest Rp 50.000, never below the
 * client price. Case board: client pays bid + 12.5 % platform fee, at least Rp 100.000.
 */

const AGENT_MARKUP_PERCENT = 15;
const AGENT_PRICE_STEP_IDR = 50_000;
const CASE_FEE_PER_MILLE = 125;
const CASE_FEE_MINIMUM_IDR = 100_000;

function assertRupiah(amount: number, name: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`${name} must be a non-negative integer of rupiah, got ${amount}`);
  }
}

/**
 * Agent price of a catalog service. Exact halves round up (Rp 25.000 above a step goes up).
 * When the nearest step would fall below the client price (only for tiny prices), the next
 * step up is taken, so the result is always a multiple of Rp 50.000 and never below the client price.
 */
export function agentPrice(clientPriceIdr: number): number {
  assertRupiah(clientPriceIdr, "clientPriceIdr");
  // Integer arithmetic: price * 115 / 100, in units of 1/100 rupiah, to avoid float drift.
  const marked = clientPriceIdr * (100 + AGENT_MARKUP_PERCENT);
  const step = AGENT_PRICE_STEP_IDR * 100;
  const nearest = Math.floor((marked + step / 2) / step) * AGENT_PRICE_STEP_IDR;
  if (nearest >= clientPriceIdr) return nearest;
  return Math.ceil(clientPriceIdr / AGENT_PRICE_STEP_IDR) * AGENT_PRICE_STEP_IDR;
}

export interface CaseBidPrice {
  bidIdr: number;
  feeIdr: number;
  clientPaysIdr: number;
}

/** Platform fee of a case bid: 12.5 % rounded half up to a whole rupiah, at least Rp 100.000. */
export function caseBidPrice(bidIdr: number): CaseBidPrice {
  assertRupiah(bidIdr, "bidIdr");
  const percentFee = Math.floor((bidIdr * CASE_FEE_PER_MILLE + 500) / 1000);
  const feeIdr = Math.max(percentFee, CASE_FEE_MINIMUM_IDR);
  return { bidIdr, feeIdr, clientPaysIdr: bidIdr + feeIdr };
}

/** Whether a practitioner's share is a split: more than nothing, less than their whole price. */
export const isSplitShare = (clientPriceIdr: bigint, practitionerShareIdr: bigint) =>
  practitionerShareIdr > 0n && practitionerShareIdr < clientPriceIdr;

export interface DisputeSplit {
  practitionerIdr: bigint;
  platformIdr: bigint;
  refundIdr: bigint;
}

/**
 * A dispute settled with a split: the practitioner gets `practitionerShareIdr` of the price they
 * would have been paid (`clientPriceIdr`), more than nothing and less than all of it (all of it is
 * settling for the practitioner, nothing is a refund); the platform keeps its markup in the same
 * proportion, rounded down; the rest of what the client paid (`priceIdr`) goes back to the deposit.
 */
export function disputeSplit(order: { priceIdr: bigint; clientPriceIdr: bigint }, practitionerShareIdr: bigint): DisputeSplit {
  if (!isSplitShare(order.clientPriceIdr, practitionerShareIdr))
    throw new RangeError(`a split gives the practitioner more than 0 and less than ${order.clientPriceIdr}, got ${practitionerShareIdr}`);
  const markup = order.priceIdr - order.clientPriceIdr;
  const platformIdr = (markup * practitionerShareIdr) / order.clientPriceIdr;
  return { practitionerIdr: practitionerShareIdr, platformIdr, refundIdr: order.priceIdr - practitionerShareIdr - platformIdr };
}
