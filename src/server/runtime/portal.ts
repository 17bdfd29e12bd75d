import "server-only";
import type { NextApiRequest, NextApiResponse } from "next";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import type { NextRequest } from "next/server";
import { getServerSession, type NextAuthOptions } from "next-auth";
import type { UserRole } from "@/generated/prisma/enums";
import { createContext } from "../api/context";
import { errorResponse } from "../api/error-response";
import { portalRouter } from "../api/portal";
import { createCallerFactory } from "../api/trpc";
import { buildAuthOptions } from "../auth/options";
import { deviceCookieKey } from "../domain/access/device-cookie";
import { PORTAL_HOME, type PortalUser } from "../domain/access/portal-user";
import { newId } from "../domain/ids";
import { liveSessionAccount } from "../services/access";
import { appDepsOf, getRuntime, type Runtime } from "./";

const createPortalCaller = createCallerFactory(portalRouter);

const builtAuthOptions = new WeakMap<Runtime, NextAuthOptions>();

/** NEXTAUTH_SECRET, which start-up (ensureAuthEnvironment) has set or refused to start without. */
function sessionSecret(): string {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: start the app through src/server.ts.");
  return secret;
}

/** The running app's next-auth configuration (route handlers and server components), built once per runtime. */
export function authOptions(): NextAuthOptions {
  const runtime = getRuntime();
  let options = builtAuthOptions.get(runtime);
  if (!options) {
    options = buildAuthOptions({
      db: runtime.db,
      clock: runtime.clock,
      passwordHashing: runtime.passwordHashing,
      signInThrottle: runtime.signInThrottle,
      publicUrl: runtime.config.publicUrl,
      deviceKey: deviceCookieKey(sessionSecret()),
    });
    builtAuthOptions.set(runtime, options);
  }
  return options;
}

/**
 * The signed-in user of a request as they are now, or null when nobody is signed in or the session
 * no longer stands: signed out, password changed, ended by the operator, expired, a removed user, a
 * deactivated practitioner (liveSessionAccount, the check every portal procedure makes too).
 * next-auth reads the cookie through getServerSession's (req, res) form, which takes nothing of a
 * request but its headers and cookies and puts nothing on `res` but the refreshed cookie, not kept
 * here (as in a server component). A database that cannot answer throws, rather than passing for
 * "signed out".
 */
async function portalUserOf(requestCookies: ReadonlyArray<{ name: string; value: string }>, requestHeaders: Headers) {
  const req = {
    headers: Object.fromEntries(requestHeaders),
    cookies: Object.fromEntries(requestCookies.map(({ name, value }) => [name, value])),
  };
  const res = { getHeader: () => undefined, setHeader: () => undefined };
  const session = await getServerSession(req as unknown as NextApiRequest, res as unknown as NextApiResponse, authOptions());
  const account = await liveSessionAccount(getRuntime(), session?.user as PortalUser | undefined);
  return account?.user ?? null;
}

/** portalUserOf for a server component: the request Next is rendering. */
export async function currentPortalUser(): Promise<PortalUser | null> {
  return portalUserOf((await cookies()).getAll(), await headers());
}

/**
 * Every route under src/app/api that takes a portal session is built with this, /api/trpc too:
 * `handle` gets the request's user as portalUserOf reads them, never the cookie's say alone, so a
 * route cannot serve a session that ended. src/app/route-sessions.db.test.ts finds every route in
 * the file system and proves it, or fails until a new one is classified.
 */
export function portalRoute<Params = unknown>(
  handle: (req: NextRequest, user: PortalUser | null, runtime: Runtime, params: Params) => Promise<Response>,
) {
  return async (req: NextRequest, context: { params: Promise<Params> }): Promise<Response> => {
    const runtime = getRuntime();
    let user: PortalUser | null;
    try {
      user = await portalUserOf(req.cookies.getAll(), req.headers);
    } catch (err) {
      return errorResponse(req, runtime.config.publicUrl, err);
    }
    return handle(req, user, runtime, await context.params);
  };
}

/**
 * For server components: the signed-in user of `role` and a caller of the same portal
 * procedures the browser uses, so pages and /api/trpc share every role and ownership check.
 */
export async function portalPage(role: UserRole, returnTo?: string) {
  const user = await currentPortalUser();
  // A page a visitor is sent to from elsewhere (OAuth consent) is where sign-in returns.
  if (!user) redirect(returnTo ? `/masuk?lanjut=${encodeURIComponent(returnTo)}` : "/masuk");
  if (user.role !== role) redirect(PORTAL_HOME[user.role]);
  const caller = createPortalCaller(createContext(appDepsOf(getRuntime()), newId("request"), {}, user));
  return { user, caller };
}

/** For the pages of a visitor without a session (an invitation link): the token procedures only check the token. */
export function visitorCaller() {
  return createPortalCaller(createContext(appDepsOf(getRuntime()), newId("request"), {}, null));
}
