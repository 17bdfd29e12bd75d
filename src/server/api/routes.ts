import { z } from "zod";
import type { Context } from "./context";
import { takesMetadataFilter } from "./schemas/list";
import type { Meta } from "./trpc";
import { v1Router } from "./v1";

/** How a procedure's input is built from a request, decided once from its input schema. */
type RouteInput =
  /** The schema takes no input (void, undefined, never): the procedure gets `undefined`. */
  | { kind: "none" }
  /**
   * Body or query merged with the path parameters; on GET, these query keys always arrive as arrays.
   * `queryKeys` are the query parameters the operation takes (its schema's keys but the path's),
   * `metadataFilter` whether it also takes `metadata[key]` filters.
   */
  | { kind: "object"; arrayKeys: readonly string[]; queryKeys: ReadonlySet<string>; metadataFilter: boolean };

export interface RestRoute {
  method: string;
  /** OpenAPI template, e.g. /v1/services/{code}. */
  path: string;
  /** Case-sensitive, one optional trailing slash: which methods a path answers to (404 or 405, key before body) and its metrics label. */
  pattern: RegExp;
  /** What serves a request: matched against the normalized path, case-insensitive, the parameters as named groups (trpc-to-openapi's matching). */
  dispatch: RegExp;
  procedurePath: string;
  meta: Meta;
  input: RouteInput;
  /** Runs the procedure (its middlewares, input and output schemas) for one request's context: what REST and MCP both call. */
  call: (ctx: Context, input: unknown) => Promise<unknown>;
}

function toPattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^/}]+\}/g, "[^/]+");
  return new RegExp(`^${escaped}/?$`);
}

/** One leading and one trailing slash dropped, then one leading slash: how paths are compared for dispatch. */
function normalizePath(path: string): string {
  return `/${path.replace(/^\/|\/$/g, "")}`;
}

/** The template's parameters as named groups, case-insensitive, the template itself not escaped (as trpc-to-openapi 3.3 matched). */
function toDispatchPattern(template: string): RegExp {
  return new RegExp(`^${normalizePath(template).replace(/\{(.+?)\}/g, (_, key: string) => `(?<${key}>[^/]+)`)}$`, "i");
}

/** The parts of a zod 4 schema's definition that decide how its input is built. */
type SchemaDef = { type?: string; innerType?: unknown; element?: unknown; getter?: () => unknown; in?: unknown; out?: unknown };

const defOf = (schema: unknown): SchemaDef => (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def ?? {};
const kindOf = (schema: unknown): string | undefined => defOf(schema).type;

/** The schema under its wrappers, as the adapter unwrapped an input schema before building the input. */
function unwrapInput(schema: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case "array":
      return unwrapInput(def.element);
    case "enum":
      return z.string();
    case "nullable":
    case "optional":
    case "default":
    case "prefault":
      return unwrapInput(def.innerType);
    case "lazy":
      return unwrapInput(def.getter?.());
    case "pipe":
      return kindOf(def.out) === "transform" ? unwrapInput(def.in) : unwrapInput(def.out);
    default:
      return schema;
  }
}

function routeInput(procedurePath: string, path: string, inputs: readonly unknown[]): RouteInput {
  if (inputs.length > 1) throw new Error(`${procedurePath}: a /v1 procedure takes one input schema`);
  const schema = inputs.length === 0 ? z.object({}) : unwrapInput(inputs[0]);
  const kind = kindOf(schema);
  if (kind === "void" || kind === "undefined" || kind === "never") return { kind: "none" };
  // A query key given once arrives as a string; where the schema wants an array it is made one.
  const shape = kind === "object" ? ((schema as { shape: Record<string, unknown> }).shape ?? {}) : {};
  const arrayKeys = Object.entries(shape)
    .filter(([, field]) => field instanceof z.ZodArray || (kindOf(field) === "optional" && defOf(field).innerType instanceof z.ZodArray))
    .map(([key]) => key);
  const pathKeys = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((found) => found[1]!));
  const queryKeys = new Set(Object.keys(shape).filter((key) => !pathKeys.has(key)));
  return { kind: "object", arrayKeys, queryKeys, metadataFilter: takesMetadataFilter(inputs[0]) };
}

/** A tRPC procedure as the router holds it: callable with one call's options, as tRPC's own callers call it. */
type ProcedureDef = {
  _def: { meta?: Meta; type: string; inputs: unknown[] };
  (opts: { path: string; ctx: Context; type: string; getRawInput: () => Promise<unknown>; signal: undefined }): Promise<unknown>;
};

/** The REST routes of the v1 router, read from the procedures' own meta, in registration order (the first match serves). */
export const REST_ROUTES: readonly RestRoute[] = Object.entries(v1Router._def.procedures).flatMap(([procedurePath, procedure]) => {
  const callable = procedure as unknown as ProcedureDef;
  const { meta, type, inputs } = callable._def;
  if (!meta?.openapi || meta.openapi.enabled === false || type === "subscription") return [];
  const { method, path } = meta.openapi;
  return [
    {
      method,
      path,
      pattern: toPattern(path),
      dispatch: toDispatchPattern(path),
      procedurePath,
      meta,
      input: routeInput(procedurePath, path, inputs),
      // Straight to the procedure, resolved once here, where a tRPC caller would build a proxy and look the path up per request.
      call: (ctx: Context, input: unknown) =>
        callable({ path: procedurePath, ctx, type, getRawInput: async () => input, signal: undefined }),
    },
  ];
});

/** The methods a path answers to, for telling 404 from 405. */
export function methodsForPath(pathname: string): string[] {
  return REST_ROUTES.filter((r) => r.pattern.test(pathname)).map((r) => r.method);
}

/** The route that serves `method` on `pathname` (the URL's, still percent-encoded), with its path parameters as they appear in it (rest.ts decodes them). */
export function matchRoute(method: string, pathname: string): { route: RestRoute; params: Record<string, string> } | undefined {
  const path = normalizePath(pathname);
  for (const route of REST_ROUTES) {
    if (route.method !== method) continue;
    const match = route.dispatch.exec(path);
    if (match) return { route, params: { ...match.groups } };
  }
  return undefined;
}
