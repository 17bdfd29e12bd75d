import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import { ndaOrder } from "../src/test/nda-order";
import { cardTitled, clickNav, enterSignedIn, screenshot, screenshotBothSizes, signIn } from "./portal";
import { BOOKS_ADMIN, BOOKS_PRACTITIONER, OPERATOR } from "./users";

/**
 * The books in the portals (issue 41): the admin of an organisation of its own finds its receipt,
 * credit note and deposit receipt under Keuangan and on the order, downloads them, reads and
 * downloads the month's deposit statement, and keeps the billing data the next documents print;
 * its sandbox has documents of its own, marked as test. A practitioner reads and downloads their
 * monthly statement. The operator finds a document by its number and schedules a tax rule. The
 * documents are issued by the server's own `books-issue` job, seconds after each payment.
 */

test.describe.configure({ mode: "serial" });

/** Filled by the admin's journey for the operator's: the numbers of the organisation's live receipt and test receipt. */
const numbers = { receipt: "", testReceipt: "" };

/**
 * Every axe rule of WCAG 2.0 A/AA and 2.1 AA on the page as it is now: none may be violated, of
 * whatever impact (e2e/axe.ts fails on serious ones only; these pages are new and held to all).
 */
async function expectNoA11yViolations(page: Page, testInfo: TestInfo) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  if (results.violations.length > 0)
    await testInfo.attach("axe-violations", { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
  expect(
    results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on ${page.url()}`,
  ).toEqual([]);
}

/** axe at desktop and phone size, and a screenshot at each (`<name>`, `<name>-ponsel`). */
async function checkBothSizes(page: Page, testInfo: TestInfo, name: string) {
  await expectNoA11yViolations(page, testInfo);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoA11yViolations(page, testInfo);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshotBothSizes(page, testInfo, name);
}

/** The portal's navigation holds one row at 1280 px, the new "Keuangan" link included. */
async function expectNavOnOneRow(page: Page) {
  const rows = await page
    .locator('nav[aria-label="Navigasi utama"] li')
    .evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);
  expect(rows, "the navigation wraps onto a second row at 1280 px").toBe(1);
}

/** Clicks a download link and answers the file's suggested name and bytes. */
async function download(link: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([link.page().waitForEvent("download"), link.click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** A PDF kept in the test's output folder, its first page rendered to PNG (poppler's pdftoppm) and attached for a look. */
async function keepPdf(testInfo: TestInfo, name: string, bytes: Buffer) {
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const pdf = testInfo.outputPath(`${name}.pdf`);
  writeFileSync(pdf, bytes);
  const prefix = testInfo.outputPath(name);
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", pdf, prefix]);
  await testInfo.attach(`${name}.png`, { path: `${prefix}.png`, contentType: "image/png" });
  return execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
}

/** The CSV's rows split into cells, its byte order mark checked. */
function csvRows(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes
    .subarray(3)
    .toString("utf8")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(";"));
}

/** The portal's toast of a step done. */
const toast = (page: Page) => page.locator(".toasts [role=status]");

const rupiah = (amount: number) => `Rp ${amount.toLocaleString("id-ID")}`;
const thisMonth = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 7);

test("the admin downloads the organisation's receipts and monthly statement under Keuangan and on the order, and keeps its billing data", async ({
  page,
  request,
}, testInfo) => {
  // The sandbox first, so its documents are issued while the live ones are read: test money and a test order.
  const testKey = readFileSync(path.join(String(testInfo.project.metadata.dataDir), BOOKS_ADMIN.testKeyFile), "utf8").trim();
  const asAgent = { headers: { Authorization: `Bearer ${testKey}` } };
  expect((await request.post("/v1/test_helpers/deposit/top_up", { ...asAgent, data: { amount_idr: 5_000_000 } })).ok()).toBe(true);
  const testOrder = await request.post("/v1/orders", { ...asAgent, data: ndaOrder() });
  expect(testOrder.ok(), await testOrder.text()).toBe(true);

  await signIn(page, BOOKS_ADMIN, /\/organisasi$/);
  await clickNav(page, "Keuangan");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dokumen keuangan");
  await expectNavOnOneRow(page);
  const documents = page.getByRole("table", { name: "Dokumen keuangan, terbaru di atas" });
  // The live order was paid and cancelled before the server started; the job issues at its first sweeps.
  await expect(async () => {
    await page.reload();
    await expect(documents.locator("tbody tr")).toHaveCount(3, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const receiptRow = documents.getByRole("row").filter({ hasText: "Kuitansi" });
  for (const [kind, amount] of [
    ["Kuitansi", 1_700_000],
    ["Nota kredit", 1_700_000],
    ["Bukti setoran", BOOKS_ADMIN.depositIdr],
  ] as const)
    await expect(documents.getByRole("row").filter({ hasText: kind })).toContainText(rupiah(amount));
  numbers.receipt = (await receiptRow.locator("code").first().textContent()) ?? "";
  expect(numbers.receipt).toMatch(/^KWT\/\d{4}\/\d{6}$/);
  await checkBothSizes(page, testInfo, "organisasi-keuangan");

  // One kind at a time.
  await page.getByLabel("Jenis", { exact: true }).selectOption({ label: "Nota kredit" });
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(documents.locator("tbody tr")).toHaveCount(1);
  await expect(documents).toContainText("Pengembalian dana pesanan");
  await page.getByRole("link", { name: "Hapus filter" }).click();

  // The receipt itself: a PDF with its number, the platform's fee and the VAT inside it.
  const receipt = await download(receiptRow.getByRole("link", { name: `Unduh PDF Kuitansi ${numbers.receipt}` }));
  expect(receipt.name).toBe(`${numbers.receipt.replaceAll("/", "-")}.pdf`);
  const receiptText = await keepPdf(testInfo, "kuitansi", receipt.bytes);
  expect(receiptText).toContain(numbers.receipt);
  expect(receiptText).toContain(BOOKS_ADMIN.organization);
  expect(receiptText).toContain("PPN 12%");

  // The month's statement: the deposit in, the payment out, the refund back in.
  const statement = page.locator("section#laporan-bulanan");
  await expect(statement.getByRole("heading", { level: 2 })).toHaveText("Laporan bulanan deposit");
  await expect(statement.getByLabel("Bulan laporan")).toHaveValue(thisMonth());
  await expect(statement.getByRole("option", { selected: true })).toContainText("(bulan berjalan)");
  await expect(statement.getByRole("region", { name: "Saldo awal" })).toContainText("Rp 0");
  await expect(statement.getByRole("region", { name: "Masuk" })).toContainText(rupiah(BOOKS_ADMIN.depositIdr + 1_700_000));
  await expect(statement.getByRole("region", { name: "Keluar" })).toContainText(rupiah(1_700_000));
  await expect(statement.getByRole("region", { name: "Saldo saat ini" })).toContainText(rupiah(BOOKS_ADMIN.depositIdr));
  await expect(statement.locator("tbody tr")).toHaveCount(3);
  await expect(statement.getByRole("row").filter({ hasText: "Pembayaran pesanan" })).toContainText(numbers.receipt);
  const csv = await download(statement.getByRole("link", { name: /^Unduh CSV laporan/ }));
  expect(csv.name).toBe(`kuasa-laporan-deposit-${thisMonth()}.csv`);
  const rows = csvRows(csv.bytes);
  expect(rows.slice(1).map((cells) => cells[1])).toEqual(["saldo_awal", "deposit_topup", "order_payment", "order_refund", "saldo_akhir"]);
  expect(rows.at(-1)?.[6]).toBe(String(BOOKS_ADMIN.depositIdr));
  const statementPdf = await download(statement.getByRole("link", { name: /^Unduh PDF laporan/ }));
  expect(statementPdf.name).toBe(`kuasa-laporan-deposit-${thisMonth()}.pdf`);
  expect(await keepPdf(testInfo, "laporan-deposit", statementPdf.bytes)).toContain(numbers.receipt);

  // Billing data: a wrong NPWP is refused under its field, and what was typed stays.
  const billing = cardTitled(page, "Data penagihan");
  await billing.getByLabel("Nama badan hukum").fill("PT Buku Rapi Sejahtera");
  await billing.getByLabel("Alamat penagihan").fill("Jl. Kebon Sirih 12, Jakarta Pusat 10340");
  await billing.getByLabel("NPWP").fill("12.345");
  await billing.getByRole("button", { name: "Simpan data penagihan" }).click();
  const npwp = billing.getByLabel("NPWP");
  await expect(npwp).toHaveAttribute("aria-invalid", "true");
  await expect(npwp).toHaveAccessibleDescription(/NPWP terdiri dari 16 angka/);
  await expect(npwp).toBeFocused();
  await expect(billing.getByLabel("Nama badan hukum")).toHaveValue("PT Buku Rapi Sejahtera");
  await expectNoA11yViolations(page, testInfo);
  await screenshot(billing, testInfo, "organisasi-data-penagihan-salah");
  await npwp.fill("0012.3456.7890-1234");
  await billing.getByRole("button", { name: "Simpan data penagihan" }).click();
  await expect(toast(page)).toContainText("Data penagihan disimpan");
  await toast(page).getByRole("button", { name: "Tutup pemberitahuan" }).click();
  await expect(npwp).not.toHaveAttribute("aria-invalid");
  await page.reload();
  await expect(cardTitled(page, "Data penagihan").getByLabel("NPWP")).toHaveValue("0012 3456 7890 1234");

  // The order: its receipt and credit note, each with its PDF.
  await documents.getByRole("row").filter({ hasText: "Nota kredit" }).getByRole("link", { name: "Buka pesanan" }).click();
  await expect(page).toHaveURL(/\/organisasi\/pesanan\/ord_/);
  const orderDocuments = cardTitled(page, "Dokumen keuangan");
  await expect(orderDocuments.getByRole("listitem")).toHaveCount(2);
  await expect(orderDocuments.getByRole("listitem").first()).toContainText(numbers.receipt);
  await expect(orderDocuments.getByRole("listitem").nth(1)).toContainText("Nota kredit");
  const credit = await download(orderDocuments.getByRole("link", { name: /^Unduh PDF Nota kredit NK\// }));
  expect(await keepPdf(testInfo, "nota-kredit", credit.bytes)).toContain(numbers.receipt);
  await checkBothSizes(page, testInfo, "organisasi-pesanan-dokumen");

  // The sandbox: its own documents, numbered -UJI and marked.
  await page.goto("/organisasi/keuangan");
  await page.getByRole("link", { name: "Uji (sandbox)" }).click();
  await expect(page).toHaveURL(/\/organisasi\/keuangan\?mode=test$/);
  const testDocuments = page.getByRole("table", { name: "Dokumen keuangan uji, terbaru di atas" });
  await expect(async () => {
    await page.reload();
    await expect(testDocuments.locator("tbody tr")).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(testDocuments.getByRole("row").filter({ hasText: "KWT-UJI/" })).toContainText("Uji");
  numbers.testReceipt = (await testDocuments.getByRole("row").filter({ hasText: "KWT-UJI/" }).locator("code").textContent()) ?? "";
  await expect(page.getByRole("heading", { level: 2, name: "Laporan bulanan deposit uji" })).toBeVisible();
  const testPdf = await download(testDocuments.getByRole("link", { name: `Unduh PDF Kuitansi ${numbers.testReceipt}` }));
  expect(await keepPdf(testInfo, "kuitansi-uji", testPdf.bytes)).toContain("MODE UJI");
  await checkBothSizes(page, testInfo, "organisasi-keuangan-uji");
});

test("a practitioner reads and downloads their monthly statement", async ({ page }, testInfo) => {
  await signIn(page, BOOKS_PRACTITIONER, /\/praktisi$/);
  await clickNav(page, "Pendapatan");
  const monthly = page.locator("section#laporan-bulanan");
  await expect(monthly.getByRole("heading", { level: 2 })).toHaveText("Laporan bulanan");
  await expect(monthly.getByRole("region", { name: "Fee diperoleh" })).toContainText(rupiah(BOOKS_PRACTITIONER.earningsIdr));
  await expect(monthly.getByRole("region", { name: "Dicairkan" })).toContainText(rupiah(BOOKS_PRACTITIONER.payoutIdr));
  await expect(monthly.getByRole("region", { name: "Saldo terutang saat ini" })).toContainText(
    rupiah(BOOKS_PRACTITIONER.earningsIdr - BOOKS_PRACTITIONER.payoutIdr),
  );
  await checkBothSizes(page, testInfo, "praktisi-laporan-bulanan");
  const csv = await download(monthly.getByRole("link", { name: /^Unduh CSV laporan/ }));
  expect(csv.name).toBe(`kuasa-laporan-pendapatan-${thisMonth()}.csv`);
  expect(csvRows(csv.bytes).map((cells) => cells[1])).toEqual([
    "kode_jenis",
    "saldo_awal",
    "escrow_release",
    "practitioner_payout",
    "saldo_akhir",
  ]);
  const pdf = await download(monthly.getByRole("link", { name: /^Unduh PDF laporan/ }));
  expect(await keepPdf(testInfo, "laporan-pendapatan", pdf.bytes)).toContain(BOOKS_PRACTITIONER.name);

  // The month before: nothing moved.
  await monthly.getByLabel("Bulan laporan").selectOption({ index: 1 });
  await monthly.getByRole("button", { name: "Tampilkan" }).click();
  await expect(page).toHaveURL(/laporan=\d{4}-\d{2}/);
  await expect(page.locator("section#laporan-bulanan").getByRole("region", { name: "Fee diperoleh" })).toContainText("Rp 0");
  await expect(page.locator("section#laporan-bulanan")).toContainText("Tidak ada mutasi saldo");
});

test("the operator finds a document by its number and schedules a tax rule", async ({ page }, testInfo) => {
  expect(numbers.receipt, "the admin's journey found the receipt's number").not.toBe("");
  await enterSignedIn(page, OPERATOR, /\/operator$/);
  await clickNav(page, "Keuangan");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Keuangan");
  await expectNavOnOneRow(page);
  await expect(page.getByRole("link", { name: "Buka impor mutasi bank" })).toHaveAttribute("href", "/operator/keuangan/mutasi-bank");
  const search = cardTitled(page, "Cari dokumen");
  const number = search.getByLabel("Nomor dokumen");

  await number.fill("kuitansi saya");
  await search.getByRole("button", { name: "Cari" }).click();
  await expect(page.getByLabel("Nomor dokumen")).toHaveAccessibleDescription(/Nomor dokumen seperti KWT\/2026\/000123/);
  await number.fill("KWT/1999/999999");
  await search.getByRole("button", { name: "Cari" }).click();
  await expect(search.getByText("Tidak ada dokumen bernomor KWT/1999/999999.")).toBeVisible();

  // Typed loosely: lower case, without the leading zeros.
  const [series, year, sequence] = numbers.receipt.split("/");
  await number.fill(`${series!.toLowerCase()}/${year}/${Number(sequence)}`);
  await search.getByRole("button", { name: "Cari" }).click();
  const found = page.getByRole("region", { name: `Kuitansi ${numbers.receipt}` });
  await expect(found).toContainText("Rp 1.700.000");
  await expect(found.getByRole("link", { name: BOOKS_ADMIN.organization })).toHaveAttribute("href", /\/operator\/organisasi\/org_/);
  const pdf = await download(found.getByRole("link", { name: `Unduh PDF Kuitansi ${numbers.receipt}` }));
  expect(await keepPdf(testInfo, "kuitansi-operator", pdf.bytes)).toContain(numbers.receipt);
  await checkBothSizes(page, testInfo, "operator-keuangan");
  await number.fill(numbers.testReceipt);
  await search.getByRole("button", { name: "Cari" }).click();
  await expect(page.getByRole("region", { name: `Kuitansi ${numbers.testReceipt} Mode uji` })).toBeVisible();

  // The tax rules: the one in force highlighted; a new one from 1 January next year.
  await page.getByRole("link", { name: "Kelola aturan pajak" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aturan pajak");
  const rules = page.getByRole("table", { name: "Aturan pajak, terbaru di atas" });
  await expect(rules.getByRole("row").filter({ hasText: "Berlaku sekarang" })).toContainText("12%");
  const form = cardTitled(page, "Jadwalkan aturan baru");
  await form.getByLabel("Berlaku mulai").fill("2020-01-01");
  await form.getByLabel("Tarif PPN (%)").fill("11,5");
  await form.getByRole("button", { name: "Jadwalkan aturan" }).click();
  await expect(form.getByLabel("Berlaku mulai")).toHaveAccessibleDescription(/harus setelah saat ini/);
  const nextYear = new Date().getUTCFullYear() + 1;
  await form.getByLabel("Berlaku mulai").fill(`${nextYear}-01-01`);
  // The migration's rule has the platform's name only: its NPWP and address are typed here.
  await form.getByLabel("Alamat platform").fill("Jl. Jenderal Sudirman 1, Jakarta Pusat 10220");
  await form.getByLabel("NPWP platform").fill("123");
  await form.getByRole("button", { name: "Jadwalkan aturan" }).click();
  await expect(form.getByLabel("NPWP platform")).toHaveAccessibleDescription(/NPWP terdiri dari 16 angka/);
  await expect(form.getByLabel("Tarif PPN (%)")).toHaveValue("11,5");
  await expectNoA11yViolations(page, testInfo);
  await screenshot(form, testInfo, "operator-pajak-npwp-salah");
  await form.getByLabel("NPWP platform").fill("0012 3456 7890 1234");
  await form.getByRole("button", { name: "Jadwalkan aturan" }).click();
  await expect(toast(page)).toContainText("Aturan pajak dijadwalkan.");
  await toast(page).getByRole("button", { name: "Tutup pemberitahuan" }).click();
  const scheduled = rules.getByRole("row").filter({ hasText: "Terjadwal" });
  await expect(scheduled).toContainText("11,5%");
  await expect(scheduled).toContainText(`1 Jan ${nextYear}`);
  await checkBothSizes(page, testInfo, "operator-pajak");
});
