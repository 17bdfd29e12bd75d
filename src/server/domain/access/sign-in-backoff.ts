/**
 * How sign-in attempts slow down (docs/decisions/sign-in.md). Nothing locks an
 * account: after a number of free attempts, each further attempt must wait its turn, and the wait
 * doubles with every attempt up to a cap. Attempts are counted three ways:
 * - per account and address: the strict count, which only whoever guesses from that address meets;
 * - per account from anywhere: a gentle slowdown capped at half a minute, which an address the
 *   account signed in from before does not meet at all, so nobody can keep the owner out;
 * - per address over all accounts: against one address trying many accounts;
 * - per device (domain/access/device-cookie.ts): a device that signed in to the account before, or one
 *   opened with the device link the account's owner was e-mailed while the per-account count held
 *   new devices back, is counted on its own, as strictly as a pair, and meets none of the three
 *   counts above.
 */
export interface BackoffRule {
  /** Attempts in a window that need no wait. */
  free: number;
  /** The wait before the first attempt past the free ones; each later one waits twice the last. */
  firstWaitSeconds: number;
  maxWaitSeconds: number;
}

export type SignInDimension = "pair" | "account" | "address" | "device";

export interface SignInBackoffPolicy {
  /** Attempts are counted over a fixed window from the first one. */
  windowSeconds: number;
  rules: Record<SignInDimension, BackoffRule>;
  /** How long a successful sign-in makes its address known to the account. */
  knownAddressSeconds: number;
  /**
   * At most one device link is e-mailed to an account in this long. A link lives twice as long
   * (DEVICE_LINK_MINUTES), so the owner's inbox always holds one that works.
   */
  deviceLinkEmailSeconds: number;
}

export const SIGN_IN_BACKOFF: SignInBackoffPolicy = {
  windowSeconds: 60 * 60,
  rules: {
    pair: { free: 5, firstWaitSeconds: 30, maxWaitSeconds: 15 * 60 },
    account: { free: 10, firstWaitSeconds: 5, maxWaitSeconds: 30 },
    address: { free: 30, firstWaitSeconds: 60, maxWaitSeconds: 15 * 60 },
    device: { free: 5, firstWaitSeconds: 30, maxWaitSeconds: 15 * 60 },
  },
  // Under 24.8 days: the memory store expires keys with a timer, which cannot wait longer.
  knownAddressSeconds: 14 * 24 * 60 * 60,
  deviceLinkEmailSeconds: 30 * 60,
};

/** The turn an attempt must hold after `prior` counted attempts: 0 while they are free. */
export function backoffSeconds(prior: number, rule: BackoffRule): number {
  if (prior < rule.free) return 0;
  // Past 2^20 the cap has long applied; the bound keeps the power finite.
  return Math.min(rule.maxWaitSeconds, rule.firstWaitSeconds * 2 ** Math.min(prior - rule.free, 20));
}
