import { VERSION_HEADER } from "@/server/domain/api-version";
import { AppError } from "@/server/domain/errors";
import packageJson from "../../../package.json" with { type: "json" };
import type { ToolAnswer, ToolRunner } from "./server";
import { type Tool, type ToolCall, uploadOf } from "./tools";

interface RestTarget {
  /** Where the Kuasa API runs, without a trailing slash; may carry a path prefix. */
  baseUrl: string;
  apiKey: string;
  /** KUASA_API_VERSION: sent as `Kuasa-Version` on every request; the key's own version when absent. */
  apiVersion?: string;
}

/** The headers of every request to the API. */
function headersOf(target: RestTarget): Record<string, string> {
  return {
    Authorization: `Bearer ${target.apiKey}`,
    Accept: "application/json",
    "User-Agent": `kuasa-mcp/${packageJson.version}`,
    ...(target.apiVersion !== undefined && { [VERSION_HEADER]: target.apiVersion }),
  };
}

const REQUEST_TIMEOUT_MS = 30_000;

/** The REST request a tool call stands for, built from the procedure's own route. */
export function restRequest(tool: Tool, { input, idempotencyKey }: ToolCall, target: RestTarget): { url: URL; init: RequestInit } {
  const { method, path } = tool.route;
  const rest = { ...input };
  const pathname = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = String(rest[name]);
    delete rest[name];
    return encodeURIComponent(value);
  });
  const url = new URL(target.baseUrl + pathname);
  const headers = headersOf(target);
  if (idempotencyKey !== undefined) headers["Idempotency-Key"] = idempotencyKey;
  if (method === "GET") {
    for (const [key, value] of Object.entries(rest)) url.searchParams.set(key, String(value));
    return { url, init: { method, headers } };
  }
  if (tool.route.meta.body === "multipart") {
    const { filename, content } = uploadOf(rest);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(content)]), filename);
    return { url, init: { method, headers, body: form } };
  }
  headers["Content-Type"] = "application/json";
  return { url, init: { method, headers, body: JSON.stringify(rest) } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isErrorBody(value: unknown): value is { error: { code: string; message: string } } {
  return isObject(value) && isObject(value.error) && typeof value.error.code === "string" && typeof value.error.message === "string";
}

/** What a taken key's first answer said: its mode (when the read answered it) and the API version of its answers. */
interface TakenKey {
  taken: true;
  livemode?: boolean;
  /** The `Kuasa-Version` the answer was given in, and its `Sunset` when that version is deprecated. */
  version?: { date: string; sunset?: string };
}

/**
 * What the API says of the key at start, from one cheap read: refused (401, or 400 for the
 * KUASA_API_VERSION, with the API's words), unreachable, or taken (any other answer: a key without
 * the read scope is still a key), with its mode when the read answered it and the answer's version.
 */
export async function checkKey(
  target: RestTarget,
): Promise<TakenKey | { taken: false; refused: false | "KUASA_API_KEY" | "KUASA_API_VERSION"; message: string }> {
  let response: Response;
  try {
    response = await fetch(new URL(`${target.baseUrl}/v1/balance`), {
      headers: headersOf(target),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    return { taken: false, refused: false, message: `Could not reach the Kuasa API at ${target.baseUrl} (${reasonOf(err)}).` };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401)
    return {
      taken: false,
      refused: "KUASA_API_KEY",
      message: isErrorBody(body) ? body.error.message : "The API refused the key (HTTP 401).",
    };
  if (response.status === 400 && isErrorBody(body) && (body.error as { param?: unknown }).param === VERSION_HEADER)
    return { taken: false, refused: "KUASA_API_VERSION", message: body.error.message };
  const date = response.headers.get(VERSION_HEADER);
  const sunset = response.headers.get("sunset");
  return {
    taken: true,
    ...(isObject(body) && typeof body.livemode === "boolean" && { livemode: body.livemode }),
    ...(date !== null && { version: { date, ...(sunset !== null && { sunset }) } }),
  };
}

const reasonOf = (err: unknown) => (err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err));

/** One request to the API; a network failure is the AppError a tool answers with. */
async function send(url: URL, init: RequestInit, target: RestTarget): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (err) {
    throw new AppError("INTERNAL", `Could not reach the Kuasa API at ${target.baseUrl} (${reasonOf(err)}); check KUASA_BASE_URL.`);
  }
}

async function answerOf(response: Response, url: URL, init: RequestInit, target: RestTarget): Promise<ToolAnswer> {
  const body: unknown = await response.json().catch(() => undefined);
  // The API's error body passes through unchanged, so both faces fail in the same words.
  if (!response.ok && isErrorBody(body)) return { ok: false, body };
  if (response.ok && isObject(body)) return { ok: true, body, replayed: response.headers.get("idempotent-replayed") === "true" };
  throw new AppError(
    "INTERNAL",
    `${init.method} ${url.pathname} at ${target.baseUrl} answered HTTP ${response.status} without a Kuasa API body; check KUASA_BASE_URL.`,
  );
}

/** The stdio face's runner: every tool call is one REST request with the agent's key; no database here. */
export function createRestRunner(target: RestTarget): ToolRunner {
  return async (tool, call): Promise<ToolAnswer> => {
    const { url, init } = restRequest(tool, call, target);
    return answerOf(await send(url, init, target), url, init, target);
  };
}

/** A poll of a read: unchanged since the ETag sent (304), or its answer and the ETag it came with (null: the read has none). */
export type Poll = { unchanged: true } | { unchanged: false; etag: string | null; answer: ToolAnswer };

/** Reads a read tool's answer again, with If-None-Match when an earlier answer gave an ETag (the catalog's, today). */
export type Poller = (tool: Tool, call: ToolCall, etag: string | null) => Promise<Poll>;

export function createRestPoller(target: RestTarget): Poller {
  return async (tool, call, etag) => {
    const { url, init } = restRequest(tool, call, target);
    if (etag !== null) init.headers = { ...init.headers, "If-None-Match": etag };
    const response = await send(url, init, target);
    if (response.status === 304) return { unchanged: true };
    return { unchanged: false, etag: response.headers.get("etag"), answer: await answerOf(response, url, init, target) };
  };
}
