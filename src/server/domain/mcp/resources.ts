/**
 * The MCP resources an agent may read and subscribe to (docs/decisions/mcp-subscriptions.md): each
 * order of its organisation as `kuasa://orders/{id}`, read as orders.get answers it, and the catalog
 * as `kuasa://catalog`, read as catalog.list answers it.
 */
export const CATALOG_URI = "kuasa://catalog";
export const ORDER_URI_PREFIX = "kuasa://orders/";
export const ORDER_URI_TEMPLATE = `${ORDER_URI_PREFIX}{id}`;

export const orderUri = (id: string): string => `${ORDER_URI_PREFIX}${id}`;

export type Resource = { kind: "catalog" } | { kind: "order"; id: string };

/** Order ids are `ord_` and base62; anything a path parameter could carry is still the procedure's to refuse. */
const ORDER_ID = /^[\w-]{1,100}$/;

/** The resource a URI names, or null for one Kuasa does not serve. */
export function resourceOf(uri: string): Resource | null {
  if (uri === CATALOG_URI) return { kind: "catalog" };
  if (!uri.startsWith(ORDER_URI_PREFIX)) return null;
  const id = uri.slice(ORDER_URI_PREFIX.length);
  return ORDER_ID.test(id) ? { kind: "order", id } : null;
}

/** How often an instance holding sessions' streams looks for changes (MCP_WATCH_INTERVAL_MS). */
export const DEFAULT_MCP_WATCH_INTERVAL_MS = 1_000;

/** A remote session nobody used (no request, no open stream) for this long is deleted with its subscriptions. */
export const MCP_SESSION_IDLE_MS = 24 * 3_600_000;

/** A session's lastSeenAt is written at most this often: a request within it only reads the row. */
export const MCP_SESSION_TOUCH_MS = 60_000;

/** Resources one session may subscribe to: each is read on every tick of the watcher holding its stream. */
export const MCP_SUBSCRIPTIONS_PER_SESSION = 100;
