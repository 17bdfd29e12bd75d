import { AppError } from "../errors";

/** Spec: replays and conflicts are judged within 24 hours; afterwards the key counts as new. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** 1–255 visible ASCII characters (0x21–0x7E) except `"` and `\`; the OpenAPI document states the same. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21\x23-\x5B\x5D-\x7E]{1,255}$/;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * Reads the Idempotency-Key header: absent → null; a value wrapped in double quotes is
 * unwrapped; anything else malformed is 400 VALIDATION.
 */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (Array.isArray(header)) throw new AppError("VALIDATION", "Send one Idempotency-Key header, not several.");
  const unwrapped = header.length >= 2 && header.startsWith('"') && header.endsWith('"') ? header.slice(1, -1) : header;
  if (!IDEMPOTENCY_KEY_PATTERN.test(unwrapped)) {
    throw new AppError("VALIDATION", "Idempotency-Key must be 1 to 255 visible ASCII characters without space, double quote or backslash.");
  }
  return unwrapped;
}
