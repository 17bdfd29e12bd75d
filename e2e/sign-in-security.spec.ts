import { type APIRequest, type APIRequestContext, expect, test } from "@playwright/test";
import { OPERATOR } from "./users";

/**
 * Portal security against the real server, through its HTTP endpoints (no TRUSTED_PROXIES: the
 * client at 127.0.0.1 is an untrusted peer): sign-in throttling, the session cookie's flags, and
 * CSRF on both /api/auth (next-auth's token) and /api/trpc (the origin check).
 */

test("guesses with a new X-Forwarded-For each time are still counted for 127.0.0.1, the seventh told to wait 30 s", async ({
  playwright,
  baseURL,
}) => {
  // An account of nobody's: the journeys' own users, signing in from the same address, stay untouched.
  const guesser = await playwright.request.newContext({ baseURL });
  try {
    const errors = [];
    for (let i = 0; i < 7; i++) {
      const { csrfToken } = (await (await guesser.get("/api/auth/csrf")).json()) as { csrfToken: string };
      const res = await guesser.post("/api/auth/callback/credentials", {
        headers: { "X-Forwarded-For": `198.51.100.${i}` },
        form: { email: "sasaran.throttle@contoh.id", password: `tebakan-ke-${i}`, csrfToken, json: "true" },
      });
      errors.push(new URL(((await res.json()) as { url: string }).url).searchParams.get("error"));
    }
    // Five free guesses and one that takes a 30-second turn; the seventh must wait for it (the form
    // words it with src/server/auth/sign-in-error.ts).
    expect(errors).toEqual(["invalid", "invalid", "invalid", "invalid", "invalid", "invalid", "rate_limited:30"]);
  } finally {
    await guesser.dispose();
  }
});

/** A client signed in as `user` through next-auth's own endpoints, as the sign-in form does it. */
async function signedIn(
  request: APIRequest,
  baseURL: string | undefined,
  user: { email: string; password: string },
): Promise<APIRequestContext> {
  const client = await request.newContext({ baseURL });
  const { csrfToken } = (await (await client.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await client.post("/api/auth/callback/credentials", { form: { ...user, csrfToken, json: "true" } });
  expect(new URL(((await res.json()) as { url: string }).url).searchParams.get("error")).toBeNull();
  return client;
}

test("the session cookie is HttpOnly and SameSite=Lax (Secure only behind an https public URL)", async ({ playwright, baseURL }) => {
  const operator = await signedIn(playwright.request, baseURL, OPERATOR);
  try {
    const session = (await operator.storageState()).cookies.find((cookie) => cookie.name.endsWith("next-auth.session-token"));
    expect(session).toMatchObject({ name: "next-auth.session-token", httpOnly: true, sameSite: "Lax", secure: false });
  } finally {
    await operator.dispose();
  }
});

test("a portal mutation from another site is 403 FORBIDDEN; from the portal's own origin it reaches the procedure", async ({
  playwright,
  baseURL,
}) => {
  const operator = await signedIn(playwright.request, baseURL, OPERATOR);
  try {
    const data = { organizationId: "org_tidak_ada", amountIdr: 1_000, reference: "csrf-e2e" };
    const forged = await operator.post("/api/trpc/operator.topUp", { headers: { Origin: "https://penyerang.example" }, data });
    expect(forged.status()).toBe(403);
    expect(await forged.json()).toMatchObject({ error: { data: { apiError: { code: "FORBIDDEN" } } } });
    const own = await operator.post("/api/trpc/operator.topUp", { headers: { Origin: new URL(baseURL!).origin }, data });
    expect(own.status()).toBe(404);
    expect(await own.json()).toMatchObject({ error: { data: { apiError: { code: "NOT_FOUND" } } } });
  } finally {
    await operator.dispose();
  }
});

test("next-auth signs nobody in from a form without the visitor's CSRF token", async ({ playwright, baseURL }) => {
  const stranger = await playwright.request.newContext({ baseURL });
  try {
    const res = await stranger.post("/api/auth/callback/credentials", {
      form: { email: OPERATOR.email, password: OPERATOR.password, json: "true" },
    });
    expect(res.headers()["set-cookie"] ?? "").not.toContain("session-token");
    expect(((await res.json()) as { url: string }).url).toContain("csrf=true");
  } finally {
    await stranger.dispose();
  }
});

test("signing out ends the session on the server: a saved copy of its cookie is refused afterwards, and the device cookie stays", async ({
  playwright,
  baseURL,
}) => {
  const operator = await signedIn(playwright.request, baseURL, OPERATOR);
  const cookies = (await operator.storageState()).cookies;
  expect(cookies.find((cookie) => cookie.name === "kuasa.device")).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth" });
  const thief = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
  try {
    expect((await thief.get("/api/trpc/operator.organizations")).status()).toBe(200);
    const { csrfToken } = (await (await operator.get("/api/auth/csrf")).json()) as { csrfToken: string };
    await operator.post("/api/auth/signout", { form: { csrfToken, json: "true" } });
    const refused = await thief.get("/api/trpc/operator.organizations");
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { data: { apiError: { code: "UNAUTHENTICATED" } } } });
    expect((await operator.storageState()).cookies.some((cookie) => cookie.name === "kuasa.device")).toBe(true);
  } finally {
    await thief.dispose();
    await operator.dispose();
  }
});
