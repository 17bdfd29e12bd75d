import type { NextApiRequest, NextApiResponse } from "next";
import NextAuth from "next-auth";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "@/server/domain/client-address";
import { systemClock } from "@/server/domain/clock";
import { deviceCookieKey } from "@/server/domain/device-cookie";
import { SIGN_IN_BACKOFF } from "@/server/domain/sign-in-backoff";
import { createUser, findSessionAccount, SignInThrottle } from "@/server/services/access";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { withDeviceCookie } from "./device-cookie";
import { buildAuthOptions } from "./options";

let database: TestDatabase;
const PASSWORD = "rahasia-sekali-123";
const EMAIL = "operator-auth@contoh.id";
const savedUrl = process.env.NEXTAUTH_URL;
const DEVICE_KEY = deviceCookieKey("test-secret-0123456789-0123456789");

beforeAll(async () => {
  database = await createTestDatabase();
  await createUser({ db: database.prisma }, { email: EMAIL, password: PASSWORD, role: "operator" }, { actorType: "system" });
});

afterEach(() => {
  if (savedUrl === undefined) delete process.env.NEXTAUTH_URL;
  else process.env.NEXTAUTH_URL = savedUrl;
});

afterAll(async () => {
  await database?.destroy();
});

interface Answer {
  status: number;
  setCookies: string[];
  location: string | null;
  body: unknown;
}

/**
 * One call of next-auth's own handler with our options, as /api/auth/* runs it; `headers` are
 * what reaches it through the custom server (which writes the client address).
 */
async function auth(
  publicUrl: string,
  throttle: SignInThrottle,
  path: string,
  request: { method?: string; body?: Record<string, string>; cookies?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Answer> {
  process.env.NEXTAUTH_URL = publicUrl;
  const options = {
    ...buildAuthOptions({ db: database.prisma, clock: systemClock, signInThrottle: throttle, publicUrl, deviceKey: DEVICE_KEY }),
    secret: "test-secret-0123456789-0123456789",
  };
  const headers = new Map<string, string | string[]>();
  const answer: Answer = { status: 200, setCookies: [], location: null, body: undefined };
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

/** The CSRF token and its cookie, as the sign-in form fetches them first. */
async function csrf(publicUrl: string, throttle: SignInThrottle) {
  const answer = await auth(publicUrl, throttle, "csrf");
  const [name, value] = answer.setCookies[0]!.split(";")[0]!.split("=") as [string, string];
  return { token: (answer.body as { csrfToken: string }).csrfToken, cookies: { [name]: decodeURIComponent(value) } };
}

async function signInWith(
  publicUrl: string,
  throttle: SignInThrottle,
  credentials: { email: string; password: string; deviceLink?: string },
  headers: Record<string, string>,
  withToken = true,
) {
  const { token, cookies } = await csrf(publicUrl, throttle);
  const body = { ...credentials, ...(withToken ? { csrfToken: token } : {}), json: "true" };
  return auth(publicUrl, throttle, "callback/credentials", { method: "POST", body, cookies, headers });
}

const sessionCookie = (answer: Answer) => answer.setCookies.find((cookie) => cookie.includes("next-auth.session-token="));
const errorOf = (answer: Answer) => new URL((answer.body as { url: string }).url).searchParams.get("error");

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Secure and __Secure- when the public URL is https", async () => {
    const answer = await signInWith(
      "https://kuasa.example",
      new SignInThrottle({ kind: "memory" }),
      { email: EMAIL, password: PASSWORD },
      { [CLIENT_ADDRESS_HEADER]: "203.0.113.30" },
    );
    const cookie = sessionCookie(answer);
    expect(cookie).toMatch(/^__Secure-next-auth\.session-token=/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Secure/);
    expect(answer.setCookies.every((c) => c.includes("; Secure") && c.includes("; HttpOnly"))).toBe(true);
  });

  it("is HttpOnly and SameSite=Lax but not Secure on a plain-http public URL (the local quick start)", async () => {
    const cookie = sessionCookie(
      await signInWith(
        "http://localhost:3000",
        new SignInThrottle({ kind: "memory" }),
        { email: EMAIL, password: PASSWORD },
        { [CLIENT_ADDRESS_HEADER]: "203.0.113.31" },
      ),
    );
    expect(cookie).toMatch(/^next-auth\.session-token=.*; HttpOnly; SameSite=Lax$/);
  });
});

describe("next-auth's own CSRF protection", () => {
  it("signs nobody in from a form without the CSRF token of the visitor's cookie", async () => {
    const answer = await signInWith(
      "https://kuasa.example",
      new SignInThrottle({ kind: "memory" }),
      { email: EMAIL, password: PASSWORD },
      { [CLIENT_ADDRESS_HEADER]: "203.0.113.32" },
      false,
    );
    expect(sessionCookie(answer)).toBeUndefined();
    expect((answer.body as { url: string }).url).toContain("csrf=true");
  });
});

describe("sign-in throttling through next-auth", () => {
  it("counts the address the custom server wrote, so a rotated X-Forwarded-For dodges nothing, and tells the form how long to wait", async () => {
    const throttle = new SignInThrottle({ kind: "memory" });
    const errors = [];
    for (let i = 0; i < 7; i++) {
      const headers = { [CLIENT_ADDRESS_HEADER]: "203.0.113.33", "x-forwarded-for": `198.51.100.${i}` };
      errors.push(errorOf(await signInWith("https://kuasa.example", throttle, { email: EMAIL, password: "salah-sekali-123" }, headers)));
    }
    expect(errors).toEqual(["invalid", "invalid", "invalid", "invalid", "invalid", "invalid", "rate_limited:30"]);
  });
});

describe("signing out", () => {
  it("ends that session on the server: a copy of its cookie finds no session afterwards, while another sign-in of the user stands", async () => {
    const publicUrl = "http://localhost:3000";
    const throttle = new SignInThrottle({ kind: "memory" });
    const signedIn = async (address: string) => {
      const cookie = sessionCookie(
        await signInWith(publicUrl, throttle, { email: EMAIL, password: PASSWORD }, { [CLIENT_ADDRESS_HEADER]: address }),
      );
      const [name, value] = cookie!.split(";")[0]!.split("=") as [string, string];
      const cookies = { [name]: decodeURIComponent(value) };
      const session = (await auth(publicUrl, throttle, "session", { cookies })).body as { user: { sessionId: string } };
      return { cookies, sessionId: session.user.sessionId };
    };
    const laptop = await signedIn("203.0.113.40");
    const phone = await signedIn("203.0.113.41");
    expect(laptop.sessionId).not.toBe(phone.sessionId);
    const deps = { db: database.prisma, clock: systemClock };
    expect(await findSessionAccount(deps, laptop.sessionId)).not.toBeNull();

    const { token, cookies } = await csrf(publicUrl, throttle);
    await auth(publicUrl, throttle, "signout", {
      method: "POST",
      body: { csrfToken: token, json: "true" },
      cookies: { ...cookies, ...laptop.cookies },
    });
    expect(await findSessionAccount(deps, laptop.sessionId)).toBeNull();
    expect(await findSessionAccount(deps, phone.sessionId)).toMatchObject({ user: { email: EMAIL, sessionId: phone.sessionId } });
  });
});

describe("the device cookie through next-auth", () => {
  it("a sign-in issues one, and with it the owner gets in from an address where guesses from elsewhere keep a new device out", async () => {
    const publicUrl = "http://localhost:3000";
    const email = `perangkat-auth-${Date.now()}@contoh.id`;
    await createUser({ db: database.prisma }, { email, password: PASSWORD, role: "operator" }, { actorType: "system" });
    // Long waits: no test run outlasts one, so what is refused never depends on the clock.
    const throttle = new SignInThrottle(
      { kind: "memory" },
      { ...SIGN_IN_BACKOFF, rules: { ...SIGN_IN_BACKOFF.rules, account: { free: 2, firstWaitSeconds: 600, maxWaitSeconds: 600 } } },
    );
    let deviceCookie = "";
    await withDeviceCookie(async () => {
      const answer = await signInWith(publicUrl, throttle, { email, password: PASSWORD }, { [CLIENT_ADDRESS_HEADER]: "198.51.100.60" });
      expect(sessionCookie(answer)).toBeDefined();
      return new Response(null);
    }).then((answer) => {
      deviceCookie = answer.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    });
    expect(deviceCookie).toMatch(/^kuasa\.device=[\w-]+\.[\w-]+\.[\w-]+$/);

    for (let i = 0; i < 4; i++)
      await signInWith(publicUrl, throttle, { email, password: "salah-sekali-123" }, { [CLIENT_ADDRESS_HEADER]: `203.0.113.${150 + i}` });
    const newDevice = await signInWith(publicUrl, throttle, { email, password: PASSWORD }, { [CLIENT_ADDRESS_HEADER]: "192.0.2.90" });
    expect(errorOf(newDevice)).toMatch(/^rate_limited/);
    const owner = await signInWith(
      publicUrl,
      throttle,
      { email, password: PASSWORD },
      { [CLIENT_ADDRESS_HEADER]: "192.0.2.90", cookie: deviceCookie },
    );
    expect(sessionCookie(owner)).toBeDefined();
  });
});

describe("the e-mailed device link through next-auth", () => {
  it("a new device held back by a distributed attack is told of the link, and the sign-in form's link field lets the right password in", async () => {
    const publicUrl = "http://localhost:3000";
    const email = `tautan-auth-${Date.now()}@contoh.id`;
    await createUser({ db: database.prisma }, { email, password: PASSWORD, role: "operator" }, { actorType: "system" });
    // Long waits: no test run outlasts one, so what is refused never depends on the clock.
    const throttle = new SignInThrottle(
      { kind: "memory" },
      { ...SIGN_IN_BACKOFF, rules: { ...SIGN_IN_BACKOFF.rules, account: { free: 2, firstWaitSeconds: 600, maxWaitSeconds: 600 } } },
    );
    for (let i = 0; i < 6; i++)
      await signInWith(publicUrl, throttle, { email, password: "salah-sekali-123" }, { [CLIENT_ADDRESS_HEADER]: `203.0.113.${170 + i}` });
    const newDevice = await signInWith(publicUrl, throttle, { email, password: PASSWORD }, { [CLIENT_ADDRESS_HEADER]: "192.0.2.91" });
    expect(errorOf(newDevice)).toMatch(/^rate_limited:\d+:tautan$/);
    expect(sessionCookie(newDevice)).toBeUndefined();

    const [mail] = await database.prisma.emailMessage.findMany({ where: { toAddress: email } });
    const deviceLink = new URL(/http:\/\/\S+/.exec(mail!.text)![0]).searchParams.get("perangkat")!;
    const owner = await signInWith(
      publicUrl,
      throttle,
      { email, password: PASSWORD, deviceLink },
      { [CLIENT_ADDRESS_HEADER]: "192.0.2.91" },
    );
    expect(sessionCookie(owner)).toBeDefined();
  });
});
