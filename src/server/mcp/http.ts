import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { toApiError } from "@/server/api/api-error";
import { type AppDeps, createContext } from "@/server/api/context";
import { MAX_BODY_BYTES, sendError } from "@/server/api/rest";
import { createCallerFactory } from "@/server/api/trpc";
import { v1Router } from "@/server/api/v1";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { authenticateApiKey } from "@/server/services/api-keys";
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
 * idempotency_key as Idempotency-Key): scopes, budgets, approval and idempotency are the procedure's.
 */
function runInProcess(deps: AppDeps, requestId: string, authorization: string): ToolRunner {
  return async (tool, { input, idempotencyKey }) => {
    const headers: IncomingHttpHeaders = { authorization };
    if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
    const body = await callProcedure(createCaller(createContext(deps, requestId, headers)), tool.procedure, input);
    return { ok: true, body: body as Record<string, unknown> };
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new AppError("VALIDATION", "The request body is not valid JSON.");
  }
}

/**
 * The remote MCP face at /mcp: stateless Streamable HTTP, a fresh server and transport per POST,
 * answered as plain JSON. The key is checked before any MCP processing, so a bad key is an HTTP
 * 401/403 with the API's error body rather than a tool result.
 */
export function createMcpHandler(deps: AppDeps) {
  return async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = newId("request");
    res.setHeader("X-Request-Id", requestId);
    // Without sessions there is no SSE stream to GET and nothing to DELETE.
    if (req.method !== "POST") {
      sendError(res, { code: "METHOD_NOT_ALLOWED", message: `${req.method} is not allowed on /mcp; this stateless MCP endpoint answers POST only.` }, { Allow: "POST" });
      return;
    }
    const authorization = req.headers.authorization ?? "";
    let body: unknown;
    try {
      await authenticateApiKey(deps.db, deps.clock, authorization);
      body = await readJson(req);
    } catch (err) {
      sendError(res, toApiError(err));
      return;
    }

    const server = createMcpServer(runInProcess(deps, requestId, authorization));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };
}
