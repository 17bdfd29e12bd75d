import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/api/openapi";
import {
  codeSpans,
  groupByTag,
  HTTP_METHODS,
  listOperations,
  type OpenApiDoc,
  operationAnchor,
  paragraphs,
  resolveRef,
  type Schema,
  schemaFields,
  typeLabel,
} from "./openapi-view";

/** A small document exercising each schema shape the page has to show. */
const doc: OpenApiDoc = {
  openapi: "3.1.0",
  info: { title: "T", version: "1" },
  paths: {
    "/v1/things/{id}": {
      parameters: [{ in: "path", name: "id", required: true, schema: { type: "string", minLength: 1, maxLength: 64 } }],
      get: {
        tags: ["Things"],
        summary: "One thing",
        "x-required-scope": "things:read",
        parameters: [{ in: "query", name: "expand", schema: { type: "string", enum: ["owner", "parts"] } }],
        responses: {
          "404": {
            description: "`NOT_FOUND`: no such thing.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
          "200": { description: "The thing", content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
        },
      },
      post: {
        tags: ["Things"],
        security: [{ bearerAuth: ["things:write"] }],
        parameters: [{ $ref: "#/components/parameters/IdempotencyKey" }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["name"],
                properties: {
                  name: { type: "string", minLength: 1, maxLength: 100, description: "What it is called." },
                  budget: { anyOf: [{ type: "integer", exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER }, { type: "null" }] },
                  labels: { type: "object", propertyNames: { type: "string", maxLength: 64 }, additionalProperties: { type: "string" } },
                },
              },
            },
          },
        },
        responses: {
          "201": { description: "Created", content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
          "200": {
            description: "Replay",
            headers: { "Idempotent-Replayed": { description: "Always `true`.", schema: { type: "string", enum: ["true"] } } },
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
        },
      },
    },
    "/v1/other": { get: { summary: "Untagged", responses: { "200": { description: "ok" } } } },
    "/v1/things": {
      get: {
        tags: ["Things"],
        responses: {
          "200": {
            description: "List",
            content: {
              "application/json": {
                schema: { type: "object", properties: { data: { type: "array", items: { $ref: "#/components/schemas/Thing" } } } },
              },
            },
          },
        },
      },
    },
  },
  components: {
    parameters: {
      IdempotencyKey: {
        in: "header",
        name: "Idempotency-Key",
        required: false,
        description: "Replays within 24 h.",
        schema: { type: "string", maxLength: 255 },
      },
    },
    schemas: {
      Status: { type: "string", enum: ["baru", "selesai"] },
      Thing: {
        type: "object",
        required: ["id", "status", "owner", "parts"],
        properties: {
          id: { type: "string" },
          status: { $ref: "#/components/schemas/Status" },
          note: { type: ["string", "null"], description: "Free text." },
          owner: {
            type: "object",
            required: ["name"],
            properties: { name: { type: "string" }, since: { type: "string", format: "date-time" } },
          },
          parts: { type: "array", items: { $ref: "#/components/schemas/Part" } },
          parent: { anyOf: [{ $ref: "#/components/schemas/Thing" }, { type: "null" }] },
          tags: { type: "array", items: { type: "string", enum: ["a", "b"] } },
        },
      },
      Part: {
        type: "object",
        required: ["sku"],
        properties: { sku: { type: "string", description: "Stock unit." }, qty: { type: "integer", minimum: 1 } },
      },
      Error: {
        type: "object",
        properties: {
          error: {
            type: "object",
            properties: { code: { type: "string", enum: ["NOT_FOUND"] }, message: { type: "string" } },
            required: ["code", "message"],
          },
        },
        required: ["error"],
      },
    },
  },
};

const thingFields = () => schemaFields(doc, { $ref: "#/components/schemas/Thing" });
const field = (rows: ReturnType<typeof schemaFields>, name: string) => {
  const row = rows.find((r) => r.name === name);
  if (!row) throw new Error(`no row ${name} in ${rows.map((r) => r.name).join(", ")}`);
  return row;
};

describe("schema → field rows", () => {
  it("resolves a local $ref to the component it names", () => {
    expect(resolveRef(doc, "#/components/schemas/Part")).toBe(doc.components!.schemas!.Part);
    expect(resolveRef(doc, "#/components/schemas/Nope")).toBeUndefined();
    expect(resolveRef(doc, "https://example.com/schema")).toBeUndefined();
  });

  it("lists the fields of a $ref'd body with required flags and descriptions", () => {
    const rows = thingFields();
    expect(field(rows, "id")).toMatchObject({ type: "string", required: true, nullable: false, depth: 0 });
    expect(field(rows, "note")).toMatchObject({ type: "string", required: false, nullable: true, description: "Free text." });
  });

  it("shows enum values, also through a $ref to an enum component and on array items", () => {
    const rows = thingFields();
    expect(field(rows, "status")).toMatchObject({ type: "Status", enumValues: ["baru", "selesai"] });
    expect(field(rows, "tags")).toMatchObject({ type: "array of string", enumValues: ["a", "b"] });
  });

  it("marks nullable fields written as type arrays or as anyOf with null", () => {
    const body = listOperations(doc).find((op) => op.method === "POST")!.requestBody!;
    expect(field(body.fields, "budget")).toMatchObject({ type: "integer", nullable: true, required: false });
    expect(field(thingFields(), "parent")).toMatchObject({ type: "Thing", nullable: true });
  });

  it("flattens nested objects and arrays of objects with dotted names", () => {
    const rows = thingFields();
    expect(rows.map((r) => r.name)).toEqual([
      "id",
      "status",
      "note",
      "owner",
      "owner.name",
      "owner.since",
      "parts",
      "parts[].sku",
      "parts[].qty",
      "parent",
      "tags",
    ]);
    expect(field(rows, "owner.name")).toMatchObject({ depth: 1, required: true });
    expect(field(rows, "owner.since")).toMatchObject({ type: "string (date-time)", required: false });
    expect(field(rows, "parts")).toMatchObject({ type: "array of Part" });
    expect(field(rows, "parts[].sku")).toMatchObject({ depth: 1, required: true, description: "Stock unit." });
  });

  it("does not expand a schema inside itself forever", () => {
    // `parent` is a Thing inside Thing: listed as a field, not expanded again.
    expect(thingFields().some((r) => r.name.startsWith("parent."))).toBe(false);
  });

  it("flattens a top-level array body under []", () => {
    const rows = schemaFields(doc, { type: "array", items: { $ref: "#/components/schemas/Part" } });
    expect(rows.map((r) => r.name)).toEqual(["[].sku", "[].qty"]);
  });

  it("shows a non-object body as one row", () => {
    expect(schemaFields(doc, { type: "string", enum: ["x"] })).toEqual([
      expect.objectContaining({ name: "(body)", type: "string", enumValues: ["x"] }),
    ]);
  });

  it("states limits in words and leaves out the safe-integer bounds zod adds to every integer", () => {
    const body = listOperations(doc).find((op) => op.method === "POST")!.requestBody!;
    expect(field(body.fields, "name").constraints).toEqual(["1–100 chars"]);
    expect(field(body.fields, "budget").constraints).toEqual(["> 0"]);
    expect(field(body.fields, "labels")).toMatchObject({ type: "map string → string", constraints: ["keys ≤ 64 chars"] });
    expect(field(thingFields(), "parts[].qty").constraints).toEqual(["≥ 1"]);
  });

  it("labels unions and unresolvable references instead of failing", () => {
    expect(typeLabel(doc, { anyOf: [{ type: "string" }, { type: "integer" }] })).toBe("string | integer");
    expect(typeLabel(doc, { $ref: "#/components/schemas/Missing" })).toBe("Missing");
    expect(schemaFields(doc, { $ref: "#/components/schemas/Missing" })).toHaveLength(1);
  });

  it("merges allOf parts into one object", () => {
    const schema: Schema = {
      allOf: [{ $ref: "#/components/schemas/Part" }, { type: "object", properties: { extra: { type: "boolean" } }, required: ["extra"] }],
    };
    expect(schemaFields(doc, schema).map((r) => [r.name, r.required])).toEqual([
      ["sku", true],
      ["qty", false],
      ["extra", true],
    ]);
  });
});

describe("operations", () => {
  it("lists every operation in document order with an anchor built from method and path", () => {
    const ops = listOperations(doc);
    expect(ops.map((op) => `${op.method} ${op.path}`)).toEqual([
      "GET /v1/things/{id}",
      "POST /v1/things/{id}",
      "GET /v1/other",
      "GET /v1/things",
    ]);
    expect(ops[0]!.anchor).toBe("op-get-v1-things-id");
    expect(new Set(ops.map((op) => op.anchor)).size).toBe(ops.length);
  });

  it("groups by first tag in order of first appearance, untagged operations under Other", () => {
    const groups = groupByTag(listOperations(doc));
    expect(groups.map((g) => [g.tag, g.operations.map((op) => `${op.method} ${op.path}`)])).toEqual([
      ["Things", ["GET /v1/things/{id}", "POST /v1/things/{id}", "GET /v1/things"]],
      ["Other", ["GET /v1/other"]],
    ]);
  });

  it("takes the scope from x-required-scope, else from the bearer requirement", () => {
    const [get, post, other] = listOperations(doc);
    expect(get!.scope).toBe("things:read");
    expect(post!.scope).toBe("things:write");
    expect(other!.scope).toBeNull();
  });

  it("lists path-level and operation-level parameters, resolving a $ref'd header parameter", () => {
    const [get, post] = listOperations(doc);
    expect(get!.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ["path", "id", true],
      ["query", "expand", false],
    ]);
    expect(get!.parameters[1]!.enumValues).toEqual(["owner", "parts"]);
    expect(post!.parameters.find((p) => p.in === "header")).toMatchObject({
      name: "Idempotency-Key",
      required: false,
      constraints: ["≤ 255 chars"],
    });
  });

  it("sorts responses by status, marks errors and shows a repeated body once", () => {
    const [get, post] = listOperations(doc);
    expect(get!.responses.map((r) => [r.status, r.isError])).toEqual([
      ["200", false],
      ["404", true],
    ]);
    expect(get!.responses[0]!.body!.schemaName).toBe("Thing");
    expect(post!.responses.map((r) => r.status)).toEqual(["200", "201"]);
    expect(post!.responses[0]!.headers).toEqual([{ name: "Idempotent-Replayed", type: "string", description: "Always `true`." }]);
    expect(post!.responses[1]!.sameBodyAs).toBe("200");
  });
});

describe("text", () => {
  it("splits descriptions into paragraphs and code spans, without interpreting HTML", () => {
    expect(paragraphs("`A`: one.\n\n`B`: two <b>")).toEqual([
      [
        { code: true, text: "A" },
        { code: false, text: ": one." },
      ],
      [
        { code: true, text: "B" },
        { code: false, text: ": two <b>" },
      ],
    ]);
    expect(codeSpans("no code")).toEqual([{ code: false, text: "no code" }]);
    expect(paragraphs(undefined)).toEqual([]);
  });
});

describe("the Kuasa document", () => {
  const kuasa = buildOpenApiDocument("http://x") as unknown as OpenApiDoc;
  const operations = listOperations(kuasa);

  it("produces one section for every path and method in buildOpenApiDocument, whatever the router holds", () => {
    const expected = Object.entries(kuasa.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => (HTTP_METHODS as readonly string[]).includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(expected);
    const grouped = groupByTag(operations).flatMap((g) => g.operations.map((op) => op.anchor));
    expect(grouped.sort()).toEqual(operations.map((op) => operationAnchor(op.method, op.path)).sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it("gives every operation a summary and at least one success status", () => {
    for (const op of operations) {
      expect(op.summary, `${op.method} ${op.path}`).toBeTruthy();
      expect(
        op.responses.some((r) => !r.isError),
        `${op.method} ${op.path}`,
      ).toBe(true);
    }
  });

  it("resolves every $ref it shows: no field is left unresolved", () => {
    const rows = operations.flatMap((op) => [...(op.requestBody?.fields ?? []), ...op.responses.flatMap((r) => r.body?.fields ?? [])]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.type.startsWith("unresolved"))).toEqual([]);
  });

  it("shows POST /v1/orders with its Idempotency-Key header and the order's status values", () => {
    const create = operations.find((op) => op.method === "POST" && op.path === "/v1/orders")!;
    expect(create.parameters.map((p) => `${p.in}:${p.name}`)).toContain("header:Idempotency-Key");
    const created = create.responses.find((r) => r.status === "201")!;
    const status =
      created.body?.fields.find((r) => r.name === "status") ??
      create.responses.find((r) => r.status === "200")!.body!.fields.find((r) => r.name === "status")!;
    expect(status.enumValues).toContain("dibayar");
    expect(create.responses.find((r) => r.status === "200")!.headers.map((h) => h.name)).toContain("Idempotent-Replayed");
  });

  it("shows the practitioner view among the test helpers, with each field and attachments said to show no content before taking", () => {
    const helpers = groupByTag(operations).find((g) => g.operations.some((op) => op.path.startsWith("/v1/test_helpers/")))!;
    const practitionerView = helpers.operations.find(
      (op) => op.method === "GET" && op.path === "/v1/test_helpers/orders/{id}/practitioner_view",
    )!;
    expect(practitionerView.description).toContain("TEST_MODE_ONLY");
    const fields = practitionerView.responses.find((r) => r.status === "200")!.body!.fields;
    expect(fields.filter((f) => f.depth === 0).map((f) => f.name)).toEqual([
      "order_id",
      "status",
      "taken",
      "intake",
      "messages",
      "attachments",
    ]);
    expect(fields.filter((f) => f.name.startsWith("attachments[].")).map((f) => f.name)).toEqual([
      "attachments[].filename",
      "attachments[].content_type",
      "attachments[].size",
      "attachments[].downloadable",
    ]);
    expect(fields.find((f) => f.name === "attachments")!.description).toContain("never its content");
  });
});
