import { describe, expect, it } from "vitest";
import { autoAcceptAt, DEFAULT_ORDER_RULES, stalledRefundAt } from "./order-rules";

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
