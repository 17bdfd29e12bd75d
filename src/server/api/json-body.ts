import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError } from "@/server/domain/errors";

/** The largest request body /v1 reads (/mcp's is its upload tool's: mcp/tools.ts MCP_MAX_BODY_BYTES). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Refusing a body leaves the rest of it unread on the socket, where the parser would take it for
 * the next request and the connection would hang: the answer closes the connection instead of
 * reading (possibly gigabytes) to the end.
 */
function tooLarge(res: ServerResponse, maxBytes: number): AppError {
  res.setHeader("Connection", "close");
  return new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${maxBytes} bytes.`);
}

/**
 * The body as UTF-8 text, at most `maxBytes`: refused from its Content-Length before reading,
 * or as soon as a body of unknown length passes the limit.
 */
export async function readBodyText(req: IncomingMessage, res: ServerResponse, maxBytes = MAX_BODY_BYTES): Promise<string> {
  if (Number(req.headers["content-length"]) > maxBytes) throw tooLarge(res, maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(res, maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Far deeper than any request body needs (intake and metadata are two levels). JSON.parse takes any
 * depth, but the recursive code after it does not: the REST adapter's JSON.stringify of the body
 * overflowed the stack (a 500) at a few thousand levels.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether brackets in `text` (outside strings) nest deeper than `limit`. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Whether an object anywhere in a parsed body has its own `__proto__` key. zod leaves such a key out
 * of what it parses (rather than let it replace a prototype), so no schema can refuse it and a
 * metadata filter or label under it vanished silently: refused here, for every body at once.
 */
function hasOwnProtoKey(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  if (Object.hasOwn(value, "__proto__")) return true;
  return Object.values(value).some(hasOwnProtoKey);
}

/** What a body that is not JSON is answered, on every face (MCP makes it a JSON-RPC parse error). */
export const NOT_JSON = "The request body is not valid JSON.";

/** JSON text to a value: VALIDATION when it is not JSON, nests deeper than MAX_JSON_DEPTH or has a `__proto__` key. */
export function parseJson(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION", NOT_JSON);
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    throw new AppError("VALIDATION", `The request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`);
  if (hasOwnProtoKey(parsed)) throw new AppError("VALIDATION", '"__proto__" is a reserved key and cannot be sent in a request body.');
  return parsed;
}

const JSON_CONTENT_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The one reader of /v1, /mcp and OAuth request bodies: at most `maxBytes` (MAX_BODY_BYTES unless
 * given; 413), sent as `application/json` with any parameters (415 otherwise), valid JSON no deeper than
 * MAX_JSON_DEPTH (400). An empty body answers `whenEmpty` when given, with no Content-Type needed
 * (REST's bodiless POSTs); without it, an empty body is not JSON.
 */
export async function readJsonBody(
  req: IncomingMessage,
  res: ServerResponse,
  options: { whenEmpty?: unknown; maxBytes?: number } = {},
): Promise<unknown> {
  const text = await readBodyText(req, res, options.maxBytes);
  if (options.whenEmpty !== undefined && text.trim() === "") return options.whenEmpty;
  const contentType = req.headers["content-type"];
  if (!contentType || !JSON_CONTENT_TYPE.test(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON with `Content-Type: application/json`.");
  }
  return parseJson(text);
}
