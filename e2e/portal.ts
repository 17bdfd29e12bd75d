import { readFileSync } from "node:fs";
import path from "node:path";
import { type BrowserContext, expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";

/** One of the running test's server's folders, from its project's metadata (e2e/playwright.config.ts). */
function serverFolder(name: "dataDir" | "sessionsDir"): string {
  const dir = (test.info().project.metadata as Record<string, string | undefined>)[name];
  if (!dir) throw new Error(`the project has no ${name}: run through e2e/playwright.config.ts`);
  return dir;
}

/** The key the test's server printed on first start, kept in its data directory. */
export function demoApiKey(): string {
  return readFileSync(path.join(serverFolder("dataDir"), "demo-api-key.txt"), "utf8").trim();
}

/** The sandbox key (kk_test_…) the test's server printed on first start, kept in its data directory. */
export function demoTestApiKey(): string {
  return readFileSync(path.join(serverFolder("dataDir"), "demo-test-api-key.txt"), "utf8").trim();
}

/** The widest viewport the portals lay out as a phone (globals.css: max-width 640px). */
const PHONE_MAX_WIDTH = 640;

/** The page is no wider than the screen: a phone user never scrolls sideways to read it. */
async function expectReflow(page: Page) {
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(
    width.page,
    `${page.url()} is ${width.page}px wide on a ${width.screen}px screen: something in it does not reflow`,
  ).toBeLessThanOrEqual(width.screen);
}

/** Signs in at /masuk and waits for the role's own portal. */
export async function signIn(page: Page, user: { email: string; password: string }, home: RegExp) {
  await page.goto("/masuk");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Kata sandi").fill(user.password);
  await page.getByRole("button", { name: "Masuk" }).click();
  // The server hashes at production cost (argon2id): on a loaded 2-core CI machine, a just-started
  // server has taken over 10 s to answer (2026-11-29), though it signed the user in.
  await expect(page).toHaveURL(home, { timeout: 30_000 });
}

/** The file in which e2e/sessions.setup.ts keeps `user`'s signed-in session on the test's server (the directory is the run's own). */
export function sessionFile(user: { email: string }): string {
  return path.join(serverFolder("sessionsDir"), `${user.email}.json`);
}

/**
 * Opens `user`'s portal with the session e2e/sessions.setup.ts signed in to once, through the
 * /masuk form, at the start of the run: for journeys that sign in only to get in. Signing in
 * itself is proven there and by the specs about it, which still use the form. A session is a
 * JWT cookie valid 12 h, longer than any run.
 */
export async function enterSignedIn(page: Page, user: { email: string }, home: RegExp) {
  const session = JSON.parse(readFileSync(sessionFile(user), "utf8")) as {
    url: string;
    cookies: Parameters<BrowserContext["addCookies"]>[0];
  };
  await page.context().addCookies(session.cookies);
  await page.goto(session.url);
  await expect(page).toHaveURL(home);
}

/**
 * Kept in test-results/ for a human look (CI artifacts): the whole page, or one part of a long one.
 * A whole page at phone width is first checked to reflow (WCAG 1.4.10): nothing may make it wider
 * than the screen, which a full-page screenshot would otherwise only show as a cut-off header.
 */
export async function screenshot(target: Page | Locator, testInfo: TestInfo, name: string) {
  if ("goto" in target && (target.viewportSize()?.width ?? Infinity) <= PHONE_MAX_WIDTH) await expectReflow(target);
  const file = testInfo.outputPath(`${name}.png`);
  await ("goto" in target ? target.screenshot({ path: file, fullPage: true }) : target.screenshot({ path: file }));
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/** The two sizes every portal page is checked at. */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** A screenshot at desktop and at phone size (`<name>-ponsel`), leaving the page at desktop size. */
export async function screenshotBothSizes(page: Page, testInfo: TestInfo, name: string) {
  await page.setViewportSize(DESKTOP);
  await screenshot(page, testInfo, name);
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, `${name}-ponsel`);
  await page.setViewportSize(DESKTOP);
}

/** A portal card by its title (a Card is a section under its h2). */
export const cardTitled = (page: Page, title: string) =>
  page.locator("section.card").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });

/** Follows a link of the portal's main navigation; a link with work waiting is named "Persetujuan (2 menunggu)". */
export function clickNav(page: Page, name: string) {
  return page
    .getByRole("navigation", { name: "Navigasi utama" })
    .getByRole("link", { name: new RegExp(`^${name}( \\(\\d+ menunggu\\))?$`) })
    .click();
}

/** Creates a key in the portal (every scope ticked by default) and answers its token. */
export async function createKey(page: Page, name: string, mode: "live" | "test" = "live") {
  await page.goto("/organisasi/kunci-api");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Buat kunci API" }) });
  for (const scope of ["katalog:baca", "order:buat", "status:baca", "kasus:buat"])
    await expect(form.getByRole("checkbox", { name: new RegExp(`^${scope}`) })).toBeChecked();
  await form.getByLabel("Nama kunci").fill(name);
  if (mode === "test") await form.getByRole("radio", { name: /^Uji \(sandbox\)/ }).check();
  await form.getByRole("button", { name: "Buat kunci API" }).click();
  const reveal = page.getByRole("region", { name: `Kunci "${name}" dibuat` });
  const token = await reveal.getByLabel(/^Kunci API/).inputValue();
  await reveal.getByRole("button", { name: "Sudah saya simpan" }).click();
  return token;
}

/** The offer card's statement that the practitioner has no conflict of interest with the order's parties. */
export const noConflictStatement = (offer: Locator) =>
  offer.getByRole("checkbox", { name: /^Saya menyatakan tidak memiliki benturan kepentingan dengan pihak-pihak di atas/ });

/** Takes an offer as a practitioner does: the statement of no conflict of interest ticked first, then "Ambil pesanan". */
export async function takeOffer(offer: Locator) {
  await noConflictStatement(offer).check();
  await offer.getByRole("button", { name: "Ambil pesanan" }).click();
}
