import type { IncomingMessage, ServerResponse } from "node:http";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { AppError } from "@/server/domain/errors";
import { requestContext, requestLog } from "@/server/log";
import { authenticateAgent } from "./agent-key";
import { errorHeaders, sendError, toApiError, statusOf, type ApiError } from "./api-error";
import { type AppDeps, createContext, type Context } from "./context";
import { readJsonBody } from "./json-body";
import { buildOpenApiDocument } from "./openapi";
import { methodsForPath } from "./routes";
import { setApiSecurityHeaders } from "./security-headers";
import { v1Router } from "./v1";

type Request = IncomingMessage & { body?: unknown };

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Reads and parses a JSON body ourselves, before the adapter: its own reader ignores bodies
 * sent as `application/json; charset=utf-8`, and we want our limits and messages.
 * An empty body counts as `{}` so bodiless POSTs (accept) need no Content-Type.
 */
async function readBodyObject(req: Request, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req, res, { whenEmpty: {} });
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new AppError("VALIDATION", "The request body must be a JSON object.");
  }
  // The adapter insists on this content type even when we hand it the parsed body.
  req.headers["content-type"] = "application/json";
  req.body = body;
}

/**
 * The /v1 face: the tRPC router through trpc-to-openapi's node-http adapter, wrapped so that
 * every answer carries X-Request-Id and every error body is exactly `{ error: { code, message } }`.
 */
/** `publicUrl` is required here: the OpenAPI document names it as the server, and e-mails link to it. */
export function createRestHandler(appDeps: AppDeps & { publicUrl: string }) {
  const { publicUrl } = appDeps;
  let openApiDocument: string | undefined;
  const openapi = createOpenApiNodeHttpHandler({
    router: v1Router,
    createContext: ({ req, res }: { req: Request; res: { setHeader(name: string, value: string): unknown } }) => createContext(appDeps, requestContext(req, res).id, req.headers),
    responseMeta: ({ ctx, errors }: { ctx?: Context; errors: unknown[] }) => {
      // Errors keep the headers set before them (rate-limit fields, Retry-After).
      if (errors.length > 0) {
        const apiError = toApiError(errors[0]);
        return { status: statusOf(apiError), headers: { ...ctx?.response.headers, ...errorHeaders(apiError) } };
      }
      return { status: ctx?.response.status ?? 200, headers: ctx?.response.headers ?? {} };
    },
    onError: ({ error, req }: { error: unknown; req: Request }) => {
      if (toApiError(error).code === "INTERNAL") requestLog(req).error({ err: error }, "v1 internal error");
    },
  });

  return async function handleRest(req: Request, res: ServerResponse): Promise<void> {
    requestContext(req, res);
    setApiSecurityHeaders(res);
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";

    if (url.pathname === "/v1/openapi.json" && (method === "GET" || method === "HEAD")) {
      openApiDocument ??= JSON.stringify(buildOpenApiDocument(publicUrl));
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" });
      res.end(method === "HEAD" ? undefined : openApiDocument);
      return;
    }

    if (appDeps.addressGuard) {
      const verdict = await appDeps.addressGuard.check(req, res);
      if (!verdict.admitted) return sendError(res, verdict.error, verdict.headers);
    }
    if (BODY_METHODS.has(method)) {
      // The key before the body: a request without a valid key is not worth reading a megabyte for.
      if (methodsForPath(url.pathname).includes(method)) {
        const refused = await authenticateAgent(appDeps, req.headers).then(() => null, (err: unknown) => toApiError(err));
        if (refused) return sendError(res, refused, { Connection: "close" });
      }
      try {
        await readBodyObject(req, res);
      } catch (err) {
        sendError(res, toApiError(err));
        return;
      }
    }

    // The adapter's error bodies carry our formatter's apiError; answer with exactly that.
    const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
    res.end = ((chunk?: unknown) => {
      if (res.statusCode >= 400 && typeof chunk === "string") {
        const apiError = (JSON.parse(chunk) as { data?: { apiError?: ApiError } }).data?.apiError;
        if (apiError) {
          const text = JSON.stringify({ error: apiError });
          res.setHeader("Content-Length", Buffer.byteLength(text));
          return end(text);
        }
      }
      return end(chunk);
    }) as typeof res.end;

    await openapi(req, res, () => {
      const allowed = methodsForPath(url.pathname);
      if (allowed.length > 0) {
        sendError(res, { code: "METHOD_NOT_ALLOWED", message: `${method} is not allowed on ${url.pathname}; use ${allowed.join(" or ")}.` }, { Allow: allowed.join(", ") });
      } else {
        sendError(res, { code: "NOT_FOUND", message: `No endpoint ${method} ${url.pathname}. The API reference is at /v1/openapi.json.` });
      }
    });
  };
}
