import type { DeliveryStatus } from "@/generated/prisma/enums";

/** Rules of webhook delivery (spec "Events → Delivery and retry"); pure. */

export const WEBHOOK_MAX_ATTEMPTS = 5;

/** Seconds to wait after failed attempt 1, 2, 3, 4; after the 5th there is no next try. */
const RETRY_DELAYS_SECONDS = [10, 20, 40, 80] as const;

/** When to try again after `failedAttempt` (1-based) failed, or null when the delivery gives up. */
export function nextAttemptAt(failedAttempt: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_SECONDS[failedAttempt - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay * 1000);
}

export function isDeliveredStatus(statusCode: number): boolean {
  return statusCode >= 200 && statusCode <= 299;
}

/** What one attempt made of its delivery. */
export interface AttemptResult {
  status: DeliveryStatus;
  /** The status or the transport's classified error; null when delivered. */
  error: string | null;
  /** The next attempt's time; null when delivered or after the last attempt (`gagal`). */
  retryAt: Date | null;
}

/**
 * The delivery after attempt `attempt` (1-based) got `answer`: terkirim on a 2xx, otherwise due
 * again per the retry schedule, or gagal after the last attempt. The error names the status (a
 * redirect says it was not followed, without its Location) or the transport's classified error,
 * never anything the receiver sent.
 */
export function attemptResult(
  attempt: number,
  answer: { statusCode: number | null; error: string | null },
  finishedAt: Date,
): AttemptResult {
  const { statusCode } = answer;
  if (statusCode !== null && isDeliveredStatus(statusCode)) return { status: "terkirim", error: null, retryAt: null };
  const error =
    statusCode === null
      ? (answer.error ?? "no answer")
      : statusCode >= 300 && statusCode <= 399
        ? `HTTP ${statusCode}, redirect not followed`
        : `HTTP ${statusCode}`;
  const retryAt = nextAttemptAt(attempt, finishedAt);
  return { status: retryAt ? "menunggu" : "gagal", error, retryAt };
}

/** Request headers; the spec's neutral word "Service" becomes the operator's name. */
export function webhookHeaders(operatorName: string, signature: string, eventId: string): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "User-Agent": `${operatorName}-Webhook/1`,
    [`X-${operatorName}-Signature`]: signature,
    [`X-${operatorName}-Event-Id`]: eventId,
  };
}
