import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { authenticateAgent } from "@/server/api/agent-key";
import { versionOfRequest } from "@/server/api/answer-version";
import { sendError, toApiError } from "@/server/api/api-error";
import { challengeOn401 } from "@/server/api/bearer-challenge";
import { type AppDeps, createContext } from "@/server/api/context";
import { NOT_JSON, readJsonBody } from "@/server/api/json-body";
import { trackRequest } from "@/server/api/request-record";
import { setApiSecurityHeaders } from "@/server/api/security-headers";
import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import { type ApiVersion, currentVersion, operationsChangedSince, VERSION_HEADER_KEY, versionHeaders } from "@/server/domain/api-version";
import { ERROR_CODES, isErrorCode } from "@/server/domain/errors";
import { MCP_METHOD, mcpRequestPath } from "@/server/domain/request-log/request-log";
import { requestContext } from "@/server/log";
import { rateLimitHeaders } from "@/server/services/access";
import { apiVersionsOf, publicUrlOf } from "@/server/services/deps";
import { fileDepsOf, receiveUpload } from "@/server/services/files";
import { createMcpServer, reachesProcedure, type ToolRunner } from "./server";
import { MCP_MAX_BODY_BYTES, uploadOf } from "./tools";

/** An upload tool's file stored and checked as POST /v1/files stores it; the procedure decides whether it is kept. */
function receivedUpload(deps: AppDeps, input: Record<string, unknown>) {
  const { filename, content } = uploadOf(input);
  return receiveUpload(fileDepsOf(deps), { source: Readable.from([content]), clientFilename: filename });
}

/**
 * Each tool call runs the REST procedure in process, with the request's own Authorization (and the
 * idempotency_key as Idempotency-Key): the key, scopes, budgets, approval and idempotency are the
 * procedure's (agentProcedure), as on REST.
 */
function runInProcess(deps: AppDeps, requestId: string, request: IncomingHttpHeaders): ToolRunner {
  return async (tool, { input, idempotencyKey }) => {
    const headers: IncomingHttpHeaders = { authorization: request.authorization };
    // The version the /mcp POST asked for, already checked: the procedure answers in it.
    if (request[VERSION_HEADER_KEY] !== undefined) headers[VERSION_HEADER_KEY] = request[VERSION_HEADER_KEY];
    if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
    const procedureInput = tool.route.meta.body === "multipart" ? { file: await receivedUpload(deps, input) } : input;
    const ctx = createContext(deps, requestId, headers, null, "mcp");
    const body = await tool.route.call(ctx, procedureInput);
    // The header REST would send, read where the procedure wrote it.
    return { ok: true, body: body as Record<string, unknown>, replayed: ctx.response.headers["Idempotent-Replayed"] === "true" };
  };
}

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const text = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } });
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

/**
 * The remote MCP face at /mcp: stateless Streamable HTTP, a fresh server and transport per POST,
 * answered as plain JSON. The key is checked before any MCP processing, as REST checks it before a
 * body, so a bad key is an HTTP 401/403 with the API's error body rather than a tool result.
 */
export function createMcpHandler(deps: AppDeps) {
  const versions = apiVersionsOf(deps);
  const publicUrl = publicUrlOf(deps);
  const unkeyedVersion = versionHeaders(currentVersion(versions));
  return async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = requestContext(req, res).id;
    setApiSecurityHeaders(res);
    for (const [name, value] of Object.entries(unkeyedVersion)) res.setHeader(name, value);
    challengeOn401(res, publicUrl, "mcp", req.headers);
    if (deps.addressGuard) {
      const verdict = await deps.addressGuard.check(deps, req, res, "mcp");
      if (!verdict.admitted) return sendError(res, publicUrl, verdict.error, verdict.headers);
    }
    // Without sessions there is no SSE stream to GET and nothing to DELETE.
    if (req.method !== "POST") {
      sendError(
        res,
        publicUrl,
        { code: "METHOD_NOT_ALLOWED", message: `${req.method} is not allowed on /mcp; this stateless MCP endpoint answers POST only.` },
        { Allow: "POST" },
      );
      return;
    }
    // Only a request with a valid key is logged; its "path" is its JSON-RPC method, once the body is read.
    const tracked = trackRequest(deps, res, requestId, MCP_METHOD, "");
    let apiKey: AuthenticatedKey;
    let version: ApiVersion;
    try {
      apiKey = await authenticateAgent(deps, req.headers, "mcp");
      if (tracked) tracked.apiKeyId = apiKey.id;
      version = versionOfRequest(versions, apiKey, req.headers, (headers) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      });
    } catch (err) {
      sendError(res, publicUrl, toApiError(err));
      return;
    }
    let body: unknown;
    try {
      body = await readJsonBody(req, res, { maxBytes: MCP_MAX_BODY_BYTES });
    } catch (err) {
      // Text that is not JSON is the protocol's parse error. A body too large or not declared as
      // JSON is refused by HTTP, as on REST; so is JSON the API never takes (too deep, __proto__).
      const error = toApiError(err);
      if (error.message === NOT_JSON) sendJsonRpcError(res, 400, -32700, `Parse error: ${error.message}`);
      else sendError(res, publicUrl, error);
      return;
    }
    if (tracked) tracked.path = mcpRequestPath(body);
    // One batch could carry ~20,000 messages in a megabyte, each answered in memory; the MCP
    // revision we serve (2025-06-18) has no batches.
    if (Array.isArray(body)) {
      sendJsonRpcError(res, 400, -32600, "Invalid Request: batches are not supported; send one JSON-RPC message per POST.");
      return;
    }
    if (body === null || typeof body !== "object") {
      sendJsonRpcError(res, 400, -32600, "Invalid Request: the body must be one JSON-RPC message, a JSON object.");
      return;
    }
    // Every message counts once: a tool call that reaches its procedure there (shared with REST), any
    // other (handshake, notification, unknown tool, bad arguments) in the key's own MCP window, with
    // the read limit, so a handshake does not spend the key's reads.
    if (deps.rateLimiter && !reachesProcedure(body, apiKey.livemode)) {
      const decision = await deps.rateLimiter.consume(`mcp:${apiKey.id}`, "read");
      if (!decision.allowed) {
        sendError(
          res,
          publicUrl,
          { code: "RATE_LIMITED", message: `Too many MCP requests for this API key; retry after ${decision.resetSeconds} s.` },
          rateLimitHeaders(decision),
        );
        return;
      }
    }

    const server = createMcpServer(runInProcess(deps, requestId, req.headers), {
      livemode: apiKey.livemode,
      requestId,
      publicUrl,
      changed: operationsChangedSince(versions, version),
      // A tool's error is a result inside a 200: the log shows the status REST would have answered.
      onToolAnswer: (answer) => {
        if (tracked && !answer.ok && isErrorCode(answer.body.error.code)) tracked.status = ERROR_CODES[answer.body.error.code].status;
      },
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };
}
