import { describe, expect, it } from "vitest";
import { DEFAULT_TAX_RULE, passThroughBreakdown, splitPlatformFee, workBreakdown } from "./tax";

describe("the VAT inside the platform's fee (PPN 12 % on DPP 11/12, PMK 131/2024)", () => {
  it("splits Rp 210.000 into 189.189 before VAT, a base of 173.423 and PPN 20.811", () => {
    expect(splitPlatformFee(210_000n, DEFAULT_TAX_RULE)).toEqual({
      grossIdr: 210_000n,
      netIdr: 189_189n,
      vatBaseIdr: 173_423n,
      vatIdr: 20_811n,
    });
  });

  it("is 11 % in effect: Rp 111.000 is 100.000 and PPN 11.000 on a base of 91.667", () => {
    expect(splitPlatformFee(111_000n, DEFAULT_TAX_RULE)).toEqual({
      grossIdr: 111_000n,
      netIdr: 100_000n,
      vatBaseIdr: 91_667n,
      vatIdr: 11_000n,
    });
  });

  it("adds up to the fee to the rupiah and keeps the VAT within a rupiah of 12 % of the printed base, for every fee up to Rp 200.000", () => {
    for (let gross = 0n; gross <= 200_000n; gross += 1n) {
      const split = splitPlatformFee(gross, DEFAULT_TAX_RULE);
      if (split.netIdr + split.vatIdr !== gross) throw new Error(`Rp ${gross}: ${split.netIdr} + ${split.vatIdr}`);
      const vatOfBase = (split.vatBaseIdr * 1200n + 5000n) / 10_000n;
      const off = split.vatIdr - vatOfBase;
      if (off > 1n || off < -1n) throw new Error(`Rp ${gross}: PPN ${split.vatIdr}, 12% of ${split.vatBaseIdr} is ${vatOfBase}`);
    }
  });

  it("follows another rule: 11 % on the whole fee", () => {
    expect(splitPlatformFee(111_000n, { vatRateBasisPoints: 1100, vatBaseNumerator: 1, vatBaseDenominator: 1 })).toMatchObject({
      netIdr: 100_000n,
      vatBaseIdr: 100_000n,
      vatIdr: 11_000n,
    });
  });

  it("refuses a negative fee and a rule that is not one", () => {
    expect(() => splitPlatformFee(-1n, DEFAULT_TAX_RULE)).toThrow(RangeError);
    expect(() => splitPlatformFee(1n, { vatRateBasisPoints: 1200, vatBaseNumerator: 13, vatBaseDenominator: 12 })).toThrow(RangeError);
    expect(() => splitPlatformFee(1n, { vatRateBasisPoints: 12.5, vatBaseNumerator: 11, vatBaseDenominator: 12 })).toThrow(RangeError);
  });
});

describe("a payment's breakdown", () => {
  it("is the practitioner's fee and the platform's part with its VAT, adding up to the amount", () => {
    const parts = workBreakdown(1_700_000n, 1_490_000n, DEFAULT_TAX_RULE);
    expect(parts).toEqual({
      amountIdr: 1_700_000n,
      practitionerFeeIdr: 1_490_000n,
      platformFeeIdr: 210_000n,
      vatBaseIdr: 173_423n,
      vatIdr: 20_811n,
      passThroughIdr: 0n,
    });
  });

  it("passes an official cost through whole, with no fee and no VAT", () => {
    expect(passThroughBreakdown(50_000n)).toMatchObject({
      passThroughIdr: 50_000n,
      platformFeeIdr: 0n,
      vatIdr: 0n,
      practitionerFeeIdr: 0n,
    });
  });

  it("refuses a practitioner's fee above the amount", () => {
    expect(() => workBreakdown(100n, 101n, DEFAULT_TAX_RULE)).toThrow(RangeError);
  });
});
