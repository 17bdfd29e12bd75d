import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { NAV } from "../src/app/_components/nav";
import { expectNoSeriousA11yViolations } from "./axe";
import { enterSignedIn, screenshot } from "./portal";
import { OPERATOR, ORG_ADMIN, PRACTITIONER } from "./users";

/**
 * Every page a person can reach from the navigation, and the public ones, at desktop and phone
 * size: no serious or critical axe violation (WCAG 2.1 AA rules), and a full-page screenshot
 * (`<role>-<page>-<size>.png` in test-results/) for a human look. The API reference at /docs is
 * checked at both sizes by docs.spec.ts, on the render it waits for anyway.
 */

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

const ROLES = [
  { role: "practitioner", user: PRACTITIONER, home: /\/praktisi$/ },
  { role: "org_admin", user: ORG_ADMIN, home: /\/organisasi$/ },
  { role: "operator", user: OPERATOR, home: /\/operator$/ },
] as const;

const PUBLIC_PAGES = [
  { name: "beranda", path: "/" },
  { name: "masuk", path: "/masuk" },
  { name: "lupa-sandi", path: "/lupa-sandi" },
  // The reset link's page as an unknown token shows it; the journey (password-reset.spec.ts) sees the form.
  { name: "atur-ulang-sandi", path: "/atur-ulang-sandi/tautan-karangan" },
  { name: "404", path: "/halaman-yang-tidak-ada" },
] as const;

/**
 * Pages below the navigation, opened by a link from a page of it: the operator's page of one
 * practitioner (their credentials, the form to add one).
 */
const LINKED_PAGES = [
  {
    role: ROLES[2],
    from: "/operator/praktisi",
    link: `Kelola kredensial ${PRACTITIONER.name}`,
    heading: PRACTITIONER.name,
    name: "operator-praktisi-detail",
  },
] as const;

// Every test stands alone (a page read through a stored session): spread over the project's workers.
test.describe.configure({ mode: "parallel" });

/** "/operator/kunci-api" → "kunci-api"; a portal's home is "ringkasan". */
const pageName = (href: string) => href.split("/").filter(Boolean).slice(1).join("-") || "ringkasan";

/** Session cookies per role, from the run's stored sessions once per worker. */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext["cookies"]>>>();
async function signedIn(page: Page, entry: (typeof ROLES)[number]) {
  let cookies = sessions.get(entry.role);
  if (!cookies) {
    await enterSignedIn(page, entry.user, entry.home);
    cookies = await page.context().cookies();
    sessions.set(entry.role, cookies);
  } else {
    await page.context().addCookies(cookies);
  }
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`${size} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    for (const { name, path } of PUBLIC_PAGES) {
      test(`public page ${path} has no serious accessibility violation`, async ({ page }, testInfo) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(name === "404" ? 404 : 200);
        await expect(page.locator("html")).toHaveAttribute("lang", "id");
        await expect(page.locator("h1")).toHaveCount(1, { timeout: 5_000 });
        await expectNoSeriousA11yViolations(page, testInfo);
        await screenshot(page, testInfo, `publik-${name}-${size}`);
      });
    }

    for (const entry of ROLES) {
      for (const item of NAV[entry.role]) {
        test(`${entry.role} page ${item.href} has no serious accessibility violation`, async ({ page }, testInfo) => {
          await signedIn(page, entry);
          const response = await page.goto(item.href);
          expect(response?.status()).toBe(200);
          // A page that failed to load still answers 200, with the portal's error page in the frame.
          await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Halaman tidak dapat dimuat");
          await expect(page.locator("h1")).toHaveCount(1);
          // By CSS, not role: on a phone the navigation is in the closed menu, out of the accessibility tree.
          await expect(page.locator(`nav[aria-label="Navigasi utama"] a[href="${item.href}"]`)).toHaveAttribute("aria-current", "page");
          if (size === "desktop") {
            // Every link in one row at 1280 px, the current one in bold.
            const rows = await page
              .locator('nav[aria-label="Navigasi utama"] li')
              .evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);
            expect(rows, "the navigation wraps onto a second row at 1280 px").toBe(1);
          }
          await expectNoSeriousA11yViolations(page, testInfo);
          await screenshot(page, testInfo, `${entry.role}-${pageName(item.href)}-${size}`);
        });
      }
    }

    for (const { role, from, link, heading, name } of LINKED_PAGES) {
      test(`${role.role} page "${link}" from ${from} has no serious accessibility violation`, async ({ page }, testInfo) => {
        await signedIn(page, role);
        await page.goto(from);
        await page.getByRole("link", { name: link, exact: true }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        await expectNoSeriousA11yViolations(page, testInfo);
        await screenshot(page, testInfo, `${name}-${size}`);
      });
    }
  });
}

test.describe("phone 390×844: the portal header", () => {
  test.use({ viewport: SIZES.phone });

  test("is one row with a Menu button; the navigation opens as a panel and marks the current page", async ({ page }, testInfo) => {
    await signedIn(page, ROLES[2]);
    await page.goto("/operator/katalog");
    const header = page.getByRole("banner");
    const menu = header.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Navigasi utama" });

    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    const brand = await header.getByRole("link", { name: "Kuasa" }).boundingBox();
    const button = await menu.boundingBox();
    expect(brand && button && Math.abs(brand.y + brand.height / 2 - (button.y + button.height / 2))).toBeLessThan(4);
    expect((await header.boundingBox())?.height).toBeLessThan(80);
    await screenshot(header, testInfo, "phone-header-closed");

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Katalog" })).toHaveAttribute("aria-current", "page");
    // The portal's home is not current on a page below it.
    await expect(nav.getByRole("link", { name: "Ringkasan" })).not.toHaveAttribute("aria-current");
    await expect(header.getByRole("button", { name: "Keluar" })).toBeVisible();
    await screenshot(header, testInfo, "phone-header-open");

    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });
});

test("the first Tab reaches the skip link, which moves focus past the navigation to the page", async ({ page }) => {
  await signedIn(page, ROLES[0]);
  await page.goto("/praktisi");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Lewati ke konten" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  await expect(page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "Tawaran" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
