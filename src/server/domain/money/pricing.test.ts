import { describe, expect, it } from "vitest";
import { agentPrice, caseBidPrice, disputeSplit } from "./pricing";

describe("agentPrice", () => {
  it.each([
    // [client price, agent price, why]
    [1_000_000, 1_150_000, "exact step after markup"],
    [1_500_000, 1_750_000, "1.725.000 is an exact half and rounds up"],
    [2_750_000, 3_150_000, "3.162.500 rounds down to the nearer step"],
    [1_000_001, 1_150_000, "a rupiah above a step still rounds down"],
    [1_108_696, 1_300_000, "1.275.000,40 is past the half and rounds up"],
    [1_108_695, 1_250_000, "1.274.999,25 is just below the half and rounds down"],
    [2_500_000, 2_900_000, "2.875.000 is an exact half and rounds up"],
    [100_000, 100_000, "115.000 rounds to 100.000, equal to the client price"],
    [110_000, 150_000, "126.500 rounds up"],
    [10_000, 50_000, "the nearest step (0) is below the client price: next step up"],
    [60_000, 100_000, "69.000 is nearer to 50.000, below the client price: next step up"],
    [0, 0, "free stays free"],
    [15_000_000, 17_250_000, "large price"],
  ])("client price %i gives agent price %i (%s)", (client, agent) => {
    expect(agentPrice(client)).toBe(agent);
  });

  it("is always a multiple of 50.000 and never below the client price", () => {
    for (let client = 0; client <= 3_000_000; client += 7_919) {
      const price = agentPrice(client);
      expect(price % 50_000).toBe(0);
      expect(price).toBeGreaterThanOrEqual(client);
    }
  });

  it("refuses negative, fractional and unsafe amounts", () => {
    expect(() => agentPrice(-1)).toThrow(RangeError);
    expect(() => agentPrice(1.5)).toThrow(RangeError);
    expect(() => agentPrice(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe("caseBidPrice", () => {
  it.each([
    // [bid, fee, client pays]
    [1_000_000, 125_000, 1_125_000],
    [800_000, 100_000, 900_000], // 12.5 % is exactly the minimum
    [799_999, 100_000, 899_999], // below: the minimum applies
    [100_000, 100_000, 200_000],
    [1, 100_000, 100_001],
    [1_000_004, 125_001, 1_125_005], // 125.000,5 rounds half up
    [1_000_003, 125_000, 1_125_003], // 125.000,375 rounds down
    [20_000_000, 2_500_000, 22_500_000],
  ])("bid %i gives fee %i and client pays %i", (bid, fee, pays) => {
    expect(caseBidPrice(bid)).toEqual({ bidIdr: bid, feeIdr: fee, clientPaysIdr: pays });
  });
});

describe("disputeSplit", () => {
  it("gives the practitioner their share, the platform its markup in proportion (rounded down), and the rest back to the client", () => {
    const order = { priceIdr: 1_700_000n, clientPriceIdr: 1_490_000n };
    expect(disputeSplit(order, 745_000n)).toEqual({ practitionerIdr: 745_000n, platformIdr: 105_000n, refundIdr: 850_000n });
    const odd = disputeSplit(order, 1n);
    expect(odd.practitionerIdr + odd.platformIdr + odd.refundIdr).toBe(order.priceIdr);
    expect(odd.platformIdr).toBe(0n);
  });

  it("refuses nothing and everything: those are a refund and a settlement for the practitioner", () => {
    const order = { priceIdr: 1_700_000n, clientPriceIdr: 1_490_000n };
    for (const share of [0n, -1n, 1_490_000n, 1_500_000n]) expect(() => disputeSplit(order, share)).toThrow(RangeError);
  });
});
