import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { clickNav, demoApiKey, enterSignedIn, screenshot, takeOffer } from "./portal";
import { ORG_ADMIN, PRACTITIONER } from "./users";

/**
 * The organisation admin's portal in a real browser: the admin (created by e2e/create-users.ts,
 * in an organisation of their own) lowers the approval threshold, creates an API key that is
 * shown once, the agent orders with it over REST, and the admin approves the order.
 */

const HOME = /\/organisasi$/;

const ORDER = {
  service: "perjanjian_kerja",
  intake: {
    jenis_perjanjian: "PKWT (waktu tertentu)",
    nama_perusahaan: "PT Agen Uji Sejahtera",
    jabatan: "Analis data",
    ketentuan_khusus: "Upah Rp 9.000.000 per bulan, 40 jam per minggu.",
    email_kontak: "hr@agenuji.co.id",
  },
};
const ORDER_PRICE = "Rp 2.150.000";

test("an org admin sets the threshold, creates a key shown once, and approves the order the agent makes with it", async ({
  page,
  request,
}, testInfo) => {
  await enterSignedIn(page, ORG_ADMIN, HOME);
  await expect(page.getByRole("heading", { level: 1, name: ORG_ADMIN.organization })).toBeVisible();
  await expect(page.locator(".stat").first()).toContainText("Rp 20.000.000");

  // Orders above Rp 1.000.000 now wait for an admin.
  await page.getByLabel("Ambang (Rp)").fill("1.000.000");
  await expect(page.locator(".rupiah-echo")).toHaveText("Rp 1.000.000");
  await page.getByRole("button", { name: "Simpan ambang" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Tersimpan" })).toHaveText(
    "Tersimpan: pesanan di atas Rp 1.000.000 menunggu persetujuan.",
  );
  await expect(page.locator(".stat").nth(1)).toContainText("Rp 1.000.000");

  // A key: the token and webhook secret are shown once, then never again.
  await clickNav(page, "Kunci API");
  await page.getByLabel("URL webhook").fill("http://agen.contoh.id/hook");
  await page.getByLabel("Nama kunci").fill("agen-e2e");
  await page.getByRole("button", { name: "Buat kunci API" }).click();
  await expect(page.getByRole("main").getByRole("alert").filter({ hasText: /./ })).toHaveText(
    "URL webhook harus diawali https:// (atau http://localhost untuk pengembangan).",
  );
  await page.getByLabel("URL webhook").fill("https://webhook.invalid/kuasa");
  await page.getByRole("button", { name: "Buat kunci API" }).click();
  const reveal = page.getByRole("region", { name: 'Kunci "agen-e2e" dibuat' });
  await expect(reveal).toContainText("Salin dan simpan sekarang.");
  const token = await reveal.getByLabel(/^Kunci API/).inputValue();
  expect(token).toMatch(/^kk_live_[0-9A-Za-z]{16}\.[0-9A-Za-z]{32}$/);
  expect(await reveal.getByLabel(/^Rahasia webhook/).inputValue()).toMatch(/^whsec_/);
  await screenshot(page, testInfo, "organisasi-kunci-sekali");
  await reveal.getByRole("button", { name: "Sudah saya simpan" }).click();
  await expect(reveal).toHaveCount(0);
  await page.reload();
  expect(await page.content()).not.toContain(token.split(".")[1]);
  const keyCard = page.getByRole("article", { name: "agen-e2e" });
  await expect(keyCard).toContainText("Aktif");
  await expect(keyCard).toContainText("Belum pernah");
  await expect(keyCard).toContainText("https://webhook.invalid/kuasa");
  await screenshot(page, testInfo, "organisasi-kunci-api");

  // The agent orders with the new key; the price is above the threshold, so it waits.
  const created = await request.post("/v1/orders", { headers: { Authorization: `Bearer ${token}` }, data: ORDER });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; status: string; price_idr: number; approval_required: boolean };
  expect(order).toMatchObject({ status: "menunggu_bayar", price_idr: 2_150_000, approval_required: true });

  await clickNav(page, "Persetujuan");
  const waiting = page.getByRole("article").filter({ hasText: order.id });
  await expect(waiting).toContainText("Penyusunan Perjanjian Kerja (PKWT/PKWTT)");
  await expect(waiting).toContainText(ORDER_PRICE);
  await expect(waiting).toContainText("PT Agen Uji Sejahtera");
  // The intake under the catalog's labels, in the catalog's order, as on every other page.
  await expect(waiting.locator("dt")).toHaveText([
    "Jenis perjanjian kerja",
    "Nama perusahaan pemberi kerja",
    "Jabatan / posisi pekerja",
    "Upah, tunjangan, jam kerja, dan ketentuan khusus lainnya",
    "Email kontak",
  ]);
  await screenshot(page, testInfo, "organisasi-persetujuan");
  await waiting.getByRole("button", { name: "Setujui" }).click();
  const dialog = page.getByRole("dialog", { name: "Setujui pesanan ini?" });
  await expect(dialog).toContainText(ORDER_PRICE);
  await expect(dialog.getByRole("button", { name: "Batal" })).toBeFocused();
  await screenshot(page, testInfo, "organisasi-persetujuan-dialog");
  await dialog.getByRole("button", { name: "Ya, setujui dan bayar" }).click();
  await expect(page.getByRole("status").filter({ hasText: order.id })).toContainText("disetujui dan dibayar dari deposit");
  await expect(page.getByText("Tidak ada pesanan yang menunggu persetujuan.")).toBeVisible();

  // Paid: the API says so, the timeline shows it in words (never an event code), the deposit went down.
  const fetched = await request.get(`/v1/orders/${order.id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(["dibayar", "ditawarkan"]).toContain(((await fetched.json()) as { status: string }).status);
  await clickNav(page, "Pesanan");
  const row = page.getByRole("row").filter({ hasText: order.id });
  await expect(row).toContainText(ORDER_PRICE);
  await screenshot(page, testInfo, "organisasi-pesanan");
  await row.getByRole("link").first().click();
  await expect(page.locator(".timeline")).toContainText("Dibayar");
  await expect(page.locator(".timeline")).toContainText("Dibayar");
  await expect(page.locator(".timeline")).not.toContainText("order.");

  await clickNav(page, "Ringkasan");
  await expect(page.locator(".stat").first()).toContainText("Rp 17.850.000");
  await expect(page.getByRole("row").filter({ hasText: order.id })).toContainText("Pembayaran pesanan");
  await expect(page.getByRole("row").filter({ hasText: order.id }).getByRole("link", { name: order.id })).toHaveAttribute(
    "href",
    `/organisasi/pesanan/${order.id}`,
  );
  await screenshot(page, testInfo, "organisasi-ringkasan");

  // The key's webhook URL got order.dibayar; its first attempt fails (no such host) and is listed.
  await page.goto(`/organisasi/webhook?q=${order.id}`);
  // The event named in words (its code only inside the delivery's details).
  const paidEvent = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Dibayar", exact: true }) });
  await expect(async () => {
    await page.reload();
    // At least the first attempt: by the time the page is read, its retries may have followed.
    await expect(paidEvent).toContainText(/Percobaan event evt_\w+ \([1-9]\d*\)/, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await paidEvent.locator("summary").click();
  await expect(paidEvent).toContainText("https://webhook.invalid/kuasa");
  await expect(paidEvent.locator(".attempts li").first()).toBeVisible();
  await paidEvent.getByRole("button", { name: "Kirim ulang" }).click();
  await expect(paidEvent.getByRole("status")).toContainText("Dijadwalkan: dikirim ke https://webhook.invalid/kuasa");
  await screenshot(page, testInfo, "organisasi-webhook");

  await clickNav(page, "Kasus & tagihan");
  await expect(page.getByText("Tidak ada tagihan yang perlu dibayar.")).toBeVisible();
  await expect(page.getByText("Belum ada kasus.")).toBeVisible();
  await screenshot(page, testInfo, "organisasi-kasus");

  // The same pages on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/organisasi/kunci-api");
  await screenshot(page, testInfo, "organisasi-kunci-api-ponsel");
});

test("an org admin who opens the operator console is sent back to their own portal; an anonymous visitor to sign-in", async ({
  page,
  browser,
}) => {
  await enterSignedIn(page, ORG_ADMIN, HOME);
  for (const other of ["/operator", "/operator/katalog", "/praktisi"]) {
    await page.goto(other);
    await expect(page).toHaveURL(HOME);
  }
  const anonymous = await browser.newPage();
  await anonymous.goto("/organisasi/kunci-api");
  await expect(anonymous).toHaveURL(/\/masuk$/);
  // The demo organisation's key works, but this admin's portal never lists it.
  await page.goto("/organisasi/kunci-api");
  await expect(page.locator("main")).not.toContainText(demoApiKey().split(".")[0]!);
  await anonymous.close();
});

test("an org admin creates a test key: its orders use test money, never wait in the approvals, and are marked in the webhook log", async ({
  page,
  request,
}, testInfo) => {
  await enterSignedIn(page, ORG_ADMIN, HOME);
  const liveDeposit = await page.locator(".stat").first().textContent();

  await clickNav(page, "Kunci API");
  await page.getByLabel("Nama kunci").fill("agen-sandbox");
  await page.getByRole("radio", { name: /^Uji \(sandbox\)/ }).check();
  await page.getByRole("button", { name: "Buat kunci API" }).click();
  const reveal = page.getByRole("region", { name: 'Kunci "agen-sandbox" dibuat' });
  const token = await reveal.getByLabel(/^Kunci API/).inputValue();
  expect(token).toMatch(/^kk_test_[0-9A-Za-z]{16}\.[0-9A-Za-z]{32}$/);
  await reveal.getByRole("button", { name: "Sudah saya simpan" }).click();
  await expect(page.getByRole("article", { name: "agen-sandbox" })).toContainText("Mode uji");
  await screenshot(page, testInfo, "organisasi-kunci-uji");

  // The agent tops up its test deposit and orders; above the threshold, the order waits for approval.
  const auth = { Authorization: `Bearer ${token}` };
  // Relative: another journey may have left test money in this organisation's test deposit.
  const before = ((await (await request.get("/v1/balance", { headers: auth })).json()) as { deposit_idr: number }).deposit_idr;
  const topped = await request.post("/v1/test_helpers/deposit/top_up", { headers: auth, data: { amount_idr: 5_000_000 } });
  expect(await topped.json()).toMatchObject({ livemode: false, deposit_idr: before + 5_000_000 });
  const created = await request.post("/v1/orders", { headers: auth, data: ORDER });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; status: string; livemode: boolean };
  expect(order).toMatchObject({ status: "menunggu_bayar", livemode: false });

  // Live and test wait apart: the live tab does not list the test order; the test tab counts it and lists it.
  await clickNav(page, "Persetujuan");
  await expect(page.locator("main")).not.toContainText(order.id);
  const testTab = page.getByRole("navigation", { name: "Data persetujuan: live atau uji" }).getByRole("link", { name: /^Uji \(sandbox\)/ });
  await expect(testTab).toHaveAccessibleName(/\(\d+ menunggu\)$/);
  await testTab.click();
  await expect(page).toHaveURL(/\/organisasi\/persetujuan\?mode=test$/);
  await expect(page.getByRole("note")).toContainText("Mode uji.");
  await expect(page.getByRole("article").filter({ hasText: order.id })).toBeVisible();
  // The test helper stands in for the admin.
  const approved = await request.post(`/v1/test_helpers/orders/${order.id}/approve`, { headers: auth, data: {} });
  expect(await approved.json()).toMatchObject({ status: "dibayar", livemode: false });

  // A test cost the simulated practitioner asks for waits on the test tab too.
  expect((await (await request.post(`/v1/test_helpers/orders/${order.id}/accept`, { headers: auth, data: {} })).json()).status).toBe(
    "diambil",
  );
  const asked = await request.post(`/v1/test_helpers/orders/${order.id}/costs`, {
    headers: auth,
    data: { kind: "lainnya", description: "Legalisasi salinan akta", amount_idr: 150_000, basis: "Tarif legalisasi notaris" },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  await page.reload();
  const testCosts = page.getByRole("region", { name: "Biaya resmi menunggu keputusan" });
  await expect(testCosts).toContainText("Legalisasi salinan akta");
  await expect(testCosts).toContainText(order.id);
  await screenshot(page, testInfo, "organisasi-persetujuan-uji");
  await page.goto("/organisasi/persetujuan");
  await expect(page.getByRole("region", { name: "Biaya resmi menunggu keputusan" })).not.toContainText(order.id);

  // Test money never reaches the live deposit; the order's events are in the log, marked.
  await clickNav(page, "Ringkasan");
  await expect(page.locator(".stat").first()).toHaveText(liveDeposit!);
  await page.goto(`/organisasi/webhook?q=${order.id}`);
  await expect(page.getByRole("main")).toContainText("Tidak ada yang cocok dengan pencarian/filter ini.");
  await page.goto(`/organisasi/webhook?mode=test&q=${order.id}`);
  await expect(page.getByRole("note")).toContainText("Mode uji.");
  await expect(page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Dibayar", exact: true }) })).toContainText(order.id);
  await screenshot(page, testInfo, "organisasi-webhook-uji");
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

/** The whole page at desktop size, then at phone size (and back). */
async function bothSizes(page: Page, testInfo: Parameters<typeof screenshot>[1], name: string) {
  await screenshot(page, testInfo, name);
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, `${name}-ponsel`);
  await page.setViewportSize(DESKTOP);
}

/** The practitioner confirms a delivery, after checking the text the dialog repeats. */
async function deliver(page: Page, text: string) {
  await page.getByLabel("Hasil pekerjaan").fill(text);
  await page.getByRole("button", { name: "Serahkan hasil" }).click();
  const confirm = page.getByRole("dialog", { name: "Serahkan hasil ini ke klien?" });
  await expect(confirm).toContainText(text);
  await confirm.getByRole("button", { name: "Ya, serahkan" }).click();
  await expect(page.locator(".badge")).toHaveText("Hasil diserahkan");
}

test("an order's life in the portals: approved, taken and delivered, sent back for revision by the admin, delivered again and accepted", async ({
  page,
  browser,
  request,
}, testInfo) => {
  await enterSignedIn(page, ORG_ADMIN, HOME);
  // Orders above Rp 1.000.000 wait for approval, as the first journey left it (set again so this one stands alone).
  await page.getByLabel("Ambang (Rp)").fill("1.000.000");
  await page.getByRole("button", { name: "Simpan ambang" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Tersimpan" })).toBeVisible();

  await clickNav(page, "Kunci API");
  await page.getByLabel("Nama kunci").fill("agen-revisi");
  await page.getByRole("button", { name: "Buat kunci API" }).click();
  const reveal = page.getByRole("region", { name: 'Kunci "agen-revisi" dibuat' });
  const token = await reveal.getByLabel(/^Kunci API/).inputValue();
  const keyId = token.split(".")[0]!;
  await reveal.getByRole("button", { name: "Sudah saya simpan" }).click();

  // The agent orders an NDA (category kontrak: the journeys' practitioner takes it); it waits for approval.
  const auth = { Authorization: `Bearer ${token}` };
  const created = await request.post("/v1/orders", {
    headers: auth,
    data: {
      service: "perjanjian_kerahasiaan",
      intake: {
        sifat_nda: "Sepihak (unilateral)",
        para_pihak: "PT Agen Uji Sejahtera, Jakarta; CV Mitra Data, Surabaya",
        tujuan_pengungkapan: "Uji coba integrasi data pelanggan",
        bahasa_perjanjian: "Bahasa Indonesia",
        email_kontak: "legal@agenuji.co.id",
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; status: string; price_idr: number };
  expect(order).toMatchObject({ status: "menunggu_bayar", price_idr: 1_700_000 });
  const price = "Rp 1.700.000";
  const service = "Perjanjian Kerahasiaan (NDA)";

  // The approval card names the key that placed the order.
  await clickNav(page, "Persetujuan");
  const waiting = page.getByRole("article").filter({ hasText: order.id });
  await expect(waiting).toContainText("Dipesan dengan kunci API agen-revisi");
  await expect(waiting).toContainText(keyId);
  await bothSizes(page, testInfo, "organisasi-persetujuan-kunci");
  await waiting.getByRole("button", { name: "Setujui" }).click();
  await page.getByRole("dialog", { name: "Setujui pesanan ini?" }).getByRole("button", { name: "Ya, setujui dan bayar" }).click();
  await expect(page.getByRole("status").filter({ hasText: order.id })).toContainText("disetujui dan dibayar dari deposit");

  // The practitioner takes it, starts, and delivers after confirming.
  const practitioner = await browser.newPage();
  await enterSignedIn(practitioner, PRACTITIONER, /\/praktisi$/);
  const offer = practitioner.getByRole("article", { name: service }).filter({ hasText: order.id });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await takeOffer(offer);
  await expect(practitioner).toHaveURL(new RegExp(`/praktisi/pesanan/${order.id}$`), { timeout: 15_000 });
  await practitioner.getByRole("button", { name: "Mulai kerjakan" }).click();
  await expect(practitioner.locator(".badge")).toHaveText("Sedang dikerjakan");
  await practitioner.getByLabel("Hasil pekerjaan").fill("https://berkas.contoh.id/nda-mitra-data-v1.pdf");
  await practitioner.getByRole("button", { name: "Serahkan hasil" }).click();
  await screenshot(practitioner, testInfo, "praktisi-serahkan-dialog");
  await practitioner.getByRole("dialog", { name: "Serahkan hasil ini ke klien?" }).getByRole("button", { name: "Batal" }).click();
  await deliver(practitioner, "https://berkas.contoh.id/nda-mitra-data-v1.pdf");

  // The admin opens the delivered order from the list: result, countdown to auto-acceptance, facts, actions.
  await clickNav(page, "Pesanan");
  const listed = page.getByRole("row").filter({ hasText: order.id });
  await expect(listed).toContainText("Hasil diserahkan");
  await expect(listed).toContainText("agen-revisi");
  await bothSizes(page, testInfo, "organisasi-pesanan-daftar");
  await listed.getByRole("link", { name: service }).click();
  await expect(page).toHaveURL(new RegExp(`/organisasi/pesanan/${order.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: service })).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);
  const main = page.getByRole("main");
  await expect(main.locator(".badge")).toHaveText("Hasil diserahkan");
  await expect(page.locator("section.card").filter({ hasText: "Hasil yang diserahkan" })).toContainText("nda-mitra-data-v1.pdf");
  await expect(main.getByRole("timer")).toHaveText(/^6 hari 23 jam tersisa$/);
  const facts = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Ringkasan" }) });
  await expect(facts).toContainText(price);
  await expect(facts).toContainText("agen-revisi");
  await expect(facts).toContainText(keyId);
  await expect(facts).toContainText(`${PRACTITIONER.name} · ${PRACTITIONER.label}`);
  await expect(facts).toContainText("0 dipakai · 2 tersisa");
  await bothSizes(page, testInfo, "organisasi-pesanan-diserahkan");

  // A revision needs a reason; the confirmation names the order, the service and the amount.
  const reason = "Tambahkan klausul jangka waktu kerahasiaan 3 tahun setelah perjanjian berakhir.";
  await page.getByText("Minta revisi (2 tersisa)").click();
  await page.getByRole("button", { name: "Minta revisi", exact: true }).click();
  await expect(main.getByRole("alert").filter({ hasText: /./ })).toHaveText(
    "Tulis apa yang perlu diperbaiki terlebih dahulu; praktisi membacanya untuk merevisi hasil.",
  );
  await page.getByLabel("Apa yang perlu diperbaiki?").fill(reason);
  await page.getByRole("button", { name: "Minta revisi", exact: true }).click();
  const revise = page.getByRole("dialog", { name: "Kembalikan hasil untuk direvisi?" });
  for (const text of [order.id, service, price, reason, "Sisa revisi setelah ini: 1."]) await expect(revise).toContainText(text);
  await expect(revise.getByRole("button", { name: "Batal" })).toBeFocused();
  await screenshot(page, testInfo, "organisasi-revisi-dialog");
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "organisasi-revisi-dialog-ponsel");
  await page.setViewportSize(DESKTOP);
  await revise.getByRole("button", { name: "Ya, minta revisi" }).click();
  await expect(main.getByRole("status").filter({ hasText: "Permintaan revisi terkirim." })).toBeVisible();
  await expect(main.locator(".badge")).toHaveText("Sedang dikerjakan");
  await expect(page.getByText("Praktisi mengerjakan revisi ke-1.")).toBeVisible();
  await expect(page.locator("section.card").filter({ hasText: "Hasil yang dikembalikan untuk revisi" })).toContainText(
    "nda-mitra-data-v1.pdf",
  );
  const thread = page.locator(".thread");
  await expect(thread.locator(".message-admin")).toContainText("Admin organisasi");
  await expect(thread.locator(".message-admin")).toContainText(reason);
  await expect(facts).toContainText("1 dipakai · 1 tersisa");
  await bothSizes(page, testInfo, "organisasi-pesanan-revisi");

  // The practitioner's page notices by itself: revision 1, the reason, the previous result kept.
  const revisionNotice = practitioner.locator(".revision-notice");
  await expect(revisionNotice).toContainText("Admin klien meminta revisi ke-1.", { timeout: 15_000 });
  await expect(revisionNotice).toContainText(reason);
  await expect(practitioner.locator("section.card").filter({ hasText: "Hasil sebelumnya (dikembalikan untuk revisi)" })).toContainText(
    "nda-mitra-data-v1.pdf",
  );
  await expect(practitioner.locator(".badge")).toHaveText("Sedang dikerjakan");
  await bothSizes(practitioner, testInfo, "praktisi-pesanan-revisi");
  await practitioner.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "Pesanan saya" }).click();
  await expect(practitioner.getByRole("row").filter({ hasText: order.id })).toContainText("Revisi ke-1 diminta");
  await bothSizes(practitioner, testInfo, "praktisi-pesanan-daftar");
  await practitioner.getByRole("row").filter({ hasText: order.id }).getByRole("link").click();
  await deliver(practitioner, "https://berkas.contoh.id/nda-mitra-data-v2.pdf");

  // The admin's page refreshes by itself; the admin accepts the second result.
  await expect(main.locator(".badge")).toHaveText("Hasil diserahkan", { timeout: 20_000 });
  await expect(page.locator("section.card").filter({ hasText: "Hasil yang diserahkan" })).toContainText("nda-mitra-data-v2.pdf");
  await page.getByRole("button", { name: "Terima hasil" }).click();
  const accept = page.getByRole("dialog", { name: "Terima hasil pesanan ini?" });
  for (const text of [order.id, service, price]) await expect(accept).toContainText(text);
  await accept.getByRole("button", { name: "Ya, terima hasil" }).click();
  await expect(main.getByRole("status").filter({ hasText: "Hasil diterima." })).toBeVisible();
  await expect(main.locator(".badge")).toHaveText("Selesai");
  await expect(page.locator(".timeline")).toContainText("Selesai");
  await bothSizes(page, testInfo, "organisasi-pesanan-selesai");

  // The agent sees the same life: accepted, the second result, the reason as a client message.
  const fetched = await request.get(`/v1/orders/${order.id}`, { headers: auth });
  const final = (await fetched.json()) as { status: string; deliverable: string; messages: Array<{ role: string; body: string }> };
  expect(final).toMatchObject({ status: "selesai", deliverable: "https://berkas.contoh.id/nda-mitra-data-v2.pdf" });
  expect(final.messages).toContainEqual(expect.objectContaining({ role: "admin", body: reason }));

  // The admin reviews the finished work on the order's page; the agent reads the same review.
  const review = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Ulasan" }) });
  await review.getByRole("button", { name: "Kirim ulasan" }).click();
  await expect(review.getByRole("alert")).toHaveText("Pilih nilai 1 sampai 5 terlebih dahulu.");
  await review.getByRole("radio", { name: "4 · Baik" }).check();
  await review.getByLabel(/^Komentar/).fill("Rapi, revisi cepat ditangani.");
  await screenshot(review, testInfo, "organisasi-pesanan-ulasan-form");
  await review.getByRole("button", { name: "Kirim ulasan" }).click();
  await expect(review).toContainText("Nilai 4 dari 5 · Baik");
  await expect(review).toContainText("Rapi, revisi cepat ditangani.");
  await expect(review).toContainText("oleh admin di portal");
  await expectNoSeriousA11yViolations(page, testInfo);
  await bothSizes(page, testInfo, "organisasi-pesanan-ulasan");
  const reviewed = (await (await request.get(`/v1/orders/${order.id}`, { headers: auth })).json()) as { review: unknown };
  expect(reviewed.review).toMatchObject({ rating: 4, comment: "Rapi, revisi cepat ditangani." });

  // The practitioner's view: finished, earnings shown.
  await expect(practitioner.locator(".badge")).toHaveText("Selesai", { timeout: 15_000 });
  await expect(practitioner.locator("dd.amount")).toHaveText("Rp 1.490.000");
  await bothSizes(practitioner, testInfo, "praktisi-pesanan-selesai");
  await practitioner.close();

  // An id that is not this organisation's: the portal's own "not found".
  await page.goto("/organisasi/pesanan/ord_tidakada");
  await expect(page.getByRole("heading", { level: 1, name: "Pesanan tidak ditemukan" })).toBeVisible();
  await bothSizes(page, testInfo, "organisasi-pesanan-tidak-ditemukan");
});
