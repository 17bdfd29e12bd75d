import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createOpenApiNodeHttpHandler,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathParameters,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  normalizePath,
  unwrapZodType,
} from "trpc-to-openapi";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { restRequest } from "@/server/mcp/rest-client";
import { TOOLS } from "@/server/mcp/tools";
import type { Context } from "./context";
import { EXAMPLE_IDS, REQUEST_EXAMPLES } from "./openapi-examples";
import { dispatchUrlOf, requestInput } from "./rest";
import { matchRoute, REST_ROUTES, type RestRoute } from "./routes";
import { baseProcedure } from "./trpc";
import { v1Router } from "./v1";

/*
 * The contract between our /v1 dispatcher (routes.ts, rest.ts), the MCP tool table (mcp/tools.ts)
 * and trpc-to-openapi, whose route matching and input building they re-implement on private
 * internals. What this file pins, so that an upgrade of trpc-to-openapi, tRPC or zod that changes
 * any of it fails here, saying what changed, instead of misrouting requests:
 *
 * 1. The internals our code reads exist with the shapes it assumes: the router's flat
 *    `_def.procedures`, each procedure's `_def.{type, meta, inputs, output}`, a procedure called
 *    as `procedure({ path, ctx, type, getRawInput, signal })` (routes.ts `call`), and zod 4's
 *    `_zod.def` fields (`element`, `innerType`, `getter`, `in`/`out`, `coerce`, `type`). And that
 *    the library derives from them what we derive: the same operations in the same order, the
 *    same matching pattern per path, the same "no input" / array-keys / query-keys reading.
 * 2. For every /v1 operation, the same request given to our dispatcher (matchRoute, then
 *    requestInput) and to the library's own node-http adapter (createOpenApiNodeHttpHandler, its
 *    call of the procedure recorded) reaches the same procedure with the same path parameters and
 *    the same input, and the procedure's input schema parses both alike (query coercion, arrays,
 *    body, path parameters over body fields). Trailing slashes, case, repeated keys, requests
 *    that match nothing.
 * 3. Each MCP tool hands its procedure the input REST would: in process (tools' parseArguments,
 *    as mcp/http.ts calls the route) and through kuasa-mcp's REST request (rest-client.ts
 *    restRequest), read by the library's adapter.
 * 4. Where we differ on purpose, how the library behaves, pinned so a change shows: path
 *    parameters are percent-decoded by us only; an unknown query parameter is refused by us and
 *    passed on by the library (`constructor` makes it answer 500); JSON body numbers are not
 *    coerced by us, while the adapter coerces every number of an input schema in place; a
 *    bodiless POST and a multipart upload are 415 to the adapter; the adapter reads the body before
 *    it makes the context (ours checks the key first) and answers errors in its own shape.
 *
 * The adapter mutates the schemas it serves (coerceSchema), so it serves a fresh copy of the
 * router (vi.resetModules) and our side keeps the schemas as the server has them.
 */

type Procedure = {
  (opts: { path: string; ctx: Context; type: string; getRawInput: () => Promise<unknown>; signal: undefined }): Promise<unknown>;
  _def: { type?: unknown; meta?: { openapi?: { method: string; path: string } }; inputs?: unknown; output?: unknown };
};
type Procedures = Record<string, Procedure>;

const procedures = v1Router._def.procedures as unknown as Procedures;
/** A procedure's one input schema (the first test below checks each has exactly one). */
function inputSchemaOf(from: Procedures, path: string): z.ZodType {
  const procedure = from[path];
  if (!procedure) throw new Error(`No procedure ${path} in the v1 router`);
  return (procedure._def.inputs as z.ZodType[])[0] as z.ZodType;
}

type Parsed = { data: unknown } | { issues: Array<{ code: string; path: PropertyKey[]; message: string }> };
const parsedBy = (schema: z.ZodType, input: unknown): Parsed => {
  const result = schema.safeParse(input);
  return result.success
    ? { data: result.data }
    : { issues: result.error.issues.map(({ code, path, message }) => ({ code, path, message })) };
};

/** A request as both sides get it: method, target (path and query, as sent) and JSON body. */
interface Probe {
  label: string;
  method: string;
  target: string;
  body?: unknown;
}

/** What our dispatcher makes of a request: the procedure, raw path parameters, input, refusal and the schema's parse. */
interface Ours {
  procedure?: string;
  params?: Record<string, string>;
  input?: unknown;
  refusal?: string;
  parsed?: Parsed;
}

function ours(probe: Probe): Ours {
  const url = dispatchUrlOf(probe.target);
  const match = matchRoute(probe.method, url.pathname);
  if (!match) return {};
  const { input, refusal } = requestInput(match.route, probe.method, probe.body, url, match.params);
  const parsed = parsedBy(inputSchemaOf(procedures, match.route.procedurePath), input);
  return { procedure: match.route.procedurePath, params: match.params, input, refusal: refusal?.message, parsed };
}

// Sample requests for every operation, built from its route.

const COST_ID = "cost_5Fx8Qm2Lp7Rt4Vn1Kc9Wz3";
const exampleIdOf = (template: string) =>
  template.includes("/cases/")
    ? EXAMPLE_IDS.case
    : template.includes("/invoices/")
      ? EXAMPLE_IDS.invoice
      : template.includes("/events/")
        ? EXAMPLE_IDS.event
        : template.includes("/files/")
          ? EXAMPLE_IDS.file
          : EXAMPLE_IDS.order;
const PARAMETER_SAMPLES: Record<string, (template: string) => string> = {
  id: exampleIdOf,
  cost_id: () => COST_ID,
  code: () => "perjanjian_kerahasiaan",
};
const QUERY_SAMPLES: Record<string, string> = {
  limit: "5",
  starting_after: EXAMPLE_IDS.order,
  "created[gte]": "2026-11-01T00:00:00+07:00",
  "created[lte]": "2026-11-30T23:59:59Z",
  service: "perjanjian_kerahasiaan",
};

const pathOf = (route: RestRoute, value = (name: string) => PARAMETER_SAMPLES[name]?.(route.path) ?? "x") =>
  route.path.replace(/\{([^}]+)\}/g, (_, name: string) => value(name));

/** An enum's first value, under its optional or default wrapper. */
function firstOption(field: unknown): string | undefined {
  if (field instanceof z.ZodEnum) return String(field.options[0]);
  if (field instanceof z.ZodOptional || field instanceof z.ZodDefault) return firstOption(field.unwrap());
  return undefined;
}

/** A value of each query key the operation takes (an enum's first, else a sample), `metadata[run]` for lists that filter on it. */
function sampleQuery(route: RestRoute): Array<[string, string]> {
  if (route.input.kind !== "object") return [];
  const { shape } = inputSchemaOf(procedures, route.procedurePath) as z.ZodObject;
  const keys = [...route.input.queryKeys].filter((key) => key !== "ending_before");
  const query = keys.map((key): [string, string] => [key, firstOption(shape[key]) ?? QUERY_SAMPLES[key] ?? "x"]);
  return route.input.metadataFilter ? [...query, ["metadata[run]", "r-1"]] : query;
}
const queryText = (query: Array<[string, string]>) =>
  query.length ? `?${query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}` : "";

const JSON_ROUTES = REST_ROUTES.filter((route) => route.meta.body !== "multipart");
const bodyOf = (route: RestRoute) =>
  route.method === "GET" ? undefined : ((REQUEST_EXAMPLES[`${route.method} ${route.path}`] as object) ?? {});

/** The request of each operation with every parameter it takes. */
const canonical = (route: RestRoute): Probe => ({
  label: `${route.method} ${route.path}`,
  method: route.method,
  target: `${pathOf(route)}${route.method === "GET" ? queryText(sampleQuery(route)) : ""}`,
  body: bodyOf(route),
});

const PROBES: Probe[] = JSON_ROUTES.flatMap((route): Probe[] => {
  const base = canonical(route);
  const params = getPathParameters(route.path);
  const probes: Probe[] = [
    base,
    // Case and a trailing slash do not matter to either.
    {
      ...base,
      label: `${base.label}, upper case and a trailing slash`,
      target: base.target.replace(/^[^?]*/, (path) => `${path.toUpperCase()}/`),
    },
  ];
  const query = sampleQuery(route);
  if (route.method === "GET" && query.length > 0) {
    const [first] = query;
    probes.push({ ...base, label: `${base.label}, ${first?.[0]} given twice`, target: `${base.target}&${first?.[0]}=${first?.[1]}` });
  }
  if (route.method !== "GET" && params.length > 0) {
    // A body field named like a path parameter is overridden by the path.
    probes.push({
      ...base,
      label: `${base.label}, a body field named ${params[0]}`,
      body: { ...(base.body as object), [params[0] as string]: "from_body" },
    });
  }
  return probes;
});

/** Requests no operation serves: both sides must find nothing. */
const UNMATCHED: Probe[] = [
  ...[...new Set(REST_ROUTES.map((route) => route.path))].map((path) => ({
    label: `PUT ${path}`,
    method: "PUT",
    target: pathOf(REST_ROUTES.find((route) => route.path === path) as RestRoute),
  })),
  { label: "an unknown path", method: "GET", target: "/v1/nothing" },
  { label: "a path one segment too long", method: "GET", target: "/v1/orders/ord_1/messages/extra" },
  { label: "an empty parameter", method: "GET", target: "/v1/services//" },
  { label: "another version", method: "GET", target: "/v2/orders" },
];

// Our side is computed now, from the schemas as the server has them.
const OURS = new Map([...PROBES, ...UNMATCHED].map((probe) => [probe, ours(probe)]));

// The library's side: its node-http adapter on a copy of the router whose calls are recorded.

interface Theirs {
  status: number;
  body: unknown;
  call?: { procedure: string; input: unknown };
}

let libraryProcedures: Procedures;
let server: Server;
let base: string;
let contextsMade = 0;
let lastCall: Theirs["call"];

async function theirs(probe: Probe, headers: Record<string, string> = {}, rawBody?: string): Promise<Theirs & { parsed?: Parsed }> {
  lastCall = undefined;
  const body = rawBody ?? (probe.body === undefined ? undefined : JSON.stringify(probe.body));
  const response = await fetch(`${base}${probe.target}`, {
    method: probe.method,
    headers: body === undefined || rawBody !== undefined ? headers : { "Content-Type": "application/json", ...headers },
    body,
  });
  const text = await response.text();
  const call = lastCall as Theirs["call"];
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    call,
    parsed: call && parsedBy(inputSchemaOf(libraryProcedures, call.procedure), call.input),
  };
}

const THEIRS = new Map<Probe, Awaited<ReturnType<typeof theirs>>>();

beforeAll(async () => {
  vi.resetModules();
  const { v1Router: copy } = await import("./v1");
  libraryProcedures = copy._def.procedures as unknown as Procedures;
  const callerAt = (path: readonly string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_target, key) => callerAt([...path, String(key)]),
      apply: (_target, _this, args: unknown[]) => {
        lastCall = { procedure: path.join("."), input: args[0] };
        return Promise.resolve({});
      },
    });
  const recording = { ...copy, createCaller: () => callerAt([]) } as unknown as typeof copy;
  const handler = createOpenApiNodeHttpHandler({
    router: recording,
    createContext: () => {
      contextsMade++;
      return {} as Context;
    },
  });
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const probe of [...PROBES, ...UNMATCHED]) THEIRS.set(probe, await theirs(probe));
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

/** The path parameters the adapter put in the input. */
const paramsIn = (route: RestRoute, input: unknown): Record<string, string> =>
  Object.fromEntries(getPathParameters(route.path).map((name) => [name, (input as Record<string, string>)[name] as string]));

describe("trpc-to-openapi's internals, as routes.ts and tools.ts read them", () => {
  it("keeps the router's procedures flat by dotted path, each with the type, meta, one input and output we read", () => {
    const wrong = Object.entries(procedures).flatMap(([path, procedure]) => {
      const def = procedure._def;
      const problems = [
        typeof procedure !== "function" && "is not callable",
        !/^[a-zA-Z]+\.[a-zA-Z]+$/.test(path) && "is not a dotted path",
        def.type !== "query" && def.type !== "mutation" && `_def.type is ${String(def.type)}`,
        !(Array.isArray(def.inputs) && def.inputs.length === 1 && def.inputs[0] instanceof z.ZodObject) &&
          "_def.inputs is not [one zod object]",
        !(def.output instanceof z.ZodType) && "_def.output is not a zod schema",
        typeof def.meta?.openapi?.method !== "string" && "_def.meta.openapi has no method",
      ].filter(Boolean);
      return problems.map((problem) => `${path}: ${problem}`);
    });
    expect(wrong).toEqual([]);
    expect(Object.keys(procedures).length).toBe(REST_ROUTES.length);
  });

  it("calls a procedure as routes.ts does, with getRawInput's value parsed by its input schema", async () => {
    const procedure = baseProcedure
      .input(z.object({ n: z.coerce.number() }))
      .output(z.object({ n: z.number() }))
      .query(({ input }) => input) as unknown as Procedure;
    const call = { path: "sample", ctx: {} as Context, type: "query", getRawInput: async () => ({ n: "2" }), signal: undefined };
    await expect(procedure(call)).resolves.toEqual({ n: 2 });
    await expect(procedure({ ...call, getRawInput: async () => ({ n: "two" }) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("keeps zod 4's definitions where routes.ts, tools.ts and rest-dispatch.test.ts read them", () => {
    const inner = z.string();
    const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Record<string, unknown>;
    expect(defOf(z.array(inner))).toMatchObject({ type: "array", element: inner });
    for (const [type, schema] of [
      ["optional", inner.optional()],
      ["nullable", inner.nullable()],
      ["default", inner.default("x")],
      ["prefault", inner.prefault("x")],
    ] as const)
      expect(defOf(schema), type).toMatchObject({ type, innerType: inner });
    expect((defOf(z.lazy(() => inner)).getter as () => unknown)()).toBe(inner);
    const transformed = defOf(inner.transform((text) => text.length));
    expect(transformed).toMatchObject({ type: "pipe", in: inner });
    expect(defOf(transformed.out as z.ZodType).type).toBe("transform");
    expect(defOf(inner.pipe(z.string()))).toMatchObject({ type: "pipe", in: inner });
    expect(defOf(z.enum(["a"])).type).toBe("enum");
    expect(defOf(z.void()).type).toBe("void");
    expect(defOf(z.object({ a: inner })).type).toBe("object");
    expect(z.object({ a: inner }).shape.a).toBe(inner);
    expect(defOf(z.coerce.number())).toMatchObject({ type: "number", coerce: true });
    expect(z.array(inner)).toBeInstanceOf(z.ZodArray);
  });

  it("lists the operations REST_ROUTES lists, in the same order (the first match serves)", () => {
    const theirsListed: string[] = [];
    forEachOpenApiProcedure(v1Router._def.procedures, ({ path, meta }) => {
      theirsListed.push(`${meta.openapi.method} ${meta.openapi.path} ${path}`);
    });
    expect(REST_ROUTES.map((route) => `${route.method} ${route.path} ${route.procedurePath}`)).toEqual(theirsListed);
  });

  it("matches each path with the pattern the adapter builds, and reads each input as the adapter does", () => {
    for (const route of REST_ROUTES) {
      const label = `${route.method} ${route.path}`;
      const theirPattern = getPathRegExp(normalizePath(route.path));
      expect([route.dispatch.source, route.dispatch.flags], label).toEqual([theirPattern.source, theirPattern.flags]);
      const procedure = procedures[route.procedurePath] as unknown as Parameters<typeof getInputOutputParsers>[0];
      const unwrapped = unwrapZodType(getInputOutputParsers(procedure).inputParser as never, true);
      if (instanceofZodTypeLikeVoid(unwrapped)) {
        expect(route.input.kind, label).toBe("none");
        continue;
      }
      const shape = (unwrapped as unknown as z.ZodObject).shape ?? {};
      const arrayKeys = Object.entries(shape)
        .filter(([, field]) => field instanceof z.ZodArray || (field instanceof z.ZodOptional && field.unwrap() instanceof z.ZodArray))
        .map(([key]) => key);
      const pathKeys = getPathParameters(route.path);
      expect(route.input, label).toMatchObject({
        kind: "object",
        arrayKeys,
        queryKeys: new Set(Object.keys(shape).filter((key) => !pathKeys.includes(key))),
      });
    }
  });
});

describe("/v1 requests, through our dispatcher and through trpc-to-openapi's adapter", () => {
  it("finds nothing for the requests no operation serves", () => {
    const found = UNMATCHED.flatMap((probe) => {
      const mine = OURS.get(probe)?.procedure;
      const library = THEIRS.get(probe)?.call?.procedure;
      return mine || library ? [`${probe.label}: ours ${mine}, the adapter's ${library}`] : [];
    });
    expect(found).toEqual([]);
  });

  it("reaches the same procedure with the same path parameters and input, parsed alike, for every operation", () => {
    const differences = PROBES.flatMap((probe) => {
      const mine = OURS.get(probe) as Ours;
      const library = THEIRS.get(probe);
      if (!library?.call) return [`${probe.label}: the adapter answered ${library?.status} ${JSON.stringify(library?.body)}`];
      const route = REST_ROUTES.find((r) => r.procedurePath === mine.procedure);
      const checks: Array<[string, unknown, unknown]> = [
        ["procedure", mine.procedure, library.call.procedure],
        ["path parameters", mine.params, route && paramsIn(route, library.call.input)],
        ["input", mine.input, library.call.input],
        ["parsed input", mine.parsed, library.parsed],
        ["refusal", mine.refusal, undefined],
      ];
      return checks.flatMap(([what, a, b]) => {
        try {
          expect(a).toEqual(b);
          return [];
        } catch {
          return [`${probe.label}: ${what} differs: ours ${JSON.stringify(a)}, the adapter's ${JSON.stringify(b)}`];
        }
      });
    });
    expect(differences).toEqual([]);
  });

  it("parses the sample request of every JSON operation, so that the comparison above compares values, not only refusals", () => {
    const refused = JSON_ROUTES.map(canonical).flatMap((probe) => {
      const parsed = OURS.get(PROBES.find((p) => p.label === probe.label) as Probe)?.parsed;
      return parsed && "issues" in parsed ? [`${probe.label}: ${JSON.stringify(parsed.issues)}`] : [];
    });
    expect(refused).toEqual([]);
  });
});

describe("the MCP tool table, as REST hands input to the procedure", () => {
  const restCase = (tool: (typeof TOOLS)[number]) =>
    PROBES.find((probe) => probe.label === `${tool.route.method} ${tool.route.path}`) as Probe;

  it("takes the procedure's own input as arguments (an upload's file as base64), with its output as the tool's", () => {
    for (const tool of TOOLS) {
      expect(tool.output, tool.name).toBe(procedures[tool.procedure]?._def.output);
      const { shape } = inputSchemaOf(procedures, tool.procedure) as z.ZodObject;
      const expected = [
        ...(tool.route.meta.body === "multipart" ? ["filename", "content_base64"] : Object.keys(shape)),
        ...(tool.route.input.kind === "object" && tool.route.input.metadataFilter ? ["metadata"] : []),
        ...(tool.route.meta.idempotent ? ["idempotency_key"] : []),
      ];
      expect(Object.keys(tool.input.shape).sort(), tool.name).toEqual(expected.sort());
    }
  });

  it("hands each procedure, in process and through kuasa-mcp's REST request, the input REST does", async () => {
    const differences: string[] = [];
    for (const tool of TOOLS.filter((t) => t.route.meta.body !== "multipart")) {
      const probe = restCase(tool);
      const rest = OURS.get(probe) as Ours;
      const args = { ...(rest.input as object), ...(tool.route.meta.idempotent ? { idempotency_key: "k-1" } : {}) };
      const parsed = tool.parseArguments(args);
      if (!parsed.success) {
        differences.push(`${tool.name}: refuses REST's input ${JSON.stringify(args)}: ${parsed.error.message}`);
        continue;
      }
      const inProcess = parsedBy(inputSchemaOf(procedures, tool.procedure), parsed.call.input);
      if (JSON.stringify(inProcess) !== JSON.stringify(rest.parsed))
        differences.push(`${tool.name} in process: ${JSON.stringify(inProcess)}, REST: ${JSON.stringify(rest.parsed)}`);
      const { url, init } = restRequest(tool, parsed.call, { baseUrl: base, apiKey: "sk_test_contract" });
      const viaAdapter = await theirs(
        { label: tool.name, method: init.method as string, target: `${url.pathname}${url.search}` },
        init.headers as Record<string, string>,
        init.body as string | undefined,
      );
      if (JSON.stringify(viaAdapter.parsed) !== JSON.stringify(rest.parsed))
        differences.push(`${tool.name} through kuasa-mcp: ${JSON.stringify(viaAdapter.parsed)}, REST: ${JSON.stringify(rest.parsed)}`);
    }
    expect(differences).toEqual([]);
  });
});

describe("where /v1 differs from trpc-to-openapi's adapter on purpose", () => {
  const route = (method: string, path: string) => REST_ROUTES.find((r) => r.method === method && r.path === path) as RestRoute;

  it("decodes percent-encoded path parameters, which the adapter passes as they are", async () => {
    const probe = { label: "encoded id", method: "GET", target: "/v1/orders/ord%5Fx%2Fy" };
    const [mine, library] = [ours(probe), await theirs(probe)];
    expect(mine.params).toEqual({ id: "ord%5Fx%2Fy" });
    expect(library.call?.input).toEqual({ id: "ord%5Fx%2Fy" });
    expect(mine.input).toEqual({ id: "ord_x/y" });
  });

  it("refuses a query parameter the operation does not take, which the adapter passes to the schema (and answers 500 for `constructor`)", async () => {
    const probe = { label: "unknown parameter", method: "GET", target: `/v1/orders/${EXAMPLE_IDS.order}?expand=messages` };
    const [mine, library] = [ours(probe), await theirs(probe)];
    expect(mine.refusal).toMatch(/^GET \/v1\/orders\/\{id\} takes no query parameters; the one `expand` is not one\.$/);
    expect(library.call?.input).toEqual({ id: EXAMPLE_IDS.order, expand: "messages" });
    expect(library.parsed).toEqual({ data: { id: EXAMPLE_IDS.order } });
    const prototypeKey = { label: "constructor", method: "GET", target: "/v1/orders?constructor=1" };
    expect(ours(prototypeKey).refusal).toContain("takes no query parameter `constructor`");
    expect(await theirs(prototypeKey)).toMatchObject({ status: 500, call: undefined });
  });

  it("does not coerce JSON body numbers, which the adapter does by marking the input schema's numbers coercing, in place", async () => {
    const review = route("POST", "/v1/orders/{id}/review");
    const probe = { label: "rating as text", method: "POST", target: pathOf(review), body: { rating: "5" } };
    const [mine, library] = [ours(probe), await theirs(probe)];
    expect(mine.parsed).toMatchObject({ issues: [{ code: "invalid_type", path: ["rating"] }] });
    expect(library.parsed).toEqual({ data: { id: EXAMPLE_IDS.order, rating: 5 } });
    const ratingOf = (from: Procedures) => (inputSchemaOf(from, review.procedurePath) as z.ZodObject).shape.rating as z.ZodType;
    expect((ratingOf(libraryProcedures)._zod.def as { coerce?: boolean }).coerce).toBe(true);
    expect((ratingOf(procedures)._zod.def as { coerce?: boolean }).coerce).not.toBe(true);
  });

  it("takes a bodiless POST and a multipart upload, both of which the adapter refuses as 415", async () => {
    const accept = { label: "bodiless accept", method: "POST", target: pathOf(route("POST", "/v1/orders/{id}/accept")) };
    expect(ours({ ...accept, body: {} }).parsed).toEqual({ data: { id: EXAMPLE_IDS.order } });
    expect(await theirs(accept)).toMatchObject({ status: 415, call: undefined });
    const form = new FormData();
    form.append("file", new Blob(["%PDF-1.7"]), "a.pdf");
    const upload = await fetch(`${base}/v1/files`, { method: "POST", body: form });
    expect(upload.status).toBe(415);
  });

  it("checks the key before reading a body, where the adapter reads the body before it makes the context", async () => {
    const before = contextsMade;
    const malformed = await theirs(
      { label: "malformed body", method: "POST", target: "/v1/orders" },
      { "Content-Type": "application/json" },
      "{",
    );
    expect(malformed).toMatchObject({ status: 400, call: undefined });
    expect(contextsMade).toBe(before);
  });

  it("answers errors as { error: { code, message, … } }, where the adapter answers its own keys at the top", async () => {
    const missing = await theirs({ label: "no such path", method: "GET", target: "/v1/nothing" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND", message: expect.any(String) });
    expect(missing.body).not.toHaveProperty("error");
  });
});
