import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { type AgentResource, bearerChallenge } from "@/server/domain/access/oauth";

const challenges = new WeakMap<ServerResponse, string>();

/**
 * Marks an answer of a protected resource (/v1, /mcp): should it be a 401, it carries
 * `WWW-Authenticate: Bearer resource_metadata="…"` (RFC 9728 §5.1), with `error="invalid_token"` when
 * the request sent a token (RFC 6750 §3.1). Set once, before the face writes anything.
 */
export function challengeOn401(res: ServerResponse, publicUrl: string, resource: AgentResource, headers: IncomingHttpHeaders): void {
  challenges.set(res, bearerChallenge(publicUrl, resource, headers.authorization !== undefined));
}

/** The headers a `status` answer adds for its challenge: WWW-Authenticate on a marked 401, nothing otherwise. */
export function challengeHeaders(res: ServerResponse, status: number): Record<string, string> {
  const challenge = challenges.get(res);
  return status === 401 && challenge ? { "WWW-Authenticate": challenge } : {};
}
