import { describe, expect, it } from "vitest";
import { jakartaDay, jakartaDayStart, jakartaMonthStart, jakartaMonthsUpTo, jakartaWeeksUpTo } from "./clock";

describe("jakartaMonthStart", () => {
  it("starts the month at midnight Jakarta time (17:00 UTC the day before)", () => {
    expect(jakartaMonthStart(new Date("2026-11-22T10:00:00Z")).toISOString()).toBe("2026-10-31T17:00:00.000Z");
  });

  it("counts 18:00 UTC on the last day as the next month in Jakarta", () => {
    expect(jakartaMonthStart(new Date("2026-11-30T18:00:00Z")).toISOString()).toBe("2026-11-30T17:00:00.000Z");
  });

  it("rolls over the year", () => {
    expect(jakartaMonthStart(new Date("2026-12-31T17:30:00Z")).toISOString()).toBe("2026-12-31T17:00:00.000Z");
    expect(jakartaMonthStart(new Date("2027-01-01T16:59:59Z")).toISOString()).toBe("2026-12-31T17:00:00.000Z");
  });
});

describe("jakartaDayStart", () => {
  it("starts the day at midnight Jakarta time (17:00 UTC the day before)", () => {
    expect(jakartaDayStart(new Date("2026-11-23T03:00:00Z")).toISOString()).toBe("2026-11-22T17:00:00.000Z");
    expect(jakartaDayStart(new Date("2026-11-23T16:59:59Z")).toISOString()).toBe("2026-11-22T17:00:00.000Z");
    expect(jakartaDayStart(new Date("2026-11-23T17:00:00Z")).toISOString()).toBe("2026-11-23T17:00:00.000Z");
  });
});

describe("jakartaMonthsUpTo", () => {
  it("counts back in WIB calendar months across a year, ending with the month now falls in", () => {
    expect(jakartaMonthsUpTo(new Date("2026-02-10T03:00:00Z"), 4)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });

  it("a UTC evening on the last day of a month is already the next month in Jakarta", () => {
    expect(jakartaMonthsUpTo(new Date("2026-12-31T18:00:00Z"), 2)).toEqual(["2026-12", "2027-01"]);
  });
});

describe("jakartaDay", () => {
  it("is the Jakarta calendar day, which starts at 17:00 UTC the day before", () => {
    expect(jakartaDay(new Date("2026-11-29T16:59:59Z"))).toBe("2026-11-29");
    expect(jakartaDay(new Date("2026-11-29T17:00:00Z"))).toBe("2026-11-30");
  });
});

describe("jakartaWeeksUpTo", () => {
  it("counts back in weeks from Monday, ending with the week now falls in, across a month", () => {
    // Wednesday 2 December 2026 in Jakarta.
    expect(jakartaWeeksUpTo(new Date("2026-12-02T03:00:00Z"), 3)).toEqual(["2026-11-16", "2026-11-23", "2026-11-30"]);
  });

  it("starts a week at Monday midnight in Jakarta: Sunday 17:00 UTC is already Monday", () => {
    expect(jakartaWeeksUpTo(new Date("2026-11-29T16:59:59Z"), 1)).toEqual(["2026-11-23"]);
    expect(jakartaWeeksUpTo(new Date("2026-11-29T17:00:00Z"), 1)).toEqual(["2026-11-30"]);
  });
});
