import { expect, type Page, test } from "@playwright/test";
import { demoApiKey, screenshot, signIn } from "./portal";
import { OPERATOR, PENDING_ORGANIZATION } from "./users";

/**
 * The operator console in a real browser, with the operator and a waiting organisation created
 * by e2e/create-users.ts.
 */

const HOME = /\/operator$/;
const nav = (page: Page, name: string) => page.getByRole("navigation").getByRole("link", { name, exact: true }).click();
const SERVICE = "Perjanjian Perkawinan (Pranikah / Pascanikah)";

test("the operator approves a waiting organisation, tops up its deposit, suspends and re-approves it", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, OPERATOR, HOME);
  const org = page.getByRole("article", { name: PENDING_ORGANIZATION });
  await expect(org.locator(".pill")).toHaveText("Menunggu persetujuan");
  await expect(page.getByText("1 organisasi menunggu persetujuan.")).toBeVisible();
  await screenshot(page, testInfo, "operator-organisasi");

  await org.getByRole("button", { name: "Setujui (aktifkan)" }).click();
  await page.getByRole("dialog", { name: `Aktifkan ${PENDING_ORGANIZATION}?` }).getByRole("button", { name: "Ya, aktifkan" }).click();
  await expect(org.locator(".pill")).toHaveText("Aktif");

  // A top-up needs an amount and a reference, and is confirmed before it is recorded.
  await org.getByText("Tambah deposit").click();
  await org.getByLabel("Jumlah setoran").fill("7.500.000");
  await org.getByRole("button", { name: "Catat setoran" }).click();
  await expect(org.getByRole("alert")).toHaveText("Isi referensi setoran, misalnya nomor transfer bank, agar tercatat di mutasi.");
  await org.getByLabel("Referensi").fill("BCA 0912-7781");
  await org.getByRole("button", { name: "Catat setoran" }).click();
  const confirm = page.getByRole("dialog", { name: "Catat setoran deposit?" });
  await expect(confirm).toContainText("Rp 7.500.000");
  await expect(confirm).toContainText("BCA 0912-7781");
  await screenshot(page, testInfo, "operator-setoran-dialog");
  await confirm.getByRole("button", { name: "Ya, catat" }).click();
  await expect(org.getByRole("status")).toHaveText(`Tercatat. Deposit ${PENDING_ORGANIZATION} sekarang Rp 7.500.000.`);
  await expect(org.locator("dd.amount")).toHaveText("Rp 7.500.000");
  await screenshot(page, testInfo, "operator-organisasi-setoran");

  await org.getByRole("button", { name: "Tangguhkan" }).click();
  await page.getByRole("dialog", { name: `Tangguhkan ${PENDING_ORGANIZATION}?` }).getByRole("button", { name: "Ya, tangguhkan" }).click();
  await expect(org.locator(".pill")).toHaveText("Ditangguhkan");
  await org.getByRole("button", { name: "Setujui (aktifkan)" }).click();
  await page.getByRole("dialog", { name: `Aktifkan ${PENDING_ORGANIZATION}?` }).getByRole("button", { name: "Ya, aktifkan" }).click();
  await expect(org.locator(".pill")).toHaveText("Aktif");
  await expect(org.locator("dd.amount")).toHaveText("Rp 7.500.000");
});

test("the operator registers a practitioner, edits a catalog price (the agent price follows), and works the queue", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, OPERATOR, HOME);

  await nav(page, "Antrean pesanan");
  await page.getByLabel("ID pesanan").fill("bukan-id");
  await page.getByRole("button", { name: "Jalankan tindakan" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Isi ID pesanan yang diawali ord_");
  await page.getByLabel("ID pesanan").fill("ord_tidakada");
  await page.getByLabel("Tindakan").selectOption({ label: "Refund ke deposit" });
  await expect(page.getByText("Hanya dari status: Dibayar, Ditawarkan ke praktisi, Dalam sengketa.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Jalankan tindakan" }).click();
  await page.getByRole("dialog", { name: "Refund ke deposit?" }).getByRole("button", { name: "Ya, refund ke deposit" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Tidak ada pesanan dengan ID itu. Periksa ID-nya (diawali ord_).");
  await screenshot(page, testInfo, "operator-antrean");

  // Family law only: no other journey orders it, so this practitioner takes nobody's offers.
  await nav(page, "Praktisi");
  const form = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Daftarkan praktisi" }) });
  await form.getByLabel("Nama lengkap").fill("Sinta Wulandari, S.H.");
  await form.getByLabel("E-mail").fill("sinta.e2e@contoh.id");
  await form.getByRole("button", { name: "Buat acak" }).click();
  await form.getByLabel(/^Label profesi/).fill("Advokat");
  await form.getByLabel("Keluarga").check();
  await form.getByRole("button", { name: "Daftarkan praktisi" }).click();
  await expect(form.getByRole("status")).toContainText("Sinta Wulandari, S.H. terdaftar.");
  const practitioner = page.getByRole("article", { name: "Sinta Wulandari, S.H." });
  await expect(practitioner).toContainText("sinta.e2e@contoh.id");
  await expect(practitioner).toContainText("Keluarga");
  await expect(practitioner.locator(".pill")).toHaveText("Aktif");
  await practitioner.getByRole("button", { name: "Nonaktifkan" }).click();
  await page.getByRole("dialog", { name: "Nonaktifkan Sinta Wulandari, S.H.?" }).getByRole("button", { name: "Ya, nonaktifkan" }).click();
  await expect(practitioner.locator(".pill")).toHaveText("Nonaktif");
  await practitioner.getByRole("button", { name: "Aktifkan", exact: true }).click();
  await expect(practitioner.locator(".pill")).toHaveText("Aktif");
  await screenshot(page, testInfo, "operator-praktisi");

  // The agent price is computed as the client price is typed, and is what the API charges.
  await nav(page, "Katalog");
  const service = page.getByRole("article", { name: SERVICE });
  await service.getByText("Ubah layanan").click();
  await service.getByLabel("Harga klien (publik)").fill("3.600.000");
  await expect(service.locator(".computed")).toHaveText("Rp 4.150.000");
  await screenshot(service, testInfo, "operator-katalog-ubah");
  await service.getByRole("button", { name: "Simpan layanan" }).click();
  await expect(service.getByRole("status")).toContainText("Tersimpan.");
  await expect(service.locator("dl.facts")).toContainText("Rp 4.150.000");
  const listed = await request.get("/v1/services/perjanjian_pranikah", { headers: { Authorization: `Bearer ${demoApiKey()}` } });
  expect(((await listed.json()) as { price_idr: number }).price_idr).toBe(4_150_000);
  await screenshot(page.getByRole("article").first(), testInfo, "operator-katalog");
  await screenshot(service, testInfo, "operator-katalog-tersimpan");

  // Hidden from agents, then shown again.
  await service.getByRole("button", { name: "Sembunyikan dari agen" }).click();
  await page.getByRole("dialog", { name: `Sembunyikan ${SERVICE} dari agen?` }).getByRole("button", { name: "Ya, sembunyikan" }).click();
  await expect(service.getByText("Tersembunyi dari agen")).toBeVisible();
  expect((await request.get("/v1/services/perjanjian_pranikah", { headers: { Authorization: `Bearer ${demoApiKey()}` } })).status()).toBe(404);
  await service.getByRole("button", { name: "Tampilkan ke agen" }).click();
  await expect(service.getByText("Terlihat agen")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/operator");
  await screenshot(page, testInfo, "operator-organisasi-ponsel");
});
