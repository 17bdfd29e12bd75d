import { expect, test } from "@playwright/test";
import { CATALOG_SEED } from "../src/server/services/catalog";
import { demoApiKey } from "./portal";

test("the landing page is in Bahasa Indonesia, titled Kuasa, and links to the OpenAPI document", async ({ page }, testInfo) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "id");
  await expect(page).toHaveTitle(/Kuasa/);
  await expect(page.getByRole("heading", { level: 1, name: "Kuasa" })).toBeVisible();
  await expect(page.getByText("API tempat agen AI memesan layanan hukum")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Untuk pengembang agen" })).toBeVisible();

  const reference = page.getByRole("link", { name: "/v1/openapi.json" });
  await expect(reference).toHaveAttribute("href", "/v1/openapi.json");
  // The curl example on the page points at this very server.
  await expect(page.locator("pre")).toContainText(`${new URL(page.url()).origin}/v1/services`);

  // Kept in test-results/ for a human look.
  await page.screenshot({ path: testInfo.outputPath("landing.png"), fullPage: true });

  // Following the link serves the OpenAPI 3.1 document itself.
  const [document] = await Promise.all([page.waitForResponse("**/v1/openapi.json"), reference.click()]);
  expect(document.status()).toBe(200);
  expect(((await document.json()) as { openapi: string }).openapi).toBe("3.1.0");
});

test("the browser can list the catalog over GET /v1/services with the demo key the server printed", async ({ page }) => {
  await page.goto("/");
  const token = demoApiKey();
  const result = await page.evaluate(async (key) => {
    const res = await fetch("/v1/services", { headers: { Authorization: `Bearer ${key}` } });
    return {
      status: res.status,
      contentType: res.headers.get("content-type"),
      body: (await res.json()) as { data: Array<{ code: string; price_idr: number }> },
    };
  }, token);
  expect(result.status).toBe(200);
  expect(result.contentType).toMatch(/^application\/json/);
  expect(result.body.data.map((s) => s.code).sort()).toEqual(CATALOG_SEED.map((s) => s.code).sort());
  for (const service of result.body.data) expect(service.price_idr).toBeGreaterThan(0);

  // Without the key the same call is refused in the API's error shape.
  const anonymous = await page.evaluate(async () => {
    const res = await fetch("/v1/services");
    return { status: res.status, body: (await res.json()) as unknown };
  });
  expect(anonymous.status).toBe(401);
  expect(anonymous.body).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
});
