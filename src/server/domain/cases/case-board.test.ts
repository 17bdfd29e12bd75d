import { describe, expect, it } from "vitest";
import { BID_LIMITS, parseBid } from "./case-board";

const valid = { scope: "Somasi dan negosiasi sewa ruko", etaDays: 14, priceIdr: 7_500_000, note: "Termasuk satu kali pertemuan." };

describe("parseBid", () => {
  it("accepts a valid bid and trims its text", () => {
    expect(parseBid({ ...valid, scope: "  Somasi  ", note: "  catatan " })).toEqual({
      scope: "Somasi",
      etaDays: 14,
      priceIdr: 7_500_000,
      note: "catatan",
    });
  });

  it("stores a blank note as none", () => {
    expect(parseBid({ ...valid, note: "   " }).note).toBeNull();
    expect(parseBid({ ...valid, note: undefined }).note).toBeNull();
  });

  const refused: Array<[string, Partial<typeof valid>, RegExp]> = [
    ["an empty scope", { scope: "  " }, /^scope: describe/],
    ["a scope over the limit", { scope: "x".repeat(BID_LIMITS.scope + 1) }, /^scope: at most/],
    ["zero days", { etaDays: 0 }, /^etaDays/],
    ["a fraction of a day", { etaDays: 1.5 }, /^etaDays/],
    ["more than a year", { etaDays: BID_LIMITS.etaDaysMax + 1 }, /^etaDays/],
    ["a price of zero", { priceIdr: 0 }, /^priceIdr/],
    ["a negative price", { priceIdr: -100 }, /^priceIdr/],
    ["a price with sen", { priceIdr: 1_000_000.5 }, /^priceIdr/],
    ["a price over Rp 10 miliar", { priceIdr: BID_LIMITS.priceIdrMax + 1 }, /^priceIdr/],
    ["a note over the limit", { note: "x".repeat(BID_LIMITS.note + 1) }, /^note/],
  ];
  for (const [what, change, message] of refused) {
    it(`refuses ${what} with VALIDATION`, () => {
      expect(() => parseBid({ ...valid, ...change })).toThrow(
        expect.objectContaining({ code: "VALIDATION", message: expect.stringMatching(message) }),
      );
    });
  }

  it("lists every problem at once", () => {
    expect(() => parseBid({ scope: "", etaDays: 0, priceIdr: 0 })).toThrow(/scope.*; etaDays.*; priceIdr/);
  });

  it("accepts the bounds themselves", () => {
    expect(parseBid({ ...valid, etaDays: 1, priceIdr: 1 }).priceIdr).toBe(1);
    expect(parseBid({ ...valid, etaDays: BID_LIMITS.etaDaysMax, priceIdr: BID_LIMITS.priceIdrMax }).etaDays).toBe(BID_LIMITS.etaDaysMax);
  });
});
