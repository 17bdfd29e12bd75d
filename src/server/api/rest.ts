import type { IncomingMessage, ServerResponse } from "node:http";
import { TRPCError } from "@trpc/server";
import { currentVersion, versionHeaders } from "@/server/domain/api-version";
import { entityTagOf, matchesEntityTag } from "@/server/domain/entity-tag";
import { AppError } from "@/server/domain/errors";
import { restRequestPath } from "@/server/domain/request-log/request-log";
import { requestContext, requestLog } from "@/server/log";
import { requireScope } from "@/server/services/access";
import { apiVersionsOf, publicUrlOf } from "@/server/services/deps";
import { discardUpload, type FileContent, fileDepsOf, receiveUpload } from "@/server/services/files";
import { authenticateAgent } from "./agent-key";
import { versionOfRequest } from "./answer-version";
import { errorBody, errorHeaders, sendError, statusOf, toApiError } from "./api-error";
import { challengeHeaders, challengeOn401 } from "./bearer-challenge";
import { type AppDeps, createContext } from "./context";
import { readFilePart, writeFileContent } from "./file-transfer";
import { readJsonBody } from "./json-body";
import { buildOpenApiDocument } from "./openapi";
import { type TrackedRequest, trackRequest } from "./request-record";
import { matchRoute, methodsForPath, type RestRoute } from "./routes";
import { setApiSecurityHeaders } from "./security-headers";

type Request = IncomingMessage & { body?: unknown };

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Reads and parses a JSON body before anything else runs, under our limits and with our messages
 * (accepting `application/json; charset=utf-8`).
 * An empty body counts as `{}` so bodiless POSTs (accept) need no Content-Type.
 */
async function readBodyObject(req: Request, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req, res, { whenEmpty: {} });
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new AppError("VALIDATION", "The request body must be a JSON object.");
  }
  req.body = body;
}

/** POST /v1/files' body: its `file` part streamed to storage, received and checked. */
function receiveFilePart(appDeps: AppDeps, req: Request) {
  const deps = fileDepsOf(appDeps);
  return readFilePart(
    req.headers,
    req,
    deps.files.maxBytes,
    (file, filename) => receiveUpload(deps, { source: file, clientFilename: filename }),
    (upload) => discardUpload(deps, { storageKey: upload.storageKey }),
  );
}

/** A query key given once is a string, given more than once an array of its values in order (as the adapter read queries). */
function queryOf(url: URL): Record<string, string | string[]> {
  const values = new Map<string, string[]>();
  url.searchParams.forEach((value, key) => {
    const list = values.get(key);
    if (list) list.push(value);
    else values.set(key, [value]);
  });
  // fromEntries defines own keys: `constructor` or `__proto__` is an unknown parameter, never the prototype's.
  return Object.fromEntries([...values].map(([key, list]) => [key, list.length === 1 ? (list[0] as string) : list]));
}

/** The metadata filters a list takes, as its query spells them. */
const METADATA_FILTER = /^metadata\[[^[\]]+\]$/;

/**
 * The query parameters an operation does not take: refused, not ignored (a misspelt filter would
 * otherwise list everything), in one message naming the first and what the operation takes.
 */
function unknownQueryParameter(route: RestRoute, query: Record<string, unknown>): AppError | undefined {
  const { input } = route;
  const known = (key: string) =>
    input.kind === "object" && (input.queryKeys.has(key) || (input.metadataFilter && METADATA_FILTER.test(key)));
  const unknown = Object.keys(query).find((key) => !known(key));
  if (unknown === undefined) return undefined;
  const takes = input.kind === "object" ? [...input.queryKeys, ...(input.metadataFilter ? ["metadata[key]"] : [])] : [];
  const operation = `${route.method} ${route.path}`;
  // A parameter without a name (`?=1`) cannot be named as `param`.
  const named = unknown === "" ? "without a name" : `\`${unknown}\``;
  return new AppError(
    "VALIDATION",
    takes.length === 0
      ? `${operation} takes no query parameters; the one ${named} is not one.`
      : `${operation} takes no query parameter ${named}; it takes ${takes.map((key) => `\`${key}\``).join(", ")}.`,
    unknown === "" ? undefined : unknown,
  );
}

/** A request target as trpc-to-openapi read it for matching: appended to a host, its path matched normalized and case-insensitive. */
export function dispatchUrlOf(target: string): URL {
  return new URL(target.startsWith("/") ? `http://127.0.0.1${target}` : target);
}

/** The path parameters as the client meant them: percent-decoded before any schema reads them. */
function decodedPathParameters(params: Record<string, string>): { params: Record<string, string>; refusal?: AppError } {
  const decoded: Record<string, string> = {};
  for (const [name, raw] of Object.entries(params)) {
    try {
      decoded[name] = decodeURIComponent(raw);
    } catch {
      return { params, refusal: new AppError("VALIDATION", `${name}: the path segment is not valid percent-encoding.`, name) };
    }
  }
  return { params: decoded };
}

/**
 * The procedure's input as trpc-to-openapi 3.3's node-http adapter built it: the body (POST, PUT,
 * PATCH) or the query (GET, DELETE) with the path parameters over it, decoded; on a query, keys
 * whose schema is an array always arrive as arrays. Nothing is coerced here and no schema is
 * touched: a query field that wants a number says so itself (`z.coerce.number()`, as `limit`).
 * What is wrong outside the input (an unknown query parameter, a path that does not decode) is
 * the refusal, which the agent procedure throws after the key, scope and rate limit.
 * adapter-contract.test.ts compares it with the adapter's for every operation.
 */
export function requestInput(
  route: RestRoute,
  method: string,
  body: unknown,
  url: URL,
  rawParams: Record<string, string>,
): { input: unknown; refusal?: AppError } {
  const { params, refusal: pathRefusal } = decodedPathParameters(rawParams);
  const fromBody = method !== "GET" && method !== "DELETE";
  const query = fromBody ? {} : queryOf(url);
  const refusal = pathRefusal ?? unknownQueryParameter(route, query);
  if (route.input.kind === "none") return { input: undefined, refusal };
  const input: Record<string, unknown> = { ...(fromBody ? (body as object | undefined) : query), ...params };
  if (!fromBody) {
    for (const key of route.input.arrayKeys) if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
  }
  return { input, refusal };
}

/** Anything a procedure threw, as a TRPCError (tRPC's callers already throw these). */
function asTrpcError(cause: unknown): TRPCError {
  if (cause instanceof Error && cause.name === "TRPCError") return cause as TRPCError;
  const error = new TRPCError({
    code: "INTERNAL_SERVER_ERROR",
    message: "Internal server error",
    cause: cause instanceof Error ? cause : undefined,
  });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}

function setHeaders(res: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

function writeJson(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | undefined>,
  text: string | undefined,
  withLength: boolean,
): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json");
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
  if (withLength && text !== undefined) res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}

/**
 * Runs the route's procedure and writes its answer: the status and headers
 * the procedure recorded on ctx.response, or the error table's `{ error: { code, message, param?, request_id, doc_url } }`
 * with its status, keeping the headers set before the error (rate-limit fields, Retry-After).
 */
async function serveRoute(
  appDeps: AppDeps,
  route: RestRoute,
  params: Record<string, string>,
  req: Request,
  res: ServerResponse,
  url: URL,
  method: string,
  tracked: TrackedRequest | null,
): Promise<void> {
  const ctx = createContext(appDeps, requestContext(req, res).id, req.headers);
  const { input, refusal } = requestInput(route, method, req.body, url, params);
  ctx.requestRefusal = refusal;
  let data: unknown;
  try {
    data = await route.call(ctx, input);
  } catch (cause) {
    if (tracked) tracked.apiKeyId ??= ctx.response.apiKeyId;
    const error = asTrpcError(cause);
    const apiError = toApiError(error);
    if (apiError.code === "INTERNAL") requestLog(req).error({ err: error }, "v1 internal error");
    const status = statusOf(apiError);
    const headers = { ...ctx.response.headers, ...errorHeaders(apiError), ...challengeHeaders(res, status) };
    writeJson(res, status, headers, JSON.stringify(errorBody(apiError, ctx.requestId, publicUrlOf(appDeps))), true);
    return;
  }
  if (tracked) tracked.apiKeyId ??= ctx.response.apiKeyId;
  if (route.meta.answer) {
    for (const [name, value] of Object.entries(ctx.response.headers)) res.setHeader(name, value);
    return writeFileContent(res, data as FileContent, method);
  }
  const text = JSON.stringify(data) as string | undefined;
  if (route.meta.etag && text !== undefined) {
    const tag = entityTagOf(text);
    if (matchesEntityTag(req.headers["if-none-match"], tag)) {
      for (const [name, value] of Object.entries(ctx.response.headers)) res.setHeader(name, value);
      res.writeHead(304, { ETag: tag }).end();
      return;
    }
    ctx.response.headers.ETag = tag;
  }
  writeJson(res, ctx.response.status ?? 200, ctx.response.headers, text, false);
}

/**
 * The /v1 face: each request is served by the procedure its route names in REST_ROUTES, called
 * directly from the route table; every answer carries X-Request-Id and every error body is exactly
 * `{ error: { code, message, param?, request_id, doc_url } }`, written once. trpc-to-openapi only generates the document.
 * `publicUrl` is required here: the OpenAPI document names it as the server, errors link to its /docs, and e-mails link to it.
 */
export function createRestHandler(appDeps: AppDeps & { publicUrl: string; operatorName?: string }) {
  const { publicUrl, operatorName } = appDeps;
  let openApiDocument: string | undefined;
  const versions = apiVersionsOf(appDeps);
  // Until a key says otherwise (agentProcedure, or the check before a body), an answer is in the current version.
  const unkeyedVersion = versionHeaders(currentVersion(versions));

  return async function handleRest(req: Request, res: ServerResponse): Promise<void> {
    const requestId = requestContext(req, res).id;
    setApiSecurityHeaders(res);
    setHeaders(res, unkeyedVersion);
    challengeOn401(res, publicUrl, "v1", req.headers);
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    const tracked = trackRequest(appDeps, res, requestId, method, restRequestPath(url.pathname));

    if (url.pathname === "/v1/openapi.json" && (method === "GET" || method === "HEAD")) {
      openApiDocument ??= JSON.stringify(buildOpenApiDocument(publicUrl, { operatorName }));
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" });
      res.end(method === "HEAD" ? undefined : openApiDocument);
      return;
    }

    if (appDeps.addressGuard) {
      const verdict = await appDeps.addressGuard.check(appDeps, req, res, "v1");
      if (!verdict.admitted) return sendError(res, publicUrl, verdict.error, verdict.headers);
    }
    const dispatchUrl = dispatchUrlOf(req.url ?? "/");
    const match = matchRoute(method, dispatchUrl.pathname);

    if (BODY_METHODS.has(method)) {
      const upload = match?.route.meta.body === "multipart" ? match.route.meta : null;
      // The key before the body: a request without a valid key is not worth reading a megabyte for.
      if (methodsForPath(url.pathname).includes(method)) {
        const refused = await authenticateAgent(appDeps, req.headers, "v1")
          .then((key) => {
            if (tracked) tracked.apiKeyId = key.id;
            versionOfRequest(versions, key, req.headers, (headers) => setHeaders(res, headers));
            // An upload's scope too, before 25 MiB are stored for nothing.
            if (upload?.scope) requireScope(key, upload.scope);
          })
          .then(
            () => null,
            (err: unknown) => toApiError(err),
          );
        if (refused) return sendError(res, publicUrl, refused, { Connection: "close" });
      }
      try {
        if (upload) req.body = { file: await receiveFilePart(appDeps, req) };
        else await readBodyObject(req, res);
      } catch (err) {
        // A refused upload leaves the rest of its body unread (json-body.ts says why that closes).
        sendError(res, publicUrl, toApiError(err), upload ? { Connection: "close" } : {});
        return;
      }
    }

    if (match) return serveRoute(appDeps, match.route, match.params, req, res, dispatchUrl, method, tracked);

    const allowed = methodsForPath(url.pathname);
    if (allowed.length > 0) {
      sendError(
        res,
        publicUrl,
        { code: "METHOD_NOT_ALLOWED", message: `${method} is not allowed on ${url.pathname}; use ${allowed.join(" or ")}.` },
        { Allow: allowed.join(", ") },
      );
    } else {
      sendError(res, publicUrl, {
        code: "NOT_FOUND",
        message: `No endpoint ${method} ${url.pathname}. The API reference is at /v1/openapi.json.`,
      });
    }
  };
}
