import { JAKARTA_OFFSET_MS } from "../clock";
import { AppError } from "../errors";

/** A calendar month in Jakarta time, as statements are kept: "2026-11". */
export interface StatementMonth {
  month: string;
  /** The month's first instant (00:00 WIB on the 1st). */
  from: Date;
  /** The next month's first instant (exclusive). */
  to: Date;
}

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month `YYYY-MM`, or VALIDATION naming `param`. */
export function parseStatementMonth(input: string, param = "month"): StatementMonth {
  const match = MONTH_PATTERN.exec(input);
  if (!match) throw new AppError("VALIDATION", `${param}: a month as YYYY-MM, e.g. 2026-11.`, param);
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  return {
    month: input,
    from: new Date(Date.UTC(year, monthIndex, 1) - JAKARTA_OFFSET_MS),
    to: new Date(Date.UTC(year, monthIndex + 1, 1) - JAKARTA_OFFSET_MS),
  };
}

/** The Jakarta month an instant falls in, "YYYY-MM". */
export function statementMonthOf(at: Date): string {
  const local = new Date(at.getTime() + JAKARTA_OFFSET_MS);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, "0")}`;
}

/**
 * Whether a month can be asked for at `now`: not after the current one (the current month is the
 * month so far). A future month is VALIDATION, never an empty statement that looks real.
 */
export function assertMonthNotAfter(month: StatementMonth, now: Date, param = "month"): { monthSoFar: boolean } {
  if (month.from > now)
    throw new AppError("VALIDATION", `${param}: ${month.month} has not begun; ask for ${statementMonthOf(now)} or earlier.`, param);
  return { monthSoFar: month.to > now };
}
