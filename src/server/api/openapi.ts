import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { OAUTH_ENDPOINT_PATHS } from "@/server/domain/access/oauth";
import { SCOPE_PURPOSES } from "@/server/domain/access/scopes";
import { API_VERSIONS, currentVersion, VERSION_HEADER } from "@/server/domain/api-version";
import { ERROR_CODES, type ErrorCode } from "@/server/domain/errors";
import { DEFAULT_TOLERANCE_SECONDS } from "@/server/domain/events/signature";
import { WEBHOOK_MAX_ATTEMPTS } from "@/server/domain/events/webhook-delivery";
import { CASE_EVENT_TYPES, EVENT_TYPES } from "@/server/domain/events/webhook-event";
import { ACCEPTED_FILE_TYPES } from "@/server/domain/files/file-type";
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN } from "@/server/domain/idempotency/idempotency";
import { CASE_WORK_SERVICE_CODE } from "@/server/services/catalog";
import { EXAMPLE_IDS, errorExample, ORDER_EVENT_DATA_EXAMPLE, REQUEST_EXAMPLES, SCHEMA_EXAMPLES } from "./openapi-examples";
import { guideMarkdown } from "./openapi-guide";
import { REST_ROUTES, type RestRoute } from "./routes";
import { errorSchema } from "./schemas/error";
import { METADATA_FILTER_PARAMETER, takesMetadataFilter } from "./schemas/list";
import { v1Router } from "./v1";

type Operation = {
  responses?: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown; example?: unknown }> };
  [key: string]: unknown;
};
type Parameter = { name: string; in: string; description?: string; schema?: Record<string, unknown>; [key: string]: unknown };
type Schema = Record<string, unknown>;

const ref = (kind: "schemas" | "headers", name: string) => ({ $ref: `#/components/${kind}/${name}` });

// ---------------------------------------------------------------------------------------------
// Error responses per operation

/** Answered by any operation: the transport's and the process's own errors. */
const ALWAYS: ErrorCode[] = ["VALIDATION", "METHOD_NOT_ALLOWED", "RATE_LIMITED", "INTERNAL", "SERVICE_UNAVAILABLE"];

/**
 * The error codes one operation can answer, from what its route is, plus the codes of its own
 * logic named in its meta (`errors`). Every operation takes input (a query, a path id or a body,
 * and any text in it is checked for NUL), so every one can answer 400.
 */
export function errorCodesOf(route: Pick<RestRoute, "method" | "path" | "meta">): ErrorCode[] {
  const codes = new Set<ErrorCode>(ALWAYS);
  if (route.meta.scope) for (const code of ["UNAUTHENTICATED", "INSUFFICIENT_SCOPE", "ORGANIZATION_NOT_ACTIVE"] as const) codes.add(code);
  if (route.path.includes("{")) codes.add("NOT_FOUND");
  if (route.method !== "GET") {
    codes.add("PAYLOAD_TOO_LARGE");
    codes.add("UNSUPPORTED_MEDIA_TYPE");
  }
  // The same key with another request, or with one still being handled.
  if (route.meta.idempotent) {
    codes.add("IDEMPOTENCY_KEY_REUSED");
    codes.add("CONFLICT");
  }
  if (route.path.startsWith("/v1/test_helpers/")) codes.add("TEST_MODE_ONLY");
  for (const code of route.meta.errors ?? []) codes.add(code);
  const order = Object.keys(ERROR_CODES);
  return [...codes].sort((a, b) => ERROR_CODES[a].status - ERROR_CODES[b].status || order.indexOf(a) - order.indexOf(b));
}

/** Every answer's version (domain/api-version.ts), with the deprecation of a deprecated one. */
const VERSION_ANSWER_HEADERS = {
  [VERSION_HEADER]: ref("headers", VERSION_HEADER),
  Deprecation: ref("headers", "Deprecation"),
  Sunset: ref("headers", "Sunset"),
};

/** Headers every answer of an agent operation can carry (after the key was checked: the rate-limit fields). */
const ANSWER_HEADERS = {
  "X-Request-Id": ref("headers", "X-Request-Id"),
  ...VERSION_ANSWER_HEADERS,
  "RateLimit-Limit": ref("headers", "RateLimit-Limit"),
  "RateLimit-Remaining": ref("headers", "RateLimit-Remaining"),
  "RateLimit-Reset": ref("headers", "RateLimit-Reset"),
};

const HEADERS = {
  "X-Request-Id": {
    description: "This request's id (`req_…`), in every answer and in our logs: quote it when asking about a request.",
    required: true,
    schema: { type: "string" },
    example: "req_5Tn8Qw2Er6Ty1Ui4Op7As3",
  },
  [VERSION_HEADER]: {
    description:
      "The API version this answer is given in (`YYYY-MM-DD`): the request's own `Kuasa-Version`, else the one the API key is pinned to (the version current when it was made); the current version before a key is checked.",
    required: true,
    schema: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
    example: currentVersion(API_VERSIONS).date,
  },
  Deprecation: {
    description:
      "Only when the answer's version is deprecated (RFC 9745): since when, as `@` and Unix seconds. Move to a newer version before its `Sunset`.",
    schema: { type: "string" },
    example: "@1803859200",
  },
  Sunset: {
    description: "With `Deprecation` (RFC 8594): the HTTP-date from which the answer's version is no longer served.",
    schema: { type: "string" },
    example: "Wed, 01 Mar 2028 00:00:00 GMT",
  },
  "RateLimit-Limit": {
    description:
      "Requests this API key may make in the current window for this kind of request (reads and writes are counted apart). Sent once the key is checked.",
    schema: { type: "integer", minimum: 0 },
    example: 100,
  },
  "RateLimit-Remaining": {
    description: "Requests left in the current window.",
    schema: { type: "integer", minimum: 0 },
    example: 97,
  },
  "RateLimit-Reset": {
    description: "Seconds until the window resets.",
    schema: { type: "integer", minimum: 0 },
    example: 42,
  },
  "Retry-After": {
    description: "Seconds to wait before retrying (with the same Idempotency-Key for a POST).",
    required: true,
    schema: { type: "integer", minimum: 1 },
    example: 12,
  },
  Allow: {
    description: "The methods this path takes, e.g. `GET, POST`.",
    required: true,
    schema: { type: "string" },
    example: "GET, POST",
  },
};

/** The optional request header of every operation: the answers of another known version for this request. */
const VERSION_PARAMETER = {
  name: VERSION_HEADER,
  in: "header" as const,
  required: false,
  description: `The API version to answer this request in, one of ${API_VERSIONS.map((version) => `\`${version.date}\``).join(", ")} (see *Versions* in the introduction). Without it, the version the API key is pinned to. Anything else is 400 \`VALIDATION\` with \`param\` \`${VERSION_HEADER}\`.`,
  schema: { type: "string" as const, enum: API_VERSIONS.map((version) => version.date) },
  example: currentVersion(API_VERSIONS).date,
};

function errorResponse(status: number, codes: ErrorCode[]): Record<string, unknown> {
  const headers: Record<string, unknown> = { "X-Request-Id": ANSWER_HEADERS["X-Request-Id"], ...VERSION_ANSWER_HEADERS };
  if (status === 429) Object.assign(headers, ANSWER_HEADERS, { "Retry-After": ref("headers", "Retry-After") });
  if (status === 503) headers["Retry-After"] = ref("headers", "Retry-After");
  if (status === 405) headers.Allow = ref("headers", "Allow");
  return {
    // Plain code names, no links: Redoc draws a response's description inside its expand button, and
    // a link there is a control nested in a control (axe's nested-interactive). The guide's Errors
    // section and each error's doc_url lead to the code's heading.
    description: codes.map((code) => `\`${code}\`: ${ERROR_CODES[code].description}`).join("\n\n"),
    headers,
    content: {
      "application/json": {
        // The one Error body, its `code` narrowed to what this status of this operation can say.
        schema: {
          allOf: [ref("schemas", "Error")],
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message", "request_id", "doc_url"],
              properties: {
                code: { type: "string", enum: codes },
                message: { type: "string" },
                // Only a VALIDATION error names a field.
                ...(codes.includes("VALIDATION") && { param: { type: "string" } }),
                request_id: { type: "string" },
                doc_url: { type: "string", format: "uri" },
              },
            },
          },
        },
        examples: Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/examples/${code}` }])),
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Tags, service "kasus", webhooks

const TAGS = [
  {
    name: "Katalog",
    description: "The fixed-price services an agent may order, with their price, SLA, intake fields and official third-party fees.",
  },
  { name: "Saldo", description: "The organisation's deposit in the key's mode and the key's own limits." },
  {
    name: "Order",
    description:
      "Instant Matter orders: a catalog service paid from the deposit into escrow, offered to practitioners, worked, delivered and accepted (or revised, disputed, cancelled).",
  },
  {
    name: "Kasus",
    description:
      "The case board: a case in the client's words, bids from practitioners, a selected bid's invoice, and the order that carries its work once paid.",
  },
  {
    name: "Event",
    description: "Every event sent as a webhook, to read or catch up after missed deliveries. The signed deliveries are under `webhooks`.",
  },
  { name: "File", description: "Documents: uploads for orders and messages, delivered results, and links to hand a file to a person." },
  {
    name: "Pembukuan",
    description:
      "The books: a receipt or credit note for every movement of the deposit, issued by Kuasa seconds after the money moves, each as JSON and as PDF, and the deposit's monthly statement as JSON, PDF and CSV, equal to the ledger to the rupiah.",
  },
  {
    name: "Test helpers",
    description:
      "The sandbox (test keys `kk_test_…` only): do what a practitioner, an org admin or the operator does in live mode, through the same code.",
  },
];

const SERVICE_DESCRIPTION =
  `The catalog \`code\` of the service ordered. An order opened by paying a case's invoice carries \`"${CASE_WORK_SERVICE_CODE}"\`, ` +
  "which is no catalog code: its work is the selected bid's `scope`, and its `case_id` names the case.";

/** The objects a webhook body carries, as domain/events/webhook-event.ts writes them (field order as sent). */
const WEBHOOK_SCHEMAS: Record<string, Schema> = {
  WebhookOrder: {
    type: "object",
    description: "The order's summary in an order event; fetch GET /v1/orders/{id} for its messages and files.",
    required: ["id", "status", "service", "price_idr", "sla_due_at", "deliverable", "updated_at"],
    properties: {
      id: { type: "string" },
      status: ref("schemas", "OrderStatus"),
      service: { type: "string", description: SERVICE_DESCRIPTION },
      price_idr: { type: "integer" },
      sla_due_at: { type: ["string", "null"], format: "date-time" },
      deliverable: { type: ["string", "null"] },
      updated_at: { type: "string", format: "date-time" },
    },
  },
  WebhookCase: {
    type: "object",
    description: "The case's summary in a case event; its contact data and story are never in a payload.",
    required: ["id", "status", "area", "selected_bid_id", "order_id", "updated_at"],
    properties: {
      id: { type: "string" },
      status: ref("schemas", "CaseStatus"),
      area: { type: ["string", "null"] },
      selected_bid_id: { type: ["string", "null"] },
      order_id: { type: ["string", "null"], description: "The order that carries the selected bid's work, once its invoice is paid." },
      updated_at: { type: "string", format: "date-time" },
    },
  },
  WebhookBid: {
    type: "object",
    required: ["id", "status", "price_idr", "client_pays", "eta_days", "created_at"],
    properties: {
      id: { type: "string" },
      status: ref("schemas", "BidStatus"),
      price_idr: { type: "integer" },
      client_pays: { type: "integer", description: "The invoice total if this bid is selected." },
      eta_days: { type: "integer" },
      created_at: { type: "string", format: "date-time" },
    },
  },
  WebhookDeposit: {
    type: "object",
    description: "A top-up of the organisation's deposit in the event's mode; GET /v1/balance reads the deposit at any time.",
    required: ["amount_idr", "balance_idr", "reference", "topped_up_at"],
    properties: {
      amount_idr: { type: "integer", description: "Rupiah received." },
      balance_idr: { type: "integer", description: "The deposit right after this top-up." },
      reference: { type: "string", description: "What the top-up was recorded with: the bank statement line, or the operator's note." },
      topped_up_at: { type: "string", format: "date-time" },
    },
  },
  WebhookInvoice: {
    type: "object",
    required: ["id", "status", "total_idr", "case_id", "order_id", "updated_at"],
    properties: {
      id: { type: "string" },
      status: ref("schemas", "InvoiceStatus"),
      total_idr: { type: "integer" },
      case_id: { type: "string" },
      order_id: { type: ["string", "null"] },
      updated_at: { type: "string", format: "date-time" },
    },
  },
};

/** The objects of each event type's body after `id`, `event` and `sent_at`. */
function objectsOf(type: string): Record<string, Schema> {
  if (type.startsWith("order.")) return { order: ref("schemas", "WebhookOrder") };
  // A cost's event carries the Cost object itself, the same as Order.costs.
  if (type.startsWith("cost.")) return { order: ref("schemas", "WebhookOrder"), cost: ref("schemas", "Cost") };
  if (type === "case.bid_received") return { case: ref("schemas", "WebhookCase"), bid: ref("schemas", "WebhookBid") };
  if (type === "invoice.dibayar") return { invoice: ref("schemas", "WebhookInvoice") };
  if (type === "deposit.topped_up") return { deposit: ref("schemas", "WebhookDeposit") };
  return { case: ref("schemas", "WebhookCase") };
}

const EVENT_SUMMARIES: Record<string, string> = {
  "case.bid_received": "A practitioner bid on your case",
  "case.selected": "A bid of your case was selected; its invoice was created",
  "case.ditutup": "The operator closed your case",
  "invoice.dibayar": "A case's invoice was paid; its order was opened",
  "cost.diajukan": "The practitioner asked for a third-party cost on your order: approve or reject it",
  "cost.menunggu_persetujuan": "A cost you approved waits for an admin (above the approval threshold)",
  "cost.disetujui": "A cost was approved: its amount is in the order's escrow",
  "cost.ditolak": "A cost was refused",
  "cost.dilunasi": "The practitioner paid a cost and attached the official receipt",
  "cost.dibatalkan": "A cost was cancelled; any amount approved is back in your deposit",
  "deposit.topped_up": "Money arrived in your organisation's deposit",
};

/** Event.data in the document: one of the bodies' shapes, told apart by `event` (the zod schema stays open). */
function eventDataSchemas(): Record<string, Schema> {
  const families: Array<[string, readonly string[]]> = [
    ["OrderEventData", EVENT_TYPES.filter((type) => type.startsWith("order."))],
    ["BidReceivedEventData", ["case.bid_received"]],
    ["CaseEventData", CASE_EVENT_TYPES.filter((type) => type.startsWith("case.") && type !== "case.bid_received")],
    ["InvoiceEventData", ["invoice.dibayar"]],
    ["CostEventData", EVENT_TYPES.filter((type) => type.startsWith("cost."))],
    ["DepositEventData", ["deposit.topped_up"]],
  ];
  return Object.fromEntries(
    families.map(([name, types]) => {
      const objects = objectsOf(types[0]!);
      return [
        name,
        {
          type: "object",
          required: ["event", ...Object.keys(objects)],
          properties: { event: { type: "string", enum: [...types] }, ...objects },
        },
      ];
    }),
  );
}

function webhooksOf(operatorName: string): Record<string, unknown> {
  const signatureHeader = `X-${operatorName}-Signature`;
  const eventIdHeader = `X-${operatorName}-Event-Id`;
  const entries = EVENT_TYPES.map((type) => {
    const objects = objectsOf(type);
    const status = type.startsWith("order.") ? type.slice("order.".length) : undefined;
    const example =
      type === ORDER_EVENT_DATA_EXAMPLE.event
        ? { id: EXAMPLE_IDS.event, event: type, sent_at: "2026-11-24T08:30:02.000Z", order: ORDER_EVENT_DATA_EXAMPLE.order }
        : undefined;
    return [
      type,
      {
        post: {
          operationId: `webhook-${type.replace(".", "-")}`,
          summary: EVENT_SUMMARIES[type] ?? `An order of yours became \`${status}\``,
          description:
            (type.startsWith("deposit.")
              ? "Sent to the webhook URL of every active API key of the organisation in the deposit's mode, each copy signed with its own key's `webhook_secret`. "
              : `Sent to the webhook URL of the API key that made the resource (or the order's \`callback_url\`), signed with that key's \`webhook_secret\`. `) +
            `Verify \`${signatureHeader}\` before trusting the body (see the Webhooks tag), drop duplicates by \`id\`, then fetch the resource for details. ` +
            "The same event is in GET /v1/events.",
          tags: ["Webhooks"],
          // Not a call to us: the receiver authenticates the sender by the signature header.
          security: [],
          parameters: [
            {
              name: signatureHeader,
              in: "header",
              required: true,
              description:
                '`t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of t + "." + raw body, keyed with the webhook secret>`; two `v1` while a rotated secret overlaps.',
              schema: { type: "string", pattern: "^t=\\d+(,v1=[0-9a-f]{64})+$" },
              example: "t=1795509002,v1=5c0d7e2f9a4b8c1d3e6f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d",
            },
            {
              name: eventIdHeader,
              in: "header",
              required: true,
              description: "The event's id (`evt_…`), the same in every attempt and redelivery: equal to the body's `id`.",
              schema: { type: "string" },
              example: EXAMPLE_IDS.event,
            },
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["id", "event", "sent_at", ...Object.keys(objects)],
                  properties: {
                    id: {
                      type: "string",
                      description: "The event's id (`evt_…`): deduplicate by it; the cursor to catch up from with GET /v1/events.",
                    },
                    event: { type: "string", const: type },
                    sent_at: {
                      type: "string",
                      format: "date-time",
                      description: "This attempt's time: each attempt has its own body and signature.",
                    },
                    ...objects,
                  },
                },
                ...(example ? { example } : {}),
              },
            },
          },
          responses: {
            "2XX": { description: "Received. Answer within the timeout; the body of your answer is not read." },
            default: {
              description: `Any other status, or no answer in time: retried ${WEBHOOK_MAX_ATTEMPTS - 1} more times (after 10, 20, 40 and 80 s), then given up (catch up with GET /v1/events).`,
            },
          },
        },
      },
    ];
  });
  return Object.fromEntries(entries);
}

function webhooksTag(operatorName: string) {
  return {
    name: "Webhooks",
    description: [
      `Each event is POSTed as JSON (\`User-Agent: ${operatorName}-Webhook/1\`) with \`X-${operatorName}-Signature: t=<unix seconds>,v1=<hex>\` and \`X-${operatorName}-Event-Id\`.`,
      "To verify: split the header at commas into `key=value` parts, take `t` and every `v1`;",
      `reject when \`t\` is more than ${DEFAULT_TOLERANCE_SECONDS} s from your clock; compute HMAC-SHA256(webhook_secret, \`t + "." + raw body\`) as lowercase hex`,
      "and compare it in constant time with each `v1`: one match is enough (two are sent while a rotated secret overlaps).",
      "Verify the raw bytes before parsing the JSON. Answer 2xx quickly; deliveries may repeat and arrive out of order, so deduplicate by `id` and treat the fetched resource as the truth.",
    ].join(" "),
  };
}

// ---------------------------------------------------------------------------------------------
// The document

interface DocumentOptions {
  /** OPERATOR_NAME: the word in the webhook headers (`X-<Operator>-Signature`). */
  operatorName?: string;
}

/**
 * The OpenAPI 3.1 document of /v1, generated from the same procedures that serve it, then
 * corrected where the generator cannot know what the server does: success statuses, the
 * spec's Error body with the codes each operation can answer, scopes per operation, headers,
 * examples, tags and the signed webhooks. Nothing here changes what the server does.
 */
export function buildOpenApiDocument(baseUrl: string, options: DocumentOptions = {}): OpenAPIObject {
  const operatorName = options.operatorName ?? "Kuasa";
  const doc = generateOpenApiDocument(v1Router, {
    title: "Kuasa Agent API",
    description: guideMarkdown(baseUrl, operatorName),
    version: "1.0.0",
    openApiVersion: "3.1.0",
    baseUrl,
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        description: "An API key `<key_id>.<key_secret>` made by an organisation admin; its scopes are chosen when it is made.",
      },
      oauth2: {
        type: "oauth2",
        description:
          "OAuth 2.1 for AI clients that sign in instead of holding a key: authorization code with PKCE (S256), public clients " +
          "registered dynamically (RFC 7591) or by a client metadata document, and refresh tokens. Name this API (`/v1`) as the " +
          "`resource` (RFC 8707): a token is accepted on the resource it was issued for only.",
        flows: {
          authorizationCode: {
            authorizationUrl: `${baseUrl}${OAUTH_ENDPOINT_PATHS.authorization}`,
            tokenUrl: `${baseUrl}${OAUTH_ENDPOINT_PATHS.token}`,
            refreshUrl: `${baseUrl}${OAUTH_ENDPOINT_PATHS.token}`,
            scopes: SCOPE_PURPOSES,
          },
        },
      },
    },
    defs: { Error: errorSchema },
  });
  doc.info.contact = { name: `${operatorName} developer support`, url: `${baseUrl}/docs` };

  const errorResponses = new Map<string, Record<string, unknown>>();
  const usedCodes = new Set<ErrorCode>();
  for (const route of REST_ROUTES) {
    const pathKey = route.path;
    const item = doc.paths?.[pathKey] as Record<string, Operation> | undefined;
    const op = item?.[route.method.toLowerCase()];
    if (!op) throw new Error(`OpenAPI document lacks ${route.method} ${pathKey}`);
    const responses = (op.responses ?? {}) as Record<string, unknown>;
    const success = { ...(responses["200"] as object), headers: ANSWER_HEADERS };
    const fixed: Record<string, unknown> = {};
    fixed[String(route.meta.successStatus ?? 200)] = success;
    if (route.meta.idempotent) {
      const headers = {
        ...ANSWER_HEADERS,
        "Idempotent-Replayed": {
          description: "`true` when this answers a replay under the same Idempotency-Key.",
          schema: { type: "string", enum: ["true"] },
        },
      };
      fixed["200"] =
        route.meta.successStatus === 201
          ? { ...success, description: "Idempotent replay: what the first request made, in its current state.", headers }
          : { ...success, headers };
    }
    const { answer } = route.meta;
    if (answer) {
      const uploaded = answer === "file";
      fixed["200"] = {
        description: uploaded
          ? "The file's bytes, with the `Content-Type` decided from its content when it was uploaded."
          : `The document's bytes, made on request, as \`${answer}\`.`,
        headers: {
          ...ANSWER_HEADERS,
          "Content-Disposition": { description: "`attachment` with the file's name (`filename*` in UTF-8).", schema: { type: "string" } },
          "Content-Length": { description: "The file's size in bytes.", schema: { type: "integer" } },
        },
        // One entry per type an upload can have (decided from the content), so a generated client knows them all.
        content: Object.fromEntries(
          (uploaded ? ACCEPTED_FILE_TYPES.map((type) => type.contentType) : [answer]).map((type) => [
            type,
            { schema: { type: "string", format: "binary" } },
          ]),
        ),
      };
    }
    if (route.meta.body === "multipart") {
      // The file part as both 3.1 (`contentMediaType`) and the `format: binary` that generators map to Blob.
      const multipart = (op.requestBody?.content?.["multipart/form-data"] ?? {}) as { schema?: { properties?: Record<string, object> } };
      const file = multipart.schema?.properties?.file;
      if (file) multipart.schema!.properties!.file = { ...file, contentMediaType: "application/octet-stream" };
      Object.assign(multipart, {
        encoding: { file: { contentType: ACCEPTED_FILE_TYPES.map((type) => type.contentType.split(";")[0]).join(", ") } },
      });
    }
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of errorCodesOf(route))
      byStatus.set(ERROR_CODES[code].status, [...(byStatus.get(ERROR_CODES[code].status) ?? []), code]);
    for (const [status, codes] of byStatus) {
      // Shared by every operation with the same codes under this status: components.responses.
      const name = `Error${status}-${codes.join("-")}`;
      errorResponses.set(name, errorResponse(status, codes));
      fixed[String(status)] = { $ref: `#/components/responses/${name}` };
      for (const code of codes) usedCodes.add(code);
    }
    op.responses = fixed;
    // Either scheme; only OAuth names scopes in the document (a bearer scheme takes none), and an
    // API key must hold the same scope, as x-required-scope says.
    op.security = [{ bearerAuth: [] }, { oauth2: route.meta.scope ? [route.meta.scope] : [] }];
    op["x-required-scope"] = route.meta.scope;
    // The generator documents named query keys only; `metadata[key]` filters take any key.
    const input = (
      v1Router._def.procedures[route.procedurePath as keyof typeof v1Router._def.procedures] as unknown as { _def: { inputs: unknown[] } }
    )._def.inputs[0];
    if (takesMetadataFilter(input)) op.parameters = [...(op.parameters ?? []), { ...METADATA_FILTER_PARAMETER }];
    if (route.meta.idempotent) {
      op.parameters = [
        ...(op.parameters ?? []),
        {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            '1–255 visible ASCII characters without space, `"` or `\\`. The same key with the same request within 24 h replays the first answer (what it made or changed, as it is now) instead of acting twice; with another request it is 422.',
          schema: { type: "string", minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: IDEMPOTENCY_KEY_PATTERN.source },
          example: "nda-LEGAL-1042",
        },
      ];
    }
    if (route.meta.etag) {
      const entityTag = {
        description: "The answer's entity tag: send it back as `If-None-Match` to poll without reading the same body again.",
        schema: { type: "string" },
      };
      fixed["200"] = { ...(fixed["200"] as object), headers: { ...ANSWER_HEADERS, ETag: entityTag } };
      fixed["304"] = {
        description: "Not Modified: the `If-None-Match` tag is still this answer's; no body.",
        headers: { "X-Request-Id": ANSWER_HEADERS["X-Request-Id"], ...VERSION_ANSWER_HEADERS, ETag: entityTag },
      };
      op.parameters = [
        ...(op.parameters ?? []),
        {
          name: "If-None-Match",
          in: "header",
          required: false,
          description: "The `ETag` of an earlier answer: 304 without a body while the answer is unchanged.",
          schema: { type: "string" },
          example: '"3q2-7w_Xy1kZx8sA0bQn4uVwYzA"',
        },
      ];
    }
    op.parameters = [...(op.parameters ?? []), { ...VERSION_PARAMETER }];
    // Generators read a parameter's own description; the generator leaves it inside `schema`.
    op.parameters = (op.parameters ?? []).map((raw) => {
      const { description, ...schema } = raw.schema ?? {};
      const parameter = typeof description === "string" ? { ...raw, description: raw.description || description, schema } : { ...raw };
      if (parameter.in === "path" && parameter.name === "id") parameter.example = exampleIdOf(route.path);
      return parameter;
    });
    const requestExample = REQUEST_EXAMPLES[`${route.method} ${route.path}`];
    const json = op.requestBody?.content?.["application/json"];
    if (requestExample !== undefined) {
      if (!json) throw new Error(`${route.method} ${route.path} has an example but no JSON body`);
      json.example = requestExample;
    }
  }

  const components = doc.components ?? {};
  doc.components = components;
  const schemas = (components.schemas ?? {}) as Record<string, Schema>;
  components.schemas = schemas;
  // The generator's own error schemas are replaced by Error everywhere above.
  for (const name of Object.keys(schemas)) if (name.startsWith("error.")) delete schemas[name];
  for (const [name, example] of Object.entries(SCHEMA_EXAMPLES)) {
    const schema = schemas[name];
    if (!schema) throw new Error(`OpenAPI document has no schema ${name} for its example`);
    schema.examples = [example];
  }
  const order = schemas.Order as { properties: Record<string, Schema> };
  order.properties.service = { ...order.properties.service, description: SERVICE_DESCRIPTION };
  const eventData = eventDataSchemas();
  Object.assign(schemas, WEBHOOK_SCHEMAS, eventData);
  const event = schemas.Event as { properties: Record<string, Schema> };
  event.properties.data = {
    description: event.properties.data?.description,
    oneOf: Object.keys(eventData).map((name) => ref("schemas", name)),
  };
  (components as Record<string, unknown>).headers = HEADERS;
  components.responses = Object.fromEntries(
    [...errorResponses].sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true })),
  ) as unknown as NonNullable<typeof components.responses>; // plain objects, as the operations' responses above
  // One example answer per error code an operation can answer, referenced by its responses.
  components.examples = Object.fromEntries(
    (Object.keys(ERROR_CODES) as ErrorCode[])
      .filter((code) => usedCodes.has(code))
      .map((code) => [code, { summary: code, value: errorExample(code) }]),
  );

  doc.tags = [...TAGS, webhooksTag(operatorName)];
  doc.webhooks = webhooksOf(operatorName) as OpenAPIObject["webhooks"];
  return doc;
}

function exampleIdOf(path: string): string {
  if (path.includes("/cases/")) return EXAMPLE_IDS.case;
  if (path.includes("/receipts/")) return EXAMPLE_IDS.receipt;
  if (path.includes("/invoices/")) return EXAMPLE_IDS.invoice;
  if (path.includes("/events/")) return EXAMPLE_IDS.event;
  if (path.includes("/files/")) return EXAMPLE_IDS.file;
  return EXAMPLE_IDS.order;
}
