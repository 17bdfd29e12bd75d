import { JAKARTA_OFFSET_MS } from "./clock";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Due time of a service with an SLA of `workingDays` counted from `paidAt`: that many working
 * days (Monday to Friday in Asia/Jakarta) later, at the same time of day. Public holidays are
 * not known to us and are not skipped (docs/decisions.md).
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
