import { JAKARTA_OFFSET_MS } from "../clock";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Due time of a service with an SLA of `workingDays` counted from `paidAt`: that many working
 * days (Monday to Friday in Asia/Jakarta) later, at the same time of day. Public holidays are
 * not known to us and are not skipped (docs/decisions/order-lifecycle.md).
 */
export function slaDueAt(paidAt: Date, workingDays: number): Date {
  if (!Number.isInteger(workingDays) || workingDays < 0) throw new RangeError("workingDays must be a non-negative integer");
  let local = paidAt.getTime() + JAKARTA_OFFSET_MS;
  let remaining = workingDays;
  while (remaining > 0) {
    local += DAY_MS;
    const weekday = new Date(local).getUTCDay();
    if (weekday !== 0 && weekday !== 6) remaining--;
  }
  return new Date(local - JAKARTA_OFFSET_MS);
}

/** The longest SLA a catalog service may promise, in working days. */
export const SLA_DAYS_MAX = 60;

/** Why a number of working days cannot be a service's SLA (in the operator's words), or null when it can. */
export function slaDaysProblem(days: number): string | null {
  return Number.isInteger(days) && days >= 1 && days <= SLA_DAYS_MAX
    ? null
    : `SLA harus bilangan bulat 1 sampai ${SLA_DAYS_MAX} hari kerja.`;
}

/** The catalog's words for an SLA of `days` working days, e.g. "5 hari kerja". */
export const slaLabelOf = (days: number) => `${days} hari kerja`;
