import type { IncomingHttpHeaders } from "node:http";
import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import type { AgentResource } from "@/server/domain/access/oauth";
import { authenticateApiKey } from "@/server/services/access";
import type { ServiceDeps } from "@/server/services/deps";

/**
 * The agent's key from the request's `Authorization` header, authenticated (401/403 otherwise): the
 * one reader of that header. agentProcedure calls it for every operation, REST and MCP tools alike;
 * the /v1 and /mcp transports call it before reading a body, which a request without a valid key is
 * not worth (a cached lookup, so the second check costs no query). `resource` is the face asked:
 * an OAuth access token is accepted on the resource it was issued for only.
 */
export function authenticateAgent(
  deps: Pick<ServiceDeps, "db" | "clock">,
  headers: IncomingHttpHeaders,
  resource: AgentResource,
): Promise<AuthenticatedKey> {
  const authorization: string | string[] | undefined = headers.authorization;
  return authenticateApiKey(deps, { authorization: Array.isArray(authorization) ? authorization[0] : authorization, resource });
}
