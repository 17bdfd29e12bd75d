import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { authenticateAgent } from "@/server/api/agent-key";
import { sendError, toApiError } from "@/server/api/api-error";
import { type AppDeps, createContext } from "@/server/api/context";
import { readJsonBody } from "@/server/api/json-body";
import { setApiSecurityHeaders } from "@/server/api/security-headers";
import { createCallerFactory } from "@/server/api/trpc";
import { v1Router } from "@/server/api/v1";
import { requestContext } from "@/server/log";
import { rateLimitHeaders } from "@/server/services/access";
import { createMcpServer, type ToolRunner } from "./server";
import type { ProcedurePath } from "./tools";

const createCaller = createCallerFactory(v1Router);
type Caller = ReturnType<typeof createCaller>;

/** `caller.orders.create(input)`, addressed by the tool table's procedure path. */
function callProcedure(caller: Caller, path: ProcedurePath, input: Record<string, unknown>): Promise<unknown> {
  const [group, name] = path.split(".") as [string, string];
  const procedures = caller as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
  return procedures[group]![name]!(input);
}

/**
 * Each tool call runs the REST procedure in process, with the request's own Authorization (and the
 * idempotency_key as Idempotency-Key): the key, scopes, budgets, approval and idempotency are the
 * procedure's (agentProcedure), as on REST.
 */
function runInProcess(deps: AppDeps, requestId: string, authorization: string | undefined): ToolRunner {
  return async (tool, { input, idempotencyKey }) => {
    const headers: IncomingHttpHeaders = { authorization };
    if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
    const body = await callProcedure(createCaller(createContext(deps, requestId, headers)), tool.procedure, input);
    return { ok: true, body: body as Record<string, unknown> };
  };
}

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const text = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } });
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

/**
 * A JSON-RPC request that is not a tool call. Tool calls are counted by their procedure (read or
 * write, shared with REST); notifications and responses are not counted: they are answered 202
 * with no work, which costs no more than refusing them would.
 */
function isProtocolRequest(message: unknown): boolean {
  if (message === null || typeof message !== "object") return false;
  const { method, id } = message as { method?: unknown; id?: unknown };
  return typeof method === "string" && id !== undefined && method !== "tools/call";
}

/**
 * The remote MCP face at /mcp: stateless Streamable HTTP, a fresh server and transport per POST,
 * answered as plain JSON. The key is checked before any MCP processing, as REST checks it before a
 * body, so a bad key is an HTTP 401/403 with the API's error body rather than a tool result.
 */
export function createMcpHandler(deps: AppDeps) {
  return async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = requestContext(req, res).id;
    setApiSecurityHeaders(res);
    if (deps.addressGuard) {
      const verdict = await deps.addressGuard.check(deps, req, res);
      if (!verdict.admitted) return sendError(res, verdict.error, verdict.headers);
    }
    // Without sessions there is no SSE stream to GET and nothing to DELETE.
    if (req.method !== "POST") {
      sendError(
        res,
        { code: "METHOD_NOT_ALLOWED", message: `${req.method} is not allowed on /mcp; this stateless MCP endpoint answers POST only.` },
        { Allow: "POST" },
      );
      return;
    }
    let body: unknown;
    let apiKeyId: string;
    try {
      apiKeyId = (await authenticateAgent(deps, req.headers)).id;
      body = await readJsonBody(req, res);
    } catch (err) {
      sendError(res, toApiError(err));
      return;
    }
    // One batch could carry ~20,000 messages in a megabyte, each answered in memory; the MCP
    // revision we serve (2025-06-18) has no batches.
    if (Array.isArray(body)) {
      sendJsonRpcError(res, 400, -32600, "Invalid Request: batches are not supported; send one JSON-RPC message per POST.");
      return;
    }
    if (deps.rateLimiter && isProtocolRequest(body)) {
      // Its own window per key, with the read limit: a handshake does not spend the key's reads.
      const decision = await deps.rateLimiter.consume(`mcp:${apiKeyId}`, "read");
      if (!decision.allowed) {
        sendError(
          res,
          { code: "RATE_LIMITED", message: `Too many MCP requests for this API key; retry after ${decision.resetSeconds} s.` },
          rateLimitHeaders(decision),
        );
        return;
      }
    }

    const server = createMcpServer(runInProcess(deps, requestId, req.headers.authorization));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };
}
