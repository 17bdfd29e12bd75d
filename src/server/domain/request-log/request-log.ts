/**
 * The request log of each API key (the keys page's "Permintaan terakhir", as Stripe's request log):
 * what was asked and answered, never a body, a query string or a header. Pure: what a row holds and
 * how long it is kept.
 */

/** Rows a key keeps, newest first: what the keys page lists. */
export const REQUEST_LOG_PER_KEY = 50;

/** How long a row is kept; a key used seldom still shows its week. */
const REQUEST_LOG_KEPT_MS = 7 * 24 * 3_600_000;

/** Rows written at or before this instant are due for deletion at `now`. */
export const requestLogKeptSince = (now: Date): Date => new Date(now.getTime() - REQUEST_LOG_KEPT_MS);

/** When a row written at `createdAt` is due for deletion. */
export const requestLogDeletionDueAt = (createdAt: Date): Date => new Date(createdAt.getTime() + REQUEST_LOG_KEPT_MS);

/** The method of an /mcp request's row: one JSON-RPC message per POST, named by its method. */
export const MCP_METHOD = "MCP";

const PATH_MAX = 200;
const NAME_MAX = 100;

/**
 * Text a client chose, as a row keeps it: visible ASCII only (JSON-RPC methods, tool names and
 * percent-encoded paths are), anything else as `?`, so no control character or NUL reaches a page or
 * the database; cut at `max` with `…`.
 */
function visible(text: string, max: number): string {
  const clean = text.replace(/[^\x21-\x7e]/g, "?");
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** A /v1 request's path as its row keeps it: the URL's path, percent-encoded as sent, without the query. */
export function restRequestPath(pathname: string): string {
  return visible(pathname, PATH_MAX);
}

/**
 * An /mcp request's "path": its JSON-RPC method, and for `tools/call` the tool's name
 * (`tools/call buat_order`); empty for a body that is no JSON-RPC message.
 */
export function mcpRequestPath(message: unknown): string {
  if (message === null || typeof message !== "object" || Array.isArray(message)) return "";
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } | null };
  if (typeof method !== "string") return "";
  const tool = method === "tools/call" && typeof params?.name === "string" ? ` ${visible(params.name, NAME_MAX)}` : "";
  return `${visible(method, NAME_MAX)}${tool}`;
}
