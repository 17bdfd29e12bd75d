import { expect, type APIRequestContext, type Page, test } from "@playwright/test";
import { demoApiKey, screenshot, signIn } from "./portal";
import { OPERATOR, PENDING_ORGANIZATION, PRACTITIONER } from "./users";

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

async function api<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { headers: { Authorization: `Bearer ${demoApiKey()}` }, data });
  expect(res.ok(), `POST ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test("the operator's queues: a dispute decided for the practitioner, a stalled order refunded before its automatic refund, and a case closed", async ({ page, browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const DEMO_ORG = "Organisasi Demo";

  // A dispute: the practitioner takes the demo agent's NDA, then the agent disputes it.
  const disputed = await api<{ id: string }>(request, "/v1/orders", {
    service: "perjanjian_kerahasiaan",
    intake: { sifat_nda: "Sepihak (unilateral)", para_pihak: "PT Lima, Semarang", tujuan_pengungkapan: "Audit vendor", bahasa_perjanjian: "Bahasa Indonesia", email_kontak: "legal@lima.co.id" },
  });
  const practitioner = await browser.newPage();
  await signIn(practitioner, PRACTITIONER, /\/praktisi$/);
  const offer = practitioner.getByRole("article").filter({ hasText: disputed.id });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await offer.getByRole("button", { name: "Ambil pesanan" }).click();
  await expect(practitioner).toHaveURL(new RegExp(`/praktisi/pesanan/${disputed.id}$`), { timeout: 15_000 });
  const reason = "Praktisi tidak menanggapi pesan kami selama dua hari.";
  expect((await api<{ status: string }>(request, `/v1/orders/${disputed.id}/dispute`, { reason })).status).toBe("sengketa");

  // A stalled offering: a notary's service, and no active notary.
  const stalled = await api<{ id: string }>(request, "/v1/orders", {
    service: "surat_kuasa_legalisasi",
    intake: {
      jenis_kuasa: "Kuasa khusus",
      data_pemberi_penerima: "Budi (Jl. Melati 1, Jakarta) kepada Sari (Jl. Mawar 2, Jakarta)",
      nik_pemberi_kuasa: "3171012345678901",
      ruang_lingkup_kuasa: "Mengurus balik nama kendaraan",
      telepon_pemberi_kuasa: "+62 812-1111-2222",
    },
  });
  const kase = await api<{ id: string }>(request, "/v1/cases", {
    contact_name: "Andi Wijaya",
    contact_email: "andi@contoh.co.id",
    story: "Sengketa batas tanah dengan tetangga; butuh pendampingan mediasi.",
    area: "properti",
    urgency: "Dalam sebulan",
  });

  await signIn(page, OPERATOR, HOME);
  await nav(page, "Antrean pesanan");
  const dispute = page.getByRole("article", { name: disputed.id });
  await expect(dispute).toContainText(reason);
  await expect(dispute).toContainText(DEMO_ORG);
  await expect(dispute).toContainText(`praktisi ${PRACTITIONER.name}`);
  await expect(dispute).toContainText("Rp 1.700.000");
  const stall = page.getByRole("article", { name: stalled.id });
  await expect(async () => {
    await page.reload();
    await expect(stall).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(stall.getByRole("timer")).toHaveText(/^23:[0-5]\d:[0-5]\d tersisa$/);
  await expect(page.getByText("Tidak ada pesanan yang melewati tenggat SLA.")).toBeVisible();
  await screenshot(page, testInfo, "operator-antrean-sengketa");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "operator-antrean-sengketa-ponsel");
  await page.setViewportSize({ width: 1280, height: 720 });

  // Decided for the practitioner, with a note both parties read.
  await dispute.getByRole("button", { name: "Menangkan praktisi" }).click();
  const decide = page.getByRole("dialog", { name: "Menangkan praktisi dalam sengketa ini?" });
  for (const text of [disputed.id, "Perjanjian Kerahasiaan (NDA)", "Rp 1.700.000", DEMO_ORG]) await expect(decide).toContainText(text);
  const note = "Praktisi menunjukkan bukti balasan; pekerjaan dinilai sudah berjalan sesuai SLA.";
  await decide.getByLabel(/^Catatan untuk klien dan praktisi/).fill(note);
  await screenshot(page, testInfo, "operator-sengketa-dialog");
  await decide.getByRole("button", { name: "Ya, menangkan praktisi" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Sengketa ${disputed.id} diputuskan untuk praktisi` })).toBeVisible();
  await expect(page.getByRole("article", { name: disputed.id })).toHaveCount(0);
  const settled = await request.get(`/v1/orders/${disputed.id}`, { headers: { Authorization: `Bearer ${demoApiKey()}` } });
  const settledOrder = (await settled.json()) as { status: string; messages: Array<{ role: string; body: string }> };
  expect(settledOrder.status).toBe("selesai");
  expect(settledOrder.messages).toContainEqual(expect.objectContaining({ role: "operator", body: note }));
  // The practitioner reads the decision in the order's thread, under the operator's name.
  await practitioner.reload();
  await expect(practitioner.locator(".badge")).toHaveText("Selesai");
  await expect(practitioner.locator(".message-operator")).toContainText("Operator Kuasa");
  await expect(practitioner.locator(".message-operator")).toContainText(note);
  await screenshot(practitioner, testInfo, "praktisi-pesanan-catatan-operator");
  await practitioner.close();

  // The stalled order is refunded now rather than at its automatic refund.
  await page.getByRole("article", { name: stalled.id }).getByRole("button", { name: "Refund" }).click();
  await page.getByRole("dialog", { name: "Refund pesanan ini?" }).getByRole("button", { name: "Ya, refund" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Pesanan ${stalled.id} direfund` })).toBeVisible();
  await expect(page.getByText("Tidak ada sengketa yang menunggu keputusan.")).toBeVisible();
  await screenshot(page, testInfo, "operator-antrean-kosong");

  // The case board: closing a case with no bids and no invoice.
  await nav(page, "Kasus");
  const open = page.getByRole("article").filter({ hasText: kase.id });
  await expect(open).toContainText(DEMO_ORG);
  await expect(open).toContainText("Terbuka: menerima penawaran");
  await screenshot(page, testInfo, "operator-kasus");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "operator-kasus-ponsel");
  await page.setViewportSize({ width: 1280, height: 720 });
  await open.getByRole("button", { name: "Tutup kasus" }).click();
  const close = page.getByRole("dialog", { name: "Tutup kasus ini?" });
  for (const text of [kase.id, DEMO_ORG, "Tidak ada penawaran yang masih berjalan.", "Belum ada tagihan."]) await expect(close).toContainText(text);
  await screenshot(page, testInfo, "operator-kasus-dialog");
  await close.getByRole("button", { name: "Ya, tutup kasus" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Kasus ${kase.id} ditutup.` })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: kase.id })).toHaveCount(0);
  await screenshot(page, testInfo, "operator-kasus-ditutup");
});
