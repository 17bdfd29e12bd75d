import "server-only";
import { redirect } from "next/navigation";
import { getServerSession, type NextAuthOptions } from "next-auth";
import type { UserRole } from "@/generated/prisma/enums";
import { createContext } from "../api/context";
import { portalRouter } from "../api/portal";
import { createCallerFactory } from "../api/trpc";
import { buildAuthOptions } from "../auth/options";
import { deviceCookieKey } from "../domain/device-cookie";
import { newId } from "../domain/ids";
import { PORTAL_HOME, type PortalUser } from "../domain/portal-user";
import { findSessionAccount } from "../services/access";
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
 * The signed-in user as they are now (the same reading as every portal procedure's), or null when
 * nobody is signed in or the session no longer stands: ended, a removed user, a deactivated practitioner.
 */
export async function currentPortalUser(): Promise<PortalUser | null> {
  const session = (await getServerSession(authOptions()))?.user as PortalUser | undefined;
  if (!session?.sessionId) return null;
  const account = await findSessionAccount(getRuntime(), session.sessionId);
  return account?.user.id === session.id ? account.user : null;
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
