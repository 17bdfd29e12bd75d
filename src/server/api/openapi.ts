import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { ERROR_CODES } from "@/server/domain/errors";
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN } from "@/server/domain/idempotency";
import { REST_ROUTES } from "./routes";
import { errorSchema } from "./schemas/error";
import { METADATA_FILTER_PARAMETER, takesMetadataFilter } from "./schemas/list";
import { v1Router } from "./v1";

type Operation = {
  responses?: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  [key: string]: unknown;
};

/** Error statuses the spec declares for every endpoint, plus those our transport can add. */
const ERROR_STATUSES_ALWAYS = [400, 401, 402, 403, 404, 409, 422, 429, 500];
const ERROR_STATUSES_WITH_BODY = [413, 415];

function describeStatus(status: number): string {
  const codes = Object.entries(ERROR_CODES)
    .filter(([, v]) => v.status === status)
    .map(([code, v]) => `\`${code}\`: ${v.description}`);
  return codes.join("\n\n") || "Error";
}

/**
 * The OpenAPI 3.1 document of /v1, generated from the same procedures that serve it, then
 * corrected where the generator cannot know what the server does: success statuses, the
 * spec's Error body, scopes per operation and the Idempotency-Key header.
 */
export function buildOpenApiDocument(baseUrl: string): OpenAPIObject {
  const doc = generateOpenApiDocument(v1Router, {
    title: "Kuasa Agent API",
    description:
      "REST API through which AI agents hire licensed Indonesian legal practitioners. Amounts are integer IDR. " +
      'Every error body is `{ "error": { "code", "message" } }`.',
    version: "1.0.0",
    openApiVersion: "3.1.0",
    baseUrl,
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "API key `<key_id>.<key_secret>`" } },
    defs: { Error: errorSchema },
  });

  for (const route of REST_ROUTES) {
    const pathKey = route.path;
    const item = doc.paths?.[pathKey] as Record<string, Operation> | undefined;
    const op = item?.[route.method.toLowerCase()];
    if (!op) throw new Error(`OpenAPI document lacks ${route.method} ${pathKey}`);
    const responses = (op.responses ?? {}) as Record<string, unknown>;
    const success = responses["200"];
    const fixed: Record<string, unknown> = {};
    fixed[String(route.meta.successStatus ?? 200)] = success;
    if (route.meta.idempotent) {
      const replayed = {
        "Idempotent-Replayed": {
          description: "`true` when this answers a replay under the same Idempotency-Key.",
          schema: { type: "string", enum: ["true"] },
        },
      };
      fixed["200"] =
        route.meta.successStatus === 201
          ? {
              ...(success as object),
              description: "Idempotent replay: what the first request made, in its current state.",
              headers: replayed,
            }
          : { ...(success as object), headers: replayed };
    }
    if (route.meta.answer === "file") {
      fixed["200"] = {
        description: "The file's bytes, with the `Content-Type` decided from its content when it was uploaded.",
        headers: {
          "Content-Disposition": { description: "`attachment` with the file's name (`filename*` in UTF-8).", schema: { type: "string" } },
          "Content-Length": { description: "The file's size in bytes.", schema: { type: "integer" } },
        },
        content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
      };
    }
    const errorStatuses = route.method === "GET" ? ERROR_STATUSES_ALWAYS : [...ERROR_STATUSES_ALWAYS, ...ERROR_STATUSES_WITH_BODY];
    for (const status of errorStatuses.sort()) {
      fixed[String(status)] = {
        description: describeStatus(status),
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      };
    }
    op.responses = fixed;
    op.security = [{ bearerAuth: route.meta.scope ? [route.meta.scope] : [] }];
    op["x-required-scope"] = route.meta.scope;
    // The generator documents named query keys only; `metadata[key]` filters take any key.
    const input = (
      v1Router._def.procedures[route.procedurePath as keyof typeof v1Router._def.procedures] as unknown as { _def: { inputs: unknown[] } }
    )._def.inputs[0];
    if (takesMetadataFilter(input)) op.parameters = [...(op.parameters ?? []), METADATA_FILTER_PARAMETER];
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
        },
      ];
    }
  }
  // The generator's own error schemas are replaced by Error everywhere above.
  const schemas = doc.components?.schemas ?? {};
  for (const name of Object.keys(schemas)) if (name.startsWith("error.")) delete schemas[name];
  return doc;
}
