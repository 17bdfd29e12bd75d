import http, { type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { errorAnchor } from "@/server/api/openapi-guide";
import { ERROR_CODES, isErrorCode } from "@/server/domain/errors";
import { bodyBytes, type FuzzRequest, type RawRequest } from "./openapi-fuzz";

/**
 * Sending the fuzz test's requests (src/server/api/fuzz.db.test.ts) and judging the answers
 * against the spec's error shapes and the one error table.
 */

export interface FuzzAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** An answer, or why there was none (with the socket error's code, if that was why). */
export type Outcome = { answer: FuzzAnswer } | { failure: string; code?: string };

/** Sends a request through a keep-alive agent, as a pooled client would; no answer within `timeoutMs` is a failure. */
export function send(base: URL, agent: http.Agent, request: FuzzRequest, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: Outcome) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    const body = request.body ? bodyBytes(request.body) : undefined;
    // Framed explicitly: Node's client sends a GET body with neither, as bytes after the request.
    const framing =
      body === undefined ? {} : request.chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(body.length) };
    let req: http.ClientRequest;
    try {
      req = http.request(
        {
          host: base.hostname,
          port: base.port,
          method: request.method,
          path: request.path,
          headers: { ...request.headers, ...framing },
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => done({ answer: { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) } }));
          res.on("error", (err) => done({ failure: `answer broken off: ${err.message}` }));
        },
      );
    } catch (err) {
      // The client library refused to send it: a generator bug, not a server finding.
      throw new Error(`cannot send ${request.kind}: ${(err as Error).message}`);
    }
    req.on("error", (err: NodeJS.ErrnoException) => done({ failure: `no answer: ${err.message}`, code: err.code }));
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    if (body && request.chunked) {
      const half = Math.floor(body.length / 2);
      req.write(body.subarray(0, half));
      req.end(body.subarray(half));
    } else req.end(body);
  });
}

/** Writes raw bytes on a fresh connection and reads every answer until the server closes it. */
export function sendRaw(base: URL, request: RawRequest, timeoutMs: number): Promise<{ answers: FuzzAnswer[] } | { failure: string }> {
  return new Promise((resolve) => {
    const socket = connect(Number(base.port), base.hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ failure: `connection neither answered nor closed within ${timeoutMs} ms` });
    }, timeoutMs);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ answers: parseAnswers(Buffer.concat(chunks)) });
    });
    socket.write(Buffer.from(request.text, "latin1"));
  });
}

/** The HTTP/1.1 answers in a byte stream (Content-Length, chunked, or up to the close); 1xx answers are skipped. */
export function parseAnswers(data: Buffer): FuzzAnswer[] {
  const answers: FuzzAnswer[] = [];
  let at = 0;
  while (at < data.length) {
    const end = data.indexOf("\r\n\r\n", at);
    if (end < 0) break;
    const [statusLine, ...lines] = data.subarray(at, end).toString("latin1").split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1] ?? 0);
    const headers: IncomingHttpHeaders = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    at = end + 4;
    if (status >= 100 && status < 200) continue;
    let body: Buffer;
    if (headers["content-length"] !== undefined) {
      body = data.subarray(at, at + Number(headers["content-length"]));
      at += body.length;
    } else if (/chunked/i.test(String(headers["transfer-encoding"] ?? ""))) {
      const pieces: Buffer[] = [];
      for (;;) {
        const lineEnd = data.indexOf("\r\n", at);
        const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
        at = lineEnd + 2;
        if (!size) break;
        pieces.push(data.subarray(at, at + size));
        at += size + 2;
      }
      at += 2;
      body = Buffer.concat(pieces);
    } else {
      body = data.subarray(at);
      at = data.length;
    }
    answers.push({ status, headers, body });
  }
  return answers;
}

export type Face = "rest" | "mcp" | "portal" | "other";

/** Which face a request line's target reaches, as src/server.ts routes it. */
export function faceOf(path: string): Face {
  if (path === "/v1" || path.startsWith("/v1/") || path.startsWith("/v1?")) return "rest";
  if (path === "/mcp" || path.startsWith("/mcp?")) return "mcp";
  if (path.startsWith("/api/trpc/")) return "portal";
  return "other";
}

function json(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const sameKeys = (v: Record<string, unknown>, keys: string[]) => Object.keys(v).sort().join() === [...keys].sort().join();

/**
 * What is wrong with `{ error: { code, message, param?, request_id, doc_url } }` (null when nothing):
 * param only on VALIDATION, doc_url at the code's heading in /docs; `status` also checks the table's
 * status. A portal tRPC error refused before its context was made (a cross-site POST) has no request
 * id or server address to carry (`requestId: "optional"`).
 */
function apiErrorProblem(body: unknown, status?: number, requestId: "required" | "optional" = "required"): string | null {
  if (!isObject(body) || !sameKeys(body, ["error"]) || !isObject(body.error)) return "not {error:{…}}";
  const { code, message, param, doc_url } = body.error;
  const keys = ["code", "message", ...(param !== undefined ? ["param"] : [])];
  if (!sameKeys(body.error, [...keys, "request_id", "doc_url"]) && !(requestId === "optional" && sameKeys(body.error, keys)))
    return "not {error:{code,message,param?,request_id,doc_url}}";
  if (param !== undefined && (code !== "VALIDATION" || typeof param !== "string" || param === "")) return "param on a non-VALIDATION error";
  if (!isErrorCode(code)) return `code ${String(code)} is not in the error table`;
  if (doc_url !== undefined && (typeof doc_url !== "string" || !doc_url.endsWith(`/docs#${errorAnchor(code)}`)))
    return `doc_url ${String(doc_url)} is not ${code}'s heading in /docs`;
  // A tool result or a portal batch item carries it without a 5xx status; it is a bug all the same.
  if (code === "INTERNAL") return "INTERNAL error";
  if (typeof message !== "string" || message === "") return "empty message";
  if (status !== undefined && ERROR_CODES[code].status !== status)
    return `${code} answered with ${status}, the table says ${ERROR_CODES[code].status}`;
  return null;
}

/** What is wrong with one portal tRPC answer (a batch has one per call). */
function trpcItemProblem(item: unknown): string | null {
  if (isObject(item) && isObject(item.result)) return null;
  if (!isObject(item) || !isObject(item.error)) return "neither result nor error";
  const { message, code, data } = item.error;
  if (typeof message !== "string" || typeof code !== "number" || !isObject(data)) return "error without message, numeric code and data";
  const apiError = data.apiError;
  const problem = apiErrorProblem({ error: apiError }, typeof data.httpStatus === "number" ? data.httpStatus : -1, "optional");
  if (problem) return `data.apiError: ${problem}`;
  if (message !== (apiError as { message: string }).message) return "error.message differs from data.apiError.message";
  return null;
}

/**
 * What is wrong with an answer (null when nothing): never a 5xx; errors in the face's shape, with a
 * code of the table and the table's status. Answers by Node's HTTP parser, before any handler (an
 * empty 4xx body), are accepted: those requests never reach the application.
 */
export function answerProblem(face: Face, method: string, answer: FuzzAnswer): string | null {
  const { status, body } = answer;
  if (status >= 500 || status < 200 || (status >= 300 && status < 400)) return `status ${status}`;
  if (status >= 400 && body.length === 0 && answer.headers["content-type"] === undefined && answer.headers["x-request-id"] === undefined)
    return null;
  if (method === "HEAD" || face === "other") return null;
  const parsed = json(body);
  if (face === "rest") {
    // A download (a file's bytes, a receipt's PDF, a statement's CSV) is an attachment of its own type, never JSON.
    const download = answer.headers["content-disposition"]?.startsWith("attachment") && !answer.headers["content-type"]?.includes("json");
    if (status < 300) return status === 204 || parsed !== undefined || download ? null : "success body is not JSON";
    return apiErrorProblem(parsed, status);
  }
  if (face === "mcp") {
    if (status === 202 && body.length === 0) return null;
    if (isObject(parsed) && isObject(parsed.error) && typeof parsed.error.code === "string")
      return status >= 400 ? apiErrorProblem(parsed, status) : "API error body with a 2xx status";
    if (!isObject(parsed) || parsed.jsonrpc !== "2.0") return "not a JSON-RPC message";
    if (isObject(parsed.error)) {
      return Number.isInteger(parsed.error.code) && typeof parsed.error.message === "string"
        ? null
        : "JSON-RPC error without integer code and message";
    }
    if (status >= 400) return "JSON-RPC result with an error status";
    const result = parsed.result;
    if (!isObject(result)) return "JSON-RPC answer without result or error";
    if (result.isError === true) {
      const [first] = (result.content as Array<{ type?: string; text?: string }> | undefined) ?? [];
      if (first?.type !== "text") return "tool error without a text block";
      const problem = apiErrorProblem(json(Buffer.from(first.text ?? "")));
      return problem ? `tool error: ${problem}` : null;
    }
    return null;
  }
  // The portal: refused bodies get the API's error body from the server (src/server/runtime/body-limits.ts).
  if (status === 413) return apiErrorProblem(parsed, status);
  if (Array.isArray(parsed)) {
    for (const item of parsed) {
      const problem = trpcItemProblem(item);
      if (problem) return `batch item: ${problem}`;
    }
    return null;
  }
  const problem = trpcItemProblem(parsed);
  if (problem) return problem;
  const item = parsed as { error?: { data: { httpStatus: number } } };
  if (item.error && item.error.data.httpStatus !== status) return `answered ${status} for an error of status ${item.error.data.httpStatus}`;
  if (!item.error && status >= 400) return `result with status ${status}`;
  return null;
}
