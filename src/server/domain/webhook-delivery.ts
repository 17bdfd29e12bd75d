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

/** Request headers; the spec's neutral word "Service" becomes the operator's name. */
export function webhookHeaders(operatorName: string, signature: string, eventId: string): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "User-Agent": `${operatorName}-Webhook/1`,
    [`X-${operatorName}-Signature`]: signature,
    [`X-${operatorName}-Event-Id`]: eventId,
  };
}
