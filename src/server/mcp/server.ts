import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, type CallToolResult, ErrorCode, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { type ApiError, errorBody, toApiError, zodValidationError } from "@/server/api/api-error";
import { errorDocUrl } from "@/server/api/openapi-guide";
import { AppError } from "@/server/domain/errors";
import packageJson from "../../../package.json" with { type: "json" };
import { protocolError } from "./protocol-error";
import { resourceCall, type Subscriptions, serveResources } from "./resources";
import { type ProcedurePath, REPLAYED_FIELD, type Tool, type ToolCall, type ToolSet, toolsFor } from "./tools";

/** The spec's content rules for agent clients, and how the tools fit together. */
export const INSTRUCTIONS = `Kuasa lets you hire licensed Indonesian legal practitioners (advokat and other labelled practitioners) for your user. Amounts are integer rupiah (IDR).

Two flows:
1. Instant Matter, fixed price from the catalog: daftar_layanan, detail_layanan, buat_order, then follow status_order; answer butuh_input_klien with kirim_pesan; when the result is diserahkan, review it: terima_hasil if approved, minta_revisi if it needs changes, ajukan_sengketa if something is wrong. Before a practitioner takes the order, batalkan_order cancels it with the money back.
2. Case board, custom work: ajukan_kasus, follow the bids with status_kasus, then pilih_penawaran. Once an admin pays the invoice (status_invoice), the work is an order (the invoice's and the case's order_id): follow it like any order.

Content rules when you speak to your user about Kuasa or its practitioners:
- Never promise an outcome: not winning a case, not a permit being issued, not a deadline of a government body.
- Never state that all practitioners are verified by one particular bar organisation; only the label shown on a practitioner's profile or on a service counts.
- Never quote prices or services that are not in the catalog (daftar_layanan, detail_layanan). Third-party costs (official fees) are billed separately at official rates: mention only the fees a service lists in third_party_fees, with their amount_idr where one is given.
- Never present AI answers, yours included, as legal advice; legal work comes from the practitioner.
- periksa_konten checks a draft against these rules and the live catalog before you say it: rewrite what it finds.

Every tool error is the REST API's error body {"error":{"code","message","param","request_id","doc_url"}}; the code says what to do (INSUFFICIENT_SCOPE, BUDGET_EXCEEDED, VALIDATION, NOT_FOUND, INVALID_STATE…), param names the argument a VALIDATION error is about, request_id is what support asks for, and doc_url is the API reference's entry for the code.`;

/**
 * A success body, or the REST error body exactly as the API would send it: its request_id is the
 * request's that answered it (the /mcp POST's X-Request-Id, or over stdio the REST call's); an
 * error over stdio that never reached the API has none, but has its doc_url (the server's docs).
 */
export type ToolAnswer =
  /** `replayed`: the REST answer said `Idempotent-Replayed: true`. */
  | { ok: true; body: Record<string, unknown>; replayed: boolean }
  | { ok: false; body: { error: Omit<ApiError, "code"> & { code: string; request_id?: string; doc_url?: string } } };

/** Runs one tool: in process through the router (remote face) or over the REST API (stdio face). */
export type ToolRunner = (tool: Tool, call: ToolCall) => Promise<ToolAnswer>;

/** The tool bound to a procedure: how a resource is read, with the tool's checked arguments. */
export const toolOf = (toolSet: ToolSet, procedure: ProcedurePath) => toolSet.tools.find((tool) => tool.route.procedurePath === procedure)!;

/**
 * Whether a JSON-RPC message reaches a procedure with arguments its schema takes, which counts it in
 * the key's read or write window as REST does: a tool call (a tool of the key's mode), a resource
 * read or subscription (of a resource Kuasa serves), resources/list (the orders list). Every other
 * message must be counted by the face itself, or unknown tools and bad arguments would be free.
 */
export function reachesProcedure(message: unknown, livemode: boolean): boolean {
  if (message === null || typeof message !== "object") return false;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown; arguments?: unknown; uri?: unknown } };
  const toolSet = toolsFor(livemode);
  // resources/list reads the orders list with fixed arguments.
  if (method === "resources/list") return true;
  if ((method === "resources/read" || method === "resources/subscribe") && typeof params?.uri === "string") {
    const call = resourceCall(params.uri);
    return call !== null && toolOf(toolSet, call.procedure).parseArguments(call.args).success;
  }
  if (method !== "tools/call" || typeof params?.name !== "string") return false;
  const tool = toolSet.byName.get(params.name);
  const args = params.arguments ?? {};
  return tool !== undefined && args !== null && typeof args === "object" && tool.parseArguments(args as Record<string, unknown>).success;
}

/** Where an answer's error comes from: the request it answers (none over stdio) and the server whose /docs explains it. */
interface ErrorOrigin {
  requestId: string | undefined;
  publicUrl: string;
}

type ErrorAnswer = Extract<ToolAnswer, { ok: false }>;

function errorAnswerBody(error: ApiError, { requestId, publicUrl }: ErrorOrigin): ErrorAnswer["body"] {
  if (requestId !== undefined) return errorBody(error, requestId, publicUrl);
  return { error: { ...error, doc_url: errorDocUrl(publicUrl, error.code) } };
}

/** The REST error body of an error thrown while answering `what` (a tool, a subscription). */
function refusal(err: unknown, what: string, origin: ErrorOrigin): ErrorAnswer["body"] {
  const error = toApiError(err);
  // AppErrors are answers on purpose (an unreachable API over stdio, say); anything else is a bug.
  if (error.code === "INTERNAL" && !(err instanceof AppError)) console.error(`[mcp] internal error in ${what}`, err);
  return errorAnswerBody(error, origin);
}

async function answer(tool: Tool, args: Record<string, unknown>, run: ToolRunner, origin: ErrorOrigin): Promise<ToolAnswer> {
  let error: ApiError;
  try {
    // The procedure's own schema, so a bad argument reads exactly like the REST 400 on either face.
    const parsed = tool.parseArguments(args);
    if (parsed.success) return await run(tool, parsed.call);
    error = zodValidationError(parsed.error);
  } catch (err) {
    return { ok: false, body: refusal(err, tool.name, origin) };
  }
  return { ok: false, body: errorAnswerBody(error, origin) };
}

/** How long the download url of a file in a tool's answer works: long enough to fetch it now, not to keep. */
const RESOURCE_LINK_SECONDS = 15 * 60;
/** Files linked per answer; a long list's further files are still named in its JSON (tautan_berkas links any). */
const RESOURCE_LINKS_MAX = 20;

type FileObject = { id: string; filename: string; content_type: string; size: number };

/** Every File object in an answer (an upload, an order's attachments and deliverable files, a message's), once each. */
function filesIn(value: unknown, found = new Map<string, FileObject>()): Map<string, FileObject> {
  if (Array.isArray(value)) for (const item of value) filesIn(item, found);
  else if (value !== null && typeof value === "object") {
    const candidate = value as Partial<FileObject>;
    if (typeof candidate.id === "string" && candidate.id.startsWith("file_") && typeof candidate.content_type === "string")
      found.set(candidate.id, candidate as FileObject);
    else for (const item of Object.values(value)) filesIn(item, found);
  }
  return found;
}

const LINK_TOOL = "tautan_berkas";

/**
 * The files of a successful answer as resource links: each a download url made through the link
 * tool's own procedure (so with the caller's key and scope), valid for RESOURCE_LINK_SECONDS. A
 * file the key may not link (no status:baca) is left out; the JSON still names it.
 */
async function resourceLinks(answer: ToolAnswer, run: ToolRunner, toolSet: ToolSet) {
  const linkTool = toolSet.byName.get(LINK_TOOL)!;
  if (!answer.ok) return [];
  const files = [...filesIn(answer.body).values()].slice(0, RESOURCE_LINKS_MAX);
  const links = await Promise.all(
    files.map(async (file) => {
      const linked = await run(linkTool, { input: { file: file.id, expires_in: RESOURCE_LINK_SECONDS } }).catch(() => null);
      if (!linked?.ok) return null;
      return {
        type: "resource_link" as const,
        uri: String(linked.body.url),
        name: file.filename,
        mimeType: file.content_type,
        description: `${file.id}, ${file.size} bytes; the link works until ${String(linked.body.expires_at)}.`,
      };
    }),
  );
  return links.filter((link) => link !== null);
}

function toResult(answer: ToolAnswer, links: CallToolResult["content"], structured: boolean): CallToolResult {
  // A replay says so first, where a model reading the text meets it before the object.
  const body = answer.ok && answer.replayed ? { [REPLAYED_FIELD]: true, ...answer.body } : answer.body;
  const content = [{ type: "text" as const, text: JSON.stringify(body) }, ...links];
  // An error stays out of structuredContent: SDK 1.x clients check any structuredContent against the
  // tool's success schema even when isError is set (typescript-sdk#1943) and would hide the error.
  return answer.ok ? { content, ...(structured && { structuredContent: body }) } : { content, isError: true };
}

/**
 * The SDK checks elicitation answers with it (we ask none); each Server would otherwise build its
 * own Ajv with its formats, and /mcp builds a Server per request.
 */
const JSON_SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

const NOTHING_CHANGED: ReadonlySet<string> = new Set();

/**
 * A mode's tools/list answer. A tool whose answer the caller's API version gives in an older shape
 * (`changed`, by procedure) is listed without the current output schema, which its answers would
 * not match, and answers with text content only.
 */
const listedFor = (toolSet: ToolSet, changed: ReadonlySet<string>) =>
  toolSet.tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputJsonSchema,
    ...(!changed.has(tool.route.procedurePath) && { outputSchema: tool.outputJsonSchema }),
    annotations: tool.annotations,
  }));
/** Built once for callers on the current version. */
const LISTED = { live: listedFor(toolsFor(true), NOTHING_CHANGED), test: listedFor(toolsFor(false), NOTHING_CHANGED) };

/**
 * An MCP server with the tools of the key's mode (`livemode`: the sandbox's tools are a test key's
 * only; to a live key they are unknown tools); `run` decides how a validated call reaches the API,
 * and `requestId` (the remote face's HTTP request) is every error's request_id; `publicUrl` is the
 * server whose /docs each error's doc_url points into (over stdio, KUASA_BASE_URL's); `changed` names the
 * procedures whose answers the caller's API version shapes differently from the current one. Built on the SDK's
 * low-level Server because McpServer would answer bad arguments in its own words instead of the
 * API's VALIDATION error. It serves tools and resources (resources.ts), read through the same
 * runner; `subscriptions` is where the face keeps a connection's subscriptions (none: a remote
 * request outside a session, which may read but not subscribe). Prompts, completions and logging
 * are not served, and their methods answer the SDK's -32601 Method not found.
 */
export function createMcpServer(
  run: ToolRunner,
  {
    livemode,
    requestId,
    publicUrl,
    changed = NOTHING_CHANGED,
    onToolAnswer,
    subscriptions,
  }: {
    livemode: boolean;
    requestId?: string;
    publicUrl: string;
    changed?: ReadonlySet<string>;
    /** Told each tool call's answer (the remote face logs an error's status). */
    onToolAnswer?: (answer: ToolAnswer) => void;
    subscriptions?: Subscriptions;
  },
): Server {
  const server = new Server(
    { name: "kuasa", title: "Kuasa", version: packageJson.version },
    {
      // Neither list changes while connected: the key's mode is fixed, and the orders listed are the
      // newest at each resources/list (a new order is not announced; its own updates are).
      capabilities: { tools: { listChanged: false }, resources: { subscribe: true, listChanged: false } },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: JSON_SCHEMA_VALIDATOR,
    },
  );
  const toolSet = toolsFor(livemode);
  const listed = changed.size === 0 ? (livemode ? LISTED.live : LISTED.test) : listedFor(toolSet, changed);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = toolSet.byName.get(request.params.name);
    if (!tool)
      throw protocolError(
        ErrorCode.InvalidParams,
        `Unknown tool ${request.params.name}; tools/list names the ${toolSet.tools.length} tools.`,
      );
    const answered = await answer(tool, request.params.arguments ?? {}, run, { requestId, publicUrl });
    onToolAnswer?.(answered);
    const links = tool.name === LINK_TOOL ? [] : await resourceLinks(answered, run, toolSet);
    return toResult(answered, links, !changed.has(tool.route.procedurePath));
  });
  const origin = { requestId, publicUrl };
  serveResources(server, {
    ask: (procedure, args) => answer(toolOf(toolSet, procedure), args, run, origin),
    subscriptions,
    refusal: (err) => refusal(err, "a subscription", origin),
  });
  return server;
}
