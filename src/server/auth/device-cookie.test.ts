import { describe, expect, it } from "vitest";
import { issueDeviceCookie, readDeviceCookie, withDeviceCookie } from "./device-cookie";

describe("the device cookie on the wire", () => {
  it("is added to the answer of a sign-in that issued one: HttpOnly, SameSite=Lax, only for /api/auth, Secure with __Secure- on https", async () => {
    const answer = await withDeviceCookie(async () => {
      issueDeviceCookie("akun.perangkat.mac", true);
      return new Response("{}", { status: 200, headers: { "Set-Cookie": "next-auth.session-token=x; Path=/" } });
    });
    expect(answer.headers.getSetCookie()).toEqual([
      "next-auth.session-token=x; Path=/",
      "__Secure-kuasa.device=akun.perangkat.mac; Path=/api/auth; Max-Age=7776000; HttpOnly; SameSite=Lax; Secure",
    ]);
    expect(await answer.text()).toBe("{}");
  });

  it("leaves an answer that issued none as it was, and is read back from the Cookie header by its name", async () => {
    const plain = new Response("x", { status: 302 });
    expect(await withDeviceCookie(async () => plain)).toBe(plain);
    expect(readDeviceCookie("a=1; kuasa.device=akun.perangkat.mac; b=2", false)).toBe("akun.perangkat.mac");
    expect(readDeviceCookie("kuasa.device=akun.perangkat.mac", true)).toBeUndefined();
    expect(readDeviceCookie(undefined, false)).toBeUndefined();
  });
});
