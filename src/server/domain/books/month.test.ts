import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { assertMonthNotAfter, parseStatementMonth, statementMonthOf } from "./month";

describe("statement months, in Jakarta time", () => {
  it("begin at 00:00 WIB on the first and end where the next begins", () => {
    expect(parseStatementMonth("2026-11")).toEqual({
      month: "2026-11",
      from: new Date("2026-10-31T17:00:00Z"),
      to: new Date("2026-11-30T17:00:00Z"),
    });
    expect(parseStatementMonth("2026-12").to).toEqual(new Date("2026-12-31T17:00:00Z"));
  });

  it("put an instant in the month its Jakarta date falls in", () => {
    expect(statementMonthOf(new Date("2026-11-30T16:59:59Z"))).toBe("2026-11");
    expect(statementMonthOf(new Date("2026-11-30T17:00:00Z"))).toBe("2026-12");
  });

  it("refuse what is not YYYY-MM, naming the parameter", () => {
    for (const bad of ["2026-13", "2026-1", "26-11", "2026/11", ""]) {
      const error = (() => {
        try {
          parseStatementMonth(bad);
        } catch (err) {
          return err;
        }
      })();
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).param).toBe("month");
    }
  });

  it("tell the month so far from a past one, and refuse a month that has not begun", () => {
    const now = new Date("2026-11-29T10:00:00Z");
    expect(assertMonthNotAfter(parseStatementMonth("2026-11"), now)).toEqual({ monthSoFar: true });
    expect(assertMonthNotAfter(parseStatementMonth("2026-10"), now)).toEqual({ monthSoFar: false });
    expect(() => assertMonthNotAfter(parseStatementMonth("2026-12"), now)).toThrow(AppError);
  });
});
