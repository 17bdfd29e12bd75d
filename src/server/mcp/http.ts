import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest, type ServerNotification, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { authenticateAgent } from "@/server/api/agent-key";
import { versionOfRequest } from "@/server/api/answer-version";
import { sendError, toApiError } from "@/server/api/api-error";
import { challengeOn401 } from "@/server/api/bearer-challenge";
import { type AppDeps, createContext } from "@/server/api/context";
import { NOT_JSON, readJsonBody } from "@/server/api/json-body";
import { trackRequest } from "@/server/api/request-record";
import { setApiSecurityHeaders } from "@/server/api/security-headers";
import { type AgentActor, agentActor } from "@/server/domain/access/actor";
import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import { type ApiVersion, currentVersion, operationsChangedSince, VERSION_HEADER_KEY, versionHeaders } from "@/server/domain/api-version";
import { ERROR_CODES, isErrorCode } from "@/server/domain/errors";
import { DEFAULT_MCP_WATCH_INTERVAL_MS } from "@/server/domain/mcp/resources";
import { MCP_METHOD, mcpRequestPath } from "@/server/domain/request-log/request-log";
import { requestContext } from "@/server/log";
import { rateLimitHeaders } from "@/server/services/access";
import { apiVersionsOf, publicUrlOf } from "@/server/services/deps";
import { fileDepsOf, receiveUpload } from "@/server/services/files";
import {
  endMcpSession,
  openMcpSession,
  resumeMcpSession,
  subscribeToResource,
  unsubscribeFromResource,
} from "@/server/services/mcp-sessions";
import type { Subscriptions } from "./resources";
import { createMcpServer, reachesProcedure, type ToolRunner } from "./server";
import { MCP_MAX_BODY_BYTES, uploadOf } from "./tools";
import { createWatcher, type Stream, type Watcher } from "./watcher";

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

/** The session's subscriptions are rows (services/mcp-sessions): any instance may take them, whichever holds its stream sends. */
const sessionSubscriptions = (deps: AppDeps, actor: AgentActor, sessionId: string): Subscriptions => ({
  subscribe: (uri) => subscribeToResource(deps, { actor, sessionId, uri }),
  unsubscribe: (uri) => unsubscribeFromResource(deps, { actor, sessionId, uri }),
});

const SESSION_HEADER = "Mcp-Session-Id";
/** What a proxy or load balancer must see now and then on a quiet stream, or it closes it as idle. */
const KEEPALIVE_MS = 15_000;
/** Updates a stream's client has not read: a few hundred; past it the client is gone or stuck. */
const STALLED_STREAM_BYTES = 64 * 1024;

/**
 * GET with a session's id: its stream of notifications on this instance, written here rather than
 * by the SDK's transport, whose stream lives in its in-memory session state; ours lives only as
 * long as this response. The watcher is told of it once its headers are out, so no update is
 * written before the stream exists.
 */
function openStream(req: IncomingMessage, res: ServerResponse, watcher: Watcher, sessionId: string): void {
  if (!String(req.headers.accept ?? "").includes("text/event-stream")) {
    sendJsonRpcError(res, 406, -32000, "Not Acceptable: a GET on /mcp opens the session's event stream; send Accept: text/event-stream.");
    return;
  }
  const protocolVersion = req.headers["mcp-protocol-version"];
  if (typeof protocolVersion === "string" && !SUPPORTED_PROTOCOL_VERSIONS.includes(protocolVersion)) {
    sendJsonRpcError(res, 400, -32000, `Bad Request: Unsupported protocol version: ${protocolVersion}`);
    return;
  }
  // Connection: close: a stream the server ends (the process stopping, the session ended) takes its connection with it.
  res.writeHead(200, { "Content-Type": "text/event-stream", "X-Accel-Buffering": "no", Connection: "close" });
  res.flushHeaders();
  // Never awaits the socket: a client that stops reading must not hold up the watcher, so its stream ends instead.
  const write = (text: string) => {
    if (res.writableEnded || res.destroyed) throw new Error("the stream has closed");
    res.write(text);
    if (res.writableLength > STALLED_STREAM_BYTES) res.destroy();
  };
  const keepalive = setInterval(() => {
    if (!res.writableEnded && !res.destroyed) write(": keepalive\n\n");
  }, KEEPALIVE_MS).unref();
  const stream: Stream = {
    notify: async (uri) => {
      const notification: ServerNotification = { method: "notifications/resources/updated", params: { uri } };
      write(`event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", ...notification })}\n\n`);
    },
    end: () => {
      if (!res.writableEnded && !res.destroyed) res.end();
    },
  };
  const stop = () => {
    clearInterval(keepalive);
    watcher.detach(sessionId, stream);
  };
  res.on("close", stop);
  watcher.attach(sessionId, stream);
  // A client gone while its session was read closed before the listener was there.
  if (res.socket === null || res.socket.destroyed) stop();
}

export interface McpHandler {
  (req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Ends this instance's streams and stops watching (the process is stopping). */
  close(): Promise<void>;
}

/**
 * The remote MCP face at /mcp: Streamable HTTP, a fresh server and transport per POST, answered as
 * plain JSON, so any instance answers any POST. The key is checked before any MCP processing, as REST
 * checks it before a body, so a bad key is an HTTP 401/403 with the API's error body rather than a
 * tool result. Sessions (docs/decisions/mcp-subscriptions.md): initialize issues one (a row), a POST
 * may name it (it must be the key's own, else 404) and needs it to subscribe; GET opens its stream
 * of resource updates on this instance, DELETE ends it. A POST without one is served statelessly.
 */
export function createMcpHandler(deps: AppDeps, { watchIntervalMs = DEFAULT_MCP_WATCH_INTERVAL_MS } = {}): McpHandler {
  const versions = apiVersionsOf(deps);
  const publicUrl = publicUrlOf(deps);
  const unkeyedVersion = versionHeaders(currentVersion(versions));
  const watcher = createWatcher(deps, { intervalMs: watchIntervalMs });

  /** Counts a message (or a stream) in the key's own MCP window, with the read limit; false when refused (answered). */
  async function admitted(res: ServerResponse, apiKey: AuthenticatedKey): Promise<boolean> {
    if (!deps.rateLimiter) return true;
    const decision = await deps.rateLimiter.consume(`mcp:${apiKey.id}`, "read");
    if (decision.allowed) return true;
    sendError(
      res,
      publicUrl,
      { code: "RATE_LIMITED", message: `Too many MCP requests for this API key; retry after ${decision.resetSeconds} s.` },
      rateLimitHeaders(decision),
    );
    return false;
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = requestContext(req, res).id;
    setApiSecurityHeaders(res);
    for (const [name, value] of Object.entries(unkeyedVersion)) res.setHeader(name, value);
    challengeOn401(res, publicUrl, "mcp", req.headers);
    if (deps.addressGuard) {
      const verdict = await deps.addressGuard.check(deps, req, res, "mcp");
      if (!verdict.admitted) return sendError(res, publicUrl, verdict.error, verdict.headers);
    }
    if (req.method !== "POST" && req.method !== "GET" && req.method !== "DELETE") {
      sendError(
        res,
        publicUrl,
        { code: "METHOD_NOT_ALLOWED", message: `${req.method} is not allowed on /mcp; it answers POST, and GET and DELETE of a session.` },
        { Allow: "GET, POST, DELETE" },
      );
      return;
    }
    // Only a request with a valid key is logged; a POST's "path" is its JSON-RPC method, once the body is read.
    const tracked = trackRequest(deps, res, requestId, MCP_METHOD, req.method === "POST" ? "" : req.method);
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
    const actor = agentActor(apiKey);
    const named = req.headers["mcp-session-id"];
    const sessionId = typeof named === "string" && named !== "" ? named : undefined;

    if (req.method !== "POST") {
      // MCP's rule for a server that needs a session: 400 without one. A stream counts once, however long it stays open.
      if (sessionId === undefined) {
        sendError(res, publicUrl, {
          code: "VALIDATION",
          message: `${req.method} on /mcp needs the ${SESSION_HEADER} header that initialize answered with.`,
          param: SESSION_HEADER,
        });
        return;
      }
      if (!(await admitted(res, apiKey))) return;
      try {
        if (req.method === "DELETE") await endMcpSession(deps, { actor, sessionId });
        else await resumeMcpSession(deps, { actor, sessionId });
      } catch (err) {
        sendError(res, publicUrl, toApiError(err));
        return;
      }
      if (req.method === "GET") return openStream(req, res, watcher, sessionId);
      watcher.endSession(sessionId);
      res.writeHead(204).end();
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
    // Every message counts once: one that reaches its procedure there (shared with REST), any other
    // (handshake, notification, unknown tool, bad arguments) in the key's own MCP window, with the
    // read limit, so a handshake does not spend the key's reads.
    if (!reachesProcedure(body, apiKey.livemode) && !(await admitted(res, apiKey))) return;

    // An initialize starts a session; any other message may name one, which must be the key's.
    let session = sessionId;
    try {
      if (isInitializeRequest(body)) {
        session = await openMcpSession(deps, { actor });
        res.setHeader(SESSION_HEADER, session);
      } else if (session !== undefined) await resumeMcpSession(deps, { actor, sessionId: session });
    } catch (err) {
      sendError(res, publicUrl, toApiError(err));
      return;
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
      subscriptions: session === undefined ? undefined : sessionSubscriptions(deps, actor, session),
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  return Object.assign(handleMcp, { close: () => watcher.close() });
}
