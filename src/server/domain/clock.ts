/** Time as a dependency, so tests can fix it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function fixedClock(start: Date | string | number): Clock & { advance(ms: number): void; set(at: Date | string | number): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => void (current += ms),
    set: (at) => void (current = new Date(at).getTime()),
  };
}

// Indonesia's Western Time (WIB) has no daylight saving: always UTC+7.
export const JAKARTA_OFFSET_HOURS = 7;
export const JAKARTA_OFFSET_MS = JAKARTA_OFFSET_HOURS * 60 * 60 * 1000;

/** First instant of the calendar day in Asia/Jakarta that contains `at` (17:00 UTC the day before). */
export function jakartaDayStart(at: Date): Date {
  const local = at.getTime() + JAKARTA_OFFSET_MS;
  const day = 24 * 60 * 60 * 1000;
  return new Date(local - (local % day) - JAKARTA_OFFSET_MS);
}

/** The calendar day in Asia/Jakarta that contains `at`, as "YYYY-MM-DD". */
export function jakartaDay(at: Date): string {
  return new Date(at.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A DATE column's value (read as midnight UTC) as its calendar day, "YYYY-MM-DD". */
export const dayOfDateColumn = (at: Date): string => at.toISOString().slice(0, 10);

/** A calendar day, "YYYY-MM-DD", as a DATE column is written (midnight UTC). */
export const dateColumnOf = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** First instant of the calendar month in Asia/Jakarta that contains `at`. */
export function jakartaMonthStart(at: Date): Date {
  const local = new Date(at.getTime() + JAKARTA_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - JAKARTA_OFFSET_MS);
}

/** The `count` Jakarta calendar months up to and including the one `at` falls in, oldest first, as "YYYY-MM". */
export function jakartaMonthsUpTo(at: Date, count: number): string[] {
  const local = new Date(at.getTime() + JAKARTA_OFFSET_MS);
  return Array.from({ length: count }, (_, i) => {
    const month = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - (count - 1 - i), 1));
    return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

/**
 * The `count` Jakarta calendar weeks (Monday to Sunday) up to and including the one `at` falls in,
 * oldest first, each as its Monday, "YYYY-MM-DD": PostgreSQL's date_trunc('week') of a WIB time.
 */
export function jakartaWeeksUpTo(at: Date, count: number): string[] {
  const day = 24 * 60 * 60 * 1000;
  const today = new Date(`${jakartaDay(at)}T00:00:00Z`);
  const monday = today.getTime() - ((today.getUTCDay() + 6) % 7) * day;
  return Array.from({ length: count }, (_, i) => new Date(monday - (count - 1 - i) * 7 * day).toISOString().slice(0, 10));
}
