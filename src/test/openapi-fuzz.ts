import fc from "fast-check";

/**
 * Generators of bad requests for the fuzz test (src/server/api/fuzz.db.test.ts): valid requests
 * built from JSON Schemas (the OpenAPI document, the MCP tools' input schemas, the portal's zod
 * inputs), each with one thing broken. A request is a small description; large bodies are
 * produced only when it is sent, so 10,000 descriptions cost little memory.
 */

export type Schema = { [key: string]: unknown };

/** JSON text that no JS value serialises to: duplicate keys, 100,000 levels, a 300 kB string. */
class RawJson {
  constructor(
    readonly label: string,
    readonly text: () => string,
  ) {}
  toJSON(): string {
    return `<${this.label}>`;
  }
}

/** Writes a value as JSON, RawJson pieces as their text. */
function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text();
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export type Body =
  | { kind: "json"; value: unknown }
  | { kind: "text"; text: string }
  /** JSON whose string values carry bytes that are not UTF-8. */
  | { kind: "bytes"; value: unknown; bad: number[] }
  /** A JSON object padded past the body limit. */
  | { kind: "oversized"; bytes: number };

export interface FuzzRequest {
  face: "rest" | "mcp" | "portal";
  /** What was broken, for the report. */
  kind: string;
  method: string;
  /** Already encoded as it goes on the request line. */
  path: string;
  /** Header values; an array sends the header several times. */
  headers: Record<string, string | string[]>;
  body?: Body;
  /** Sent in pieces without Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
}

/** Request bytes a well-behaved client library refuses to send; written to a socket as they are. */
export interface RawRequest {
  face: "raw";
  kind: string;
  text: string;
}

export type AnyRequest = FuzzRequest | RawRequest;

export function bodyBytes(body: Body): Buffer {
  switch (body.kind) {
    case "json":
      return Buffer.from(toJsonText(body.value));
    case "text":
      return Buffer.from(body.text);
    case "bytes": {
      // Each marker string becomes the bad bytes in place.
      const parts = toJsonText(body.value).split(BAD_BYTES_MARKER);
      return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [Buffer.from(body.bad), Buffer.from(part)])));
    }
    case "oversized":
      return Buffer.from(`{"pad":"${"x".repeat(body.bytes)}"}`);
  }
}

/** A request as a line for the failure report: enough to send it again by hand. */
export function describeRequest(request: AnyRequest): string {
  if (request.face === "raw") return `[raw ${request.kind}] ${JSON.stringify(request.text.slice(0, 600))}`;
  const body = request.body ? bodyBytes(request.body) : null;
  const shown = body
    ? `${JSON.stringify(body.subarray(0, 600).toString("latin1"))}${body.length > 600 ? ` …(${body.length} bytes)` : ""}`
    : "(no body)";
  return `[${request.face} ${request.kind}] ${request.method} ${request.path.slice(0, 600)} headers=${JSON.stringify(request.headers).slice(0, 600)}${request.chunked ? " chunked" : ""} body=${shown}`;
}

const BAD_BYTES_MARKER = "\u0001BAD\u0001";

// ---------------------------------------------------------------------------------------------
// Values

const deep = (open: string, leaf: string, close: string) =>
  fc.integer({ min: 100, max: 30_000 }).map((n) => new RawJson(`${open}×${n}`, () => open.repeat(n) + leaf + close.repeat(n)));

/** Values of a size or depth no field takes: a few in a hundred, as each costs a body of up to half a megabyte. */
const hugeValue: fc.Arbitrary<RawJson> = fc.oneof(
  fc.constantFrom(
    new RawJson("10,000 elements", () => `[${"1,".repeat(9_999)}1]`),
    new RawJson("5,000 keys", () => `{${Array.from({ length: 5_000 }, (_, i) => `"k${i}":${i}`).join(",")}}`),
  ),
  fc.integer({ min: 10_001, max: 120_000 }).map((n) => new RawJson(`"a"×${n}`, () => `"${"a".repeat(n)}"`)),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => new RawJson(`"\\u0000"×${n}`, () => `"${"\\u0000".repeat(n)}"`)),
  deep("[", "", "]"),
  deep('{"a":', "1", "}"),
);

/** A value of the wrong type, size or content for wherever it is put. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 40,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      0.5,
      -0,
      1e308,
      -1e308,
      2 ** 53 + 1,
      -(2 ** 63),
      "",
      " ",
      "0",
      "-1",
      "true",
      "null",
      "\u0000",
      "a\u0000b",
      "\ud800",
      "\udfff\ud800",
      "\u202e\u0661\u0662\u0663",
      "ｋｕａｓａ",
      "../../../etc/passwd",
      "%00%ff%zz",
      "' OR 1=1 --",
      "<script>alert(1)</script>",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text on purpose
      "${7*7}{{7*7}}",
      "kk_live_x.y",
      "ord_",
      [],
      {},
      [null],
      { "": "" },
      new RawJson("1e400", () => "1e400"),
      new RawJson("-1e400", () => "-1e400"),
      new RawJson("30 digits", () => "123456789012345678901234567890"),
      new RawJson("__proto__", () => '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
      new RawJson("duplicate keys", () => '{"a":1,"a":"2","a":[3]}'),
      new RawJson("65 levels", () => `${"[".repeat(65)}${"]".repeat(65)}`),
    ),
  },
  { weight: 8, arbitrary: fc.integer() },
  { weight: 4, arbitrary: fc.double() },
  { weight: 8, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 4, arbitrary: fc.json({ maxDepth: 3 }).map((text) => new RawJson(`json ${text.slice(0, 40)}`, () => text)) },
  { weight: 3, arbitrary: hugeValue },
);

// ---------------------------------------------------------------------------------------------
// Valid values from a JSON Schema

interface SchemaContext {
  /** Resolves `#/components/schemas/X` (OpenAPI) or `#/definitions/X`. */
  resolve(ref: string): Schema;
  /** Strings the server knows (real ids, service codes): without them every id is unknown. */
  dictionary: readonly string[];
}

function types(schema: Schema): string[] {
  const t = schema.type;
  if (Array.isArray(t)) return t as string[];
  if (typeof t === "string") return [t];
  if (schema.properties) return ["object"];
  return [];
}

function stringOf(schema: Schema, ctx: SchemaContext): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? minLength + 24, minLength + 24);
  if (schema.format === "email") return fc.constantFrom("fuzz@contoh.id", "legal@contoh.co.id");
  if (schema.format === "uri") return fc.constantFrom("https://contoh.id/kabar", "http://127.0.0.1:9/x");
  if (schema.format === "date-time")
    return fc.date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
  const plain = fc.string({ minLength, maxLength, unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789_ -.,") });
  const known = ctx.dictionary.filter((w) => w.length >= minLength && w.length <= ((schema.maxLength as number | undefined) ?? Infinity));
  return known.length ? fc.oneof(fc.constantFrom(...known), plain) : plain;
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum as number | undefined;
  const min = Math.max((schema.minimum as number | undefined) ?? (exclusiveMin !== undefined ? exclusiveMin + 1 : 0), -1e12);
  const max = Math.min((schema.maximum as number | undefined) ?? min + 10_000_000, 1e12);
  if (integer) return fc.bigInt({ min: BigInt(Math.ceil(min)), max: BigInt(Math.floor(max)) }).map(Number);
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema accepts (as far as a schema can say; ids and codes come from the dictionary). */
function validValue(schema: Schema, ctx: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === "string") return validValue(ctx.resolve(schema.$ref), ctx, depth);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key] as Schema[] | undefined;
    if (options?.length) return fc.oneof(...options.map((s) => validValue(s, ctx, depth)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) return validValue(schema.allOf[0] as Schema, ctx, depth);
  const kinds = types(schema);
  if (kinds.length === 0) return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  return fc.oneof(
    ...kinds.map((kind): fc.Arbitrary<unknown> => {
      switch (kind) {
        case "string":
          return stringOf(schema, ctx);
        case "integer":
          return numberOf(schema, true);
        case "number":
          return numberOf(schema, false);
        case "boolean":
          return fc.boolean();
        case "null":
          return fc.constant(null);
        case "array": {
          const items = (schema.items as Schema | undefined) ?? {};
          const minLength = (schema.minItems as number | undefined) ?? 0;
          return depth > 4
            ? fc.constant([])
            : fc.array(validValue(items, ctx, depth + 1), {
                minLength,
                maxLength: Math.min((schema.maxItems as number | undefined) ?? minLength + 3, minLength + 3),
              });
        }
        default:
          return objectOf(schema, ctx, depth);
      }
    }),
  );
}

function objectOf(schema: Schema, ctx: SchemaContext, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, depth > 4 ? fc.constant(null) : validValue(s, ctx, depth + 1)])),
    { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) },
  );
  const additional = schema.additionalProperties;
  if (!additional || typeof additional !== "object" || depth > 4) return known as fc.Arbitrary<Record<string, unknown>>;
  const keyName = stringOf(
    { minLength: 1, maxLength: 20, ...((schema.propertyNames as Schema | undefined) ?? {}) },
    { ...ctx, dictionary: [] },
  );
  const extra = fc.dictionary(keyName, validValue(additional as Schema, ctx, depth + 1), { maxKeys: 4 });
  return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }));
}

// ---------------------------------------------------------------------------------------------
// One thing broken in a valid JSON value

/** Every place in a value: [] is the value itself. */
function placesIn(value: unknown, at: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(at);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) placesIn(v, [...at, i], out);
  } else if (value !== null && typeof value === "object" && !(value instanceof RawJson))
    for (const [k, v] of Object.entries(value)) placesIn(v, [...at, k], out);
  return out;
}

function replaceAt(value: unknown, at: Array<string | number>, make: (old: unknown) => unknown | typeof REMOVE): unknown {
  if (at.length === 0) {
    const replaced = make(value);
    return replaced === REMOVE ? undefined : replaced;
  }
  const [head, ...rest] = at;
  if (Array.isArray(value)) {
    const copy = [...value];
    const next = replaceAt(copy[head as number], rest, make);
    if (rest.length === 0 && next === undefined) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const next = replaceAt(copy[head as string], rest, make);
  if (rest.length === 0 && next === undefined) delete copy[head as string];
  else copy[head as string] = next;
  return copy;
}

const REMOVE = Symbol("remove");

interface Mutated {
  value: unknown;
  how: string;
}

/** Changes one place of a valid value: a bad value put there, the key removed, or an unknown key added. */
const mutation: fc.Arbitrary<(valid: unknown) => Mutated> = fc
  .tuple(fc.nat(), fc.integer({ min: 0, max: 9 }), badValue)
  .map(([n, action, bad]) => (valid: unknown) => {
    const places = placesIn(valid);
    const at = places[n % places.length]!;
    const where = at.length ? at.join(".") : "root";
    if (action === 0 && at.length > 0) return { value: replaceAt(valid, at, () => REMOVE), how: `removed ${where}` };
    if (action === 1 && valid !== null && typeof valid === "object" && !Array.isArray(valid)) {
      return { value: { ...(valid as object), x_fuzz_unknown: bad }, how: "added an unknown key" };
    }
    return { value: replaceAt(valid, at, () => bad), how: `${where} = ${JSON.stringify(bad)?.slice(0, 60)}` };
  });

/** The same JSON object sent with a duplicate of one key (a bad value first or last). */
function duplicateKeyText(valid: Record<string, unknown>, bad: unknown, badFirst: boolean): string {
  const keys = Object.keys(valid);
  const key = keys[0] ?? "a";
  const entries = keys.map((k) => `${JSON.stringify(k)}:${toJsonText(valid[k])}`);
  const dup = `${JSON.stringify(key)}:${toJsonText(bad)}`;
  return `{${(badFirst ? [dup, ...entries] : [...entries, dup]).join(",")}}`;
}

const INVALID_UTF8 = [[0xff], [0xfe, 0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0x80, 0x80, 0x80]];

const asObject = (valid: unknown) =>
  valid !== null && typeof valid === "object" && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};

/** A body that breaks the transport rather than one field: not JSON, not UTF-8, duplicate keys. */
const brokenBody: fc.Arbitrary<(valid: unknown) => { body: Body; how: string }> = fc.oneof(
  fc
    .constantFrom(
      "",
      "{",
      "}",
      "{'a':1}",
      "[1,2]",
      "null",
      '"text"',
      "1",
      "NaN",
      "{} {}",
      '{"a":1} trailing',
      "/* comment */ {}",
      "\ufeff{}",
      "\u0000",
      " \t\r\n ",
    )
    .map((text) => () => ({ body: { kind: "text" as const, text }, how: `body ${JSON.stringify(text)}` })),
  fc.tuple(badValue, fc.boolean()).map(([bad, badFirst]) => (valid: unknown) => ({
    body: { kind: "text" as const, text: duplicateKeyText(asObject(valid), bad, badFirst) },
    how: "duplicate key",
  })),
  fc.constantFrom(...INVALID_UTF8).map((bad) => (valid: unknown) => {
    const object = asObject(valid);
    const places = placesIn(object).filter(
      (at) => typeof at.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], object) === "string",
    );
    const value = places.length ? replaceAt(object, places[0]!, (old) => `${old as string}${BAD_BYTES_MARKER}`) : { x: BAD_BYTES_MARKER };
    return { body: { kind: "bytes" as const, value, bad }, how: `invalid UTF-8 ${bad.map((b) => b.toString(16)).join(" ")}` };
  }),
  badValue.map((bad) => () => ({ body: { kind: "json" as const, value: bad }, how: "body is a bad value" })),
);

/** One of `requests` with a body at or past the limit instead of its own, sent with a Content-Length or chunked. */
export function oversized(requests: fc.Arbitrary<FuzzRequest>, maxBodyBytes: number): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(requests, fc.integer({ min: maxBodyBytes - 16, max: maxBodyBytes + 64 * 1024 }), fc.boolean())
    .map(([request, bytes, chunked]) => ({
      ...request,
      kind: `${request.kind}, then a body of ${bytes} bytes${chunked ? " chunked" : ""}`,
      method: request.face === "portal" ? "POST" : request.method,
      body: { kind: "oversized" as const, bytes },
      chunked,
    }));
}

// ---------------------------------------------------------------------------------------------
// Headers

/** Authorization values that are not a usable key, and `good` variants of usable ones. */
function oddAuthorization(tokens: readonly string[]): fc.Arbitrary<string | string[] | undefined> {
  const token = fc.constantFrom(...tokens);
  return fc.oneof(
    fc.constantFrom<string | string[] | undefined>(
      undefined,
      "",
      "Bearer",
      "Bearer ",
      "Basic dXNlcjpwYXNz",
      "Bearer kk_live_",
      "Bearer .",
      "Bearer a.b.c",
      `Bearer ${"k".repeat(8000)}`,
      "Bearer kk_test_ÿÿÿÿ.ÿÿ",
    ),
    token.map((t) => `bearer ${t}`),
    token.map((t) => `Bearer  ${t}`),
    token.map((t) => `Bearer ${t} extra`),
    token.map((t) => `Bearer ${t.slice(0, -1)}`),
    token.map((t) => `Bearer ${t.split(".")[0]}.${"0".repeat(64)}`),
    token.map((t) => [`Bearer ${t}`, `Bearer ${t}`]),
  );
}

const oddContentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  "text/plain",
  "application/json; charset=latin1",
  "application/json;;;",
  "APPLICATION/JSON",
  "application/jsonx",
  "application/json-patch+json",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "*/*",
  `application/json; ${"p=1; ".repeat(1000)}`,
);

const oddIdempotencyKey: fc.Arbitrary<string | string[] | undefined> = fc.oneof(
  fc.constantFrom<string | string[] | undefined>(
    undefined,
    "",
    " ",
    '"',
    '""',
    '"quoted"',
    "a b",
    "a\\b",
    "ü",
    "k".repeat(255),
    "k".repeat(256),
    "k".repeat(5000),
    ["one", "two"],
  ),
  // A few keys shared by many requests: replays and reuse with another body.
  fc.integer({ min: 1, max: 6 }).map((n) => `fuzz-shared-${n}`),
  fc.uuid(),
);

/** Headers that are legal HTTP but odd for this server. */
const oddExtraHeaders: fc.Arbitrary<Record<string, string | string[]>> = fc.oneof(
  fc.constantFrom<Record<string, string | string[]>>(
    {},
    { "X-Forwarded-For": "1.2.3.4, ::1, garbage, 999.999.999.999" },
    { "Content-Encoding": "gzip" },
    { "Accept-Encoding": "br;q=1000" },
    { Accept: "text/html" },
    { "X-Request-Id": "req_from_client" },
    { Cookie: `a=${"c".repeat(6000)}` },
    { "X-Kuasa-Client-Address": "10.0.0.1" },
    { "Idempotent-Replayed": "true" },
    { Range: "bytes=0-1" },
    { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
  ),
  fc.integer({ min: 50, max: 90 }).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`X-Many-${i}`, String(i)]))),
);

// ---------------------------------------------------------------------------------------------
// Paths and queries

/** Path segment values that are not ids. */
const oddSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "%00",
    "%ff",
    "%zz",
    "%",
    "%2e%2e",
    "..",
    ".",
    "%2F",
    "a%2Fb",
    "%C0%AE",
    "%E2%80%AE",
    "null",
    "undefined",
    "0",
    "-1",
    "ord_",
    "k".repeat(5000),
    "%F0%9F%98%80",
    "~",
    ";x=1",
  ),
  fc.string({ unit: "binary", minLength: 1, maxLength: 30 }).map((s) => encodeURIComponent(s)),
);

/** Query strings that break the documented parameters (or add undocumented ones). */
function oddQuery(names: readonly string[]): fc.Arbitrary<string> {
  const name = names.length ? fc.constantFrom(...names) : fc.constant("limit");
  const value = fc.oneof(
    fc.constantFrom(
      "",
      "-1",
      "0",
      "101",
      "1e3",
      "1.5",
      "abc",
      "%zz",
      "%00",
      "true",
      "null",
      "[]",
      "2026-13-45",
      "9".repeat(400),
      "k".repeat(5000),
    ),
    fc.string({ unit: "binary", maxLength: 20 }).map((s) => encodeURIComponent(s)),
  );
  return fc.oneof(
    fc.tuple(name, value).map(([n, v]) => `${encodeURIComponent(n)}=${v}`),
    fc.tuple(name, value, value).map(([n, a, b]) => `${encodeURIComponent(n)}=${a}&${encodeURIComponent(n)}=${b}`),
    fc.tuple(name, value).map(([n, v]) => `${encodeURIComponent(n)}[]=${v}`),
    fc.constantFrom(
      "metadata[a][b]=c",
      "metadata[]=x",
      `metadata[${"k".repeat(300)}]=v`,
      "metadata=x",
      "%ff=1",
      "=1",
      "&&&",
      "a=1&".repeat(1000),
      "__proto__[polluted]=1",
      "constructor[prototype][x]=1",
    ),
  );
}

/** Methods a path does not answer to. */
function otherMethod(allowed: readonly string[]): fc.Arbitrary<string> {
  const others = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"].filter((m) => !allowed.includes(m));
  return fc.constantFrom(...others);
}

// ---------------------------------------------------------------------------------------------
// Malformed HTTP

/** Requests the HTTP parser must refuse (or read oddly) before any handler runs. */
export function malformedHttp(paths: readonly string[], token: string): fc.Arbitrary<RawRequest> {
  const raw = (kind: string, text: string): RawRequest => ({ face: "raw", kind, text });
  return fc
    .constantFrom(...paths)
    .chain((path) =>
      fc.constantFrom(
        raw(
          "two Content-Lengths",
          `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}`,
        ),
        raw(
          "Content-Length and chunked",
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
        ),
        raw(
          "bad chunk size",
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
        ),
        raw(
          "gzip, chunked",
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
        ),
        raw(
          "Transfer-Encoding: identity",
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: identity\r\nConnection: close\r\n\r\n{}`,
        ),
        raw(
          "negative Content-Length",
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\nConnection: close\r\n\r\n`,
        ),
        raw(
          "Content-Length shorter than the body",
          `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 1\r\nConnection: close\r\n\r\n{"a":1}`,
        ),
        raw("control byte in a header", `GET ${path} HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\nConnection: close\r\n\r\n`),
        raw("header without colon", `GET ${path} HTTP/1.1\r\nHost: x\r\nNoColonHere\r\nConnection: close\r\n\r\n`),
        raw("folded header", `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer\r\n ${token}\r\nConnection: close\r\n\r\n`),
        raw("space before colon", `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization : Bearer ${token}\r\nConnection: close\r\n\r\n`),
        raw("unknown method", `FUZZ ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
        raw("HTTP/9.9", `GET ${path} HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n`),
        raw("HTTP/1.0 without Host", `GET ${path} HTTP/1.0\r\nAuthorization: Bearer ${token}\r\n\r\n`),
        raw("bare LF", `GET ${path} HTTP/1.1\nHost: x\nConnection: close\n\n`),
        raw("NUL in the path", `GET ${path}\u0000x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
        raw(
          "raw bytes in the path",
          `GET ${path}/\u00ff\u00fe HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
        ),
        raw(
          "absolute-form target",
          `GET http://evil.example${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
        ),
        raw("headers over 16 kB", `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(20_000)}\r\nConnection: close\r\n\r\n`),
        raw(
          "Expect: 100-continue",
          `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n{}`,
        ),
        raw("Expect: unknown", `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nExpect: teapot\r\nConnection: close\r\n\r\n{}`),
        raw(
          "request smuggling",
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nConnection: keep-alive\r\n\r\n{}\r\nGET /v1/balance HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        ),
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// Requests per face

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema?: Schema;
}

interface OpenApiOperation {
  method: string;
  /** Template, e.g. /v1/orders/{id}. */
  path: string;
  parameters: Parameter[];
  body: Schema | null;
}

type OpenApiDocument = {
  paths?: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
};

/** Every operation of the document. */
function operationsOf(doc: object): OpenApiOperation[] {
  return Object.entries((doc as OpenApiDocument).paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.["application/json"]?.schema ?? null,
    })),
  );
}

export function resolverOf(document: object): (ref: string) => Schema {
  const doc = document as { components?: { schemas?: Record<string, Schema> }; definitions?: Record<string, Schema> };
  return (ref) => {
    const name = ref.split("/").pop()!;
    const schema = doc.components?.schemas?.[name] ?? doc.definitions?.[name];
    if (!schema) throw new Error(`cannot resolve ${ref}`);
    return schema;
  };
}

const encode = (value: unknown) => encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value));

function queryOf(params: Parameter[], values: Record<string, unknown>): string {
  return params
    .filter((p) => values[p.name] !== undefined)
    .flatMap((p) => {
      const value = values[p.name];
      if (value !== null && typeof value === "object")
        return Object.entries(value).map(([k, v]) => `${p.name}[${encodeURIComponent(k)}]=${encode(v)}`);
      return [`${encodeURIComponent(p.name)}=${encode(value)}`];
    })
    .join("&");
}

function withoutHeader(headers: Record<string, string | string[]>, name: string): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== name.toLowerCase()));
}

/** The header set to `value`, or removed when it is undefined. */
function withHeader(
  headers: Record<string, string | string[]>,
  name: string,
  value: string | string[] | undefined,
): Record<string, string | string[]> {
  return value === undefined ? withoutHeader(headers, name) : { ...withoutHeader(headers, name), [name]: value };
}

/** A change to a valid request: what it becomes, given the request and the valid value (body, message or input) it carries. */
type Change = (base: FuzzRequest, valid: unknown) => FuzzRequest;
type WeightedChange = { weight: number; arbitrary: fc.Arbitrary<Change> };

const renamed = (base: FuzzRequest, kind: string, change: Partial<FuzzRequest>): FuzzRequest => ({
  ...base,
  ...change,
  kind: `${base.kind}: ${kind}`,
});

/** Header changes every face shares. */
function headerChanges(tokens: readonly string[]): WeightedChange[] {
  return [
    {
      weight: 2,
      arbitrary: oddContentType.map(
        (ct): Change =>
          (b) =>
            renamed(b, `Content-Type ${ct}`, { headers: withHeader(b.headers, "Content-Type", ct) }),
      ),
    },
    {
      weight: 1,
      arbitrary: oddExtraHeaders.map(
        (h): Change =>
          (b) =>
            renamed(b, `headers ${Object.keys(h).slice(0, 3).join(",")}`, { headers: { ...b.headers, ...h } }),
      ),
    },
    ...(tokens.length
      ? [
          {
            weight: 2,
            arbitrary: oddAuthorization(tokens).map(
              (a): Change =>
                (b) =>
                  renamed(b, `Authorization ${String(a).slice(0, 40)}`, { headers: withHeader(b.headers, "Authorization", a) }),
            ),
          },
        ]
      : []),
  ];
}

/** A valid request and one change to it (the first change keeps it valid). */
function changed(valid: fc.Arbitrary<{ request: FuzzRequest; value: unknown }>, changes: WeightedChange[]): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(valid, fc.oneof(...changes)).map(([{ request, value }, change]) => change(request, value));
}

const keep: WeightedChange = { weight: 3, arbitrary: fc.constant((b: FuzzRequest) => b) };

export interface RestTargets {
  doc: object;
  ctx: SchemaContext;
  /** Usable keys (live, test, narrow scopes); revoked or other organisations' keys too. */
  tokens: readonly string[];
}

const UNKNOWN_PATHS = [
  "/v1",
  "/v1/",
  "/v1/tidak-ada",
  "/v1//orders",
  "/v1/orders/",
  "/v1/ORDERS",
  "/v1/orders/x/y/z",
  "/v1/%2e%2e/%2e%2e/etc/passwd",
  "/v1/orders;x=1",
  "/v1/services/%zz",
  "/v1/openapi.json/x",
  "/v1?x=1",
];

/** A request to one /v1 operation: valid from the document, then (mostly) one thing broken. */
export function restRequest(t: RestTargets): fc.Arbitrary<FuzzRequest> {
  const operations = operationsOf(t.doc);
  return fc.oneof(
    ...operations.map((op) => {
      const pathParams = op.parameters.filter((p) => p.in === "path");
      const queryParams = op.parameters.filter((p) => p.in === "query");
      const template = (segment: (i: number) => string) => {
        let i = 0;
        return op.path.replace(/\{[^}]+\}/g, () => segment(i++));
      };
      const valid = fc
        .record({
          path: fc.tuple(...pathParams.map((p) => validValue(p.schema ?? { type: "string" }, t.ctx))),
          query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, validValue(p.schema ?? { type: "string" }, t.ctx)])), {
            requiredKeys: [],
          }),
          body: op.body ? validValue(op.body, t.ctx) : fc.constant(undefined),
          token: fc.constantFrom(...t.tokens),
          idempotencyKey: fc.option(
            fc.oneof(
              fc.uuid(),
              fc.integer({ min: 1, max: 6 }).map((n) => `fuzz-shared-${n}`),
            ),
            { nil: undefined },
          ),
        })
        .map((v) => {
          const query = queryOf(queryParams, v.query);
          const path = template((i) => encode(v.path[i]));
          const request: FuzzRequest = {
            face: "rest",
            kind: `${op.method} ${op.path}`,
            method: op.method,
            path: query ? `${path}?${query}` : path,
            headers: {
              Authorization: `Bearer ${v.token}`,
              ...(v.idempotencyKey ? { "Idempotency-Key": v.idempotencyKey } : {}),
              ...(v.body !== undefined ? { "Content-Type": "application/json" } : {}),
            },
            body: v.body !== undefined ? { kind: "json", value: v.body } : undefined,
          };
          return { request, value: v.body };
        });
      const withoutQuery = (b: FuzzRequest) => b.path.split("?")[0]!;
      const changes: WeightedChange[] = [
        keep,
        ...headerChanges(t.tokens),
        {
          weight: 3,
          arbitrary: oddQuery(queryParams.map((p) => p.name)).map(
            (q): Change =>
              (b) =>
                renamed(b, `query ${q.slice(0, 60)}`, { path: `${withoutQuery(b)}?${q}` }),
          ),
        },
        {
          weight: 2,
          arbitrary: oddIdempotencyKey.map(
            (k): Change =>
              (b) =>
                renamed(b, `Idempotency-Key ${String(k).slice(0, 40)}`, { headers: withHeader(b.headers, "Idempotency-Key", k) }),
          ),
        },
        {
          weight: 1,
          arbitrary: otherMethod(operations.filter((o) => o.path === op.path).map((o) => o.method)).map(
            (m): Change =>
              (b) =>
                renamed(b, `method ${m}`, { method: m }),
          ),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(...UNKNOWN_PATHS).map(
            (p): Change =>
              (b) =>
                renamed(b, `path ${p}`, { path: p }),
          ),
        },
      ];
      if (pathParams.length)
        changes.push({
          weight: 2,
          arbitrary: oddSegment.map(
            (seg): Change =>
              (b) =>
                renamed(b, `path segment ${seg.slice(0, 40)}`, { path: template(() => seg) }),
          ),
        });
      const json = (b: FuzzRequest) => ({ ...b.headers, "Content-Type": "application/json" });
      changes.push(
        {
          weight: op.method === "GET" ? 1 : 6,
          arbitrary: mutation.map(
            (m): Change =>
              (b, v) => {
                const { value, how } = m(v ?? {});
                return renamed(b, `body ${how}`, { body: { kind: "json", value }, headers: json(b) });
              },
          ),
        },
        {
          weight: op.method === "GET" ? 1 : 3,
          arbitrary: brokenBody.map(
            (broken): Change =>
              (b, v) => {
                const { body, how } = broken(v ?? {});
                return renamed(b, `body ${how}`, { body, headers: json(b) });
              },
          ),
        },
      );
      return changed(valid, changes);
    }),
  );
}

export interface McpTargets {
  tools: ReadonlyArray<{ name: string; inputJsonSchema: Schema }>;
  ctx: SchemaContext;
  tokens: readonly string[];
}

/** A JSON-RPC message to /mcp (a tool call with arguments from its input schema, or a protocol message), then one thing broken. */
export function mcpRequest(t: McpTargets): fc.Arbitrary<FuzzRequest> {
  const id = fc.oneof(fc.integer({ min: 1, max: 1e6 }), fc.uuid());
  const toolCall = fc.oneof(
    ...t.tools.map((tool) =>
      fc
        .record({ id, args: validValue(tool.inputJsonSchema, t.ctx) })
        .map(({ id, args }) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: tool.name, arguments: args } })),
    ),
  );
  const protocol = fc.oneof(
    id.map((id) => ({
      jsonrpc: "2.0",
      id,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "fuzz", version: "1.0.0" } },
    })),
    id.map((id) => ({ jsonrpc: "2.0", id, method: "tools/list" })),
    id.map((id) => ({ jsonrpc: "2.0", id, method: "ping" })),
    fc
      .tuple(id, fc.constantFrom("resources/list", "prompts/list", "completion/complete", "logging/setLevel", "fuzz/unknown", ""))
      .map(([id, method]) => ({ jsonrpc: "2.0", id, method })),
    fc.constant({ jsonrpc: "2.0", method: "notifications/initialized" }),
    id.map((id) => ({ jsonrpc: "2.0", id, result: {} })),
  );
  const message: fc.Arbitrary<{ method?: string; [key: string]: unknown }> = fc.oneof(
    { weight: 3, arbitrary: toolCall },
    { weight: 2, arbitrary: protocol },
  );
  const valid = fc.tuple(message, fc.constantFrom(...t.tokens)).map(([m, token]) => ({
    value: m,
    request: {
      face: "mcp" as const,
      kind: `mcp ${m.method ?? "response"}${m.method === "tools/call" ? ` ${(m.params as { name: string }).name}` : ""}`,
      method: "POST",
      path: "/mcp",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Authorization: `Bearer ${token}` },
      body: { kind: "json" as const, value: m },
    },
  }));
  return changed(valid, [
    keep,
    ...headerChanges(t.tokens),
    {
      weight: 6,
      arbitrary: mutation.map(
        (m): Change =>
          (b, v) => {
            const { value, how } = m(v);
            return renamed(b, how, { body: { kind: "json", value } });
          },
      ),
    },
    {
      weight: 2,
      arbitrary: brokenBody.map(
        (broken): Change =>
          (b, v) => {
            const { body, how } = broken(v);
            return renamed(b, `body ${how}`, { body });
          },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 2, max: 50 }).map(
        (n): Change =>
          (b, v) =>
            renamed(b, `batch of ${n}`, { body: { kind: "json", value: Array.from({ length: n }, () => v) } }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(undefined, "", "text/html", "application/json", "text/event-stream", "*/*").map(
        (a): Change =>
          (b) =>
            renamed(b, `Accept ${a}`, { headers: withHeader(b.headers, "Accept", a) }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("2024-01-01", "", "x".repeat(300)).map(
        (v): Change =>
          (b) =>
            renamed(b, `mcp-protocol-version ${v.slice(0, 20)}`, { headers: { ...b.headers, "mcp-protocol-version": v } }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("mcp-session-id", "last-event-id").map(
        (h): Change =>
          (b) =>
            renamed(b, `${h} header`, { headers: { ...b.headers, [h]: "sesi-palsu" } }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("GET", "DELETE", "PUT", "PATCH", "OPTIONS", "HEAD").map(
        (m): Change =>
          (b) =>
            renamed(b, `method ${m}`, { method: m }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("/mcp?x=1", "/mcp?%zz", `/mcp?${"a=1&".repeat(500)}`).map(
        (p): Change =>
          (b) =>
            renamed(b, `path ${p.slice(0, 20)}`, { path: p }),
      ),
    },
  ]);
}

export interface PortalProcedure {
  path: string;
  type: "query" | "mutation";
  /** The input's JSON Schema; null for procedures without input. */
  input: Schema | null;
}

export interface PortalTargets {
  procedures: readonly PortalProcedure[];
  ctx: SchemaContext;
  /** Session cookies to call a procedure with: mostly its own role's, so that calls get past the role check. */
  sessionsFor(procedure: string): readonly string[];
}

/** One portal tRPC call as the browser's client sends it (GET ?input= for queries, POST body for mutations), then one thing broken. */
export function portalRequest(t: PortalTargets): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    ...t.procedures.map((proc) => {
      const asQuery = (value: unknown, name = proc.path) =>
        `/api/trpc/${name}${value === undefined ? "" : `?input=${encodeURIComponent(toJsonText(value))}`}`;
      const call = (b: FuzzRequest, value: unknown): Partial<FuzzRequest> =>
        proc.type === "query"
          ? { method: "GET", path: asQuery(value), body: undefined }
          : {
              method: "POST",
              path: `/api/trpc/${proc.path}`,
              body: value === undefined ? undefined : { kind: "json", value },
              headers: { ...b.headers, "Content-Type": "application/json" },
            };
      const valid = fc
        .tuple(proc.input ? validValue(proc.input, t.ctx) : fc.constant(undefined), fc.constantFrom(...t.sessionsFor(proc.path)))
        .map(([input, session]) => {
          // As the portal's own pages send it: mutations from elsewhere are refused (domain/access/same-origin.ts).
          const bare: FuzzRequest = {
            face: "portal",
            kind: `portal ${proc.path}`,
            method: "GET",
            path: "",
            headers: { Cookie: session, "Sec-Fetch-Site": "same-origin" },
          };
          return { value: input, request: { ...bare, ...call(bare, input) } };
        });
      const batch =
        (n: number): Change =>
        (b, v) => {
          const names = Array.from({ length: n }, () => proc.path).join(",");
          const inputs = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), v ?? null]));
          return renamed(
            b,
            `batch of ${n}`,
            proc.type === "query"
              ? { path: `/api/trpc/${names}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}` }
              : { path: `/api/trpc/${names}?batch=1`, body: { kind: "json", value: inputs } },
          );
        };
      return changed(valid, [
        keep,
        ...headerChanges([]),
        {
          weight: 6,
          arbitrary: mutation.map(
            (m): Change =>
              (b, v) => {
                const { value, how } = m(v ?? {});
                return renamed(b, `input ${how}`, call(b, value));
              },
          ),
        },
        {
          weight: 2,
          arbitrary: brokenBody.map(
            (broken): Change =>
              (b, v) => {
                const { body, how } = broken(v ?? {});
                return renamed(b, `body ${how}`, {
                  method: "POST",
                  path: `/api/trpc/${proc.path}`,
                  body,
                  headers: { ...b.headers, "Content-Type": "application/json" },
                });
              },
          ),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom("%7B", "%zz", "undefined", "", "%00").map(
            (q): Change =>
              (b) =>
                renamed(b, `?input=${q}`, { method: "GET", path: `/api/trpc/${proc.path}?input=${q}`, body: undefined }),
          ),
        },
        { weight: 1, arbitrary: fc.integer({ min: 2, max: 20 }).map(batch) },
        {
          weight: 1,
          arbitrary: fc.constant<Change>((b, v) =>
            renamed(
              b,
              "the other method",
              proc.type === "query"
                ? { method: "POST", body: { kind: "json", value: v ?? {} } }
                : { method: "GET", path: asQuery(v), body: undefined },
            ),
          ),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom("tidakAda", `${proc.path}.x`, "operator", "", "__proto__", "constructor.prototype", proc.path.toUpperCase())
            .map(
              (p): Change =>
                (b, v) =>
                  renamed(b, `procedure ${p}`, { path: asQuery(v, p) }),
            ),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom<Record<string, string>>(
              { "Sec-Fetch-Site": "cross-site" },
              { "Sec-Fetch-Site": "none" },
              { Origin: "https://evil.example" },
              { Origin: "null" },
              { Origin: "%%" },
              {},
            )
            .map(
              (h): Change =>
                (b) =>
                  renamed(b, `origin ${JSON.stringify(h)}`, { headers: { ...withoutHeader(b.headers, "Sec-Fetch-Site"), ...h } }),
            ),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom("", "fuzz-session=tidak-ada", `fuzz-session=${"s".repeat(4000)}`).map(
            (c): Change =>
              (b) =>
                renamed(b, `Cookie ${c.slice(0, 30)}`, { headers: { ...b.headers, Cookie: c } }),
          ),
        },
      ]);
    }),
  );
}
