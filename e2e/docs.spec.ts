import { expect, test } from "@playwright/test";
import { screenshot } from "./portal";

/**
 * The API reference at /docs in a real browser: it must list whatever the served OpenAPI
 * document holds, explain signed webhooks, and load nothing from anywhere but this server.
 */

type OpenApi = { info: { title: string }; paths: Record<string, Record<string, unknown>> };
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

// The first journey of a run: it meets a server that has served no page yet, and the reference
// is long (every operation, with its schemas). 30 s was too little on a busy two-core machine.
test.describe.configure({ timeout: 60_000 });

test("/docs shows every operation of /v1/openapi.json and the webhook signature, loading nothing from another origin", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = new URL(baseURL!).origin;
  const requested: string[] = [];
  page.on("request", (r) => requested.push(r.url()));

  const served = await request.get("/v1/openapi.json");
  expect(served.status()).toBe(200);
  const doc = (await served.json()) as OpenApi;
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => METHODS.includes(m))
      .map((m) => ({ method: m.toUpperCase(), path })),
  );
  expect(operations.length).toBeGreaterThan(0);

  const response = await page.goto("/docs", { waitUntil: "networkidle" });
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.info.title);

  // Every operation has its own section headed by its method and path, and none is extra. Read in
  // one pass: one browser round trip per operation made this the slowest journey.
  const sections = await page
    .locator("section[data-operation]")
    .evaluateAll((els) =>
      els.map((el) => ({ operation: el.getAttribute("data-operation"), heading: el.querySelector("h3")?.textContent?.trim() })),
    );
  const expected = operations.map(({ method, path }) => ({ operation: `${method} ${path}`, heading: `${method}${path}` }));
  const byOperation = (a: { operation: string | null }, b: { operation: string | null }) =>
    String(a.operation).localeCompare(String(b.operation));
  expect(sections.sort(byOperation)).toEqual(expected.sort(byOperation));

  // The reference explains errors with their codes and links to the document itself.
  await expect(page.locator("#errors")).toContainText("RATE_LIMITED");
  await expect(page.locator("#rate-limits")).toContainText("Retry-After");
  await expect(page.getByRole("link", { name: "Download /v1/openapi.json" })).toHaveAttribute("href", "/v1/openapi.json");

  // Webhooks: the signature header with a worked t=…,v1=… value.
  const webhooks = page.locator("#webhooks");
  await expect(webhooks.getByRole("heading", { level: 2, name: "Webhooks" })).toBeVisible();
  await expect(webhooks.getByRole("cell", { name: /^X-[A-Za-z0-9-]+-Signature$/ })).toBeVisible();
  await expect(webhooks).toContainText(/t=\d+,v1=[0-9a-f]{64}/);

  // Navigation works with plain anchors.
  const first = operations[0]!;
  await page.locator("nav").getByRole("link").filter({ hasText: first.path }).first().click();
  await expect(page).toHaveURL(/#op-/);

  await screenshot(page.locator("main > header"), testInfo, "docs-header");
  await screenshot(page.locator("#authentication"), testInfo, "docs-authentication");
  await screenshot(page.locator("#errors"), testInfo, "docs-errors");
  await screenshot(page.locator(`section[data-operation="POST /v1/orders"]`), testInfo, "docs-create-order");
  await screenshot(webhooks, testInfo, "docs-webhooks");

  // Offline: every request the page made went to this server, and nothing on it points elsewhere.
  const foreign = requested.filter((url) => /^(https?|wss?):/.test(url) && new URL(url).origin !== origin);
  expect(foreign).toEqual([]);
  expect(requested.length).toBeGreaterThan(0);
  const references = await page
    .locator("[src], [href]")
    .evaluateAll((els) => els.map((el) => (el as HTMLAnchorElement).href || (el as HTMLImageElement).src));
  expect(references.filter((url) => /^(https?|wss?):/.test(url) && new URL(url).origin !== origin)).toEqual([]);
});
