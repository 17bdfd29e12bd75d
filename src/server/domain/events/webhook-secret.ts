import { AppError } from "../errors";

/**
 * Rotating a key's webhook secret with an overlap (docs/webhooks.md, "Rotating the secret"):
 * the replaced secret keeps signing, as a second `v1`, until its expiry, so a receiver can
 * switch to the new one without failing a delivery. Pure: callers pass `now`.
 */

/** Hours the replaced secret keeps signing: the default, and the longest an admin may choose. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = { default: 24, max: 72 } as const;

export interface WebhookSecrets {
  current: string;
  previous: string | null;
  previousExpiresAt: Date | null;
}

/** The secrets that sign a delivery sent at `now`: the current one, then the replaced one while its overlap runs. */
export function signingSecrets(secrets: WebhookSecrets, now: Date): string[] {
  const overlapping = secrets.previous !== null && secrets.previousExpiresAt !== null && now < secrets.previousExpiresAt;
  return overlapping ? [secrets.current, secrets.previous!] : [secrets.current];
}

/**
 * The secrets after replacing `secrets.current` by `next` at `now`. Overlap 0 stops every older
 * secret at once (a leaked one). A rotation during an overlap keeps only the secret it replaces:
 * receivers were told to move to that one, and the one before it was already on its way out.
 */
export function rotateSecrets(secrets: WebhookSecrets, next: string, now: Date, overlapHours: number): WebhookSecrets {
  if (!Number.isInteger(overlapHours) || overlapHours < 0 || overlapHours > WEBHOOK_SECRET_OVERLAP_HOURS.max) {
    throw new AppError("VALIDATION", `The overlap is a whole number of hours from 0 to ${WEBHOOK_SECRET_OVERLAP_HOURS.max}.`);
  }
  if (overlapHours === 0) return { current: next, previous: null, previousExpiresAt: null };
  return { current: next, previous: secrets.current, previousExpiresAt: new Date(now.getTime() + overlapHours * 3_600_000) };
}
