import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { clickNav, createKey, enterSignedIn, screenshot, signIn } from "./portal";
import { CASE_ADMIN, OPERATOR, ORG_ADMIN, PRACTITIONER } from "./users";

/**
 * The organisation portal as a place to run a business from: the orders table (search, filters,
 * paging, detail), the live/test switch, the spend chart and running-balance statement, editing a
 * key, and inviting a second admin who accepts in a browser of their own and signs in.
 */

const HOME = /\/organisasi$/;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

const ORDER = {
  service: "perjanjian_kerja",
  intake: {
    jenis_perjanjian: "PKWT (waktu tertentu)",
    nama_perusahaan: "PT Tabel Uji",
    jabatan: "Staf administrasi",
    ketentuan_khusus: "Upah Rp 6.000.000 per bulan.",
    email_kontak: "hr@tabeluji.co.id",
  },
};

async function bothSizes(page: Page, testInfo: TestInfo, name: string) {
  await screenshot(page, testInfo, name);
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, `${name}-ponsel`);
  await page.setViewportSize(DESKTOP);
}

async function placeOrder(request: APIRequestContext, token: string) {
  const created = await request.post("/v1/orders", { headers: { Authorization: `Bearer ${token}` }, data: ORDER });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test("orders table: filter by key, page, search, open and approve; the live/test switch; spend chart and running balance", async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await enterSignedIn(page, ORG_ADMIN, HOME);
  // Every order of this journey waits for approval, so placing 21 costs nothing.
  await page.getByLabel("Ambang (Rp)").fill("1.000.000");
  await page.getByRole("button", { name: "Simpan ambang" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Tersimpan" })).toBeVisible();

  const live = await createKey(page, "agen-tabel");
  const testToken = await createKey(page, "agen-tabel-uji", "test");
  const ids: string[] = [];
  for (let i = 0; i < 21; i++) ids.push(await placeOrder(request, live));

  // The badge on Persetujuan counts the live orders waiting.
  await page.reload();
  await expect(
    page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: /^Persetujuan \(\d+ menunggu\)$/ }),
  ).toBeVisible();

  await clickNav(page, "Pesanan");
  await page.getByLabel("Kunci API").selectOption({ label: `agen-tabel (${live.split(".")[0]})` });
  await page.getByRole("button", { name: "Terapkan" }).click();
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(20);
  // Newest first: the last order placed leads.
  await expect(rows.first()).toContainText(ids[20]!);
  await bothSizes(page, testInfo, "organisasi-pesanan-tabel");
  await page.getByRole("link", { name: "Berikutnya →" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(ids[0]!);
  await page.getByRole("link", { name: "← Ke awal" }).click();
  await expect(rows).toHaveCount(20);

  await page.getByLabel("Status").selectOption({ label: "Dibayar" });
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(page.getByText("Tidak ada yang cocok dengan pencarian/filter ini.")).toBeVisible();
  await page.getByRole("link", { name: "Hapus filter" }).first().click();
  await expect(page).toHaveURL(/\/organisasi\/pesanan$/);
  // A soft navigation keeps the selects' old values on screen (kit's DataTable form; reported): choose "Semua" again.
  await page.getByLabel("Status").selectOption({ label: "Semua" });
  await page.getByLabel("Kunci API").selectOption({ label: "Semua" });

  await page.getByLabel("Cari pesanan").fill(ids[7]!);
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/organisasi/pesanan/${ids[7]}$`));
  await expect(page.locator(".badge")).toHaveText("Menunggu persetujuan");
  await bothSizes(page, testInfo, "organisasi-pesanan-detail-menunggu");
  await expectNoSeriousA11yViolations(page, testInfo);
  await page.getByRole("button", { name: "Setujui" }).click();
  await page.getByRole("dialog", { name: "Setujui pesanan ini?" }).getByRole("button", { name: "Ya, setujui dan bayar" }).click();
  await expect(page.locator(".badge")).not.toHaveText("Menunggu persetujuan");

  // Test data: its own key and orders, shown only behind the switch, under a banner. The order waits
  // for approval, but only a deposit that could pay it is taken: the agent tops up its test deposit first.
  const topped = await request.post("/v1/test_helpers/deposit/top_up", {
    headers: { Authorization: `Bearer ${testToken}` },
    data: { amount_idr: 2_150_000 },
  });
  expect(topped.ok(), await topped.text()).toBe(true);
  const sandbox = await placeOrder(request, testToken);
  await clickNav(page, "Pesanan");
  await expect(page.getByRole("main")).not.toContainText(sandbox);
  await expect(page.getByRole("note")).toHaveCount(0);
  await page.getByRole("link", { name: "Uji (sandbox)" }).click();
  await expect(page).toHaveURL(/mode=test/);
  await expect(page.getByRole("note")).toContainText("Mode uji.");
  await expect(page.getByRole("row").filter({ hasText: sandbox })).toBeVisible();
  await bothSizes(page, testInfo, "organisasi-pesanan-uji");
  await page.getByRole("row").filter({ hasText: sandbox }).getByRole("link").first().click();
  await expect(page.getByRole("note")).toContainText("Mode uji.");
  await expect(page.locator(".badge")).toHaveText("Menunggu persetujuan");

  // Ringkasan: the chart of this month's spend, the statement with its running balance, in each mode.
  await clickNav(page, "Ringkasan");
  const chart = page.getByRole("img", { name: /^Belanja per bulan/ });
  await expect(chart).toBeVisible();
  await expect(page.locator("figure.spend table tbody tr")).toHaveCount(12);
  const paidRow = page.getByRole("row").filter({ hasText: ids[7]! });
  await expect(paidRow).toContainText("Pembayaran pesanan");
  await expect(paidRow).toContainText("Rp 2.150.000");
  await bothSizes(page, testInfo, "organisasi-ringkasan");
  await page.getByRole("link", { name: "Uji (sandbox)" }).click();
  await expect(page.getByRole("note")).toContainText("Mode uji.");
  // Its only test order waits for approval, so nothing is spent in test mode: the summary stands alone, without twelve bars of "0".
  await expect(page.locator("figure.spend figcaption")).toHaveText("Belum ada belanja dalam 12 bulan terakhir.");
  await expect(page.getByRole("img", { name: /^Belanja uji per bulan/ })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: "Setoran deposit" })).toContainText("Rp 2.150.000");
  await bothSizes(page, testInfo, "organisasi-ringkasan-uji");

  await page.goto("/organisasi/webhook?mode=test");
  await expect(page.getByRole("note")).toContainText("Mode uji.");
  await bothSizes(page, testInfo, "organisasi-webhook-tabel-uji");

  // organization.spec.ts expects no order waiting and the full deposit: the agent cancels every order (the paid one is refunded).
  for (const [id, token] of [...ids.map((id) => [id, live]), [sandbox, testToken]]) {
    const cancelled = await request.post(`/v1/orders/${id}/cancel`, { headers: { Authorization: `Bearer ${token}` }, data: {} });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
  }
});

test("an admin edits a key: a wrong webhook URL is refused, then the new name, scopes and URL are saved", async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await enterSignedIn(page, ORG_ADMIN, HOME);
  await createKey(page, "agen-ubah");
  const card = page.getByRole("article", { name: "agen-ubah" });
  await card.getByText("Ubah kunci").click();
  const form = card.getByRole("form", { name: "Ubah kunci agen-ubah" });
  await form.getByLabel("Nama kunci").fill("agen-diubah");
  await form.getByRole("checkbox", { name: /^kasus:buat/ }).uncheck();
  await form.getByLabel("URL webhook").fill("http://agen.contoh.id/hook");
  await form.getByRole("button", { name: "Simpan perubahan" }).click();
  await expect(form.getByRole("alert").filter({ hasText: /./ })).toHaveText(
    "URL webhook harus diawali https:// (atau http://localhost untuk pengembangan).",
  );
  await form.getByLabel("URL webhook").fill("https://agen.contoh.id/hook-baru");
  await bothSizes(page, testInfo, "organisasi-kunci-ubah");
  await form.getByRole("button", { name: "Simpan perubahan" }).click();
  const edited = page.getByRole("article", { name: "agen-diubah" });
  await expect(edited).toContainText("https://agen.contoh.id/hook-baru");
  await expect(edited.locator("code.scope")).toHaveText(["katalog:baca", "order:buat", "status:baca"]);
  await expect(page.getByText('Perubahan kunci "agen-ubah" disimpan.')).toBeVisible();
});

test("an admin reads each key's API version and its last requests, live and test keys alike, and copies a request id", async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await enterSignedIn(page, ORG_ADMIN, HOME);
  const live = await createKey(page, "agen-log");
  await createKey(page, "agen-log-uji", "test");

  // A new key is on the current version, which needs no move.
  const card = page.getByRole("article", { name: "agen-log", exact: true });
  await expect(card.getByRole("definition").filter({ hasText: "2026-11-28" })).toContainText("(terbaru)");
  await expect(card.getByRole("button", { name: /^Pindahkan ke versi/ })).toHaveCount(0);

  // Nothing asked yet with the test key: its empty state.
  const testCard = page.getByRole("article", { name: "agen-log-uji" });
  await testCard.getByText("Permintaan terakhir").click();
  await expect(testCard.getByRole("status").filter({ hasText: "Belum ada permintaan dengan kunci ini." })).toBeVisible();

  // Three requests with the live key: a read, a refusal, a read with a query string.
  const auth = { Authorization: `Bearer ${live}` };
  const balance = await request.get("/v1/balance", { headers: auth });
  expect(balance.headers()["kuasa-version"]).toBe("2026-11-28");
  const missing = await request.get("/v1/orders/ord_tidak_ada", { headers: auth });
  expect(missing.status()).toBe(404);
  await request.get("/v1/services?bahasa=id", { headers: auth });
  const missingId = missing.headers()["x-request-id"]!;

  // Written in batches about a second after the answer: "Muat ulang" until they are there.
  await card.getByText("Permintaan terakhir").click();
  const table = card.getByRole("region", { name: "Permintaan terakhir kunci agen-log" });
  await expect(async () => {
    await card.getByRole("button", { name: "Muat ulang" }).click();
    await expect(table.getByRole("row")).toHaveCount(4, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // Newest first; the query string is not kept; the status says how it went.
  await expect(table.getByRole("row").nth(1)).toContainText("GET /v1/services");
  await expect(table.getByRole("row").nth(1)).not.toContainText("bahasa");
  const refused = table.getByRole("row").nth(2);
  await expect(refused).toContainText("GET /v1/orders/ord_tidak_ada");
  await expect(refused.locator(".pill")).toHaveText("404");
  await expect(refused.locator(".pill")).toHaveClass(/pill-warn/);
  await expect(table.getByRole("row").nth(3).locator(".pill")).toHaveClass(/pill-ok/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await refused.getByRole("button", { name: `Salin ${missingId}` }).click();
  await expect(refused.getByRole("status")).toHaveText("Tersalin.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(missingId);
  await bothSizes(page, testInfo, "organisasi-kunci-permintaan");
  await expectNoSeriousA11yViolations(page);
});

test("an admin selects a practitioner's bid on a case, reads what needs attention and how to top up, and downloads CSV", async ({
  page,
  browser,
  request,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, CASE_ADMIN, HOME);
  // Nothing waits yet, and the operator has not set the transfer details.
  const attention = page.getByRole("region", { name: "Perlu perhatian" });
  await expect(attention).toContainText("Tidak ada yang menunggu Anda.");
  const topUp = page.getByRole("region", { name: "Cara menambah deposit" });
  await expect(topUp).toContainText("Hubungi operator Kuasa untuk menambah deposit.");
  await expect(topUp).toContainText(/Kode transfer organisasi Anda\s*KSA[0-9A-Z]{8}/);

  // The agent submits a case; the practitioner bids on it in their portal.
  const token = await createKey(page, "agen-kasus");
  const created = await request.post("/v1/cases", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      contact_name: "Hendra Gunawan",
      contact_email: "hendra@contoh.co.id",
      story: "Pemegang saham minoritas meminta pendapat hukum tentang rencana penggabungan usaha.",
      area: "korporasi",
      urgency: "Dalam 2 minggu",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const caseId = ((await created.json()) as { id: string }).id;
  const practitionerContext = await browser.newContext({ viewport: DESKTOP });
  const practitioner = await practitionerContext.newPage();
  await enterSignedIn(practitioner, PRACTITIONER, /\/praktisi$/);
  await practitioner.goto("/praktisi/kasus");
  const board = practitioner.getByRole("article").filter({ hasText: caseId });
  await board.getByRole("button", { name: "Ajukan penawaran" }).click();
  await board.getByLabel("Lingkup pekerjaan").fill("Pendapat hukum tentang penggabungan dan hak pemegang saham minoritas.");
  await board.getByLabel("Perkiraan selesai (hari)").fill("10");
  await board.getByLabel("Harga penawaran Anda").fill("4.000.000");
  await board.getByRole("checkbox", { name: /^Saya menyatakan tidak memiliki benturan kepentingan dengan pihak-pihak di atas/ }).check();
  await board.getByRole("button", { name: "Kirim penawaran" }).click();
  await expect(board).toContainText("Menunggu keputusan klien");
  await practitionerContext.close();

  // The admin sees who bids and selects the bid, confirming the amount.
  await clickNav(page, "Kasus & tagihan");
  const kase = page.getByRole("article").filter({ hasText: caseId });
  const bid = kase.getByRole("row").filter({ hasText: PRACTITIONER.name });
  await expect(bid).toContainText(PRACTITIONER.label);
  await expect(bid).toContainText("Rp 4.500.000");
  await bothSizes(page, testInfo, "organisasi-kasus-penawaran");
  await expectNoSeriousA11yViolations(page, testInfo);
  await bid.getByRole("button", { name: "Pilih penawaran ini" }).click();
  const dialog = page.getByRole("dialog", { name: `Pilih penawaran ${PRACTITIONER.name}?` });
  await expect(dialog).toContainText("Rp 4.500.000");
  await screenshot(page, testInfo, "organisasi-kasus-pilih-dialog");
  await dialog.getByRole("button", { name: /^Ya, pilih/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Penawaran dipilih" })).toBeVisible();
  await expect(kase).toContainText("Dipilih");
  await expect(page.getByRole("button", { name: "Bayar dari deposit" })).toBeVisible();
  await bothSizes(page, testInfo, "organisasi-kasus-dipilih");
  // The agent sees the same selection.
  const read = await request.get(`/v1/cases/${caseId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await read.json()) as { status: string }).status).toBe("dipilih");

  // The operator sets the platform's transfer details.
  const operatorContext = await browser.newContext({ viewport: DESKTOP });
  const operator = await operatorContext.newPage();
  await enterSignedIn(operator, OPERATOR, /\/operator$/);
  await clickNav(operator, "Pengaturan");
  await operator.getByLabel("Bank").selectOption({ label: "BCA" });
  await operator.getByLabel("Nomor rekening").fill("123-456-7890");
  await operator.getByLabel("Atas nama").fill("PT Kuasa Hukum Digital");
  await operator.getByRole("button", { name: "Simpan rekening setoran" }).click();
  await expect(operator.getByText("Rekening setoran disimpan")).toBeVisible();
  await expect(operator.getByText(/^Terakhir diubah/)).toContainText("KUASA KSA…");
  await bothSizes(operator, testInfo, "operator-pengaturan");
  await expectNoSeriousA11yViolations(operator, testInfo);
  await operatorContext.close();

  // Home: the unpaid invoice needs the admin; the transfer details with this organisation's note.
  await clickNav(page, "Ringkasan");
  await expect(attention.getByRole("link", { name: "1 tagihan kasus belum dibayar" })).toBeVisible();
  await expect(topUp).toContainText("1234567890");
  await expect(topUp).toContainText("PT Kuasa Hukum Digital");
  await expect(topUp).toContainText(/KUASA KSA[0-9A-Z]{8}/);
  await bothSizes(page, testInfo, "organisasi-ringkasan-perhatian");
  await expectNoSeriousA11yViolations(page, testInfo);
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page, testInfo);
  await page.setViewportSize(DESKTOP);

  // The statement as CSV: BOM, ';', the opening deposit as an integer.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Unduh CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kuasa-mutasi-deposit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path());
  expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const lines = csv.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe("id_mutasi;waktu_wib;jenis;keterangan;referensi;jumlah_idr;saldo_setelah_idr");
  // Only the opening deposit so far: selecting a bid moves no money.
  expect(lines[1]).toMatch(new RegExp(`;Setoran deposit;.*;${CASE_ADMIN.depositIdr};${CASE_ADMIN.depositIdr}$`));
  expect(lines.filter(Boolean)).toHaveLength(2);

  await attention.getByRole("link", { name: "1 tagihan kasus belum dibayar" }).click();
  await expect(page).toHaveURL(/\/organisasi\/kasus$/);

  // The case's event, without a webhook URL, tells the agent where to read the case (not an order).
  await clickNav(page, "Webhook");
  const selectedEvent = page.getByRole("row").filter({ hasText: "Penawaran dipilih" });
  await expect(selectedEvent).toContainText("GET /v1/cases/{id}");
  await expect(page.getByRole("table")).not.toContainText("case.selected");
  await bothSizes(page, testInfo, "organisasi-webhook-kasus");

  // An order's metadata is shown in the list and found by key=value (a test order: no real practitioner is offered it).
  const testToken = await createKey(page, "agen-kasus-uji", "test");
  const auth = { Authorization: `Bearer ${testToken}` };
  expect((await request.post("/v1/test_helpers/deposit/top_up", { headers: auth, data: { amount_idr: 5_000_000 } })).ok()).toBe(true);
  for (const ticket of ["T-77", "T-78"]) {
    const placed = await request.post("/v1/orders", { headers: auth, data: { ...ORDER, metadata: { tiket: ticket } } });
    expect(placed.status(), await placed.text()).toBe(201);
  }
  await page.goto("/organisasi/pesanan?mode=test");
  await page.getByLabel("Cari pesanan").fill("tiket=T-77");
  await page.getByRole("button", { name: "Terapkan" }).click();
  const found = page.getByRole("table").locator("tbody tr");
  await expect(found).toHaveCount(1);
  await expect(found).toContainText("T-77");
  await bothSizes(page, testInfo, "organisasi-pesanan-metadata");
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("an admin invites a colleague, who accepts in their own browser and signs in as an admin of the organisation", async ({
    page,
    browser,
  }, testInfo) => {
    const email = `rekan.${Date.now()}@contoh.id`;
    await enterSignedIn(page, ORG_ADMIN, HOME);
    await page.goto("/organisasi/tim");
    await expect(page.getByRole("table", { name: "Admin organisasi" })).toContainText(ORG_ADMIN.email);
    await page.getByLabel("E-mail admin baru").fill(email);
    await page.getByRole("button", { name: "Undang admin" }).click();
    const reveal = page.getByRole("region", { name: `Tautan undangan untuk ${email}` });
    const link = await reveal.getByLabel(/^Tautan undangan/).inputValue();
    expect(link).toMatch(/\/undangan\/[A-Za-z0-9_-]{43}$/);
    await screenshot(page, testInfo, "organisasi-tim-undangan-ponsel");
    await reveal.getByRole("button", { name: "Sudah saya simpan" }).click();
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Menunggu");
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: email })
        .getByRole("button", { name: `Cabut undangan ${email}` }),
    ).toBeVisible();
    // A second invitation to the same address is refused while the first is pending.
    await page.getByLabel("E-mail admin baru").fill(email);
    await page.getByRole("button", { name: "Undang admin" }).click();
    await expect(page.getByRole("main").getByRole("alert").filter({ hasText: /./ })).toContainText(
      "sudah punya undangan yang masih berlaku",
    );
    await screenshot(page, testInfo, "organisasi-tim-ponsel");

    const context = await browser.newContext({ viewport: PHONE });
    const invitee = await context.newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { level: 1 })).toHaveText(`Gabung sebagai admin ${ORG_ADMIN.organization}`);
    await invitee.getByLabel("Nama Anda").fill("Rekan Baru");
    await invitee.getByLabel("Kata sandi", { exact: true }).fill("pendek");
    await invitee.getByLabel("Ulangi kata sandi").fill("pendek");
    await invitee.getByRole("button", { name: "Buat akun dan gabung" }).click();
    await expect(invitee.getByRole("main").getByRole("alert").filter({ hasText: /./ })).toHaveText(
      "Kata sandi paling sedikit 10 karakter.",
    );
    await invitee.getByLabel("Kata sandi", { exact: true }).fill("kata-sandi-rekan-123");
    await invitee.getByLabel("Ulangi kata sandi").fill("kata-sandi-rekan-123");
    await screenshot(invitee, testInfo, "undangan-ponsel");
    await invitee.getByRole("button", { name: "Buat akun dan gabung" }).click();
    // The new admin is signed in at once, in their organisation's portal: no second form to fill.
    await expect(invitee).toHaveURL(HOME, { timeout: 30_000 });
    await expect(invitee.getByRole("heading", { level: 1, name: ORG_ADMIN.organization })).toBeVisible();
    await screenshot(invitee, testInfo, "undangan-masuk-ponsel");

    // The link is spent: a second visit says so and offers sign-in.
    const again = await (await browser.newContext({ viewport: PHONE })).newPage();
    await again.goto(link);
    await expect(again.getByText("Undangan ini sudah dipakai.")).toBeVisible();
    await screenshot(again, testInfo, "undangan-dipakai-ponsel");
    await again.context().close();
    await context.close();

    await page.reload();
    await expect(page.getByRole("table", { name: "Admin organisasi" })).toContainText(email);
    await expect(page.getByRole("row").filter({ hasText: email }).last()).toContainText("Diterima");
  });
});
