import { type APIRequestContext, expect, test } from "@playwright/test";
import { ndaOrder } from "../src/test/nda-order";
import { expectNoSeriousA11yViolations } from "./axe";
import { cardTitled, clickNav, demoTestApiKey, enterSignedIn, screenshotBothSizes } from "./portal";
import { OPERATOR } from "./users";

/**
 * What an agent says, as the operator sees it: the demo organisation's sandbox agent checks a draft
 * (POST /v1/content_checks), then writes a practitioner a message that promises the outcome anyway.
 * The message goes as sent; the operator finds the organisation under Organisasi → "Konten agen", the rule in
 * words, the words found, and the order they were said on.
 */

const DEMO_ORG = "Organisasi Demo";
const PROMISE = "Tenang, dengan advokat Kuasa perkara klien kami pasti menang.";

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { headers: { Authorization: `Bearer ${demoTestApiKey()}` }, data });
  expect(res.ok(), `POST ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test("an agent's message that promises an outcome is sent as written and shows on the operator's Konten agen page", async ({
  page,
  request,
}, testInfo) => {
  // The draft, checked first: the promise is found, with its place in the text.
  const checked = await post<{ compliant: boolean; findings: Array<{ rule: string; excerpt: string; start: number; end: number }> }>(
    request,
    "/v1/content_checks",
    { text: PROMISE },
  );
  expect(checked.compliant).toBe(false);
  expect(checked.findings.map((f) => f.rule)).toContain("outcome_promise");
  for (const finding of checked.findings) expect(PROMISE.slice(finding.start, finding.end)).toBe(finding.excerpt);

  // Said all the same, to the practitioner of a sandbox order at work: the message is taken as written.
  const order = await post<{ id: string }>(request, "/v1/orders", ndaOrder());
  await post(request, `/v1/test_helpers/orders/${order.id}/accept`, {});
  await post(request, `/v1/test_helpers/orders/${order.id}/start`, {});
  const sent = await post<{ status: string; messages: Array<{ role: string; body: string }> }>(request, `/v1/orders/${order.id}/messages`, {
    body: PROMISE,
  });
  expect(sent.status).toBe("dikerjakan");
  expect(sent.messages.at(-1)).toMatchObject({ role: "client", body: PROMISE });

  // The operator: the organisation is listed with the rule in words, in the sandbox filter too.
  await enterSignedIn(page, OPERATOR, /\/operator$/);
  // Under Organisasi: the navigation holds one row at 1280 px.
  await clickNav(page, "Organisasi");
  await page.getByRole("link", { name: "Konten agen", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Konten agen");
  const row = page.getByRole("row").filter({ hasText: DEMO_ORG });
  await expect(row.getByRole("listitem").filter({ hasText: "Menjanjikan hasil" })).toHaveText(/^Menjanjikan hasil \d+$/);
  await expect(row.getByRole("list", { name: /temuan per pekan/ })).toBeVisible();
  await expect(cardTitled(page, "Aturan konten")).toContainText("perkara pasti menang");
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshotBothSizes(page, testInfo, "operator-konten");
  await page.getByLabel("Mode", { exact: true }).selectOption({ label: "Uji (sandbox)" });
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(page).toHaveURL(/\/operator\/konten\?mode=test$/);
  await expect(page.getByRole("row").filter({ hasText: DEMO_ORG })).toBeVisible();

  // Its findings: newest first, the words found, the order they were said on.
  await page.getByRole("link", { name: DEMO_ORG }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEMO_ORG);
  const finding = page.getByRole("row").filter({ hasText: order.id });
  await expect(finding).toContainText("Menjanjikan hasil");
  await expect(finding).toContainText("Uji");
  await expect(finding).toContainText("Pesan ke praktisi");
  await expect(finding.locator("blockquote")).toContainText("pasti menang");
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshotBothSizes(page, testInfo, "operator-konten-organisasi");
  await page.getByLabel("Aturan", { exact: true }).selectOption({ label: "Klaim verifikasi semua praktisi" });
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(page.getByText("Tidak ada yang cocok dengan pencarian/filter ini.")).toBeVisible();
  await page.getByRole("link", { name: "Hapus filter" }).click();

  // The organisation's own page counts them and leads back.
  await page.getByRole("link", { name: "Detail organisasi" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEMO_ORG);
  await expect(page.getByRole("region", { name: "Temuan konten 90 hari" }).locator(".stat-value")).not.toHaveText("0");
  await page.getByRole("link", { name: "Lihat temuan aturan konten" }).click();

  // The source link opens the order, where the message stands as the agent wrote it.
  await page.getByRole("row").filter({ hasText: order.id }).getByRole("link", { name: order.id }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/pesanan/${order.id}$`));
  await expect(page.getByRole("main")).toContainText(PROMISE);
});
