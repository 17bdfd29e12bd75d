/**
 * Rows of secrets that stop working (password-reset links, OAuth codes and tokens) are kept a day
 * past their expiry, then deleted by the job engine: until then a second use is told apart from an
 * unknown secret ("expired" or "used", and a replayed OAuth secret revokes its grant).
 */
const KEPT_AFTER_EXPIRY_MS = 24 * 3_600_000;

/** When the row of a secret that expires at `expiresAt` is due for deletion. */
export const deletionDueAt = (expiresAt: Date): Date => new Date(expiresAt.getTime() + KEPT_AFTER_EXPIRY_MS);

/** Rows that expired at or before this instant are due for deletion at `now`. */
export const expiredBefore = (now: Date): Date => new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS);
