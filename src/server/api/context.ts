import type { IncomingHttpHeaders } from "node:http";
import type { AgentResource } from "@/server/domain/access/oauth";
import type { PortalUser } from "@/server/domain/access/portal-user";
import type { AppError } from "@/server/domain/errors";
import type { ApiRateLimiter } from "@/server/services/access";
import type { ServiceDeps } from "@/server/services/deps";
import type { RequestLog } from "@/server/services/request-log";
import type { AddressGuard } from "./address-guard";

/** What every face shares for the life of the process. */
export interface AppDeps extends ServiceDeps {
  /** Limits agent calls per API key; absent only in tests that do not exercise it. */
  rateLimiter?: ApiRateLimiter;
  /** Limits /v1 and /mcp per client address before the key is read; absent in tests that do not exercise it. */
  addressGuard?: AddressGuard;
  /** Woken after every successful mutation; absent in tests that run no engine. */
  jobs?: { wakeDue(): void };
  /** Each key's request log, written in batches; absent in tests that do not read it. */
  requestLog?: RequestLog;
}

/** What a procedure may set on the HTTP answer (REST face); other faces ignore it. */
interface ResponseControl {
  status?: number;
  headers: Record<string, string>;
  /** The key the request was authenticated with (agentProcedure): whose request log the answer goes to. */
  apiKeyId?: string;
}

export interface Context extends AppDeps {
  requestId: string;
  headers: IncomingHttpHeaders;
  response: ResponseControl;
  /** The signed-in portal user (portal face only). */
  user: PortalUser | null;
  /** The agent face the request came to (an OAuth token is bound to one); REST unless the MCP face says so. */
  agentResource: AgentResource;
  /**
   * What the face found wrong with the request's shape outside its input (an unknown query
   * parameter, a path that is not valid percent-encoding): refused after the key, scope and rate
   * limit, as an input error would be.
   */
  requestRefusal?: AppError;
}

export function createContext(
  deps: AppDeps,
  requestId: string,
  headers: IncomingHttpHeaders,
  user: PortalUser | null = null,
  agentResource: AgentResource = "v1",
): Context {
  return { ...deps, requestId, headers, response: { headers: {} }, user, agentResource };
}
