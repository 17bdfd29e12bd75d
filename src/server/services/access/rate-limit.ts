import type pg from "pg";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Per-API-key limits (docs/decisions/rate-limits.md). The spec asks clients to stay well under 60 requests
 * a minute; we enforce generous fixed windows so well-behaved agents never meet them:
 * reads 600 a minute, writes 120 a minute, per key, shared by REST and MCP.
 */
export interface RateLimitSettings {
  /** Requests allowed per window. */
  reads: number;
  writes: number;
  windowSeconds: number;
  /** Requests without a valid key per window from one client address to /v1 and /mcp. */
  perAddress?: number;
  /** Answers of 401 per window to one address, or for one key id, before its invalid keys are refused with 429. */
  authFailuresPerAddress?: number;
  /** Password-hashing requests without a session (invitation acceptance) per window from one address. */
  hashingPerAddress?: number;
  /** The same per target (one invitation). */
  hashingPerTarget?: number;
  /** Password-reset e-mails asked for per resetWindowSeconds from one address. */
  resetsPerAddress?: number;
  /** The same per e-mail address asked about, whether or not it has an account: nobody floods one inbox. */
  resetsPerEmail?: number;
  resetWindowSeconds?: number;
  /** OAuth client registrations per registrationWindowSeconds from one address: a budget of their own, apart from the token endpoint's. */
  registrationsPerAddress?: number;
  registrationWindowSeconds?: number;
  /** Uploads per window by one portal user (POST /api/berkas); an agent's uploads count among its key's writes. */
  portalUploadsPerUser?: number;
}

export const DEFAULT_RATE_LIMITS = {
  reads: 600,
  writes: 120,
  windowSeconds: 60,
  perAddress: 3_000,
  authFailuresPerAddress: 30,
  hashingPerAddress: 20,
  hashingPerTarget: 5,
  resetsPerAddress: 20,
  resetsPerEmail: 3,
  resetWindowSeconds: 3_600,
  registrationsPerAddress: 30,
  registrationWindowSeconds: 3_600,
  // Three full sets of a form's attachments (MAX_ATTACHMENTS, 10) a minute.
  portalUploadsPerUser: 30,
} satisfies Required<RateLimitSettings>;

/**
 * Per API key: read, write; requests without a valid key, per client address (and key id): address,
 * auth_failure; password hashes asked for without a session, per address and per target: hashing_address, hashing_target;
 * password-reset e-mails asked for, per address and per e-mail: reset_address, reset_email; OAuth
 * client registrations per address: oauth_registration; portal uploads, per user: portal_upload.
 */
export type RateLimitClass =
  | "read"
  | "write"
  | "address"
  | "auth_failure"
  | "hashing_address"
  | "hashing_target"
  | "reset_address"
  | "reset_email"
  | "oauth_registration"
  | "portal_upload";

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export type RateLimitStore = { kind: "memory" } | { kind: "postgres"; pool: pg.Pool };

/**
 * With the shared store, an instance takes a key's allowance in slices of a twentieth of the
 * limit (one point for limits under 40), so most requests need no round trip to PostgreSQL. A
 * slice is never larger than what was left at the last look, so instances together never allow
 * more than the limit. A slice an instance does not use is lost to the others until the window
 * ends, and a slice asked for when less is left than another instance last saw is refused and
 * spent, so near the end of a busy window the instances together may allow a little less.
 */
const SHARED_SLICE_FRACTION = 20;
const MAX_SLICES = 100_000;

interface Slice {
  /** Points of the slice this instance has not used yet. */
  points: number;
  /** Points the shared store had left after this slice was taken. */
  sharedRemaining: number;
  expiresAt: number;
}

/** A rate-limiter-flexible limiter in `store`: memory, or the "RateLimit" table every instance shares. */
export function storeLimiter(store: RateLimitStore, options: { keyPrefix: string; points: number; duration: number }): RateLimiterAbstract {
  if (store.kind === "memory") return new RateLimiterMemory(options);
  return new RateLimiterPostgres({
    ...options,
    storeClient: store.pool,
    storeType: "pool",
    tableName: "RateLimit",
    // The table comes from our migrations; expired rows are deleted by the library hourly.
    tableCreated: true,
    clearExpiredByTimeout: true,
    // If PostgreSQL cannot answer, each instance keeps limiting from memory.
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

export class ApiRateLimiter {
  private readonly limiters: Record<RateLimitClass, RateLimiterAbstract>;
  private readonly limits: Record<RateLimitClass, number>;
  private readonly slices: Map<string, Slice> | null;

  constructor(store: RateLimitStore, settings: RateLimitSettings = DEFAULT_RATE_LIMITS) {
    const make = (keyPrefix: string, points: number, duration = settings.windowSeconds): RateLimiterAbstract =>
      storeLimiter(store, { keyPrefix, points, duration });
    const resetWindow = settings.resetWindowSeconds ?? DEFAULT_RATE_LIMITS.resetWindowSeconds;
    const registrationWindow = settings.registrationWindowSeconds ?? DEFAULT_RATE_LIMITS.registrationWindowSeconds;
    this.limits = {
      read: settings.reads,
      write: settings.writes,
      address: settings.perAddress ?? DEFAULT_RATE_LIMITS.perAddress,
      auth_failure: settings.authFailuresPerAddress ?? DEFAULT_RATE_LIMITS.authFailuresPerAddress,
      hashing_address: settings.hashingPerAddress ?? DEFAULT_RATE_LIMITS.hashingPerAddress,
      hashing_target: settings.hashingPerTarget ?? DEFAULT_RATE_LIMITS.hashingPerTarget,
      reset_address: settings.resetsPerAddress ?? DEFAULT_RATE_LIMITS.resetsPerAddress,
      reset_email: settings.resetsPerEmail ?? DEFAULT_RATE_LIMITS.resetsPerEmail,
      oauth_registration: settings.registrationsPerAddress ?? DEFAULT_RATE_LIMITS.registrationsPerAddress,
      portal_upload: settings.portalUploadsPerUser ?? DEFAULT_RATE_LIMITS.portalUploadsPerUser,
    };
    this.limiters = {
      read: make("api-read", this.limits.read),
      write: make("api-write", this.limits.write),
      address: make("address", this.limits.address),
      auth_failure: make("address-auth-failure", this.limits.auth_failure),
      hashing_address: make("hashing-address", this.limits.hashing_address),
      hashing_target: make("hashing-target", this.limits.hashing_target),
      reset_address: make("reset-address", this.limits.reset_address, resetWindow),
      reset_email: make("reset-email", this.limits.reset_email, resetWindow),
      oauth_registration: make("oauth-registration", this.limits.oauth_registration, registrationWindow),
      portal_upload: make("portal-upload", this.limits.portal_upload),
    };
    this.slices = store.kind === "postgres" ? new Map() : null;
  }

  /** Counts one request of `subject` (an API key's id, or a client address) and says whether it may proceed. */
  async consume(subject: string, kind: RateLimitClass): Promise<RateLimitDecision> {
    const limit = this.limits[kind];
    const now = Date.now();
    const sliceId = `${kind}:${subject}`;
    const held = this.slices?.get(sliceId);
    const live = held && held.expiresAt > now ? held : undefined;
    if (live && live.points > 0) {
      live.points--;
      return {
        allowed: true,
        limit,
        remaining: live.sharedRemaining + live.points,
        resetSeconds: Math.ceil((live.expiresAt - now) / 1000),
      };
    }
    const take = this.slices ? Math.max(1, Math.min(Math.floor(limit / SHARED_SLICE_FRACTION), live ? live.sharedRemaining : limit)) : 1;
    try {
      const res = await this.limiters[kind].consume(subject, take);
      if (this.slices) {
        if (this.slices.size >= MAX_SLICES) this.slices.clear();
        this.slices.set(sliceId, { points: take - 1, sharedRemaining: res.remainingPoints, expiresAt: now + res.msBeforeNext });
      }
      return { allowed: true, limit, remaining: res.remainingPoints + take - 1, resetSeconds: Math.ceil(res.msBeforeNext / 1000) };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      // From now on, one point at a time: what is left (if anything) is less than a slice.
      this.slices?.set(sliceId, { points: 0, sharedRemaining: 0, expiresAt: now + rejection.msBeforeNext });
      return { allowed: false, limit, remaining: 0, resetSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
  }
}

/** The standard headers (IETF draft RateLimit fields) every limited answer carries. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(decision.limit),
    "RateLimit-Remaining": String(decision.remaining),
    "RateLimit-Reset": String(decision.resetSeconds),
  };
  if (!decision.allowed) headers["Retry-After"] = String(decision.resetSeconds);
  return headers;
}
