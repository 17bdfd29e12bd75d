import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getRuntime } from "@/server/runtime";
import { signIn } from "@/server/services/sign-in";
import type { PortalUser } from "./session";

/** Error words the sign-in page turns into Indonesian messages. */
export const SIGN_IN_ERRORS = { invalid: "invalid", rateLimited: "rate_limited" } as const;

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
  pages: { signIn: "/masuk" },
  providers: [
    CredentialsProvider({
      name: "E-mail dan kata sandi",
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Kata sandi", type: "password" } },
      async authorize(credentials, req) {
        if (!credentials?.email || !credentials.password) throw new Error(SIGN_IN_ERRORS.invalid);
        const forwarded = req.headers?.["x-forwarded-for"];
        const address = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim() || "local";
        const result = await signIn(getRuntime().db, credentials.email, credentials.password, address);
        if (!result.ok) throw new Error(result.reason === "rate_limited" ? SIGN_IN_ERRORS.rateLimited : SIGN_IN_ERRORS.invalid);
        return { ...result.user };
      },
    }),
  ],
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
