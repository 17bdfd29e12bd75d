/**
 * Pure reading of an OpenAPI 3.1 document into what the /docs page shows: operations grouped by
 * tag in document order, parameters, and request/response bodies flattened into field rows with
 * every `$ref` resolved. No React and no I/O here, so it is tested on its own (openapi-view.test.ts).
 */

/** The parts of JSON Schema (as OpenAPI 3.1 uses it) that the page reads. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  description?: string;
  default?: unknown;
  /** OpenAPI 3.0 style; 3.1 documents use `type: [.., "null"]` or `anyOf` instead. */
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface MediaType {
  schema?: Schema;
}

interface RequestBody {
  $ref?: string;
  required?: boolean;
  description?: string;
  content?: Record<string, MediaType>;
}

interface Header {
  $ref?: string;
  description?: string;
  required?: boolean;
  schema?: Schema;
}

interface Response {
  $ref?: string;
  description?: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses?: Record<string, Response>;
  security?: Array<Record<string, string[]>>;
  "x-required-scope"?: string | null;
}

type PathItem = Record<string, unknown> & { parameters?: Parameter[] };

/** The parts of an OpenAPI document that the page reads. */
export interface OpenApiDoc {
  openapi?: string;
  info?: { title?: string; description?: string; version?: string };
  paths?: Record<string, PathItem>;
  components?: Record<string, Record<string, unknown> | undefined>;
}

export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** JavaScript's safe-integer bounds: zod puts them on every integer; they say nothing to a reader. */
const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

// ---------------------------------------------------------------------------------------------
// $ref resolution

/** The value a local `$ref` (`#/components/schemas/Order`) points at, or undefined. */
export function resolveRef(doc: OpenApiDoc, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The last segment of a `$ref`: `#/components/schemas/Order` → `Order`. */
function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf("/") + 1);
}

/** Follows `$ref`s (and `$ref` chains) to a concrete object; `name` is the last schema name passed. */
function follow<T extends { $ref?: string }>(
  doc: OpenApiDoc,
  node: T,
  seen: ReadonlySet<string> = new Set(),
): { node: T; name?: string; broken?: string } {
  let current = node;
  let name: string | undefined;
  const visited = new Set(seen);
  while (current.$ref) {
    const ref = current.$ref;
    if (visited.has(ref)) return { node: {} as T, name, broken: ref };
    visited.add(ref);
    const target = resolveRef(doc, ref);
    if (target === null || typeof target !== "object") return { node: {} as T, name: refName(ref), broken: ref };
    name = refName(ref);
    // OpenAPI 3.1 lets `description` sit beside `$ref`; the outer one wins.
    const { $ref: _ref, ...siblings } = current;
    current = { ...(target as T), ...siblings };
  }
  return { node: current, name };
}

/** A schema with its `$ref` resolved; `name` is the component's name when it was a reference. */
function derefSchema(doc: OpenApiDoc, schema: Schema): { schema: Schema; name?: string; broken?: string } {
  const { node, name, broken } = follow(doc, schema);
  return { schema: node, name, broken };
}

// ---------------------------------------------------------------------------------------------
// Types

function isNullSchema(schema: Schema): boolean {
  return (
    schema.type === "null" || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === "null") || schema.const === null
  );
}

interface Unwrapped {
  /** The schema without its `null` alternative (a `$ref` stays a `$ref`). */
  schema: Schema;
  nullable: boolean;
  /** Other alternatives of an anyOf/oneOf, when there is more than one non-null one. */
  alternatives?: Schema[];
}

/** Separates "or null" from a schema: `type: [T, "null"]`, `anyOf: [T, {type: null}]`, `nullable: true`. */
function unwrapNullable(schema: Schema): Unwrapped {
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const rest = union.filter((s) => !isNullSchema(s));
    const nullable = rest.length < union.length || schema.nullable === true;
    const { anyOf: _a, oneOf: _o, ...outer } = schema;
    if (rest.length === 1) return { schema: { ...rest[0], ...outer }, nullable };
    return { schema: outer, nullable, alternatives: rest };
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== "null");
    const nullable = types.length < schema.type.length || schema.nullable === true;
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable };
  }
  return { schema, nullable: schema.nullable === true };
}

/** Merges `allOf` parts into one object schema (properties and required lists). */
function mergeAllOf(doc: OpenApiDoc, schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const { allOf, ...base } = schema;
  const merged: Schema = { ...base, properties: { ...base.properties }, required: [...(base.required ?? [])] };
  for (const part of allOf) {
    const resolved = mergeAllOf(doc, derefSchema(doc, part).schema);
    Object.assign(merged.properties!, resolved.properties);
    merged.required!.push(...(resolved.required ?? []));
    merged.type ??= resolved.type;
    merged.description ??= resolved.description;
  }
  return merged;
}

/** A short type label: `string`, `integer`, `string (date-time)`, `Order`, `array of Service`, `map string → string`. */
export function typeLabel(doc: OpenApiDoc, schema: Schema): string {
  const { schema: inner, alternatives } = unwrapNullable(schema);
  if (alternatives) return alternatives.map((s) => typeLabel(doc, s)).join(" | ") || "any";
  if (inner.$ref) {
    const { name, broken } = derefSchema(doc, inner);
    return broken && !name ? `unresolved ${broken}` : (name ?? "object");
  }
  if (inner.const !== undefined) return JSON.stringify(inner.const);
  const resolved = mergeAllOf(doc, inner);
  const type = Array.isArray(resolved.type) ? resolved.type.join(" | ") : resolved.type;
  if (type === "array") return `array of ${resolved.items ? typeLabel(doc, resolved.items) : "any"}`;
  if (type === "object" || (!type && (resolved.properties || resolved.additionalProperties))) {
    if (!resolved.properties && resolved.additionalProperties && typeof resolved.additionalProperties === "object") {
      return `map string → ${typeLabel(doc, resolved.additionalProperties)}`;
    }
    return "object";
  }
  if (!type) return resolved.enum ? enumBaseType(resolved.enum) : "any";
  return resolved.format ? `${type} (${resolved.format})` : type;
}

function enumBaseType(values: unknown[]): string {
  const kinds = new Set(values.map((v) => (v === null ? "null" : typeof v)));
  return [...kinds].join(" | ");
}

/** Allowed values of an enum (directly, through a `$ref` or a union of consts), as JSON text for non-strings. */
function enumValues(doc: OpenApiDoc, schema: Schema): string[] | undefined {
  const { schema: inner } = unwrapNullable(schema);
  const resolved = derefSchema(doc, inner).schema;
  const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
  if (resolved.enum) return resolved.enum.filter((v) => v !== null).map(show);
  const union = resolved.anyOf ?? resolved.oneOf;
  if (union && union.length > 0 && union.every((s) => s.const !== undefined || isNullSchema(s))) {
    return union.filter((s) => !isNullSchema(s)).map((s) => show(s.const));
  }
  return undefined;
}

function lengthRange(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min} ${unit}` : `${min}–${max} ${unit}`;
  if (min !== undefined && min > 0) return `≥ ${min} ${unit}`;
  if (max !== undefined) return `≤ ${max} ${unit}`;
  return undefined;
}

/** Human notes on a schema's limits: lengths, bounds, item counts, a short pattern, the default. */
function constraints(doc: OpenApiDoc, schema: Schema): string[] {
  const { schema: inner } = unwrapNullable(schema);
  const s = mergeAllOf(doc, derefSchema(doc, inner).schema);
  const out: string[] = [];
  const chars = lengthRange(s.minLength, s.maxLength, "chars");
  if (chars) out.push(chars);
  if (s.exclusiveMinimum !== undefined && Math.abs(s.exclusiveMinimum) < SAFE_BOUND) out.push(`> ${s.exclusiveMinimum}`);
  if (s.minimum !== undefined && Math.abs(s.minimum) < SAFE_BOUND) out.push(`≥ ${s.minimum}`);
  if (s.exclusiveMaximum !== undefined && Math.abs(s.exclusiveMaximum) < SAFE_BOUND) out.push(`< ${s.exclusiveMaximum}`);
  if (s.maximum !== undefined && Math.abs(s.maximum) < SAFE_BOUND) out.push(`≤ ${s.maximum}`);
  const items = lengthRange(s.minItems, s.maxItems, "items");
  if (items) out.push(items);
  // Long generated patterns (zod's date-time and e-mail) repeat what the format already says.
  if (s.pattern && !s.format && s.pattern.length <= 60) out.push(`pattern ${s.pattern}`);
  if (s.propertyNames) {
    const keys = constraints(doc, s.propertyNames);
    if (keys.length) out.push(`keys ${keys.join(", ")}`);
  }
  if (!s.properties && s.additionalProperties && typeof s.additionalProperties === "object") {
    const values = constraints(doc, s.additionalProperties);
    if (values.length) out.push(`values ${values.join(", ")}`);
  }
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Field rows

export interface FieldRow {
  /** Dotted path: `sla.days`, `messages[].body`, `data[].intake[].key`. */
  name: string;
  /** Nesting depth (0 for top-level fields), for indentation. */
  depth: number;
  type: string;
  required: boolean;
  nullable: boolean;
  enumValues?: string[];
  constraints: string[];
  description?: string;
}

/** The object schema to expand under a field, if any: through `$ref`, null unions and arrays. */
function expandable(
  doc: OpenApiDoc,
  schema: Schema,
  stack: readonly string[],
): { schema: Schema; suffix: string; stack: string[] } | undefined {
  let suffix = "";
  let current = schema;
  let names = [...stack];
  for (let guard = 0; guard < 8; guard++) {
    const { schema: inner, alternatives } = unwrapNullable(current);
    if (alternatives) return undefined;
    const { schema: resolved, name } = derefSchema(doc, inner);
    if (name) {
      // A schema that contains itself (a tree) is shown once, not forever.
      if (names.includes(name)) return undefined;
      names = [...names, name];
    }
    const merged = mergeAllOf(doc, resolved);
    const type = Array.isArray(merged.type) ? merged.type.find((t) => t !== "null") : merged.type;
    if (type === "array" && merged.items) {
      suffix += "[]";
      current = merged.items;
      continue;
    }
    if (merged.properties && Object.keys(merged.properties).length > 0) return { schema: merged, suffix, stack: names };
    return undefined;
  }
  return undefined;
}

function fieldRows(doc: OpenApiDoc, objectSchema: Schema, prefix: string, depth: number, stack: readonly string[]): FieldRow[] {
  const rows: FieldRow[] = [];
  const required = new Set(objectSchema.required ?? []);
  for (const [key, raw] of Object.entries(objectSchema.properties ?? {})) {
    const name = `${prefix}${key}`;
    const { nullable } = unwrapNullable(raw);
    const { schema: unwrapped } = unwrapNullable(raw);
    const target = derefSchema(doc, unwrapped).schema;
    rows.push({
      name,
      depth,
      type: typeLabel(doc, raw),
      required: required.has(key),
      nullable: nullable || unwrapNullable(target).nullable,
      enumValues: enumValues(doc, raw) ?? arrayItemEnum(doc, raw),
      constraints: constraints(doc, raw),
      description: raw.description ?? unwrapped.description ?? target.description,
    });
    const child = expandable(doc, raw, stack);
    if (child) rows.push(...fieldRows(doc, child.schema, `${name}${child.suffix}.`, depth + 1, child.stack));
  }
  return rows;
}

function arrayItemEnum(doc: OpenApiDoc, schema: Schema): string[] | undefined {
  const { schema: inner } = unwrapNullable(schema);
  const resolved = derefSchema(doc, inner).schema;
  return resolved.type === "array" && resolved.items ? enumValues(doc, resolved.items) : undefined;
}

/**
 * Every field of a body schema as rows, nested objects and arrays of objects flattened into
 * dotted names (`sla.days`, `messages[].body`). A body that is not an object (an array at the
 * top, a string) is one row named after its shape (`[]` fields or `(body)`).
 */
export function schemaFields(doc: OpenApiDoc, schema: Schema): FieldRow[] {
  const { schema: inner } = unwrapNullable(schema);
  const { schema: resolved, name } = derefSchema(doc, inner);
  const merged = mergeAllOf(doc, resolved);
  const stack = name ? [name] : [];
  if (merged.properties && Object.keys(merged.properties).length > 0) return fieldRows(doc, merged, "", 0, stack);
  const child = expandable(doc, schema, []);
  if (child) return fieldRows(doc, child.schema, `${child.suffix}.`, 0, child.stack);
  return [
    {
      name: "(body)",
      depth: 0,
      type: typeLabel(doc, schema),
      required: true,
      nullable: unwrapNullable(schema).nullable,
      enumValues: enumValues(doc, schema),
      constraints: constraints(doc, schema),
      description: schema.description ?? merged.description,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Operations

export interface ParameterRow {
  name: string;
  in: string;
  type: string;
  required: boolean;
  enumValues?: string[];
  constraints: string[];
  description?: string;
}

interface BodyView {
  contentType: string;
  /** The component's name when the body is a `$ref` (`Order`). */
  schemaName?: string;
  fields: FieldRow[];
}

export interface ResponseView {
  status: string;
  description: string;
  isError: boolean;
  headers: Array<{ name: string; type: string; description?: string }>;
  body?: BodyView;
  /** Another status of the same operation with exactly the same body, shown there. */
  sameBodyAs?: string;
}

export interface OperationView {
  /** HTML id of the operation's section: `op-post-v1-orders-id-accept`. */
  anchor: string;
  method: string;
  path: string;
  tag: string;
  operationId?: string;
  summary?: string;
  description?: string;
  /** `x-required-scope`, else the bearer scheme's scopes; null when any valid key will do. */
  scope: string | null;
  parameters: ParameterRow[];
  requestBody?: BodyView & { required: boolean; description?: string };
  responses: ResponseView[];
}

interface TagGroup {
  tag: string;
  anchor: string;
  operations: OperationView[];
}

const UNTAGGED = "Other";

/** A stable, readable HTML id. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[{}]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function operationAnchor(method: string, path: string): string {
  return `op-${slug(method)}-${slug(path)}`;
}

function parameterRows(doc: OpenApiDoc, pathItem: PathItem, op: Operation): ParameterRow[] {
  const byKey = new Map<string, Parameter>();
  // Operation-level parameters override path-level ones with the same name and location.
  for (const raw of [...(pathItem.parameters ?? []), ...(op.parameters ?? [])]) {
    const param = follow(doc, raw).node;
    byKey.set(`${param.in}:${param.name}`, param);
  }
  const order = ["path", "query", "header", "cookie"];
  return [...byKey.values()]
    .sort((a, b) => order.indexOf(a.in ?? "") - order.indexOf(b.in ?? ""))
    .map((p) => {
      const schema = p.schema ?? {};
      return {
        name: p.name ?? "",
        in: p.in ?? "",
        type: typeLabel(doc, schema),
        required: p.required === true || p.in === "path",
        enumValues: enumValues(doc, schema),
        constraints: constraints(doc, schema),
        description: p.description ?? schema.description,
      };
    });
}

function bodyView(doc: OpenApiDoc, content: Record<string, MediaType> | undefined): BodyView | undefined {
  if (!content) return undefined;
  const entries = Object.entries(content);
  const [contentType, media] = entries.find(([type]) => type.includes("json")) ?? entries[0] ?? [];
  if (!contentType) return undefined;
  const schema = media?.schema;
  if (!schema) return { contentType, fields: [] };
  const { schema: inner } = unwrapNullable(schema);
  return { contentType, schemaName: inner.$ref ? refName(inner.$ref) : undefined, fields: schemaFields(doc, schema) };
}

function responseViews(doc: OpenApiDoc, responses: Record<string, Response> | undefined): ResponseView[] {
  const views: ResponseView[] = [];
  const seenBodies = new Map<string, string>();
  const statuses = Object.keys(responses ?? {}).sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  for (const status of statuses) {
    const response = follow(doc, responses![status]!).node;
    const body = bodyView(doc, response.content);
    const view: ResponseView = {
      status,
      description: response.description ?? "",
      isError: /^[45]/.test(status) || status === "default",
      headers: Object.entries(response.headers ?? {}).map(([name, raw]) => {
        const header = follow(doc, raw).node;
        return { name, type: typeLabel(doc, header.schema ?? {}), description: header.description };
      }),
    };
    if (body) {
      const key = JSON.stringify(body);
      const same = seenBodies.get(key);
      if (same) view.sameBodyAs = same;
      else seenBodies.set(key, status);
      view.body = body;
    }
    views.push(view);
  }
  return views;
}

function requiredScope(op: Operation): string | null {
  if (op["x-required-scope"] !== undefined) return op["x-required-scope"] ?? null;
  const scopes = (op.security ?? []).flatMap((requirement) => Object.values(requirement).flat());
  return scopes.length ? scopes.join(", ") : null;
}

/** Every operation of the document, in document order (paths, then methods as listed). */
export function listOperations(doc: OpenApiDoc): OperationView[] {
  const ops: OperationView[] = [];
  for (const [path, pathItem] of Object.entries(doc.paths ?? {})) {
    for (const [key, value] of Object.entries(pathItem)) {
      if (!(HTTP_METHODS as readonly string[]).includes(key) || !value || typeof value !== "object") continue;
      const op = value as Operation;
      const requestBody = op.requestBody ? follow(doc, op.requestBody).node : undefined;
      const body = requestBody ? bodyView(doc, requestBody.content) : undefined;
      ops.push({
        anchor: operationAnchor(key, path),
        method: key.toUpperCase(),
        path,
        tag: op.tags?.[0] ?? UNTAGGED,
        operationId: op.operationId,
        summary: op.summary,
        description: op.description,
        scope: requiredScope(op),
        parameters: parameterRows(doc, pathItem, op),
        requestBody:
          body && requestBody ? { ...body, required: requestBody.required === true, description: requestBody.description } : undefined,
        responses: responseViews(doc, op.responses),
      });
    }
  }
  return ops;
}

/** Operations grouped by their first tag; groups in order of first appearance, operations in document order. */
export function groupByTag(operations: readonly OperationView[]): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const op of operations) {
    let group = groups.get(op.tag);
    if (!group) {
      group = { tag: op.tag, anchor: `tag-${slug(op.tag) || "other"}`, operations: [] };
      groups.set(op.tag, group);
    }
    group.operations.push(op);
  }
  return [...groups.values()];
}

// ---------------------------------------------------------------------------------------------
// Text

export interface TextSpan {
  code: boolean;
  text: string;
}

/**
 * Descriptions in the document use Markdown code spans (`` `VALIDATION` ``) and blank lines
 * between paragraphs; this splits them so the page can render `<code>` and `<p>` without
 * interpreting any other markup (or HTML) in the text.
 */
export function paragraphs(text: string | undefined): TextSpan[][] {
  if (!text) return [];
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(codeSpans);
}

export function codeSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  const pattern = /`([^`]+)`/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) spans.push({ code: false, text: text.slice(last, match.index) });
    spans.push({ code: true, text: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push({ code: false, text: text.slice(last) });
  return spans;
}
