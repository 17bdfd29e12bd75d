import { AsyncLocalStorage } from "node:async_hooks";
import { DEVICE_COOKIE_DAYS } from "@/server/domain/access/device-cookie";

/**
 * The device cookie (domain/access/device-cookie.ts) on the wire. next-auth's `authorize` cannot touch
 * the response, so the /api/auth route runs next-auth inside `withDeviceCookie`, `authorize` hands
 * the cookie to keep to `issueDeviceCookie`, and the route adds it to next-auth's answer.
 */

const issued = new AsyncLocalStorage<{ setCookie?: string }>();

/** `__Secure-` behind an https public URL, as next-auth's own cookies. */
function deviceCookieName(secure: boolean): string {
  return secure ? "__Secure-kuasa.device" : "kuasa.device";
}

/** The device cookie's value in a `Cookie` header, if the browser sent one. */
export function readDeviceCookie(cookieHeader: string | undefined, secure: boolean): string | undefined {
  const name = `${deviceCookieName(secure)}=`;
  const found = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(name));
  return found?.slice(name.length);
}

/** From `authorize`, after a successful sign-in: the device cookie the answer must set. */
export function issueDeviceCookie(value: string, secure: boolean): void {
  const store = issued.getStore();
  if (!store) return;
  // Only the sign-in callback reads it; HttpOnly, so no script on any page can take it.
  store.setCookie = [
    `${deviceCookieName(secure)}=${value}`,
    "Path=/api/auth",
    `Max-Age=${DEVICE_COOKIE_DAYS * 24 * 60 * 60}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Runs next-auth's handler and adds the device cookie that `authorize` issued, if any, to its answer. */
export async function withDeviceCookie(handle: () => Promise<Response>): Promise<Response> {
  const store: { setCookie?: string } = {};
  const answer = await issued.run(store, handle);
  if (!store.setCookie) return answer;
  const headers = new Headers(answer.headers);
  headers.append("Set-Cookie", store.setCookie);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}
