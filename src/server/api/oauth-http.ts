import type { IncomingMessage, ServerResponse } from "node:http";
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import { VISITOR } from "@/server/domain/access/actor";
import { SCOPES } from "@/server/domain/access/api-key";
import { CLIENT_ADDRESS_HEADER } from "@/server/domain/access/client-address";
import {
  AGENT_RESOURCES,
  type AgentResource,
  OAUTH_CLIENT_LIMITS,
  OAUTH_ENDPOINT_PATHS,
  OAuthError,
  resourceUrl,
} from "@/server/domain/access/oauth";
import { AppError } from "@/server/domain/errors";
import { requestLog } from "@/server/log";
import { issueTokens, registerClient, revokeToken } from "@/server/services/oauth";
import type { AppDeps } from "./context";
import { readBodyText, readJsonBody } from "./json-body";
import { setApiSecurityHeaders } from "./security-headers";

const PROTECTED_RESOURCE = "/.well-known/oauth-protected-resource";
const AUTHORIZATION_SERVER = "/.well-known/oauth-authorization-server";

/** The paths this handler answers; serve.ts routes them here. */
export const OAUTH_PATHS: ReadonlySet<string> = new Set([
  PROTECTED_RESOURCE,
  ...AGENT_RESOURCES.map((resource) => `${PROTECTED_RESOURCE}/${resource}`),
  AUTHORIZATION_SERVER,
  OAUTH_ENDPOINT_PATHS.registration,
  OAUTH_ENDPOINT_PATHS.token,
  OAUTH_ENDPOINT_PATHS.revocation,
]);

function protectedResourceMetadata(publicUrl: string, resource: AgentResource): OAuthProtectedResourceMetadata {
  return {
    resource: resourceUrl(publicUrl, resource),
    authorization_servers: [publicUrl],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: resource === "mcp" ? "Kuasa MCP" : "Kuasa REST API",
    resource_documentation: `${publicUrl}/docs`,
  };
}

function authorizationServerMetadata(publicUrl: string): OAuthMetadata {
  return {
    issuer: publicUrl,
    authorization_endpoint: `${publicUrl}${OAUTH_ENDPOINT_PATHS.authorization}`,
    token_endpoint: `${publicUrl}${OAUTH_ENDPOINT_PATHS.token}`,
    registration_endpoint: `${publicUrl}${OAUTH_ENDPOINT_PATHS.registration}`,
    revocation_endpoint: `${publicUrl}${OAUTH_ENDPOINT_PATHS.revocation}`,
    scopes_supported: [...SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    code_challenge_methods_supported: ["S256"],
    client_id_metadata_document_supported: true,
    service_documentation: `${publicUrl}/docs`,
    authorization_response_iss_parameter_supported: true,
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

function sendOAuthError(res: ServerResponse, error: OAuthError, headers: Record<string, string> = {}): void {
  sendJson(res, error.status, { error: error.error, error_description: error.description }, headers);
}

/** A form body (token and revocation requests, RFC 6749 §4.1.3): each parameter once; repeated ones are refused (§3.2). */
async function readForm(req: IncomingMessage, res: ServerResponse): Promise<Record<string, string>> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new OAuthError("invalid_request", "Send the parameters as application/x-www-form-urlencoded.");
  }
  const params = new URLSearchParams(await readBodyText(req, res));
  const form: Record<string, string> = {};
  for (const [name, value] of params) {
    if (Object.hasOwn(form, name)) throw new OAuthError("invalid_request", `${name} is given more than once.`);
    form[name] = value;
  }
  return form;
}

/** A registration's metadata: over OAUTH_CLIENT_LIMITS.metadataBytes it is refused unread, as metadata (RFC 7591 §3.2.2). */
async function readRegistration(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  try {
    return await readJsonBody(req, res, { maxBytes: OAUTH_CLIENT_LIMITS.metadataBytes });
  } catch (err) {
    if (!(err instanceof AppError && err.code === "PAYLOAD_TOO_LARGE")) throw err;
    throw new OAuthError("invalid_client_metadata", `Client metadata is limited to ${OAUTH_CLIENT_LIMITS.metadataBytes} bytes of JSON.`);
  }
}

/**
 * The OAuth 2.1 authorization server's machine endpoints and the metadata of both protected
 * resources (services/oauth holds the rules). Public to any origin (browser-based MCP clients read
 * them); nothing here is stored or cached by anyone but the client (no-store).
 */
export function createOAuthHandler(deps: AppDeps & { publicUrl: string }) {
  const { publicUrl } = deps;
  return async function handleOAuth(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setApiSecurityHeaders(res);
    res.setHeader("Access-Control-Allow-Origin", "*");
    const pathname = (req.url ?? "/").split("?")[0]!;
    const method = req.method ?? "GET";
    if (method === "OPTIONS") {
      res.writeHead(204, {
        "Access-Control-Allow-Methods": "GET, POST",
        "Access-Control-Allow-Headers": "Content-Type, MCP-Protocol-Version",
      });
      res.end();
      return;
    }
    const metadata = pathname.startsWith("/.well-known/");
    const allowed = metadata ? "GET" : "POST";
    if (method !== allowed && !(metadata && method === "HEAD")) {
      sendJson(res, 405, { error: "invalid_request", error_description: `${pathname} answers ${allowed}.` }, { Allow: allowed });
      return;
    }
    if (pathname === AUTHORIZATION_SERVER) return sendJson(res, 200, authorizationServerMetadata(publicUrl));
    if (pathname.startsWith(PROTECTED_RESOURCE)) {
      // The root form describes the MCP server, the resource clients are given by URL.
      const resource = (pathname.slice(PROTECTED_RESOURCE.length + 1) || "mcp") as AgentResource;
      return sendJson(res, 200, protectedResourceMetadata(publicUrl, resource));
    }
    const registration = pathname === OAUTH_ENDPOINT_PATHS.registration;
    if (deps.rateLimiter) {
      const written = req.headers[CLIENT_ADDRESS_HEADER];
      const address = (typeof written === "string" && written) || req.socket.remoteAddress || "unknown";
      // Registrations have a budget of their own: using it up must not cost a client its code exchange.
      const decision = await deps.rateLimiter.consume(`oauth:${address}`, registration ? "oauth_registration" : "hashing_address");
      if (!decision.allowed) {
        const what = registration ? "client registrations" : "OAuth requests";
        const error = new OAuthError("slow_down", `Too many ${what} from this address; retry after ${decision.resetSeconds} s.`, 429);
        return sendOAuthError(res, error, { "Retry-After": String(decision.resetSeconds), Connection: "close" });
      }
    }
    try {
      if (registration)
        return sendJson(
          res,
          201,
          await registerClient(deps, {
            actor: VISITOR,
            body: await readRegistration(req, res),
          }),
        );
      const form = await readForm(req, res);
      if (pathname === OAUTH_ENDPOINT_PATHS.token) return sendJson(res, 200, await issueTokens(deps, form), { Pragma: "no-cache" });
      await revokeToken(deps, form);
      res.writeHead(200, { "Content-Length": "0" });
      res.end();
    } catch (err) {
      if (err instanceof OAuthError) return sendOAuthError(res, err);
      // A body too large or not JSON where JSON is read: the request's fault, said in OAuth's terms.
      if (err instanceof AppError) return sendOAuthError(res, new OAuthError("invalid_request", err.message, err.status));
      requestLog(req).error({ err }, "oauth endpoint failed");
      sendOAuthError(res, new OAuthError("server_error", "Internal error.", 500));
    }
  };
}
