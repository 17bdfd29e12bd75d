import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { demoApiKey, enterSignedIn, screenshot, signIn as signInAs, takeOffer } from "./portal";
import { DEMO_ADMIN, OPERATOR, PRACTITIONER } from "./users";

/**
 * The practitioner's portal in a real browser: an agent's order and case arrive through the REST
 * API with the demo key, the practitioner (created by e2e/create-users.ts) works them in the portal.
 */

async function api<T>(request: APIRequestContext, method: "GET" | "POST", url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, headers: { Authorization: `Bearer ${demoApiKey()}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Navigasi utama" });
const signIn = (page: Page) => signInAs(page, PRACTITIONER, /\/praktisi$/);
/** The practitioner's portal with the run's stored session, for journeys about what comes after signing in. */
const enter = (page: Page) => enterSignedIn(page, PRACTITIONER, /\/praktisi$/);
/** A bid's statement that the practitioner has no conflict of interest with the case's parties. */
const bidStatement = (bidCase: Locator) =>
  bidCase.getByRole("checkbox", { name: /^Saya menyatakan tidak memiliki benturan kepentingan dengan pihak-pihak di atas/ });

const CLIENT_EMAIL = "legal@satu.co.id";

test("a practitioner signs in, takes an offered order, asks the client, and delivers; the agent sees diserahkan, accepts, the fee shows in the earnings, and the operator's payout of it shows as paid", async ({
  page,
  browser,
  request,
}, testInfo) => {
  // A wrong password first: the Indonesian error, and still on the sign-in page.
  await page.goto("/masuk");
  await page.getByLabel("E-mail").fill(PRACTITIONER.email);
  await page.getByLabel("Kata sandi").fill("bukan-kata-sandinya");
  await page.getByRole("button", { name: "Masuk" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("E-mail atau kata sandi salah. Periksa kembali lalu coba lagi.");
  await expect(page).toHaveURL(/\/masuk$/);
  await signIn(page);

  // The agent orders; the job engine offers it to the only eligible practitioner; the inbox polls.
  const order = await api<{ id: string; status: string }>(request, "POST", "/v1/orders", {
    service: "perjanjian_kerahasiaan",
    intake: {
      sifat_nda: "Timbal balik (mutual)",
      para_pihak: "PT Satu (kontak 0812-3456-7890), Jakarta; PT Dua, Bandung",
      tujuan_pengungkapan: "Penjajakan kerja sama distribusi",
      bahasa_perjanjian: "Bahasa Indonesia",
      email_kontak: CLIENT_EMAIL,
    },
  });
  expect(order.status).toBe("dibayar");
  // Other journeys' orders may be on offer too: this one is found by its id.
  const offer = page.getByRole("article", { name: "Perjanjian Kerahasiaan (NDA)" }).filter({ hasText: order.id });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(offer.getByRole("timer")).toHaveText(/^(30:00|29:[0-5]\d) tersisa$/);
  await expect(offer).toContainText("Rp 1.490.000");
  await expect(offer).toContainText("3 hari kerja");
  // Masked until taken: the e-mail and the telephone number are hidden.
  await expect(offer).not.toContainText(CLIENT_EMAIL);
  await expect(offer).not.toContainText("0812-3456-7890");
  await expect(offer.getByText("l•••@•••.id")).toBeVisible();
  await screenshot(page, testInfo, "praktisi-tawaran");

  await takeOffer(offer);
  await expect(page).toHaveURL(new RegExp(`/praktisi/pesanan/${order.id}$`), { timeout: 15_000 });
  await expect(page.getByText(CLIENT_EMAIL)).toBeVisible();
  await expect(page.getByText("PT Satu (kontak 0812-3456-7890), Jakarta; PT Dua, Bandung")).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);

  await page.getByRole("button", { name: "Mulai kerjakan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pekerjaan dimulai." })).toBeVisible();
  await expect(page.locator(".badge")).toHaveText("Sedang dikerjakan");

  await page.getByLabel("Tanya klien").fill("Siapa yang menandatangani untuk PT Dua?");
  await page.getByRole("button", { name: "Kirim pertanyaan" }).click();
  await expect(page.getByText("Menunggu jawaban klien atas pertanyaan Anda.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Serahkan hasil" })).toHaveCount(0);

  // The agent answers over REST; the page notices by itself and work resumes.
  const answered = await api<{ status: string }>(request, "POST", `/v1/orders/${order.id}/messages`, {
    body: "Budi Santoso, Direktur Utama PT Dua.",
  });
  expect(answered.status).toBe("dikerjakan");
  const thread = page.locator(".thread");
  // The page notices the answer by itself, as late as its next refresh: both wait as long.
  await expect(thread.locator(".message-client")).toContainText("Klien", { timeout: 15_000 });
  await expect(thread.locator(".message-client")).toContainText("Budi Santoso, Direktur Utama PT Dua.", { timeout: 15_000 });
  await expect(thread.locator(".message-practitioner")).toContainText("Anda");

  // Delivering is confirmed first, with the text the client will receive.
  await page.getByLabel("Hasil pekerjaan").fill("https://berkas.contoh.id/nda-satu-dua.pdf");
  await page.getByRole("button", { name: "Serahkan hasil" }).click();
  const confirm = page.getByRole("dialog", { name: "Serahkan hasil ini ke klien?" });
  await expect(confirm).toContainText("https://berkas.contoh.id/nda-satu-dua.pdf");
  await confirm.getByRole("button", { name: "Ya, serahkan" }).click();
  await expect(page.getByText("Hasil sudah diserahkan.", { exact: false })).toBeVisible();
  await expect(page.locator(".badge")).toHaveText("Hasil diserahkan");
  await screenshot(page, testInfo, "praktisi-pesanan");

  const delivered = await api<{ status: string; deliverable: string }>(request, "GET", `/v1/orders/${order.id}`);
  expect(delivered).toMatchObject({ status: "diserahkan", deliverable: "https://berkas.contoh.id/nda-satu-dua.pdf" });

  // My orders lists it; the inbox no longer offers it.
  await nav(page).getByRole("link", { name: "Pesanan saya" }).click();
  await expect(page.getByRole("row").filter({ hasText: order.id })).toContainText("Hasil diserahkan");
  await nav(page).getByRole("link", { name: "Tawaran" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tawaran" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: order.id })).toHaveCount(0);

  // The agent accepts: the escrow is released and the fee appears in the earnings, linked to the order.
  const accepted = await api<{ status: string }>(request, "POST", `/v1/orders/${order.id}/accept`);
  expect(accepted.status).toBe("selesai");
  await nav(page).getByRole("link", { name: "Pendapatan" }).click();
  const release = page.getByRole("row").filter({ hasText: order.id });
  await expect(release).toContainText("Pembayaran pesanan (escrow dilepas)");
  await expect(release).toContainText("+Rp 1.490.000");
  await expect(release.getByRole("link", { name: order.id })).toHaveAttribute("href", `/praktisi/pesanan/${order.id}`);
  await expect(page.getByRole("region", { name: "Saldo tersedia" })).not.toContainText("Rp 0");
  await screenshot(page, testInfo, "praktisi-pendapatan-riwayat");

  // The operator transfers part of it to the practitioner's bank and records the payout.
  const operatorPage = await (await browser.newContext()).newPage();
  await signInAs(operatorPage, OPERATOR, /\/operator$/);
  await operatorPage.goto("/operator/praktisi");
  const card = operatorPage.getByRole("article", { name: PRACTITIONER.name });
  await card.locator("summary", { hasText: "Catat pencairan" }).click();
  await card.getByLabel("Jumlah pencairan").fill("1.000.000");
  await card.getByLabel("Referensi").fill("BCA 5521-0093");
  await card.getByRole("button", { name: "Catat pencairan" }).click();
  const payout = operatorPage.getByRole("dialog", { name: `Catat pencairan ke ${PRACTITIONER.name}?` });
  for (const text of ["Rp 1.000.000", `ke BCA •••• 9312 a.n. ${PRACTITIONER.name}`, "BCA 5521-0093"])
    await expect(payout).toContainText(text);
  await screenshot(operatorPage, testInfo, "operator-pencairan-dialog");
  await payout.getByRole("button", { name: "Ya, catat" }).click();
  await expect(card.getByRole("status")).toContainText(
    `Tercatat ke BCA •••• 9312 a.n. ${PRACTITIONER.name}. Saldo ${PRACTITIONER.name} sekarang`,
  );
  await operatorPage.context().close();

  await page.reload();
  await expect(page.getByRole("region", { name: "Sudah dicairkan" }).locator(".stat-value")).toHaveText("Rp 1.000.000");
  const paid = page.getByRole("row").filter({ hasText: "BCA 5521-0093" });
  await expect(paid).toContainText(`Pencairan ke rekening BCA •••• 9312 a.n. ${PRACTITIONER.name}`);
  await expect(paid).toContainText("Rp 1.000.000");
  await screenshot(page, testInfo, "praktisi-pendapatan-dicairkan");
});

test("a practitioner who opens another portal is sent back to their own", async ({ page }) => {
  await enter(page);
  for (const other of ["/organisasi", "/operator", "/operator/antrean"]) {
    await page.goto(other);
    await expect(page).toHaveURL(/\/praktisi$/);
  }
});

test("the case board: masked cases in my area with their parties, a bid with its fee sent only with the statement of no conflict, withdrawal, and the contact once selected", async ({
  page,
  request,
}, testInfo) => {
  const contact = { contact_name: "Siti Rahma", contact_email: "siti.rahma@contoh.co.id", contact_phone: "+62 812-3456-7890" };
  const story = "Kontrak distribusi kami diputus sepihak setelah enam tahun. Hubungi saya di siti.rahma@contoh.co.id untuk dokumen.";
  const toWithdraw = await api<{ id: string }>(request, "POST", "/v1/cases", {
    ...contact,
    story,
    area: "kontrak",
    urgency: "Dalam 2 minggu",
    budget_range: "Rp 10-25 juta",
  });
  const toSelect = await api<{ id: string }>(request, "POST", "/v1/cases", {
    ...contact,
    story: `${story} (kedua)`,
    area: "korporasi",
    urgency: "Mendesak",
  });
  const elsewhere = await api<{ id: string }>(request, "POST", "/v1/cases", { ...contact, story: `${story} (properti)`, area: "properti" });

  await enter(page);
  await nav(page).getByRole("link", { name: "Papan kasus" }).click();
  const first = page.getByRole("article").filter({ hasText: toWithdraw.id });
  const second = page.getByRole("article").filter({ hasText: toSelect.id });
  await expect(first).toBeVisible();
  await expect(second).toBeVisible();
  // Only my areas (kontrak, korporasi), and no contact data before selection.
  await expect(page.getByRole("article").filter({ hasText: elsewhere.id })).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText(contact.contact_email);
  await expect(page.locator("main")).not.toContainText("812-3456-7890");

  // The case's parties, whom a bid states no conflict of interest with: the client's side, and no other side named.
  const parties = first.getByRole("region", { name: "Pihak dalam kasus ini" });
  await expect(parties.getByRole("term")).toHaveText(["Klien", "Pihak lawan"]);
  await expect(parties.getByRole("definition").first()).toContainText(contact.contact_name);
  await expect(parties.getByRole("definition").last()).toHaveText("Tidak ada pihak lawan yang disebut");

  // A bid, with the platform fee and what the client pays shown as the price is typed.
  await first.getByRole("button", { name: "Ajukan penawaran" }).click();
  await first.getByLabel("Lingkup pekerjaan").fill("Analisis kontrak dan somasi kepada prinsipal.");
  await first.getByLabel("Perkiraan selesai (hari)").fill("14");
  await first.getByLabel("Harga penawaran Anda").fill("8.000.000");
  await expect(first.locator(".bid-preview")).toHaveText("Biaya platform Rp 1.000.000 · klien membayar Rp 9.000.000");
  // Without the statement of no conflict of interest nothing is sent: the form says so and moves to it.
  const statement = bidStatement(first);
  await expect(statement).not.toBeChecked();
  await first.getByRole("button", { name: "Kirim penawaran" }).click();
  await expect(first.getByRole("alert")).toContainText(
    "Centang dahulu pernyataan bahwa Anda tidak memiliki benturan kepentingan dengan pihak-pihak kasus ini",
  );
  await expect(statement).toBeFocused();
  await expect(statement).toHaveAttribute("aria-invalid", "true");
  await expect(first.getByRole("button", { name: "Kirim penawaran" })).toBeVisible();
  await statement.check();
  await expect(first.getByRole("alert")).toHaveCount(0);
  await screenshot(page, testInfo, "praktisi-kasus");
  await first.getByRole("button", { name: "Kirim penawaran" }).click();
  await expect(first).toContainText("Penawaran Anda · Menunggu keputusan klien");
  await expect(first).toContainText("Rp 9.000.000");

  // Withdrawn while the case is open: it stays visible as withdrawn, with no new bid possible.
  await first.getByRole("button", { name: "Tarik penawaran" }).click();
  await page.getByRole("dialog", { name: "Tarik penawaran ini?" }).getByRole("button", { name: "Ya, tarik" }).click();
  await expect(first).toContainText("Penawaran Anda · Ditarik");
  await expect(first.getByRole("button", { name: "Ajukan penawaran" })).toHaveCount(0);

  // A small bid: the minimum fee of Rp 100.000 applies.
  await second.getByRole("button", { name: "Ajukan penawaran" }).click();
  await second.getByLabel("Lingkup pekerjaan").fill("Pendapat hukum singkat tentang struktur saham.");
  await second.getByLabel("Perkiraan selesai (hari)").fill("5");
  await second.getByLabel("Harga penawaran Anda").fill("500000");
  await expect(second.locator(".bid-preview")).toHaveText("Biaya platform Rp 100.000 · klien membayar Rp 600.000");
  await bidStatement(second).check();
  await second.getByRole("button", { name: "Kirim penawaran" }).click();
  await expect(second).toContainText("Menunggu keputusan klien");

  // The agent selects it: the case leaves the open board, "Penawaran saya" shows the outcome,
  // and the case page the real contact data.
  const { bids } = await api<{ bids: Array<{ id: string; client_pays: number }> }>(request, "GET", `/v1/cases/${toSelect.id}`);
  expect(bids.map((b) => b.client_pays)).toEqual([600_000]);
  await api(request, "POST", `/v1/cases/${toSelect.id}/select`, { bid_id: bids[0]!.id });
  await expect(second).toHaveCount(0, { timeout: 20_000 });
  const myBids = page.getByRole("table", { name: "Penawaran saya dan hasilnya" });
  await expect(myBids.getByRole("row").filter({ hasText: toWithdraw.id })).toContainText("Ditarik");
  const chosen = myBids.getByRole("row").filter({ hasText: toSelect.id });
  await expect(chosen).toContainText("Dipilih klien");
  await screenshot(page, testInfo, "praktisi-kasus-hasil");
  await chosen.getByRole("link", { name: "Korporasi" }).click();
  await expect(page).toHaveURL(new RegExp(`/praktisi/kasus/${toSelect.id}$`));
  await expect(page.getByText("Penawaran Anda dipilih klien.", { exact: false })).toBeVisible();
  await expect(page.locator("main")).toContainText(contact.contact_email);
  await expect(page.locator("main")).toContainText(contact.contact_phone);
  await expect(page.locator("main")).toContainText("Dipilih klien");

  // The demo organisation's admin pays the invoice; the order that carries the work shows the
  // case's story and contact as the client's data (a case order has no intake of its own).
  const selected = await api<{ id: string; invoice_id: string }>(request, "GET", `/v1/cases/${toSelect.id}`);
  const admin = await page.context().browser()!.newPage();
  await signInAs(admin, DEMO_ADMIN, /\/organisasi$/);
  await admin.goto("/organisasi/kasus");
  const invoice = admin.getByRole("listitem").filter({ hasText: selected.invoice_id });
  await invoice.getByRole("button", { name: "Bayar dari deposit" }).click();
  await admin
    .getByRole("dialog", { name: "Bayar tagihan ini?" })
    .getByRole("button", { name: /^Ya, bayar/ })
    .click();
  await expect(admin).toHaveURL(new RegExp(`/organisasi/kasus\\?dibayar=${selected.invoice_id}`));
  await admin.close();
  const paid = await api<{ order_id: string | null }>(request, "GET", `/v1/cases/${toSelect.id}`);
  await page.goto(`/praktisi/pesanan/${paid.order_id}`);
  const data = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Data dari klien" }) });
  for (const text of ["Cerita klien", `${story} (kedua)`, "Mendesak", contact.contact_name, contact.contact_email, contact.contact_phone])
    await expect(data).toContainText(text);
  await expect(data).not.toContainText("Klien tidak mengisi data");
  await screenshot(page, testInfo, "praktisi-pesanan-kasus");
});

test("an offer the client cancels leaves the inbox with a notice saying why", async ({ page, request }, testInfo) => {
  await enter(page);
  const order = await api<{ id: string }>(request, "POST", "/v1/orders", {
    service: "perjanjian_kerahasiaan",
    intake: {
      sifat_nda: "Timbal balik (mutual)",
      para_pihak: "PT Tiga, Medan; PT Empat, Makassar",
      tujuan_pengungkapan: "Penjajakan usaha patungan",
      bahasa_perjanjian: "Bahasa Indonesia",
      email_kontak: "legal@tiga.co.id",
    },
  });
  const offer = page.getByRole("article").filter({ hasText: order.id });
  await expect(offer).toBeVisible({ timeout: 30_000 });

  // The agent cancels before anyone took it: the offer is withdrawn and the inbox says so.
  const cancelled = await api<{ status: string }>(request, "POST", `/v1/orders/${order.id}/cancel`, {
    reason: "Rencana kerja sama ditunda.",
  });
  expect(cancelled.status).toBe("dibatalkan");
  await expect(offer).toHaveCount(0, { timeout: 15_000 });
  const withdrawn = page
    .getByRole("list", { name: "Tawaran yang ditarik dalam 24 jam terakhir" })
    .getByRole("listitem")
    .filter({ hasText: order.id });
  await expect(withdrawn).toContainText("Tawaran Perjanjian Kerahasiaan (NDA) ditarik: klien membatalkan pesanan.");
  await screenshot(page, testInfo, "praktisi-tawaran-ditarik");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "praktisi-tawaran-ditarik-ponsel");
});
