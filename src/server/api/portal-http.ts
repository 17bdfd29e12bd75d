import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { PortalUser } from "@/server/auth/session";
import { newId } from "@/server/domain/ids";
import { type AppDeps, type Context, createContext } from "./context";
import { portalRouter } from "./portal";

/**
 * The portal face at /api/trpc for a request whose session is already resolved (`user`, or null):
 * the route passes next-auth's session, tests a user of their own. Statuses come from the error
 * table through the formatter (trpc.ts); every answer carries the X-Request-Id that its log lines
 * and a generic error message name.
 */
export function handlePortalRequest(req: Request, deps: AppDeps, user: PortalUser | null): Promise<Response> {
  const requestId = newId("request");
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: portalRouter,
    createContext: (): Context => createContext(deps, requestId, Object.fromEntries(req.headers), user),
    responseMeta: () => ({ headers: { "X-Request-Id": requestId } }),
  });
}
