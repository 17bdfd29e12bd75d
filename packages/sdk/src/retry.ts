/** Retries after the first attempt, unless the client or the call says otherwise. */
export const DEFAULT_MAX_RETRIES = 2;

/**
 * The longest `Retry-After` a call waits out; a longer one is thrown as it came (the API's
 * rate-limit windows are a minute, so a longer wait means something else is wrong).
 */
export const MAX_RETRY_AFTER_SECONDS = 60;

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/** `Retry-After` in whole seconds, as the API sends it; null when absent or in another form. */
export function retryAfterSeconds(header: string | null): number | null {
  const value = header?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * Milliseconds to wait before retry number `retry` (0 for the first). After `Retry-After`: that,
 * plus up to half a second so that clients refused together do not all come back in the same
 * instant. Otherwise exponential backoff (0.5 s, 1 s, 2 s, … up to 8 s) with "equal jitter":
 * between half of it and all of it.
 */
export function retryDelay(retry: number, retryAfter: number | null, random: () => number = Math.random): number {
  if (retryAfter !== null) return retryAfter * 1000 + random() * BASE_DELAY_MS;
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** retry);
  return ceiling / 2 + (random() * ceiling) / 2;
}
