/**
 * The VAT (PPN) inside the platform's part of a payment. The agent's price never changes: the
 * platform's fee is what the client pays above the practitioner's fee, and the VAT is contained in
 * it. Rule in force since 1 January 2025 for services that are not luxury goods (PMK 131/2024,
 * art. 3): PPN 12 % of a tax base ("DPP nilai lain") of 11/12 of the selling price, i.e. 11 % in
 * effect. docs/decisions/books.md.
 */

export interface TaxRule {
  /** PPN in basis points: 1200 is 12 %. */
  vatRateBasisPoints: number;
  /** The tax base as a fraction of the fee before tax: 11/12. */
  vatBaseNumerator: number;
  vatBaseDenominator: number;
}

export const DEFAULT_TAX_RULE: TaxRule = { vatRateBasisPoints: 1200, vatBaseNumerator: 11, vatBaseDenominator: 12 };

export interface PlatformFeeSplit {
  /** The platform's fee as paid, VAT included. */
  grossIdr: bigint;
  /** The fee before VAT. */
  netIdr: bigint;
  /** DPP nilai lain: numerator/denominator of the net fee. */
  vatBaseIdr: bigint;
  /** gross − net: to the rupiah, so the parts always add up to what was paid. */
  vatIdr: bigint;
}

/** Integer division rounded half up, for non-negative operands. */
const divideHalfUp = (numerator: bigint, denominator: bigint) => (2n * numerator + denominator) / (2n * denominator);

/**
 * Splits a VAT-inclusive platform fee: net = gross ÷ (1 + rate × base fraction), rounded half up to
 * the rupiah; the VAT is the rest, so net + VAT = gross exactly. The printed base is the net's
 * fraction rounded half up; rate × base then differs from the VAT by at most one rupiah.
 */
export function splitPlatformFee(grossIdr: bigint, rule: TaxRule): PlatformFeeSplit {
  if (grossIdr < 0n) throw new RangeError(`a platform fee is not negative, got ${grossIdr}`);
  assertRule(rule);
  const denominator = BigInt(rule.vatBaseDenominator) * 10_000n;
  const withTax = denominator + BigInt(rule.vatBaseNumerator) * BigInt(rule.vatRateBasisPoints);
  const netIdr = divideHalfUp(grossIdr * denominator, withTax);
  const vatBaseIdr = divideHalfUp(netIdr * BigInt(rule.vatBaseNumerator), BigInt(rule.vatBaseDenominator));
  return { grossIdr, netIdr, vatBaseIdr, vatIdr: grossIdr - netIdr };
}

export function assertRule(rule: TaxRule): void {
  const { vatRateBasisPoints: rate, vatBaseNumerator: n, vatBaseDenominator: d } = rule;
  if (!Number.isInteger(rate) || rate < 0 || rate > 10_000) throw new RangeError(`a VAT rate is 0–10000 basis points, got ${rate}`);
  if (!Number.isInteger(n) || !Number.isInteger(d) || n <= 0 || d <= 0 || n > d)
    throw new RangeError(`a tax base is a fraction of at most 1, got ${n}/${d}`);
}

/** "12%" or "11,5%": how a rate is printed. */
export const vatRateLabel = (basisPoints: number) => `${(basisPoints / 100).toLocaleString("id-ID", { maximumFractionDigits: 2 })}%`;

/**
 * What a payment from the deposit consists of: the practitioner's fee, the platform's part (VAT
 * inside) and official costs passed through at cost (no fee, no VAT). Their sum is the amount.
 */
export interface PaymentBreakdown {
  amountIdr: bigint;
  practitionerFeeIdr: bigint;
  platformFeeIdr: bigint;
  vatBaseIdr: bigint;
  vatIdr: bigint;
  passThroughIdr: bigint;
}

/** A payment for legal work: the practitioner's fee and the platform's part of `amount`. */
export function workBreakdown(amountIdr: bigint, practitionerFeeIdr: bigint, rule: TaxRule): PaymentBreakdown {
  if (practitionerFeeIdr < 0n || practitionerFeeIdr > amountIdr)
    throw new RangeError(`a practitioner's fee is within the amount: ${practitionerFeeIdr} of ${amountIdr}`);
  const platform = splitPlatformFee(amountIdr - practitionerFeeIdr, rule);
  return {
    amountIdr,
    practitionerFeeIdr,
    platformFeeIdr: platform.grossIdr,
    vatBaseIdr: platform.vatBaseIdr,
    vatIdr: platform.vatIdr,
    passThroughIdr: 0n,
  };
}

/** An official cost (or any movement that is not the platform's sale): passed through whole. */
export const passThroughBreakdown = (amountIdr: bigint): PaymentBreakdown => ({
  amountIdr,
  practitionerFeeIdr: 0n,
  platformFeeIdr: 0n,
  vatBaseIdr: 0n,
  vatIdr: 0n,
  passThroughIdr: amountIdr,
});

/** A deposit received: no sale, no breakdown. */
export const depositBreakdown = (amountIdr: bigint): PaymentBreakdown => ({ ...passThroughBreakdown(amountIdr), passThroughIdr: 0n });
