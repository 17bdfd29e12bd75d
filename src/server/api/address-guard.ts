import type { IncomingMessage, ServerResponse } from "node:http";
import { CLIENT_ADDRESS_HEADER } from "@/server/domain/client-address";
import { type ApiRateLimiter, rateLimitHeaders } from "@/server/services/access";
import type { ApiError } from "./api-error";

const MAX_BLOCKED_ADDRESSES = 100_000;

export type AddressVerdict = { admitted: true } | { admitted: false; error: ApiError; headers: Record<string, string> };

/**
 * Limits /v1 and /mcp per client address before the key or the body is read, so traffic without
 * a valid key costs a counter and nothing more: every request counts against the address's
 * allowance, and an address that collects too many 401s is refused outright, without a look at
 * its key, until its window ends. The per-key limits still apply after authentication.
 */
export class AddressGuard {
  /** Addresses out of 401s, until when (ms): known here without a round trip to the shared store. */
  private readonly refusedUntil = new Map<string, number>();

  constructor(private readonly limiter: ApiRateLimiter) {}

  async check(req: IncomingMessage, res: ServerResponse): Promise<AddressVerdict> {
    const address = addressOf(req);
    const until = this.refusedUntil.get(address);
    if (until !== undefined) {
      const seconds = Math.ceil((until - Date.now()) / 1000);
      if (seconds > 0)
        return refusal(`Too many requests with a missing or invalid API key from this address; retry after ${seconds} s.`, seconds);
      this.refusedUntil.delete(address);
    }
    const decision = await this.limiter.consume(address, "address");
    if (!decision.allowed)
      return refusal(
        `Too many requests from this address; retry after ${decision.resetSeconds} s.`,
        decision.resetSeconds,
        rateLimitHeaders(decision),
      );
    res.once("finish", () => {
      if (res.statusCode === 401) void this.countFailure(address);
    });
    return { admitted: true };
  }

  private async countFailure(address: string): Promise<void> {
    const decision = await this.limiter.consume(address, "auth_failure").catch(() => null);
    if (!decision || decision.allowed) return;
    if (this.refusedUntil.size >= MAX_BLOCKED_ADDRESSES) this.refusedUntil.clear();
    this.refusedUntil.set(address, Date.now() + decision.resetSeconds * 1000);
  }
}

function addressOf(req: IncomingMessage): string {
  const written = req.headers[CLIENT_ADDRESS_HEADER];
  // Tests and tools that mount a handler without the custom server still have the socket.
  return (typeof written === "string" && written) || req.socket.remoteAddress || "unknown";
}

function refusal(message: string, retryAfterSeconds: number, headers: Record<string, string> = {}): AddressVerdict {
  const error: ApiError = { code: "RATE_LIMITED", message };
  // The body is left unread, so the connection cannot carry another request.
  return { admitted: false, error, headers: { ...headers, "Retry-After": String(Math.max(1, retryAfterSeconds)), Connection: "close" } };
}
