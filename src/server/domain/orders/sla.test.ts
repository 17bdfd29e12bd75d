import { describe, expect, it } from "vitest";
import { SLA_DAYS_MAX, slaDaysProblem, slaDueAt, slaLabelOf } from "./sla";

describe("slaDueAt", () => {
  it.each([
    // paid (UTC), working days, due (UTC), why
    ["2026-11-23T03:00:00Z", 1, "2026-11-24T03:00:00Z", "Monday + 1 is Tuesday"],
    ["2026-11-27T03:00:00Z", 1, "2026-11-30T03:00:00Z", "Friday + 1 skips the weekend"],
    ["2026-11-23T03:00:00Z", 5, "2026-11-30T03:00:00Z", "Monday + 5 is next Monday"],
    ["2026-11-28T03:00:00Z", 1, "2026-11-30T03:00:00Z", "Saturday + 1 is Monday"],
    ["2026-11-27T18:00:00Z", 1, "2026-11-29T18:00:00Z", "Friday 18:00 UTC is Saturday 01:00 in Jakarta: + 1 is Monday 01:00 there"],
    ["2026-11-23T03:00:00Z", 0, "2026-11-23T03:00:00Z", "zero days is the payment time"],
  ])("paid %s + %i working days is due %s (%s)", (paid, days, due) => {
    expect(slaDueAt(new Date(paid), days).toISOString()).toBe(new Date(due).toISOString());
  });
});

describe("a service's SLA as the operator sets it", () => {
  it("takes whole working days from 1 to the maximum, named as the catalog names them", () => {
    expect([1, 5, SLA_DAYS_MAX].map(slaDaysProblem)).toEqual([null, null, null]);
    for (const days of [0, -1, SLA_DAYS_MAX + 1, 2.5, Number.NaN])
      expect(slaDaysProblem(days)).toMatch(/^SLA harus bilangan bulat 1 sampai/);
    expect(slaLabelOf(5)).toBe("5 hari kerja");
  });
});
