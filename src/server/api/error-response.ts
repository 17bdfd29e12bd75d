import { newId } from "@/server/domain/ids";
import { logger, REQUEST_ID_HEADER } from "@/server/log";
import { errorBody, errorHeaders, statusOf, toApiError } from "./api-error";
import { API_SECURITY_HEADERS } from "./security-headers";

/**
 * An error of a portal route outside tRPC (files, exports, the session read before them) as a fetch
 * Response in the API's shape, with the custom server's request id (a route called on its own, in
 * tests, makes one) as its request_id and X-Request-Id, and its doc_url under `publicUrl`, the
 * server's own address. It carries the API's security headers itself, as Next adds none to a
 * download's path (next.config.ts). An unexpected error is logged in full; the answer names only
 * the request id.
 */
export function errorResponse(req: Request, publicUrl: string, err: unknown, headers: Record<string, string> = {}): Response {
  const error = toApiError(err);
  const requestId = req.headers.get(REQUEST_ID_HEADER) ?? newId("request");
  if (error.code === "INTERNAL") logger.error({ err, requestId }, "portal route error");
  return Response.json(errorBody(error, requestId, publicUrl), {
    status: statusOf(error),
    headers: { ...API_SECURITY_HEADERS, ...errorHeaders(error), "X-Request-Id": requestId, ...headers },
  });
}
