import path from "node:path";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { cardTitled, DESKTOP, enterSignedIn, PHONE, screenshotBothSizes } from "./portal";
import { OPERATOR, ORG_ADMIN } from "./users";

/**
 * Deposits reconciled from the bank: the operator imports a sample BCA statement (its references
 * are nobody's on this server, so every credit waits in the queue), credits one line to an
 * organisation of this journey's own and sets another aside; importing the file again credits
 * nothing. An admin reads the organisation's transfer reference on the overview. Nothing here
 * touches the deposits other journeys count: the credited organisation is made here.
 */

const BASE = "/operator/keuangan/mutasi-bank";
const SAMPLE = path.resolve(import.meta.dirname, "../docs/samples/bank-statements/bca-mutasi-2026-11-01_2026-11-15.csv");
const RECIPIENT = "PT Setoran Mutasi";

/** Both sizes, each checked with axe. */
async function walk(page: Page, testInfo: TestInfo, name: string) {
  await screenshotBothSizes(page, testInfo, name);
  await expectNoSeriousA11yViolations(page, testInfo);
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page, testInfo);
  await page.setViewportSize(DESKTOP);
}

const queueRows = (page: Page) => page.getByRole("table", { name: /^Antrean setoran/ }).locator("tbody tr");

test("the operator imports a bank statement, credits a queued line to an organisation and sets one aside; a second import credits nothing", async ({
  page,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await enterSignedIn(page, OPERATOR, /\/operator$/);

  // The organisation the cash deposit belongs to.
  await page.goto("/operator/organisasi");
  const create = page.getByRole("form", { name: "Buat organisasi" });
  await create.getByLabel("Nama organisasi").fill(RECIPIENT);
  await create.getByRole("radio", { name: "Aktif sekarang" }).check();
  await create.getByRole("button", { name: "Buat organisasi" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(RECIPIENT);

  // Nothing imported yet: both lists say so and what to do.
  await page.goto(BASE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mutasi bank");
  await expect(page.getByText("Antrean kosong: tidak ada setoran yang menunggu.")).toBeVisible();
  await expect(page.getByText("Belum ada mutasi yang diimpor.")).toBeVisible();
  await walk(page, testInfo, "operator-mutasi-bank-kosong");

  // No file chosen: said in words, nothing sent.
  const form = page.getByRole("form", { name: "Impor mutasi rekening" });
  await form.getByRole("button", { name: "Impor mutasi" }).click();
  await expect(form.getByRole("alert")).toHaveText("Pilih berkas CSV mutasi rekening terlebih dahulu.");

  // The sample: six credits, none with a reference of this server's organisations.
  await form.getByLabel("Berkas mutasi (CSV)").setInputFiles(SAMPLE);
  await form.getByRole("button", { name: "Impor mutasi" }).click();
  const summary = form.getByRole("status", { name: `Hasil impor ${path.basename(SAMPLE)}` });
  await expect(summary).toContainText(
    "0 setoran dikreditkan ke deposit, 6 masuk antrean, 0 sudah pernah diimpor. 2 mutasi keluar dilewati.",
  );
  await expect(queueRows(page)).toHaveCount(6);
  await expect(cardTitled(page, "Impor terakhir")).toContainText(path.basename(SAMPLE));
  await walk(page, testInfo, "operator-mutasi-bank-antrean");

  // The cash deposit, to the organisation found by name.
  const cash = queueRows(page).filter({ hasText: "SETORAN TUNAI" });
  await cash.getByText("Kreditkan ke organisasi…").click();
  await cash.getByRole("searchbox", { name: "Cari organisasi" }).fill("setoran mutasi");
  await cash.getByRole("button", { name: "Cari", exact: true }).click();
  await expect(cash.getByRole("radio", { name: new RegExp(`^${RECIPIENT} KSA[0-9A-Z]{8}$`) })).toBeChecked();
  await cash.getByLabel("Catatan (opsional)").fill("Bukti setoran tunai dikirim admin");
  await cash.getByRole("button", { name: /^Kreditkan baris/ }).click();
  const confirm = page.getByRole("dialog", { name: `Kreditkan Rp 2.000.000 ke ${RECIPIENT}?` });
  await expect(confirm).toContainText("SETORAN TUNAI");
  await expectNoSeriousA11yViolations(page, testInfo);
  await confirm.getByRole("button", { name: "Ya, kreditkan" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Rp 2.000.000 dikreditkan ke deposit ${RECIPIENT}.` })).toBeVisible();
  await expect(queueRows(page)).toHaveCount(5);

  // The line with two organisations' references is not a deposit of either: set aside, with the reason.
  const twoCodes = queueRows(page).filter({ hasText: "KSA7F3K9Q2M KSA4B8N2P6R" });
  await twoCodes.getByText("Abaikan").first().click();
  await twoCodes.getByRole("button", { name: /^Abaikan baris/ }).click();
  await expect(twoCodes.getByRole("alert")).toHaveText("Tulis alasan mengabaikan baris ini terlebih dahulu.");
  await twoCodes.getByLabel("Alasan").fill("Dana dikembalikan ke pengirim");
  await twoCodes.getByRole("button", { name: /^Abaikan baris/ }).click();
  await page.getByRole("dialog", { name: "Abaikan baris mutasi ini?" }).getByRole("button", { name: "Ya, abaikan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Baris mutasi diabaikan." })).toBeVisible();
  await expect(queueRows(page)).toHaveCount(4);

  // The same file again: every credit is already in.
  await form.getByLabel("Berkas mutasi (CSV)").setInputFiles(SAMPLE);
  await form.getByRole("button", { name: "Impor mutasi" }).click();
  await expect(summary).toContainText("0 setoran dikreditkan ke deposit, 0 masuk antrean, 6 sudah pernah diimpor.");
  await expect(queueRows(page)).toHaveCount(4);

  // The decided lines, by status; and the deposit on the organisation's page.
  await page.goto(`${BASE}?status=dikreditkan`);
  const credited = page.getByRole("table", { name: /^Baris dikreditkan/ }).locator("tbody tr");
  await expect(credited).toHaveCount(1);
  await expect(credited).toContainText(`ke ${RECIPIENT}`);
  await expect(credited).toContainText("Bukti setoran tunai dikirim admin");
  await walk(page, testInfo, "operator-mutasi-bank-dikreditkan");
  await credited.getByRole("link", { name: RECIPIENT }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(RECIPIENT);
  await expect(page.getByRole("main")).toContainText("Rp 2.000.000");

  // An import's own lines.
  await page.goto(BASE);
  await cardTitled(page, "Impor terakhir")
    .getByRole("link", { name: path.basename(SAMPLE) })
    .last()
    .click();
  await expect(page.getByRole("heading", { name: "Baris satu impor" })).toBeVisible();
  await expect(page.getByRole("table", { name: /^Baris dari / }).locator("tbody tr")).toHaveCount(6);
});

test("an admin reads the organisation's transfer reference on the overview, whole and copyable", async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await enterSignedIn(page, ORG_ADMIN, /\/organisasi$/);
  const topUp = page.getByRole("region", { name: "Cara menambah deposit" });
  const code = topUp.locator(".copy-value-text");
  await expect(code).toHaveText(/^KSA[0-9A-HJKMNP-TV-Z]{8}$/);
  await topUp.getByRole("button", { name: "Salin kode transfer organisasi Anda" }).click();
  await expect(topUp.getByRole("status").filter({ hasText: "Tersalin." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.textContent());
  await topUp.scrollIntoViewIfNeeded();
  await walk(page, testInfo, "organisasi-kode-transfer");
});
