import { describe, expect, it } from "vitest";
import { autoAcceptAt, DEFAULT_ORDER_RULES, receiptsDueBefore, stalledRefundAt } from "./order-rules";

describe("order deadlines", () => {
  const at = new Date("2026-11-23T03:00:00.000Z");

  it("accepts a delivered result seven calendar days later by default, weekends included", () => {
    expect(autoAcceptAt(at, DEFAULT_ORDER_RULES).toISOString()).toBe("2026-11-30T03:00:00.000Z");
    expect(autoAcceptAt(at, { ...DEFAULT_ORDER_RULES, autoAcceptDays: 1 }).toISOString()).toBe("2026-11-24T03:00:00.000Z");
  });

  it("refunds a stalled order 24 hours later by default", () => {
    expect(stalledRefundAt(at, DEFAULT_ORDER_RULES).toISOString()).toBe("2026-11-24T03:00:00.000Z");
    expect(stalledRefundAt(at, { ...DEFAULT_ORDER_RULES, offerStallHours: 2 }).toISOString()).toBe("2026-11-23T05:00:00.000Z");
  });
});

describe("receiptsDueBefore", () => {
  it("is COST_RECEIPT_DAYS before now: a cost approved before it is late with its receipt", () => {
    const now = new Date("2026-11-26T03:00:00Z");
    expect(receiptsDueBefore(now, DEFAULT_ORDER_RULES).toISOString()).toBe("2026-11-12T03:00:00.000Z");
    expect(receiptsDueBefore(now, { ...DEFAULT_ORDER_RULES, costReceiptDays: 1 }).toISOString()).toBe("2026-11-25T03:00:00.000Z");
  });
});
