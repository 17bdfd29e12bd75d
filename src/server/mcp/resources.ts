import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  type Resource,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { CATALOG_URI, ORDER_URI_TEMPLATE, orderUri, resourceOf } from "@/server/domain/mcp/resources";
import { protocolError } from "./protocol-error";
import type { ProcedurePath } from "./tools";

/**
 * The MCP resources (docs/decisions/mcp-subscriptions.md): each order and the catalog, read through
 * the procedures the tools call (orders.get, catalog.list), so scope, mode and tenancy are theirs.
 */
type ErrorBody = { error: { code: string; message: string } };
/** A procedure's answer: its success body, or the API's error body. */
type ProcedureAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; body: ErrorBody };
/** Calls a procedure with a tool's checked arguments, on the face's runner. */
export type Ask = (procedure: ProcedurePath, args: Record<string, unknown>) => Promise<ProcedureAnswer>;

/**
 * Where a face keeps a connection's subscriptions: rows of its session, watched by the instance that
 * holds its stream (remote), or polls of the REST API (stdio). Either may refuse with an error,
 * which the client gets as the API's error body.
 */
export interface Subscriptions {
  /** `read`: the resource as it was just read for the subscriber, where a face that polls starts from. */
  subscribe(uri: string, read: Record<string, unknown>): Promise<void>;
  unsubscribe(uri: string): Promise<void>;
}

const JSON_TYPE = "application/json";
/** The newest orders resources/list names; any other is read by its id through the template. */
const LISTED_ORDERS = 20;

/** MCP's "Resource not found" (no ErrorCode member in the SDK). */
const RESOURCE_NOT_FOUND = -32002;

const CATALOG_RESOURCE: Resource = {
  uri: CATALOG_URI,
  name: "catalog",
  title: "Katalog layanan",
  description:
    "The catalog of services you may order, as daftar_layanan answers it (prices, SLA, intake fields, official fees). Subscribe to hear of a change.",
  mimeType: JSON_TYPE,
};

const ORDER_TEMPLATE = {
  uriTemplate: ORDER_URI_TEMPLATE,
  name: "order",
  title: "Order",
  description:
    "One order of your organisation by its id (ord_…), as status_order answers it: status, messages, costs, files, deliverable, review. " +
    "Subscribe to be told of every change instead of polling.",
  mimeType: JSON_TYPE,
};

/** The procedure and arguments that read a resource, or null for a URI Kuasa does not serve. */
export function resourceCall(uri: string): { procedure: ProcedurePath; args: Record<string, unknown> } | null {
  const resource = resourceOf(uri);
  if (resource === null) return null;
  return resource.kind === "order" ? { procedure: "orders.get", args: { id: resource.id } } : { procedure: "catalog.list", args: {} };
}

/** What resources/list asks: the newest orders of the key's organisation and mode. */
const LIST_CALL = { procedure: "orders.list", args: { limit: LISTED_ORDERS } } as const satisfies {
  procedure: ProcedurePath;
  args: Record<string, unknown>;
};

/**
 * The API's error as a JSON-RPC error: its message, its body as `data` (code, param, request_id,
 * doc_url, as a tool's error carries them); NOT_FOUND is MCP's "Resource not found", VALIDATION
 * invalid params, any other refusal (scope, mode, rate limit) the generic -32603.
 */
function refused({ error }: ErrorBody): Error {
  const code =
    error.code === "NOT_FOUND" ? RESOURCE_NOT_FOUND : error.code === "VALIDATION" ? ErrorCode.InvalidParams : ErrorCode.InternalError;
  return protocolError(code, error.message, { error });
}

async function read(ask: Ask, uri: string): Promise<Record<string, unknown>> {
  const call = resourceCall(uri);
  if (call === null)
    throw protocolError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}. Kuasa serves ${CATALOG_URI} and ${ORDER_URI_TEMPLATE}.`, { uri });
  const answer = await ask(call.procedure, call.args);
  if (!answer.ok) throw refused(answer.body);
  return answer.body;
}

type ListedOrder = { id: string; service: string; status: string };

const orderResource = (order: ListedOrder): Resource => ({
  uri: orderUri(order.id),
  name: order.id,
  title: `Order ${order.id}: ${order.service}, ${order.status}`,
  mimeType: JSON_TYPE,
});

/**
 * Serves the resources on `server`. Without `subscriptions` (a remote request outside a session)
 * subscribing is refused: there is no stream to send updates to. `refusal` turns anything a face's
 * subscriptions throw into the API's error body, as a tool's error is made.
 */
export function serveResources(
  server: Server,
  { ask, subscriptions, refusal }: { ask: Ask; subscriptions?: Subscriptions; refusal: (err: unknown) => ErrorBody },
): void {
  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const orders = await ask(LIST_CALL.procedure, LIST_CALL.args);
    // A key that may read the catalog but not orders still lists the catalog.
    if (!orders.ok && orders.body.error.code !== "INSUFFICIENT_SCOPE") throw refused(orders.body);
    const listed = orders.ok ? (orders.body.data as ListedOrder[]) : [];
    return { resources: [CATALOG_RESOURCE, ...listed.map(orderResource)] };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [ORDER_TEMPLATE] }));
  server.setRequestHandler(ReadResourceRequestSchema, async ({ params: { uri } }) => ({
    contents: [{ uri, mimeType: JSON_TYPE, text: JSON.stringify(await read(ask, uri)) }],
  }));
  const following = (method: string) => {
    if (subscriptions) return subscriptions;
    throw protocolError(
      ErrorCode.InvalidRequest,
      `${method} needs a session: send the Mcp-Session-Id header that initialize answered with (updates go to the session's GET stream).`,
    );
  };
  const act = async (step: () => Promise<void>) => {
    try {
      await step();
    } catch (err) {
      throw refused(refusal(err));
    }
  };
  server.setRequestHandler(SubscribeRequestSchema, async ({ params: { uri } }) => {
    // Read first: a resource the key may not read is refused with the API's error, and never followed;
    // and the read counts the message in the key's read window, as reachesProcedure says it does.
    const body = await read(ask, uri);
    const session = following("resources/subscribe");
    await act(() => session.subscribe(uri, body));
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, async ({ params: { uri } }) => {
    const session = following("resources/unsubscribe");
    await act(() => session.unsubscribe(uri));
    return {};
  });
}
