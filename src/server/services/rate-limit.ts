import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * Per-API-key limits (docs/decisions.md). The spec asks clients to stay well under 60 requests
 * a minute; we enforce generous fixed windows so well-behaved agents never meet them:
 * reads 600 a minute, writes 120 a minute, per key, shared by REST and MCP.
 */
export interface RateLimitSettings {
  /** Requests allowed per window. */
  reads: number;
  writes: number;
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = { reads: 600, writes: 120, windowSeconds: 60 };

export type RateLimitClass = "read" | "write";

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export type RateLimitStore = { kind: "memory" } | { kind: "postgres"; pool: pg.Pool };

export class ApiRateLimiter {
  private readonly limiters: Record<RateLimitClass, RateLimiterAbstract>;

  constructor(
    store: RateLimitStore,
    private readonly settings: RateLimitSettings = DEFAULT_RATE_LIMITS,
  ) {
    const make = (keyPrefix: string, points: number): RateLimiterAbstract => {
      const options = { keyPrefix, points, duration: settings.windowSeconds };
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
    };
    this.limiters = { read: make("api-read", settings.reads), write: make("api-write", settings.writes) };
  }

  /** Counts one request of `apiKeyId` and says whether it may proceed. */
  async consume(apiKeyId: string, kind: RateLimitClass): Promise<RateLimitDecision> {
    const limit = kind === "read" ? this.settings.reads : this.settings.writes;
    try {
      const res = await this.limiters[kind].consume(apiKeyId);
      return { allowed: true, limit, remaining: res.remainingPoints, resetSeconds: Math.ceil(res.msBeforeNext / 1000) };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
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
