import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./portal";
import { OPERATOR, ORG_ADMIN, PRACTITIONER } from "./users";

/**
 * Security headers (issue 17): every page Next serves, anonymous and signed in, carries the
 * Content-Security-Policy with a per-request nonce (src/proxy.ts) and the static headers of
 * next.config.ts, and the browser reports no violation of that policy on any of them.
 */

/** status null: either (a not-found inside a portal streams after loading.tsx, so it may answer 200). */
type Visit = { path: string; status?: number | null };

const ANONYMOUS: Visit[] = [{ path: "/" }, { path: "/docs" }, { path: "/masuk" }, { path: "/halaman-yang-tidak-ada", status: 404 }];
const PORTALS = [
  {
    user: PRACTITIONER,
    home: /\/praktisi$/,
    pages: ["/praktisi", "/praktisi/kasus", "/praktisi/pesanan", "/praktisi/pendapatan", "/praktisi/pesanan/ord_tidakada"],
  },
  {
    user: ORG_ADMIN,
    home: /\/organisasi$/,
    pages: [
      "/organisasi",
      "/organisasi/pesanan",
      "/organisasi/persetujuan",
      "/organisasi/kasus",
      "/organisasi/kunci-api",
      "/organisasi/webhook",
      "/organisasi/pesanan/ord_tidakada",
    ],
  },
  {
    user: OPERATOR,
    home: /\/operator$/,
    pages: ["/operator", "/operator/antrean", "/operator/kasus", "/operator/katalog", "/operator/praktisi"],
  },
];

function expectStaticHeaders(headers: Record<string, string>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  for (const feature of ["camera=()", "microphone=()", "geolocation=()"]) expect(headers["permissions-policy"]).toContain(feature);
}

function directives(csp: string | undefined): Map<string, string[]> {
  expect(csp, "Content-Security-Policy header").toBeTruthy();
  return new Map(
    csp!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectPageHeaders(headers: Record<string, string>, where: string) {
  expectStaticHeaders(headers);
  const csp = directives(headers["content-security-policy"]);
  expect(csp.get("default-src"), where).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors"), where).toEqual(["'none'"]);
  expect(csp.get("base-uri"), where).toEqual(["'self'"]);
  expect(csp.get("form-action"), where).toEqual(["'self'"]);
  expect(csp.get("object-src"), where).toEqual(["'none'"]);
  expect(csp.get("img-src"), where).toEqual(["'self'", "data:"]);
  expect(csp.get("connect-src"), where).toEqual(["'self'"]);
  const scripts = csp.get("script-src") ?? [];
  expect(scripts, where).toContain("'self'");
  expect(
    scripts.some((s) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(s)),
    `${where}: script-src has a nonce`,
  ).toBe(true);
  expect(scripts, where).not.toContain("'unsafe-inline'");
  expect(scripts, where).not.toContain("'unsafe-eval'");
}

/** Violations as the page itself saw them (securitypolicyviolation) and as Chromium logged them. */
function watchViolations(page: Page): string[] {
  const logged: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) logged.push(message.text());
  });
  void page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return logged;
}

async function visit(page: Page, logged: string[], { path, status = 200 }: Visit) {
  logged.length = 0;
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response, path).not.toBeNull();
  if (status !== null) expect(response!.status(), path).toBe(status);
  expectPageHeaders(await response!.allHeaders(), path);
  // Every inline script (flight data, bootstrap) carries the nonce, so the policy lets it run.
  // Script files need none: 'self' allows them (chunks the runtime adds later have no nonce).
  const unnonced = await page.evaluate(() =>
    [...document.scripts].filter((s) => !s.src && !s.nonce).map((s) => s.textContent?.slice(0, 80)),
  );
  expect(unnonced, `${path}: inline scripts without the nonce`).toEqual([]);
  // Hydrated, chunks loaded: give late violations (lazy chunks, fetches) a moment to show up.
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  const seen = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  expect(seen, `${path}: securitypolicyviolation events`).toEqual([]);
  expect(logged, `${path}: CSP messages on the console`).toEqual([]);
}

test("anonymous pages, 404s, /api and /_next answers carry the security headers, with no CSP violation", async ({ page, request }) => {
  const logged = watchViolations(page);
  for (const target of ANONYMOUS) await visit(page, logged, target);

  // A portal page without a session ends on /masuk, still with the headers.
  await visit(page, logged, { path: "/organisasi" });
  await expect(page).toHaveURL(/\/masuk$/);

  // The sign-in form hydrated under the policy: a wrong password gets the client-side error.
  await page.getByLabel("E-mail").fill(PRACTITIONER.email);
  await page.getByLabel("Kata sandi").fill("bukan-kata-sandinya");
  await page.getByRole("button", { name: "Masuk" }).click();
  await expect(page.locator("form").getByRole("alert")).toBeVisible();
  expect(logged).toEqual([]);

  // A fresh nonce per request.
  const nonceOf = async () => /'nonce-([^']+)'/.exec((await request.get("/masuk")).headers()["content-security-policy"] ?? "")?.[1];
  const [first, second] = [await nonceOf(), await nonceOf()];
  expect(first).toBeTruthy();
  expect(first).not.toBe(second);

  // Next's own script files and the portal's JSON answers: nosniff and the rest; JSON may load nothing.
  const script = await page.evaluate(() => [...document.scripts].map((s) => s.src).find((src) => src.includes("/_next/static/")));
  expect(script).toBeTruthy();
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expectStaticHeaders(asset.headers());
  const session = await request.get("/api/auth/session");
  expectStaticHeaders(session.headers());
  expect(directives(session.headers()["content-security-policy"]).get("default-src")).toEqual(["'none'"]);
});

for (const portal of PORTALS) {
  test(`${portal.pages[0]} pages signed in carry the security headers, with no CSP violation`, async ({ page }) => {
    const logged = watchViolations(page);
    await signIn(page, portal.user, portal.home);
    expect(logged, "CSP messages while signing in").toEqual([]);
    for (const path of portal.pages) await visit(page, logged, { path, status: path.endsWith("/ord_tidakada") ? null : 200 });
  });
}
