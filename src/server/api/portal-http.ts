import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { isSameOriginRequest } from "@/server/domain/access/same-origin";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { REQUEST_ID_HEADER } from "@/server/log";
import { type AppDeps, type Context, createContext } from "./context";
import { portalRouter } from "./portal";

/**
 * The portal face at /api/trpc for a request whose session is already resolved (`user`, or null):
 * the route passes next-auth's session, tests a user of their own. Statuses come from the error
 * table through the formatter (trpc.ts); every answer carries the X-Request-Id that its log lines
 * and a generic error message name. A mutation (POST) from another site's page is refused with
 * 403 before any procedure runs (domain/access/same-origin.ts); `publicOrigins` are the app's own
 * origins (the route passes PUBLIC_URL's; tests, the request's).
 */
export function handlePortalRequest(
  req: Request,
  deps: AppDeps,
  user: PortalUser | null,
  publicOrigins: readonly string[] = [new URL(req.url).origin],
): Promise<Response> {
  // The custom server's id (it replaced any a client sent); a handler called on its own (tests) makes one.
  const requestId = req.headers.get(REQUEST_ID_HEADER) ?? newId("request");
  const crossSite = req.method !== "GET" && req.method !== "HEAD" && !isSameOriginRequest(req.headers, publicOrigins);
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: portalRouter,
    createContext: (): Context => {
      if (crossSite)
        throw new AppError(
          "FORBIDDEN",
          "Permintaan ini tidak berasal dari halaman Kuasa sendiri, jadi ditolak. Muat ulang halaman lalu coba lagi.",
        );
      return createContext(deps, requestId, Object.fromEntries(req.headers), user);
    },
    // Portal answers carry a user's data (API keys, intakes, statements): no cache, shared or the browser's, may keep one.
    responseMeta: () => ({ headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" } }),
  });
}
