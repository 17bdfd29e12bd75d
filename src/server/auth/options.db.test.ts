import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SEED } from "@/server/domain/access/actor";
import { CLIENT_ADDRESS_HEADER } from "@/server/domain/access/client-address";
import { deviceCookieKey } from "@/server/domain/access/device-cookie";
import { SIGN_IN_BACKOFF } from "@/server/domain/access/sign-in-backoff";
import { systemClock } from "@/server/domain/clock";
import { createUser, findSessionAccount, SignInThrottle } from "@/server/services/access";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import {
  type AuthAnswer,
  type AuthRequest,
  callNextAuth,
  cookieOf,
  sessionCookie,
  signInWith as signInThrough,
  signOutWith,
} from "@/test/next-auth";
import { withDeviceCookie } from "./device-cookie";
import { buildAuthOptions } from "./options";

let database: TestDatabase;
const PASSWORD = "rahasia-sekali-123";
const EMAIL = "operator-auth@contoh.id";
const savedUrl = process.env.NEXTAUTH_URL;
const SECRET = "test-secret-0123456789-0123456789";
const DEVICE_KEY = deviceCookieKey(SECRET);

beforeAll(async () => {
  database = await createTestDatabase();
  await createUser({ db: database.prisma }, { input: { email: EMAIL, password: PASSWORD, role: "operator" }, actor: SEED });
});

afterEach(() => {
  if (savedUrl === undefined) delete process.env.NEXTAUTH_URL;
  else process.env.NEXTAUTH_URL = savedUrl;
});

afterAll(async () => {
  await database?.destroy();
});

const optionsFor = (publicUrl: string, throttle: SignInThrottle) => ({
  ...buildAuthOptions({ db: database.prisma, clock: systemClock, signInThrottle: throttle, publicUrl, deviceKey: DEVICE_KEY }),
  secret: SECRET,
});

/** One call of next-auth's own handler with our options, as /api/auth/* runs it. */
const auth = (publicUrl: string, throttle: SignInThrottle, path: string, request: AuthRequest = {}) =>
  callNextAuth(optionsFor(publicUrl, throttle), publicUrl, path, request);

const signInWith = (
  publicUrl: string,
  throttle: SignInThrottle,
  credentials: { email: string; password: string; deviceLink?: string },
  headers: Record<string, string>,
  withToken = true,
) => signInThrough(optionsFor(publicUrl, throttle), publicUrl, credentials, headers, withToken);

const errorOf = (answer: AuthAnswer) => new URL((answer.body as { url: string }).url).searchParams.get("error");

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
      const cookies = cookieOf(
        sessionCookie(await signInWith(publicUrl, throttle, { email: EMAIL, password: PASSWORD }, { [CLIENT_ADDRESS_HEADER]: address }))!,
      );
      const session = (await auth(publicUrl, throttle, "session", { cookies })).body as { user: { sessionId: string } };
      return { cookies, sessionId: session.user.sessionId };
    };
    const laptop = await signedIn("203.0.113.40");
    const phone = await signedIn("203.0.113.41");
    expect(laptop.sessionId).not.toBe(phone.sessionId);
    const deps = { db: database.prisma, clock: systemClock };
    expect(await findSessionAccount(deps, { sessionId: laptop.sessionId })).not.toBeNull();

    await signOutWith(optionsFor(publicUrl, throttle), publicUrl, laptop.cookies);
    expect(await findSessionAccount(deps, { sessionId: laptop.sessionId })).toBeNull();
    expect(await findSessionAccount(deps, { sessionId: phone.sessionId })).toMatchObject({
      user: { email: EMAIL, sessionId: phone.sessionId },
    });
  });
});

describe("the device cookie through next-auth", () => {
  it("a sign-in issues one, and with it the owner gets in from an address where guesses from elsewhere keep a new device out", async () => {
    const publicUrl = "http://localhost:3000";
    const email = `perangkat-auth-${Date.now()}@contoh.id`;
    await createUser({ db: database.prisma }, { input: { email, password: PASSWORD, role: "operator" }, actor: SEED });
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
    await createUser({ db: database.prisma }, { input: { email, password: PASSWORD, role: "operator" }, actor: SEED });
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
