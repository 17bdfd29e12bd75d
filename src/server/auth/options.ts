import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import type { Db } from "@/server/db/client";
import { VISITOR } from "@/server/domain/access/actor";
import { CLIENT_ADDRESS_HEADER } from "@/server/domain/access/client-address";
import type { PasswordHasher } from "@/server/domain/access/password";
import { PORTAL_SESSION_HOURS, type PortalUser } from "@/server/domain/access/portal-user";
import type { Clock } from "@/server/domain/clock";
import { endPortalSession, type SignInThrottle, signIn, startPortalSession } from "@/server/services/access";
import { issueDeviceCookie, readDeviceCookie } from "./device-cookie";
import { signInErrorCode } from "./sign-in-error";

interface AuthDeps {
  db: Db;
  clock: Clock;
  /** The process's hashing queue; production's own when absent (tests). */
  passwordHashing?: PasswordHasher;
  signInThrottle: SignInThrottle;
  /** The app's public address; https there makes every auth cookie Secure. */
  publicUrl: string;
  /** Signs device cookies (domain/access/device-cookie.ts); without it (tests of other things) no device is trusted or issued one. */
  deviceKey?: Buffer;
}

/** next-auth's configuration for one app: credentials sign-in under the throttle, sessions in a JWT cookie naming a session record. */
export function buildAuthOptions({ db, clock, passwordHashing, signInThrottle, publicUrl, deviceKey }: AuthDeps): NextAuthOptions {
  const secure = new URL(publicUrl).protocol === "https:";
  return {
    session: { strategy: "jwt", maxAge: PORTAL_SESSION_HOURS * 60 * 60 },
    pages: { signIn: "/masuk" },
    // next-auth's cookies are HttpOnly and SameSite=Lax; Secure (and the __Secure- prefix) follows
    // the public URL, not the request, so a TLS-terminating proxy in front changes nothing.
    useSecureCookies: secure,
    providers: [
      CredentialsProvider({
        name: "E-mail dan kata sandi",
        credentials: {
          email: { label: "E-mail", type: "email" },
          password: { label: "Kata sandi", type: "password" },
          // The e-mailed device link the sign-in page was opened with (/masuk?perangkat=…), if any.
          deviceLink: { type: "hidden" },
        },
        async authorize(credentials, req) {
          if (!credentials?.email || !credentials.password) throw new Error(signInErrorCode({ reason: "invalid" }));
          // Written by the custom server from the socket (and trusted proxies only): never the client's say.
          const written = req.headers?.[CLIENT_ADDRESS_HEADER];
          const address = typeof written === "string" && written ? written : "unknown";
          const cookieHeader = req.headers?.cookie;
          const device = deviceKey
            ? {
                key: deviceKey,
                cookie: readDeviceCookie(typeof cookieHeader === "string" ? cookieHeader : undefined, secure),
                link: credentials.deviceLink || undefined,
              }
            : undefined;
          const deps = { db, clock, passwordHashing, publicUrl };
          const result = await signIn(deps, {
            actor: VISITOR,
            throttle: signInThrottle,
            email: credentials.email,
            password: credentials.password,
            address,
            device,
          });
          if (!result.ok) throw new Error(signInErrorCode(result));
          if (result.deviceCookie) issueDeviceCookie(result.deviceCookie, secure);
          return {
            ...result.user,
            sessionId: await startPortalSession(
              { db, clock },
              {
                actor: VISITOR,
                userId: result.user.id,
              },
            ),
          };
        },
      }),
    ],
    events: {
      // Signing out ends this session on the server too: a copy of its cookie is worth nothing after.
      async signOut({ token }) {
        const sessionId = (token?.portalUser as PortalUser | undefined)?.sessionId;
        if (sessionId)
          await endPortalSession(
            { db, clock },
            {
              actor: VISITOR,
              sessionId,
            },
          );
      },
    },
    callbacks: {
      jwt({ token, user }) {
        if (user) token.portalUser = user as unknown as PortalUser;
        return token;
      },
      session({ session, token }) {
        return { ...session, user: token.portalUser as PortalUser };
      },
    },
  };
}
