import type { NextApiRequest, NextApiResponse } from "next";
import NextAuth, { type NextAuthOptions } from "next-auth";

export interface AuthAnswer {
  status: number;
  setCookies: string[];
  location: string | null;
  body: unknown;
}

export interface AuthRequest {
  method?: string;
  body?: Record<string, string>;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * One call of next-auth's own handler with `options`, as /api/auth/* runs it, through its pages-API
 * form (which needs no Next request around it); `headers` are what reaches it through the custom
 * server (which writes the client address). NEXTAUTH_URL is the app's public URL, as start-up sets it.
 */
export async function callNextAuth(
  options: NextAuthOptions,
  publicUrl: string,
  path: string,
  request: AuthRequest = {},
): Promise<AuthAnswer> {
  process.env.NEXTAUTH_URL = publicUrl;
  const headers = new Map<string, string | string[]>();
  const answer: AuthAnswer = { status: 200, setCookies: [], location: null, body: undefined };
  const res = {
    status: (code: number) => {
      answer.status = code;
      return res;
    },
    setHeader: (name: string, value: string | string[]) => {
      headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    end: () => undefined,
    json: (body: unknown) => void (answer.body = body),
    send: (body: unknown) => void (answer.body = body),
  };
  const req = {
    method: request.method ?? "GET",
    query: { nextauth: path.split("/") },
    body: request.body ?? {},
    cookies: request.cookies ?? {},
    headers: { host: new URL(publicUrl).host, ...request.headers },
  };
  await NextAuth(req as unknown as NextApiRequest, res as unknown as NextApiResponse, options);
  answer.setCookies = [headers.get("set-cookie") ?? []].flat();
  answer.location = (headers.get("location") as string | undefined) ?? null;
  return answer;
}

/** A `Set-Cookie` line as the cookie a browser sends back: name and value. */
export function cookieOf(setCookie: string): Record<string, string> {
  const [name, value] = setCookie.split(";")[0]!.split("=") as [string, string];
  return { [name]: decodeURIComponent(value) };
}

/** The CSRF token and its cookie, as the sign-in form fetches them first. */
async function csrfOf(options: NextAuthOptions, publicUrl: string) {
  const answer = await callNextAuth(options, publicUrl, "csrf");
  return { token: (answer.body as { csrfToken: string }).csrfToken, cookies: cookieOf(answer.setCookies[0]!) };
}

/** The sign-in form's post (with its CSRF token unless `withToken` is false). */
export async function signInWith(
  options: NextAuthOptions,
  publicUrl: string,
  credentials: { email: string; password: string },
  headers: Record<string, string>,
  withToken = true,
): Promise<AuthAnswer> {
  const { token, cookies } = await csrfOf(options, publicUrl);
  const body = { ...credentials, ...(withToken ? { csrfToken: token } : {}), json: "true" };
  return callNextAuth(options, publicUrl, "callback/credentials", { method: "POST", body, cookies, headers });
}

/** The session cookie a sign-in's answer sets, if any. */
export const sessionCookie = (answer: AuthAnswer) => answer.setCookies.find((cookie) => cookie.includes("next-auth.session-token="));

/** The portal's sign-out button: next-auth's signout with the CSRF token, sent with the session's `cookies`. */
export async function signOutWith(options: NextAuthOptions, publicUrl: string, cookies: Record<string, string>): Promise<AuthAnswer> {
  const csrf = await csrfOf(options, publicUrl);
  return callNextAuth(options, publicUrl, "signout", {
    method: "POST",
    body: { csrfToken: csrf.token, json: "true" },
    cookies: { ...csrf.cookies, ...cookies },
  });
}
