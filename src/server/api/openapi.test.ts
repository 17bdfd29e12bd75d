import { createConfig, lintFromString } from "@redocly/openapi-core";
import spectralCore from "@stoplight/spectral-core";
import spectralParsers from "@stoplight/spectral-parsers";
import { oas } from "@stoplight/spectral-rulesets";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { API_VERSIONS } from "@/server/domain/api-version";
import { intakeProblems } from "@/server/domain/catalog/intake";
import { ERROR_CODES, type ErrorCode } from "@/server/domain/errors";
import { EVENT_TYPES } from "@/server/domain/events/webhook-event";
import { CATALOG_SEED } from "@/server/services/catalog";
import { buildOpenApiDocument, errorCodesOf } from "./openapi";
import {
  BALANCE_EXAMPLE,
  CASE_EXAMPLE,
  CREATE_CASE_EXAMPLE,
  CREATE_ORDER_EXAMPLE,
  EVENT_EXAMPLE,
  FILE_EXAMPLE,
  FILE_LINK_EXAMPLE,
  INVOICE_EXAMPLE,
  ORDER_EXAMPLE,
  RECEIPT_EXAMPLE,
  REQUEST_EXAMPLES,
  SELECTION_EXAMPLE,
  SERVICE_EXAMPLE,
  STATEMENT_EXAMPLE,
} from "./openapi-examples";
import { errorAnchor } from "./openapi-guide";
import { REST_ROUTES } from "./routes";
import { receiptSchema } from "./schemas/books/receipt";
import { statementSchema } from "./schemas/books/statement";
import { caseSchema, createCaseSchema, invoiceSummarySchema, selectionSchema } from "./schemas/cases/case";
import { serviceSchema } from "./schemas/catalog/service";
import { eventSchema } from "./schemas/events/event";
import { fileLinkSchema, fileSchema } from "./schemas/files/file";
import { balanceSchema } from "./schemas/money/balance";
import { createOrderSchema, orderSchema } from "./schemas/orders/order";

type Json = Record<string, unknown>;
/** The error object of an Error body's schema. */
type ErrorObject = { required: string[]; properties: Record<string, { description?: string; examples?: unknown[] }> };
type Response = { description?: string; headers?: Record<string, Json>; content?: Record<string, Json> };
type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  "x-required-scope"?: string;
  parameters?: Json[];
  requestBody?: { content?: Record<string, Json> };
  responses: Record<string, Response>;
};

// A production-like server URL, so the linter's rule against example/localhost servers stays on.
const doc = buildOpenApiDocument("https://api.kuasa.co.id") as unknown as {
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post: Operation & { security?: unknown[] } }>;
  components: {
    schemas: Record<string, Json>;
    headers: Record<string, Json>;
    examples: Record<string, { value: { error: { code: string; param?: string; request_id: string; doc_url: string } } }>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, { flows?: { authorizationCode?: { scopes: Record<string, string> } } }>;
  };
};

const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({
    name: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    op: resolved(op),
  })),
);
const operation = (name: string) => operations.find((o) => o.name === name)!.op;
/** An operation with its error responses resolved from components.responses. */
function resolved(op: Operation): Operation {
  const responses = Object.entries(op.responses).map(([status, r]) => {
    const target = (r as { $ref?: string }).$ref;
    return [status, target ? doc.components.responses[target.slice("#/components/responses/".length)]! : r] as const;
  });
  return { ...op, responses: Object.fromEntries(responses) };
}
const errorStatuses = (op: Operation) => Object.keys(op.responses).filter((status) => /^[45]/.test(status));
/** The `code` enum a response narrows the Error body to. */
type NarrowedError = { properties: { error: { properties: { code: { enum: string[] } } } } };
const codesOf = (response: Response) =>
  (response.content!["application/json"]!.schema as NarrowedError).properties.error.properties.code.enum;

/**
 * Warnings of Redocly's `recommended` ruleset we keep, each with its reason. Anything else, and any
 * error, fails the test.
 */
const ACCEPTED_WARNINGS: Record<string, string> = {
  "info-license": "Kuasa's API is a hosted service, not a published work: there is no licence to name in info.license.",
};

describe("the OpenAPI document, linted", () => {
  it("passes Redocly's recommended rules (examples checked against their schemas) with only the accepted warnings", async () => {
    const config = await createConfig({
      extends: ["recommended"],
      rules: { "no-invalid-schema-examples": "error", "no-invalid-media-type-examples": "error" },
    });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "/v1/openapi.json", config });
    const shown = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(shown.filter((p) => p.startsWith("error"))).toEqual([]);
    const warnings = new Set(problems.filter((p) => p.severity === "warn").map((p) => p.ruleId));
    expect([...warnings].filter((rule) => !ACCEPTED_WARNINGS[rule])).toEqual([]);
  }, 60_000); // about 2 s alone, 15 s beside other test files on two cores

  it("draws nothing at all from Spectral's spectral:oas ruleset", async () => {
    // CommonJS packages: their exports are reached through the default import under ESM.
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [[oas as never, "recommended"]] });
    const results = await spectral.run(new spectralCore.Document(JSON.stringify(doc, null, 2), spectralParsers.Json, "openapi.json"));
    expect(results.map((result) => `${result.code} at ${result.path.join(".")}: ${result.message}`)).toEqual([]);
  }, 60_000);

  it("declares the OAuth authorization-code flow with the four scopes and names each operation's scope under it", () => {
    expect(Object.keys(doc.components.securitySchemes.oauth2?.flows?.authorizationCode?.scopes ?? {}).sort()).toEqual([
      "kasus:buat",
      "katalog:baca",
      "order:buat",
      "status:baca",
    ]);
    expect(operations.length).toBeGreaterThan(40);
    for (const { op } of operations) {
      const scope = op["x-required-scope"];
      expect(op.security).toEqual([{ bearerAuth: [] }, { oauth2: scope ? [scope] : [] }]);
    }
  });
});

describe("the document's description, which /docs shows first", () => {
  it("carries the quick start, the error body, the webhook signature check and the content rules, with this server's URL and operator", () => {
    const described = buildOpenApiDocument("https://api.kuasa.co.id", { operatorName: "Lexa" }).info.description ?? "";
    for (const heading of ["# Quick start", "# Errors", "# Webhooks and their signature", "# For agents talking to people"])
      expect(described).toContain(`\n${heading}\n`);
    expect(described).toContain("curl -s https://api.kuasa.co.id/v1/services");
    expect(described).toContain("X-Lexa-Signature: t=<unix seconds>,v1=<hex>");
    expect(described).toContain('"param", "request_id"');
  });
});

describe("error responses per operation", () => {
  it("documents for GET /v1/services only what it can answer: no 402, 404, 409, 413, 415 or 422", () => {
    expect(errorStatuses(operation("GET /v1/services"))).toEqual(["400", "401", "403", "405", "429", "500", "503"]);
  });

  it("lists under each status exactly the codes of the rules and the procedure's meta, in the description and in the code enum", () => {
    for (const route of REST_ROUTES) {
      const op = operation(`${route.method} ${route.path}`);
      const expected = new Map<string, ErrorCode[]>();
      for (const code of errorCodesOf(route)) {
        const status = String(ERROR_CODES[code].status);
        expected.set(status, [...(expected.get(status) ?? []), code]);
      }
      expect(errorStatuses(op).sort(), route.path).toEqual([...expected.keys()].sort());
      for (const [status, codes] of expected) {
        const response = op.responses[status]!;
        expect(codesOf(response).sort(), `${route.method} ${route.path} ${status}`).toEqual([...codes].sort());
        // Each code named, unlinked: a link inside Redoc's response button would nest a control in a control.
        for (const code of codes) expect(response.description).toContain(`\`${code}\`: ${ERROR_CODES[code].description}`);
        const examples = response.content?.["application/json"]?.examples as Record<string, { $ref: string }>;
        expect(Object.values(examples).map((e) => e.$ref)).toEqual(codes.map((code) => `#/components/examples/${code}`));
      }
    }
  });

  it("describes the Error body's param (VALIDATION only), request_id and doc_url (always), each with an example", () => {
    const error = (doc.components.schemas.Error as { properties: { error: ErrorObject } }).properties.error;
    expect(error.required).toEqual(["code", "message", "request_id", "doc_url"]);
    for (const name of ["code", "message", "param", "request_id", "doc_url"])
      expect(error.properties[name]?.description, name).toMatch(/\S/);
    expect(error.properties.param?.examples).toEqual(["intake.sifat_nda"]);
    expect(error.properties.doc_url).toMatchObject({ type: "string", format: "uri" });
    for (const [name, response] of Object.entries(doc.components.responses)) {
      const narrowed = (response.content!["application/json"]!.schema as { properties: { error: ErrorObject } }).properties.error;
      expect(narrowed.required, name).toEqual(["code", "message", "request_id", "doc_url"]);
      expect(narrowed.properties.doc_url, name).toEqual({ type: "string", format: "uri" });
      expect("param" in narrowed.properties, name).toBe(name.includes("VALIDATION"));
    }
    for (const [code, example] of Object.entries(doc.components.examples)) {
      expect(example.value.error.request_id, code).toMatch(/^req_/);
      expect(example.value.error.doc_url, code).toBe(`https://kuasa.example/docs#${errorAnchor(code as ErrorCode)}`);
      expect(example.value.error.param, code).toBe(code === "VALIDATION" ? "intake.sifat_nda" : undefined);
    }
  });

  it("has one example answer per error code, with that code", () => {
    // FORBIDDEN is the portal's (a signed-in user's), never an agent operation's.
    expect(Object.keys(doc.components.examples).sort()).toEqual(
      Object.keys(ERROR_CODES)
        .filter((code) => code !== "FORBIDDEN")
        .sort(),
    );
    for (const [code, example] of Object.entries(doc.components.examples)) expect(example.value.error.code).toBe(code);
  });

  it("names the business codes where the services throw them, and nowhere they cannot be", () => {
    expect(codesOf(operation("POST /v1/orders").responses["402"]!)).toEqual(["BUDGET_EXCEEDED", "INSUFFICIENT_DEPOSIT"]);
    expect(codesOf(operation("POST /v1/orders/{id}/revision").responses["409"]!)).toContain("REVISION_LIMIT");
    expect(codesOf(operation("POST /v1/cases/{id}/select").responses["402"]!)).toEqual(["BUDGET_EXCEEDED"]);
    expect(operation("POST /v1/orders/{id}/accept").responses["402"]).toBeUndefined();
    expect(operation("GET /v1/orders/{id}").responses["409"]).toBeUndefined();
    expect(operation("POST /v1/file_links").responses["422"]).toBeUndefined(); // no Idempotency-Key
    expect(codesOf(operation("POST /v1/file_links").responses["404"]!)).toEqual(["NOT_FOUND"]);
    for (const { name, path, op } of operations) {
      const forbidden = op.responses["403"] ? codesOf(op.responses["403"]) : [];
      expect(forbidden.includes("TEST_MODE_ONLY"), name).toBe(path.startsWith("/v1/test_helpers/"));
      expect(forbidden, name).not.toContain("FORBIDDEN"); // portal sessions only
    }
  });

  it("documents 405 with Allow and 503 SERVICE_UNAVAILABLE on every operation", () => {
    for (const { name, op } of operations) {
      expect(codesOf(op.responses["405"]!), name).toEqual(["METHOD_NOT_ALLOWED"]);
      expect(Object.keys(op.responses["405"]!.headers ?? {}), name).toContain("Allow");
      expect(codesOf(op.responses["503"]!), name).toEqual(["SERVICE_UNAVAILABLE"]);
    }
  });
});

describe("headers", () => {
  it("puts X-Request-Id on every response, RateLimit-* on every success and on 429, Retry-After on 429 and 503", () => {
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const headers = Object.keys(response.headers ?? {});
        expect(headers, `${name} ${status}`).toContain("X-Request-Id");
        if (/^2/.test(status) || status === "429")
          expect(headers, `${name} ${status}`).toEqual(
            expect.arrayContaining(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]),
          );
        expect(headers.includes("Retry-After"), `${name} ${status}`).toBe(status === "429" || status === "503");
      }
    }
    for (const header of ["X-Request-Id", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "Allow"])
      expect(doc.components.headers[header]?.description, header).toBeTruthy();
  });

  it("takes an optional Kuasa-Version on every operation and answers it, with Deprecation and Sunset, on every response", () => {
    const dates = API_VERSIONS.map((version) => version.date);
    for (const { name, op } of operations) {
      const asked = (op.parameters ?? []).filter((p) => p.name === "Kuasa-Version");
      expect(asked, name).toEqual([expect.objectContaining({ in: "header", required: false, schema: { type: "string", enum: dates } })]);
      for (const [status, response] of Object.entries(op.responses))
        expect(Object.keys(response.headers ?? {}), `${name} ${status}`).toEqual(
          expect.arrayContaining(["Kuasa-Version", "Deprecation", "Sunset"]),
        );
    }
    expect(doc.components.headers["Kuasa-Version"]).toMatchObject({ required: true, example: "2026-11-28" });
    for (const header of ["Deprecation", "Sunset"]) expect(doc.components.headers[header]?.description, header).toContain("RFC");
  });
});

describe("parameters", () => {
  it("describes every parameter on the parameter itself, where generators read it", () => {
    const parameters = operations.flatMap(({ name, op }) => (op.parameters ?? []).map((p) => ({ name, p })));
    const undescribed = parameters.filter(({ p }) => typeof p.description !== "string" || !(p.description as string).trim());
    expect(undescribed.map(({ name, p }) => `${name} ${p.in}:${p.name}`)).toEqual([]);
    // 32 path and 27 query parameters (and 9 Idempotency-Key headers) when this was written; fewer means some went missing.
    expect(parameters.filter(({ p }) => p.in === "path").length).toBeGreaterThanOrEqual(32);
    expect(parameters.filter(({ p }) => p.in === "query").length).toBeGreaterThanOrEqual(27);
    expect(parameters.filter(({ p }) => (p.schema as Json | undefined)?.description !== undefined)).toEqual([]);
  });
});

describe("examples", () => {
  const wire =
    <T extends z.ZodType>(schema: T, value: unknown) =>
    () =>
      schema.encode(value as z.output<T>);

  it("gives each object an example its zod schema accepts as an answer", () => {
    expect(wire(orderSchema, ORDER_EXAMPLE)).not.toThrow();
    expect(wire(serviceSchema, SERVICE_EXAMPLE)).not.toThrow();
    expect(wire(balanceSchema, BALANCE_EXAMPLE)).not.toThrow();
    expect(wire(fileSchema, FILE_EXAMPLE)).not.toThrow();
    expect(wire(caseSchema, CASE_EXAMPLE)).not.toThrow();
    expect(wire(invoiceSummarySchema, INVOICE_EXAMPLE)).not.toThrow();
    expect(wire(selectionSchema, SELECTION_EXAMPLE)).not.toThrow();
    expect(wire(eventSchema, EVENT_EXAMPLE)).not.toThrow();
    expect(wire(fileLinkSchema, FILE_LINK_EXAMPLE)).not.toThrow();
    expect(wire(receiptSchema, RECEIPT_EXAMPLE)).not.toThrow();
    expect(wire(statementSchema, STATEMENT_EXAMPLE)).not.toThrow();
    for (const name of [
      "Order",
      "Service",
      "Balance",
      "File",
      "Case",
      "InvoiceSummary",
      "Event",
      "FileLink",
      "Receipt",
      "Statement",
      "Error",
    ])
      expect(doc.components.schemas[name]?.examples, name).toHaveLength(1);
  });

  it("gives the request bodies examples the server takes, for a service of the catalog with its intake filled in", () => {
    expect(createOrderSchema.safeParse(CREATE_ORDER_EXAMPLE).success).toBe(true);
    expect(createCaseSchema.safeParse(CREATE_CASE_EXAMPLE).success).toBe(true);
    const service = CATALOG_SEED.find((entry) => entry.code === CREATE_ORDER_EXAMPLE.service)!;
    expect(intakeProblems(service.intake, CREATE_ORDER_EXAMPLE.intake)).toEqual([]);
    for (const [name, example] of Object.entries(REQUEST_EXAMPLES)) {
      const body = operation(name).requestBody?.content?.["application/json"];
      expect(body?.example, name).toEqual(example);
    }
    for (const name of ["POST /v1/orders", "POST /v1/orders/{id}/messages", "POST /v1/cases", "POST /v1/file_links"])
      expect(REQUEST_EXAMPLES[name], name).toBeDefined();
  });
});

describe("tags, webhooks and the case orders' service", () => {
  it("declares every tag the operations use, each with a description", () => {
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    const used = new Set(
      [...operations, ...Object.values(doc.webhooks ?? {}).map((w) => ({ op: w.post }))].flatMap(({ op }) => op.tags ?? []),
    );
    for (const tag of used) expect(declared.get(tag), tag).toBeTruthy();
  });

  it("has one signed webhook per event type, its body's `event` fixed to the type", () => {
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([...EVENT_TYPES].sort());
    for (const [type, { post }] of Object.entries(doc.webhooks ?? {})) {
      expect(post.parameters?.map((p) => p.name)).toEqual(["X-Kuasa-Signature", "X-Kuasa-Event-Id"]);
      const schema = post.requestBody?.content?.["application/json"]?.schema as { properties: Record<string, Json> };
      expect(schema.properties.event).toEqual({ type: "string", const: type });
    }
    const renamed = buildOpenApiDocument("https://api.kuasa.co.id", { operatorName: "Advokat" }) as unknown as typeof doc;
    expect(renamed.webhooks?.["order.selesai"]?.post.parameters?.[0]?.name).toBe("X-Advokat-Signature");
  });

  it('says why a case order\'s service is "kasus"', () => {
    const order = doc.components.schemas.Order as { properties: { service: { description: string } } };
    expect(order.properties.service.description).toContain('"kasus"');
  });
});
