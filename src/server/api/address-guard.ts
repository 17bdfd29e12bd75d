import type { IncomingMessage, ServerResponse } from "node:http";
import { bearerToken, parseApiKey } from "@/server/domain/access/api-key";
import { CLIENT_ADDRESS_HEADER } from "@/server/domain/access/client-address";
import type { AgentResource } from "@/server/domain/access/oauth";
import { AppError } from "@/server/domain/errors";
import { type ApiRateLimiter, rateLimitHeaders } from "@/server/services/access";
import type { ServiceDeps } from "@/server/services/deps";
import { authenticateAgent } from "./agent-key";
import type { ApiError } from "./api-error";

const MAX_REFUSED_SUBJECTS = 100_000;

export type AddressVerdict = { admitted: true } | { admitted: false; error: ApiError; headers: Record<string, string> };

/**
 * Limits /v1 and /mcp traffic that fails to authenticate, before the body is read. The key is
 * verified first (a hash and the key cache): a valid key is always admitted, whatever others sent
 * from its address, because agents of many organisations share egress addresses. A request
 * without a valid key counts against its address's allowance, and its 401 against the address and
 * the key id it named; an address or key id out of 401s is refused until its window ends. The
 * per-key limits apply after authentication.
 */
export class AddressGuard {
  /** Addresses and key ids out of 401s, until when (ms): known here without a round trip to the shared store. */
  private readonly refusedUntil = new Map<string, number>();

  constructor(private readonly limiter: ApiRateLimiter) {}

  async check(
    deps: Pick<ServiceDeps, "db" | "clock">,
    req: IncomingMessage,
    res: ServerResponse,
    resource: AgentResource,
  ): Promise<AddressVerdict> {
    if (await hasValidKey(deps, req, resource)) return { admitted: true };
    const subjects = failureSubjects(req);
    const now = Date.now();
    for (const subject of subjects) {
      const until = this.refusedUntil.get(subject);
      if (until === undefined) continue;
      const seconds = Math.ceil((until - now) / 1000);
      if (seconds > 0)
        return refusal(
          `Too many requests with a missing or invalid API key; retry after ${seconds} s. A valid key is always answered.`,
          seconds,
        );
      this.refusedUntil.delete(subject);
    }
    const decision = await this.limiter.consume(subjects[0] as string, "address");
    if (!decision.allowed)
      return refusal(
        `Too many requests without a valid API key from this address; retry after ${decision.resetSeconds} s.`,
        decision.resetSeconds,
        rateLimitHeaders(decision),
      );
    res.once("finish", () => {
      if (res.statusCode === 401) for (const subject of subjects) void this.countFailure(subject);
    });
    return { admitted: true };
  }

  private async countFailure(subject: string): Promise<void> {
    const decision = await this.limiter.consume(subject, "auth_failure").catch(() => null);
    if (!decision || decision.allowed) return;
    if (this.refusedUntil.size >= MAX_REFUSED_SUBJECTS) this.refusedUntil.clear();
    this.refusedUntil.set(subject, Date.now() + decision.resetSeconds * 1000);
  }
}

/** Valid, or refused for a reason other than the key itself (a suspended organisation's key is still its own). */
function hasValidKey(deps: Pick<ServiceDeps, "db" | "clock">, req: IncomingMessage, resource: AgentResource): Promise<boolean> {
  return authenticateAgent(deps, req.headers, resource).then(
    () => true,
    (err: unknown) => !(err instanceof AppError && err.code === "UNAUTHENTICATED"),
  );
}

/** The address, then the key id the request named, if any: what its failures count against. */
function failureSubjects(req: IncomingMessage): string[] {
  const written = req.headers[CLIENT_ADDRESS_HEADER];
  // Tests and tools that mount a handler without the custom server still have the socket.
  const address = (typeof written === "string" && written) || req.socket.remoteAddress || "unknown";
  const authorization = req.headers.authorization;
  const token = bearerToken(Array.isArray(authorization) ? authorization[0] : authorization);
  const keyId = token ? parseApiKey(token)?.keyId : undefined;
  return keyId ? [address, `key:${keyId}`] : [address];
}

function refusal(message: string, retryAfterSeconds: number, headers: Record<string, string> = {}): AddressVerdict {
  const error: ApiError = { code: "RATE_LIMITED", message };
  // The body is left unread, so the connection cannot carry another request.
  return { admitted: false, error, headers: { ...headers, "Retry-After": String(Math.max(1, retryAfterSeconds)), Connection: "close" } };
}
