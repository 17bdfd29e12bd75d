import { type APIRequestContext, expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { cardTitled, DESKTOP, demoApiKey, enterSignedIn, PHONE, screenshot, signIn, takeOffer } from "./portal";
import { DEMO_ADMIN, LICENSING_PRACTITIONER, OPERATOR, PENDING_ORGANIZATION, PRACTITIONER } from "./users";

/**
 * The operator console in a real browser, with the operator and a waiting organisation created
 * by e2e/create-users.ts.
 */

const HOME = /\/operator$/;
const nav = (page: Page, name: string) => page.getByRole("navigation").getByRole("link", { name, exact: true }).click();
/** The toast of a step that succeeded (the portal shell's polite live region). */
const toast = (page: Page) => page.locator(".toasts [role=status]");
const SERVICE = "Perjanjian Perkawinan (Pranikah / Pascanikah)";

test("the operator approves a waiting organisation, tops up its deposit with a confirmation, suspends and re-approves it, and creates one, invites its first admin and revokes that invitation", async ({
  page,
}, testInfo) => {
  await enterSignedIn(page, OPERATOR, HOME);
  await expect(page.getByRole("region", { name: "Organisasi menunggu" }).locator(".stat-value")).not.toHaveText("0");
  await page.getByRole("link", { name: "Setujui organisasi" }).click();
  await expect(page).toHaveURL(/\/operator\/organisasi\?status=menunggu_persetujuan$/);
  const row = page.getByRole("row").filter({ hasText: PENDING_ORGANIZATION });
  await expect(row.locator(".pill")).toHaveText("Menunggu persetujuan");
  await screenshot(page, testInfo, "operator-organisasi");

  await row.getByRole("button", { name: "Setujui (aktifkan)" }).click();
  await page
    .getByRole("dialog", { name: `Aktifkan ${PENDING_ORGANIZATION}?` })
    .getByRole("button", { name: "Ya, aktifkan" })
    .click();
  await expect(toast(page)).toContainText(`${PENDING_ORGANIZATION} disetujui dan aktif.`);
  await expect(page.getByText("Tidak ada yang cocok dengan pencarian/filter ini.")).toBeVisible();

  // Its own page: the top-up needs an amount and a reference, and is confirmed naming both and the organisation.
  await nav(page, "Organisasi");
  await page.getByRole("link", { name: PENDING_ORGANIZATION }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PENDING_ORGANIZATION);
  const topUp = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Catat setoran deposit" }) });
  await topUp.getByLabel("Jumlah setoran").fill("7.500.000");
  await topUp.getByRole("button", { name: "Catat setoran" }).click();
  await expect(topUp.getByRole("alert")).toHaveText("Isi referensi setoran, misalnya nomor transfer bank, agar tercatat di mutasi.");
  await topUp.getByLabel("Referensi").fill("BCA 0912-7781");
  await topUp.getByRole("button", { name: "Catat setoran" }).click();
  const confirm = page.getByRole("dialog", { name: "Catat setoran deposit?" });
  for (const text of ["Rp 7.500.000", "BCA 0912-7781", PENDING_ORGANIZATION]) await expect(confirm).toContainText(text);
  await screenshot(page, testInfo, "operator-setoran-dialog");
  await confirm.getByRole("button", { name: "Ya, catat" }).click();
  await expect(toast(page)).toContainText(`Setoran Rp 7.500.000 untuk ${PENDING_ORGANIZATION} tercatat.`);
  await expect(page.getByRole("region", { name: "Deposit live" }).locator(".stat-value")).toHaveText("Rp 7.500.000");
  await screenshot(page, testInfo, "operator-organisasi-detail");

  await page.getByRole("button", { name: "Tangguhkan" }).click();
  await page
    .getByRole("dialog", { name: `Tangguhkan ${PENDING_ORGANIZATION}?` })
    .getByRole("button", { name: "Ya, tangguhkan" })
    .click();
  await expect(page.getByRole("main").locator(".pill").first()).toHaveText("Ditangguhkan");
  await page.getByRole("button", { name: "Setujui (aktifkan)" }).click();
  await page
    .getByRole("dialog", { name: `Aktifkan ${PENDING_ORGANIZATION}?` })
    .getByRole("button", { name: "Ya, aktifkan" })
    .click();
  await expect(page.getByRole("main").locator(".pill").first()).toHaveText("Aktif");

  // A new organisation from the console rather than the CLI: it opens on its own page.
  await nav(page, "Organisasi");
  const create = page.getByRole("form", { name: "Buat organisasi" });
  await create.getByLabel("Nama organisasi").fill("PT Konsol Baru");
  await create.getByLabel(/^Ambang persetujuan/).fill("5.000.000");
  await create.getByRole("button", { name: "Buat organisasi" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PT Konsol Baru");
  await expect(toast(page)).toContainText("Organisasi PT Konsol Baru dibuat.");
  await expect(page.getByRole("main").locator(".pill").first()).toHaveText("Menunggu persetujuan");
  await expect(page.getByRole("complementary")).toContainText("Rp 5.000.000");
  // Its first admin is invited from here: the one-time link is shown for passing on by hand.
  const admins = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Admin", exact: true }) });
  await expect(admins).toContainText("Belum ada admin.");
  await admins.getByLabel("E-mail admin baru").fill("pendiri@konsolbaru.co.id");
  await admins.getByRole("button", { name: "Undang admin" }).click();
  await expect(toast(page)).toContainText("Undangan untuk pendiri@konsolbaru.co.id dibuat.");
  await expect(admins.getByLabel("Tautan undangan (sekali pakai)")).toHaveValue(/\/undangan\/[A-Za-z0-9_-]{43}$/);
  await screenshot(page, testInfo, "operator-organisasi-undang-admin");
  // Once the link is put away the invitation stays listed, and can be revoked (to send a new one).
  await admins.getByRole("button", { name: "Sudah saya simpan" }).click();
  await admins.getByRole("button", { name: "Cabut undangan pendiri@konsolbaru.co.id" }).click();
  await page.getByRole("dialog", { name: "Cabut undangan ini?" }).getByRole("button", { name: "Ya, cabut" }).click();
  await expect(toast(page)).toContainText("Undangan untuk pendiri@konsolbaru.co.id dicabut.");
  await expect(admins.getByRole("button", { name: /^Cabut undangan/ })).toHaveCount(0);
  await nav(page, "Organisasi");
  await page.getByLabel("Cari organisasi").fill("konsol baru");
  await page.getByLabel("Status").selectOption({ label: "Menunggu persetujuan" });
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row").nth(1)).toContainText("PT Konsol Baru");
  await screenshot(page, testInfo, "operator-organisasi-cari");
});

test("the operator registers a practitioner and edits a catalog price (the agent price follows)", async ({ page, request }, testInfo) => {
  await enterSignedIn(page, OPERATOR, HOME);

  // Family law only: no other journey orders it, so this practitioner takes nobody's offers.
  await nav(page, "Praktisi");
  const form = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Daftarkan praktisi" }) });
  await form.getByLabel("Nama lengkap").fill("Sinta Wulandari, S.H.");
  await form.getByLabel("E-mail").fill("sinta.e2e@contoh.id");
  await form.getByRole("button", { name: "Buat acak" }).click();
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
  await screenshot(page, testInfo, "operator-katalog");
  await page.getByLabel("Cari layanan").fill("PRANIKAH");
  await page.getByLabel("Kategori").selectOption({ label: "Keluarga" });
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(page).toHaveURL(/q=PRANIKAH&kategori=keluarga/);
  await expect(page.getByRole("table", { name: "Layanan katalog" }).locator("tbody tr")).toHaveCount(1);
  await page.getByRole("link", { name: SERVICE }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(SERVICE);
  await expectNoSeriousA11yViolations(page, testInfo);
  const service = page.getByRole("article", { name: "Rincian layanan" });
  await service.getByText("Ubah layanan").click();
  await service.getByLabel("Harga klien (publik)").fill("3.600.000");
  await expect(service.locator(".computed")).toHaveText("Rp 4.150.000");
  await screenshot(service, testInfo, "operator-katalog-ubah");
  await service.getByRole("button", { name: "Simpan layanan" }).click();
  // A price change is confirmed first, old → new, the agent price beside the client price.
  const confirmPrice = page.getByRole("dialog", { name: `Ubah harga ${SERVICE}?` });
  await expect(confirmPrice).toContainText(/Harga klien\s*Rp\s3\.450\.000 → Rp\s3\.600\.000/);
  await expect(confirmPrice).toContainText(/Harga agen\s*Rp\s3\.950\.000 → Rp\s4\.150\.000/);
  await screenshot(page, testInfo, "operator-katalog-harga-dialog");
  await confirmPrice.getByRole("button", { name: "Ya, ubah harga" }).click();
  await expect(service.getByRole("status")).toContainText("Tersimpan.");
  await expect(service.locator("dl.facts").first()).toContainText("Rp 4.150.000");
  const listed = await request.get("/v1/services/perjanjian_pranikah", { headers: { Authorization: `Bearer ${demoApiKey()}` } });
  expect(((await listed.json()) as { price_idr: number }).price_idr).toBe(4_150_000);
  await screenshot(service, testInfo, "operator-katalog-tersimpan");

  // The intake fields with a form: a field added and moved up is refused until its key is right, then saved, listed and served to agents.
  const editor = service.getByRole("group", { name: /^Kolom intake/ });
  const before = await editor.locator(".intake-field").count();
  await editor.getByRole("button", { name: "Tambah kolom" }).click();
  const added = editor.locator(".intake-field").last();
  await added.getByLabel(/^Label kolom/).fill("Notaris pilihan klien");
  await added.getByLabel(/^Kunci kolom/).fill("Notaris Pilihan");
  await added.getByLabel(/^Kolom \d+ wajib diisi agen$/).uncheck();
  await added.getByRole("button", { name: /^Naikkan kolom/ }).click();
  await service.getByRole("button", { name: "Simpan layanan" }).click();
  await expect(service.getByRole("list", { name: "Masalah kolom intake" })).toContainText(
    `Kolom ${before}: kunci harus diawali huruf kecil, lalu huruf kecil, angka atau garis bawah`,
  );
  await screenshot(service, testInfo, "operator-katalog-intake-salah");
  await editor
    .locator(".intake-field")
    .nth(before - 1)
    .getByLabel(/^Kunci kolom/)
    .fill("notaris_pilihan");
  await service.getByRole("button", { name: "Simpan layanan" }).click();
  await expect(service.getByRole("status")).toContainText("Tersimpan.");
  await expect(service.getByRole("list", { name: "Masalah kolom intake" })).toHaveCount(0);
  await expect(service.getByText(`Kolom intake (${before + 1})`, { exact: true }).first()).toBeVisible();
  await page.reload();
  await service
    .getByText(`Kolom intake (${before + 1})`)
    .first()
    .click();
  const intakeRow = service.getByRole("row").filter({ hasText: "notaris_pilihan" });
  for (const text of ["Notaris pilihan klien", "Teks singkat", "Opsional"]) await expect(intakeRow).toContainText(text);
  const served = await request.get("/v1/services/perjanjian_pranikah", { headers: { Authorization: `Bearer ${demoApiKey()}` } });
  const intake = ((await served.json()) as { intake: Array<{ key: string; required: boolean }> }).intake;
  expect(intake.map((f) => f.key).indexOf("notaris_pilihan")).toBe(before - 1);
  expect(intake.find((f) => f.key === "notaris_pilihan")?.required).toBe(false);
  await screenshot(page, testInfo, "operator-katalog-intake-tersimpan");

  // Hidden from agents, then shown again.
  await service.getByRole("button", { name: "Sembunyikan dari agen" }).click();
  await page
    .getByRole("dialog", { name: `Sembunyikan ${SERVICE} dari agen?` })
    .getByRole("button", { name: "Ya, sembunyikan" })
    .click();
  await expect(service.getByText("Tersembunyi dari agen")).toBeVisible();
  expect((await request.get("/v1/services/perjanjian_pranikah", { headers: { Authorization: `Bearer ${demoApiKey()}` } })).status()).toBe(
    404,
  );
  await service.getByRole("button", { name: "Tampilkan ke agen" }).click();
  await expect(service.getByText("Terlihat agen")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/operator/organisasi");
  await screenshot(page, testInfo, "operator-organisasi-ponsel");
});

/** A calendar day as the console writes it ("15 Januari 2024"), and today in Jakarta as "YYYY-MM-DD". */
const dayText = (day: string) =>
  new Intl.DateTimeFormat("id-ID", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
const jakartaToday = () => new Date(Date.now() + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The page's axe check and screenshot at desktop and phone size, leaving it at desktop size. */
async function checkBothSizes(page: Page, testInfo: TestInfo, shot: string) {
  for (const [size, viewport] of [
    ["", DESKTOP],
    ["-ponsel", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page, testInfo);
    await screenshot(page, testInfo, `${shot}${size}`);
  }
  await page.setViewportSize(DESKTOP);
}

test("each official fee of a catalog service shows its legal basis and the day it was last checked; a fee checked over a year ago or never is flagged on its service and counted on the catalog, until the operator marks it checked today", async ({
  page,
}, testInfo) => {
  const CODE = "pencatatan_hak_cipta";
  await enterSignedIn(page, OPERATOR, HOME);

  // A fee billed for one kind of applicant only says so on its service, and its editor names that choice of the intake.
  await page.goto("/operator/katalog/pendaftaran_merek");
  const trademark = page.getByRole("article", { name: "Rincian layanan" });
  await expect(trademark.locator("#biaya-pnbp_merek_umk")).toContainText(/Hanya bila .+ = .+/);
  await trademark.getByText("Ubah layanan", { exact: true }).click();
  const trademarkFees = trademark.getByRole("group", { name: /^Biaya resmi pihak ketiga/ });
  await expect(trademarkFees.getByLabel("Berlaku untuk biaya 1", { exact: true }).locator("option:checked")).toHaveText(
    /^Hanya bila .+ = .+/,
  );
  await screenshot(trademarkFees.locator(".intake-field").first(), testInfo, "operator-katalog-biaya-berlaku-untuk");
  await page.goto(`/operator/katalog/${CODE}`);
  const serviceName = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const service = page.getByRole("article", { name: "Rincian layanan" });
  await service.getByText("Ubah layanan", { exact: true }).click();
  const fees = service.getByRole("group", { name: /^Biaya resmi pihak ketiga/ });
  const seeded = await fees.locator(".intake-field").count();
  expect(seeded).toBeGreaterThan(0);
  const label = (text: string, n: number) => fees.getByLabel(`${text} biaya ${n}`, { exact: true });
  const firstCode = await label("Kode", 1).inputValue();
  const firstBasis = await label("Dasar hukum", 1).inputValue();
  const firstDescription = await label("Uraian", 1).inputValue();

  // The first fee last checked in January 2024, and a new fee that was never checked (its basis left out at first: refused).
  await label("Terakhir diperiksa", 1).fill("2024-01-15");
  await fees.getByRole("button", { name: "Tambah biaya" }).click();
  const added = seeded + 1;
  await label("Uraian", added).fill("Legalisir salinan surat pencatatan (uji e2e)");
  await label("Kode", added).fill("legalisir_uji_e2e");
  await label("Jenis", added).selectOption("lainnya");
  await label("Tarif resmi", added).fill("25.000");
  await label("Satuan", added).fill("per salinan");
  await service.getByRole("button", { name: "Simpan layanan" }).click();
  await expect(service.getByRole("list", { name: "Masalah biaya resmi" })).toContainText(`Biaya ${added}: dasar hukum wajib diisi.`);
  await screenshot(fees, testInfo, "operator-katalog-biaya-ubah");
  await page.setViewportSize(PHONE);
  await screenshot(fees, testInfo, "operator-katalog-biaya-ubah-ponsel");
  await page.setViewportSize(DESKTOP);
  await label("Dasar hukum", added).fill("Tarif uji e2e, bukan peraturan");
  await service.getByRole("button", { name: "Simpan layanan" }).click();
  await expect(service.getByRole("status")).toContainText("Tersimpan.");
  await expect(service.getByRole("list", { name: "Masalah biaya resmi" })).toHaveCount(0);

  // The service's fee table: the basis and the day of each, the stale ones flagged and linked from the note above it.
  await page.reload();
  const first = service.locator(`#biaya-${firstCode}`);
  for (const text of [firstBasis, `Terakhir diperiksa: ${dayText("2024-01-15")}`, "Perlu diperiksa ulang: lebih dari setahun"])
    await expect(first).toContainText(text);
  const never = service.locator("#biaya-legalisir_uji_e2e");
  for (const text of ["Tarif uji e2e, bukan peraturan", "Terakhir diperiksa: tidak tercatat", "Belum pernah diperiksa"])
    await expect(never).toContainText(text);
  const note = service.getByRole("note");
  await expect(note).toContainText(/\d+ biaya resmi perlu diperiksa ulang/);
  await note.getByRole("link", { name: firstDescription }).click();
  await expect(page).toHaveURL(new RegExp(`#biaya-${firstCode}$`));
  await expect(first).toBeInViewport();
  await checkBothSizes(page, testInfo, "operator-katalog-biaya-perlu-diperiksa");

  // The catalog counts the stale fees over every service and links to this one's fees.
  await nav(page, "Katalog");
  const summary = page.getByRole("region", { name: /^\d+ biaya resmi perlu diperiksa ulang$/ });
  await expect(summary.getByRole("link", { name: serviceName })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: serviceName })).toContainText(/\d+ biaya perlu diperiksa ulang/);
  await checkBothSizes(page, testInfo, "operator-katalog-ringkasan-biaya");
  await screenshot(summary, testInfo, "operator-katalog-ringkasan-biaya-bagian");
  await page.setViewportSize(PHONE);
  await screenshot(summary, testInfo, "operator-katalog-ringkasan-biaya-bagian-ponsel");
  await page.setViewportSize(DESKTOP);
  await summary.getByRole("link", { name: serviceName }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/katalog/${CODE}#biaya-resmi$`));

  // Checked today: the first fee by its button, the others by their date; the test fee removed again. Nothing is flagged any more.
  const today = jakartaToday();
  await service.getByText("Ubah layanan", { exact: true }).click();
  await fees.getByRole("button", { name: "Biaya 1: sudah saya periksa hari ini" }).click();
  await expect(label("Terakhir diperiksa", 1)).toHaveValue(today);
  await expect(fees.getByRole("button", { name: "Biaya 1: sudah saya periksa hari ini" })).toBeDisabled();
  await fees.getByRole("button", { name: `Hapus biaya ${added}` }).click();
  for (let n = 2; n <= seeded; n++) await label("Terakhir diperiksa", n).fill(today);
  await service.getByRole("button", { name: "Simpan layanan" }).click();
  await expect(service.getByRole("status")).toContainText("Tersimpan.");
  await page.reload();
  await expect(first).toContainText(`Terakhir diperiksa: ${dayText(today)}`);
  await expect(service.locator(".fee-table .pill-warn")).toHaveCount(0);
  await expect(service.locator("#biaya-legalisir_uji_e2e")).toHaveCount(0);
  await expect(service.getByRole("note")).toHaveCount(0);
  await nav(page, "Katalog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Katalog");
  await expect(page.getByRole("link", { name: serviceName })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: serviceName }).locator(".pill-warn")).toHaveCount(0);
});

async function api<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { headers: { Authorization: `Bearer ${demoApiKey()}` }, data });
  expect(res.ok(), `POST ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test("overview → dispute queue → order page: a dispute decided with a split, a stalled order refunded, found again by search and in the audit log, and a case closed", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const DEMO_ORG = "Organisasi Demo";

  // A dispute: the practitioner takes the demo agent's NDA, then the agent disputes it.
  const disputed = await api<{ id: string }>(request, "/v1/orders", {
    service: "perjanjian_kerahasiaan",
    intake: {
      sifat_nda: "Sepihak (unilateral)",
      para_pihak: "PT Lima, Semarang",
      tujuan_pengungkapan: "Audit vendor",
      bahasa_perjanjian: "Bahasa Indonesia",
      email_kontak: "legal@lima.co.id",
    },
  });
  const practitioner = await browser.newPage();
  await enterSignedIn(practitioner, PRACTITIONER, /\/praktisi$/);
  const offer = practitioner.getByRole("article").filter({ hasText: disputed.id });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await takeOffer(offer);
  await expect(practitioner).toHaveURL(new RegExp(`/praktisi/pesanan/${disputed.id}$`), { timeout: 15_000 });
  // The organisation's admin opens the dispute from its portal: the queue shows the admin's reason too.
  const reason = "Praktisi tidak menanggapi pesan kami selama dua hari.";
  const admin = await browser.newPage();
  await signIn(admin, DEMO_ADMIN, /\/organisasi$/);
  await admin.goto(`/organisasi/pesanan/${disputed.id}`);
  await admin.locator("summary", { hasText: "Ajukan sengketa" }).click();
  await admin.getByLabel("Alasan sengketa").fill(reason);
  await admin.getByRole("button", { name: "Ajukan sengketa", exact: true }).click();
  await admin
    .getByRole("dialog", { name: "Ajukan sengketa atas pesanan ini?" })
    .getByRole("button", { name: "Ya, ajukan sengketa" })
    .click();
  await expect(admin.getByText("Sengketa dibuka.")).toBeVisible();
  await admin.close();

  // A stalled offering: a notary's service in DKI Jakarta, and no notary with a verified credential there.
  const stalled = await api<{ id: string }>(request, "/v1/orders", {
    service: "surat_kuasa_legalisasi",
    intake: {
      jenis_kuasa: "Kuasa khusus",
      data_pemberi_penerima: "Budi (Jl. Melati 1, Jakarta) kepada Sari (Jl. Mawar 2, Jakarta)",
      nik_pemberi_kuasa: "3171012345678901",
      ruang_lingkup_kuasa: "Mengurus balik nama kendaraan",
      telepon_pemberi_kuasa: "+62 812-1111-2222",
      provinsi_penandatanganan: "31",
    },
  });
  const kase = await api<{ id: string }>(request, "/v1/cases", {
    contact_name: "Andi Wijaya",
    contact_email: "andi@contoh.co.id",
    story: "Sengketa batas tanah dengan tetangga; butuh pendampingan mediasi.",
    area: "properti",
    urgency: "Dalam sebulan",
  });

  // Overview → the dispute queue → the order's page.
  await enterSignedIn(page, OPERATOR, HOME);
  await expect(page.getByRole("region", { name: "Sengketa", exact: true }).locator(".stat-value")).not.toHaveText("0");
  // Statuses in words only, never their codes.
  await expect(page.getByRole("link", { name: /^Dalam sengketa/ })).toHaveText(/^Dalam sengketa: \d+ pesanan$/);
  await screenshot(page, testInfo, "operator-ringkasan");
  // The count of today's orders opens the orders table filtered to today (no row is checked: the
  // run may cross midnight in Jakarta between the order and this page).
  await page.getByRole("link", { name: "Lihat pesanan hari ini" }).click();
  await expect(page).toHaveURL(/\/operator\/pesanan\?mode=live&dibuat=hari_ini$/);
  await expect(page.getByLabel("Dibuat", { exact: true })).toHaveValue("hari_ini");
  await page.goBack();
  await page.getByRole("link", { name: "Putuskan sengketa" }).click();
  await expect(page).toHaveURL(/\/operator\/antrean#sengketa$/);
  const disputes = page.getByRole("region", { name: "Sengketa yang menunggu keputusan" });
  const dispute = disputes.getByRole("row").filter({ hasText: disputed.id });
  await expect(dispute).toContainText(DEMO_ORG);
  await expect(dispute).toContainText(reason);
  await expect(dispute).toContainText("Rp 1.700.000");
  const stall = page.getByRole("region", { name: "Pesanan yang tawarannya berhenti" }).getByRole("row").filter({ hasText: stalled.id });
  await expect(async () => {
    await page.reload();
    await expect(stall).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(stall.getByRole("timer")).toHaveText(/^23:[0-5]\d:[0-5]\d tersisa$/);
  await expect(page.getByText("Tidak ada pesanan yang melewati tenggat SLA.")).toBeVisible();
  await screenshot(page, testInfo, "operator-antrean-sengketa");

  await dispute.getByRole("link", { name: disputed.id }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/pesanan/${disputed.id}$`));
  // The money words of docs/money-words.md: what the organisation pays is the agent price.
  const funds = page.getByRole("complementary", { name: "Ringkasan pesanan" });
  await expect(funds).toContainText(/Harga agen\s*Rp\s1\.700\.000/);
  await expect(funds).toContainText(/Honor praktisi\s*Rp\s1\.490\.000/);
  await expect(funds).not.toContainText("Harga klien");
  // The timeline, the ledger and the audit trail in words, without the codes behind them.
  for (const code of ["menunggu_bayar", "order_payment", "org_deposit:", "order.sengketa"])
    await expect(page.getByRole("main")).not.toContainText(code);
  await expectNoSeriousA11yViolations(page, testInfo);
  const actions = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Tindakan operator" }) });
  await expect(actions.getByRole("button")).toHaveText([
    "Refund ke deposit",
    "Menangkan praktisi",
    "Putuskan dengan pembagian",
    "Lanjutkan pekerjaan",
  ]);
  await expect(page.getByRole("main")).toContainText(reason);
  await expect(page.locator(".timeline").first()).toContainText("Dalam sengketa");
  await expect(page.getByRole("complementary")).toContainText(PRACTITIONER.name);
  await screenshot(page, testInfo, "operator-pesanan-detail");

  // Before deciding, the intake as the client sent it: shown only on request, and the reading is in the order's audit trail.
  const clientData = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Data klien" }) });
  await expect(clientData).not.toContainText("Sepihak (unilateral)");
  await clientData.getByRole("button", { name: "Lihat data klien" }).click();
  for (const text of ["Sifat perjanjian", "Sepihak (unilateral)", "PT Lima, Semarang", "legal@lima.co.id"])
    await expect(clientData).toContainText(text);
  const trail = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Log audit pesanan" }) });
  await expect(trail.getByRole("listitem").filter({ hasText: "Data klien dibuka operator" })).toContainText(OPERATOR.name);
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshot(clientData, testInfo, "operator-pesanan-data-klien");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "operator-pesanan-data-klien-ponsel");
  await page.setViewportSize({ width: 1280, height: 720 });

  // Decided with a split: the confirmation names the order and the organisation, and shows what each side gets before anything moves.
  await actions.getByRole("button", { name: "Putuskan dengan pembagian" }).click();
  const decide = page.getByRole("dialog", { name: `Putuskan dengan pembagian: pesanan ${disputed.id}?` });
  for (const text of [disputed.id, DEMO_ORG, "kurang dari Rp 1.490.000"]) await expect(decide).toContainText(text);
  const confirmSplit = decide.getByRole("button", { name: "Ya, putuskan dengan pembagian" });
  const note = "Separuh pekerjaan sudah sesuai pesanan; separuh harga dikembalikan ke klien.";
  // A share above the fee cannot be confirmed: the dialog says why and keeps what was typed.
  await decide.getByLabel(/^Catatan untuk klien dan praktisi/).fill(note);
  await decide.getByLabel("Bagian praktisi").fill("1.600.000");
  await expect(confirmSplit).toBeDisabled();
  await expect(confirmSplit).toHaveAccessibleDescription(/Bagian praktisi harus lebih dari Rp\s0 dan kurang dari Rp\s1\.490\.000/);
  await expect(decide).toBeVisible();
  await expect(decide.getByLabel(/^Catatan untuk klien dan praktisi/)).toHaveValue(note);
  await decide.getByLabel("Bagian praktisi").fill("745.000");
  await expect(decide.getByRole("status")).toHaveText(
    new RegExp(`Rp\\s745\\.000 ke praktisi, Rp\\s105\\.000 biaya platform, Rp\\s850\\.000 kembali ke deposit ${DEMO_ORG}\\.`),
  );
  await expect(confirmSplit).toBeEnabled();
  await screenshot(page, testInfo, "operator-sengketa-dialog");
  await confirmSplit.click();
  await expect(toast(page)).toContainText(`Putuskan dengan pembagian: pesanan ${disputed.id} sekarang Selesai.`);
  await expect(page.getByRole("main").locator(".badge").first()).toHaveText("Selesai");
  await expect(actions).toContainText("Tidak ada tindakan operator untuk status ini");
  await expect(page.locator(".message-operator")).toContainText(note);
  await expect(page.locator(".message-system").last()).toContainText("Sengketa diputus dengan pembagian");
  await screenshot(page, testInfo, "operator-pesanan-selesai");
  const settled = await request.get(`/v1/orders/${disputed.id}`, { headers: { Authorization: `Bearer ${demoApiKey()}` } });
  const settledOrder = (await settled.json()) as { status: string; messages: Array<{ role: string; body: string }> };
  expect(settledOrder.status).toBe("selesai");
  expect(settledOrder.messages).toContainEqual(expect.objectContaining({ role: "operator", body: note }));
  expect(settledOrder.messages.at(-1)).toEqual(
    expect.objectContaining({ role: "system", body: expect.stringMatching(/Rp\s850\.000 dikembalikan/) }),
  );
  // The practitioner reads the decision in the order's thread, under the operator's name.
  await practitioner.reload();
  await expect(practitioner.locator(".badge")).toHaveText("Selesai");
  await expect(practitioner.locator(".message-operator")).toContainText("Operator Kuasa");
  await expect(practitioner.locator(".message-operator")).toContainText(note);
  await screenshot(practitioner, testInfo, "praktisi-pesanan-catatan-operator");
  // Their orders list reads the same earning as the order page and the ledger: the split's share.
  await practitioner.goto("/praktisi/pesanan");
  await expect(practitioner.getByRole("row").filter({ hasText: disputed.id }).getByRole("cell").nth(2)).toHaveText(/^Rp\s745\.000/);
  await practitioner.close();

  // The stalled order says what is missing; nobody qualified can be chosen, so it is refunded now rather than at its automatic refund.
  await nav(page, "Antrean");
  await page.getByRole("link", { name: stalled.id }).click();
  await expect(
    page.getByText(
      /Tawaran macet sejak .*: Tidak ada praktisi aktif dengan kredensial Notaris wilayah DKI Jakarta yang terverifikasi dan berlaku di bidang kontrak/,
    ),
  ).toBeVisible();
  await expect(page.getByText(/^Tidak ada praktisi aktif di bidang ini dengan kredensial terverifikasi dan berlaku/)).toBeVisible();
  await screenshot(page, testInfo, "operator-pesanan-macet");
  await page.getByRole("button", { name: "Refund ke deposit" }).click();
  const refund = page.getByRole("dialog", { name: `Refund ke deposit: pesanan ${stalled.id}?` });
  await expect(refund).toContainText(new RegExp(`Kembalikan Rp\\s[\\d.]+ ke deposit ${DEMO_ORG}\\.`));
  await refund.getByRole("button", { name: "Ya, refund ke deposit" }).click();
  await expect(toast(page)).toContainText(`pesanan ${stalled.id} sekarang Dana dikembalikan.`);
  await nav(page, "Antrean");
  await expect(page.getByText("Tidak ada sengketa yang menunggu keputusan.")).toBeVisible();
  await expect(page.getByText("Tidak ada pesanan yang macet.")).toBeVisible();
  await screenshot(page, testInfo, "operator-antrean-kosong");

  // The order search with a filter, then the audit log filtered to the decision.
  await nav(page, "Pesanan");
  await page.getByLabel("Cari pesanan").fill(DEMO_ORG);
  await page.getByLabel("Status").selectOption({ label: "Selesai" });
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(page).toHaveURL(/status=selesai/);
  await expect(page.getByRole("row").filter({ hasText: disputed.id })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: stalled.id })).toHaveCount(0);
  await screenshot(page, testInfo, "operator-pesanan-cari");
  await page.getByLabel("Status").selectOption({ label: "Dana dikembalikan" });
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(page.getByRole("row").filter({ hasText: stalled.id })).toBeVisible();

  await nav(page, "Audit");
  await page.getByLabel("Tindakan").selectOption({ value: "order.settle_split" });
  await page.getByRole("button", { name: "Terapkan" }).click();
  const entry = page.getByRole("row").filter({ hasText: disputed.id });
  await expect(entry).toContainText("Sengketa diputus dengan pembagian");
  await expect(entry).toContainText(OPERATOR.name);
  await expect(page.getByRole("row").filter({ hasText: stalled.id })).toHaveCount(0);
  await screenshot(page, testInfo, "operator-audit");
  await entry.getByRole("link", { name: disputed.id }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/pesanan/${disputed.id}$`));

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
  for (const text of [kase.id, DEMO_ORG, "Tidak ada penawaran yang masih berjalan.", "Belum ada tagihan."])
    await expect(close).toContainText(text);
  await screenshot(page, testInfo, "operator-kasus-dialog");
  await close.getByRole("button", { name: "Ya, tutup kasus" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Kasus ${kase.id} ditutup.` })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: kase.id })).toHaveCount(0);
  await screenshot(page, testInfo, "operator-kasus-ditutup");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the operator finds a new order by search and filter, cancels it from its page with a confirmation, and reads every console page", async ({
    page,
    request,
  }, testInfo) => {
    const order = await api<{ id: string; price_idr: number }>(request, "/v1/orders", {
      service: "perjanjian_kerahasiaan",
      intake: {
        sifat_nda: "Timbal balik (mutual)",
        para_pihak: "PT Enam, Bandung",
        tujuan_pengungkapan: "Uji coba produk",
        bahasa_perjanjian: "Bahasa Indonesia",
        email_kontak: "legal@enam.co.id",
      },
    });
    await enterSignedIn(page, OPERATOR, HOME);
    await screenshot(page, testInfo, "operator-ringkasan-ponsel");
    await page.goto("/operator/pesanan");
    await page.getByLabel("Cari pesanan").fill(order.id);
    await page.getByLabel("Mode").selectOption({ label: "Live (uang sungguhan)" });
    await page.getByRole("button", { name: "Terapkan" }).click();
    await expect(page).toHaveURL(/mode=live/);
    await expect(page.getByRole("row").filter({ hasText: order.id })).toBeVisible();
    await screenshot(page, testInfo, "operator-pesanan-ponsel");

    await page.getByRole("link", { name: order.id }).click();
    await page.getByRole("button", { name: "Batalkan pesanan" }).click();
    const cancel = page.getByRole("dialog", { name: `Batalkan pesanan: pesanan ${order.id}?` });
    await expect(cancel).toContainText("Kembalikan Rp 1.700.000 ke deposit Organisasi Demo.");
    await screenshot(page, testInfo, "operator-batal-dialog-ponsel");
    await cancel.getByRole("button", { name: "Ya, batalkan pesanan" }).click();
    await expect(toast(page)).toContainText(`pesanan ${order.id} sekarang Dibatalkan.`);
    await expect(page.getByRole("complementary")).toContainText("Di escrow sekarang");
    await screenshot(page, testInfo, "operator-pesanan-detail-ponsel");

    for (const [path, name] of [
      ["/operator/antrean", "operator-antrean-ponsel"],
      ["/operator/organisasi", "operator-organisasi-daftar-ponsel"],
      ["/operator/audit", "operator-audit-ponsel"],
      ["/operator/katalog", "operator-katalog-ponsel"],
      ["/operator/katalog/perjanjian_kerahasiaan", "operator-katalog-layanan-ponsel"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await screenshot(page, testInfo, name);
    }
    // The service editor with its intake fields, open at phone width.
    await page.getByText("Ubah layanan").click();
    await expect(page.getByRole("group", { name: /^Kolom intake/ })).toBeVisible();
    await screenshot(page, testInfo, "operator-katalog-ubah-ponsel");
    await page.goto("/operator/organisasi?q=Organisasi%20Demo");
    await page.getByRole("link", { name: "Organisasi Demo" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Organisasi Demo");
    await expectNoSeriousA11yViolations(page, testInfo);
    await expect(page.getByRole("main")).toContainText(order.id);
    await screenshot(page, testInfo, "operator-organisasi-detail-ponsel");
  });
});

test("the operator activates the only practitioner of a stalled order's field, records their credential on their page, and offers it to them by choice, which the order's offers name as the operator's; they see the offer", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const { name } = LICENSING_PRACTITIONER;
  const order = await api<{ id: string }>(request, "/v1/orders", {
    service: LICENSING_PRACTITIONER.service,
    intake: {
      jenis_pelaku_usaha: "PT Perorangan",
      nama_usaha: "PT Kopi Tujuh",
      nik_penanggung_jawab: "3171012345678902",
      kegiatan_usaha: "Kedai kopi (KBLI 56303)",
      alamat_usaha: "Jl. Kenanga 7, Depok",
      email_kontak: "pemilik@kopitujuh.co.id",
    },
  });
  await enterSignedIn(page, OPERATOR, HOME);
  await page.goto(`/operator/pesanan/${order.id}`);
  const actions = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Tindakan operator" }) });
  // Offering runs on the server's timer: the order stalls at its first try, its only practitioner being inactive.
  await expect(async () => {
    await page.reload();
    await expect(actions).toContainText("Tawaran macet sejak", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(actions).toContainText(
    "Tidak ada praktisi aktif dengan kredensial yang terverifikasi dan berlaku di bidang perizinan yang sedang menerima tawaran.",
  );
  await expect(actions).toContainText("Tidak ada praktisi aktif di bidang ini dengan kredensial terverifikasi dan berlaku");
  await screenshot(page, testInfo, "operator-pesanan-macet-tanpa-praktisi");

  await nav(page, "Praktisi");
  const card = page.getByRole("article", { name });
  await expect(card.locator(".pill")).toHaveText("Nonaktif");
  await expect(card).toContainText("Belum ada kredensial yang berlaku: tidak ditawari pesanan");
  await card.getByRole("button", { name: "Aktifkan", exact: true }).click();
  await expect(card.locator(".pill")).toHaveText("Aktif");

  // Active but without a credential they are still nobody's choice: the operator records the one they checked, verified.
  await card.getByRole("link", { name: `Kelola kredensial ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const credentials = page.getByRole("list", { name: "Kredensial praktisi" });
  await expect(page.getByText("Belum ada kredensial.")).toBeVisible();
  const add = page.getByRole("form", { name: "Tambah kredensial terverifikasi" });
  const { credential } = LICENSING_PRACTITIONER;
  await add.getByLabel("Jenis kredensial").selectOption({ label: credential.kind });
  await add.getByLabel("Penerbit").fill(credential.issuer);
  await add.getByRole("button", { name: "Catat kredensial terverifikasi" }).click();
  await expect(add.getByRole("alert")).toHaveText("Isi nomor kredensial.");
  await add.getByLabel("Nomor").fill(credential.number);
  await add.getByRole("button", { name: "Catat kredensial terverifikasi" }).click();
  await expect(toast(page)).toContainText(`Kredensial ${credential.kind} ${name} dicatat terverifikasi`);
  const recorded = credentials.getByRole("article", { name: credential.kind });
  for (const text of ["Terverifikasi", credential.issuer, credential.number, "Tidak kedaluwarsa", "Ya: terverifikasi dan berlaku hari ini"])
    await expect(recorded).toContainText(text);
  await expect(cardTitled(page, "Data terverifikasi operator")).toContainText(credential.label);
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshot(page, testInfo, "operator-praktisi-kredensial-dicatat");

  // Neither offers anything by itself: the order waits, stalled, for the operator's choice.
  await page.goto(`/operator/pesanan/${order.id}`);
  await expect(actions).toContainText("Tawaran macet sejak");
  await actions
    .getByLabel("Tawarkan ke praktisi tertentu")
    .selectOption({ label: `${name} (${credential.label}): belum ditawari di putaran ini` });
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshot(page, testInfo, "operator-pesanan-pilih-praktisi");
  await actions.getByRole("button", { name: "Tawarkan", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: `Tawarkan pesanan ${order.id} ke ${name}?` });
  await expect(confirm).toContainText("selama 30 menit");
  await confirm.getByRole("button", { name: "Ya, tawarkan" }).click();
  await expect(toast(page)).toContainText(`Pesanan ditawarkan ke ${name}.`);
  await expect(actions).not.toContainText("Tawaran macet sejak");
  await expect(actions.getByRole("option", { name: `${name} (${credential.label}): sedang memegang tawaran ini` })).toBeDisabled();
  const trail = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Log audit pesanan" }) });
  await expect(trail.getByRole("listitem").filter({ hasText: "Ditawarkan ke praktisi pilihan operator" })).toContainText(OPERATOR.name);
  // The offering made no offer (it stalled); the one there is the operator's own, and says so instead of a ranking.
  const offers = cardTitled(page, "Penawaran").getByRole("listitem");
  await expect(offers).toHaveCount(1);
  await expect(offers).toContainText(`${name} Menunggu jawaban`);
  await expect(offers).toContainText(/berlaku sampai \d{1,2} \S+ \d{4}.* WIB/);
  await expect(offers).toContainText("Dipilih langsung oleh operator.");
  await expect(cardTitled(page, "Pemeriksaan benturan kepentingan")).toContainText(
    "Belum dikonfirmasi: belum ada praktisi yang mengambil pesanan ini.",
  );
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshot(page, testInfo, "operator-pesanan-ditawarkan");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshot(page, testInfo, "operator-pesanan-ditawarkan-ponsel");

  // The chosen practitioner, signed in now that they are active, finds the offer on their portal.
  const practitioner = await browser.newPage();
  await signIn(practitioner, LICENSING_PRACTITIONER, /\/praktisi$/);
  await expect(practitioner.getByRole("article").filter({ hasText: order.id })).toBeVisible();
  await screenshot(practitioner, testInfo, "praktisi-tawaran-pilihan-operator");
  await practitioner.close();
});
