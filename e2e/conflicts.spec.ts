import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { cardTitled, DESKTOP, enterSignedIn, noConflictStatement, PHONE, screenshot, signIn } from "./portal";
import { CONFLICT_CLIENT, CONFLICT_HOLDER, OPERATOR } from "./users";

/**
 * Conflicts of interest, with a practitioner of this spec's own (the only one in the disputes field)
 * and an organisation of its own: the practitioner keeps their list of parties on their profile,
 * declines an offered demand letter for a conflict (the party joins the list), and the next order
 * naming that party passes them over, which the operator reads on the order's page; taking an
 * offer states, with its parties shown, that the practitioner has no conflict with any of them.
 */

const toast = (page: Page) => page.locator(".toasts [role=status]");

/** The organisation's live key, written by e2e/create-users.ts into this server's data directory. */
function clientKey(): string {
  const { dataDir } = test.info().project.metadata as { dataDir: string };
  return readFileSync(path.join(dataDir, CONFLICT_CLIENT.keyFile), "utf8").trim();
}

async function api<T>(request: APIRequestContext, method: "GET" | "POST", url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, headers: { Authorization: `Bearer ${clientKey()}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A demand letter against `counterparties` (one per line), as an agent orders it. */
const demandLetter = (request: APIRequestContext, counterparties: string) =>
  api<{ id: string; status: string }>(request, "POST", "/v1/orders", {
    service: "somasi",
    intake: {
      pihak_penerima: "Direksi, Jl. Gatot Subroto 12, Jakarta Selatan",
      kronologi: "Tagihan jasa distribusi bulan Agustus belum dibayar meski sudah dua kali diingatkan.",
      tuntutan: "Pelunasan Rp 48.000.000 dalam 14 hari.",
      jenis_permasalahan: "Utang piutang / wanprestasi pembayaran",
      telepon_klien: "081298765432",
      email_kontak: "hukum@klien-sengketa.co.id",
      pihak_lawan: counterparties,
    },
  });

/** The page's axe check and screenshot at both sizes, leaving it at desktop size. */
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

test("the practitioner adds parties to their conflict list and removes one, at desktop and phone size", async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, CONFLICT_HOLDER, /\/praktisi$/);
  await page.goto("/praktisi/profil");
  const card = cardTitled(page, "Benturan kepentingan");
  await expect(card).toContainText("Belum ada pihak di daftar Anda.");
  await expect(card).toContainText("Kode Etik Advokat Indonesia pasal 4 huruf j");
  await checkBothSizes(page, testInfo, "praktisi-benturan-kosong");

  const add = page.getByRole("form", { name: "Tambah pihak" });
  // Nothing typed, then only a legal form: each refusal says what to write.
  await add.getByRole("button", { name: "Tambahkan ke daftar" }).click();
  await expect(add.getByRole("alert")).toHaveText("Tulis nama pihaknya dahulu, mis. PT Sumber Makmur Abadi.");
  await add.getByLabel("Nama pihak").fill("PT.");
  await add.getByRole("button", { name: "Tambahkan ke daftar" }).click();
  await expect(add.getByRole("alert")).toContainText("bukan hanya bentuk badan usaha (PT, CV) atau gelar");

  await add.getByLabel("Nama pihak").fill("PT Sumber Makmur Abadi");
  await add.getByLabel("Catatan (tidak wajib)").fill("Bekas kantor saya, 2015–2019");
  await add.getByRole("button", { name: "Tambahkan ke daftar" }).click();
  await expect(toast(page)).toContainText("PT Sumber Makmur Abadi ditambahkan ke daftar benturan kepentingan.");
  const list = page.getByRole("list", { name: "Daftar benturan kepentingan" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Bekas kantor saya, 2015–2019");
  await expect(add.getByLabel("Nama pihak")).toHaveValue("");

  // At phone size: a second party, and the first again in another writing, which is not listed twice.
  await page.setViewportSize(PHONE);
  await add.getByLabel("Nama pihak").fill("CV Maju Jaya");
  await add.getByRole("button", { name: "Tambahkan ke daftar" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("CV Maju Jaya");
  await add.getByLabel("Nama pihak").fill("sumber makmur abadi, PT");
  await add.getByRole("button", { name: "Tambahkan ke daftar" }).click();
  await expect(toast(page)).toContainText("PT Sumber Makmur Abadi sudah ada di daftar Anda.");
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // Removing asks first, and says what it changes.
  await list.getByRole("button", { name: "Hapus CV Maju Jaya" }).click();
  const confirm = page.getByRole("dialog", { name: "Hapus CV Maju Jaya dari daftar?" });
  await expect(confirm).toContainText("bisa ditawarkan lagi kepada Anda");
  await screenshot(page, testInfo, "praktisi-benturan-hapus-dialog-ponsel");
  await confirm.getByRole("button", { name: "Ya, hapus" }).click();
  await expect(toast(page)).toContainText("CV Maju Jaya dihapus dari daftar.");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).not.toContainText("CV Maju Jaya");
  await checkBothSizes(page, testInfo, "praktisi-benturan-daftar");
  await screenshot(card, testInfo, "praktisi-benturan-kartu");
  await page.setViewportSize(PHONE);
  await screenshot(card, testInfo, "praktisi-benturan-kartu-ponsel");
});

test("an offer is declined for a conflict: the party joins the list, and the next order naming it passes the practitioner over; the operator reads who was offered, why, and what was checked", async ({
  page,
  browser,
  request,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, CONFLICT_HOLDER, /\/praktisi$/);
  const first = await demandLetter(request, "PT Sinar Terang Sentosa\nBudi Hartono");
  expect(first.status).toBe("dibayar");

  const offer = page.getByRole("article").filter({ hasText: first.id });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(offer).toContainText("PT Sinar Terang Sentosa");
  await offer.getByRole("button", { name: "Tolak karena benturan kepentingan" }).click();
  const decline = offer.getByRole("group", { name: `Tolak karena benturan kepentingan · pesanan ${first.id}` });
  // The order's parties are the choices, the client first, then "Pihak lain" to type one it does not name.
  const choices = decline.getByRole("group", { name: "Pihak yang berbenturan kepentingan dengan Anda" });
  await expect(choices.getByRole("radio")).toHaveCount(4);
  await expect(choices.getByRole("radio", { name: `${CONFLICT_CLIENT.organization} (klien)` })).toBeVisible();
  await expect(choices.getByRole("radio", { name: "Budi Hartono (pihak lawan)" })).toBeVisible();
  // Nothing chosen, then "Pihak lain" with no name: each refusal says what to do.
  await decline.getByRole("button", { name: "Tolak dan catat pihak ini" }).click();
  await expect(decline.getByRole("alert")).toHaveText("Pilih pihak yang berbenturan kepentingan dengan Anda dahulu.");
  await choices.getByRole("radio", { name: "Pihak lain" }).check();
  await decline.getByRole("button", { name: "Tolak dan catat pihak ini" }).click();
  await expect(decline.getByRole("alert")).toHaveText("Tulis nama pihak lain yang berbenturan kepentingan dengan Anda dahulu.");
  await expect(decline.getByLabel("Nama pihak lain")).toBeVisible();
  await screenshot(decline, testInfo, "praktisi-tawaran-benturan-pihak-lain");
  await choices.getByRole("radio", { name: "PT Sinar Terang Sentosa (pihak lawan)" }).check();
  await expect(decline.getByLabel("Nama pihak lain")).toHaveCount(0);
  await expect(decline.getByRole("alert")).toHaveCount(0);
  await checkBothSizes(page, testInfo, "praktisi-tawaran-benturan");
  await decline.getByRole("button", { name: "Tolak dan catat pihak ini" }).click();
  const confirm = page.getByRole("dialog", { name: "Tolak tawaran karena benturan kepentingan?" });
  await expect(confirm).toContainText("PT Sinar Terang Sentosa ditambahkan ke daftar benturan kepentingan Anda di Profil");
  await screenshot(page, testInfo, "praktisi-tawaran-benturan-dialog");
  await confirm.getByRole("button", { name: "Ya, tolak dan catat" }).click();
  await expect(toast(page)).toContainText("Tawaran ditolak; PT Sinar Terang Sentosa dicatat di daftar benturan kepentingan Anda.");
  await expect(offer).toHaveCount(0);

  // The party is on their list, with the order it came from.
  await page.goto("/praktisi/profil");
  const listed = page
    .getByRole("list", { name: "Daftar benturan kepentingan" })
    .getByRole("listitem")
    .filter({ hasText: "PT Sinar Terang Sentosa" });
  await expect(listed).toContainText(`Ditolak karena benturan kepentingan pada pesanan ${first.id}.`);

  // The next order naming that party, written another way, is not offered to them: it stalls, and
  // the operator reads why on the order's page.
  const second = await demandLetter(request, "Sinar Terang Sentosa, PT");
  const operatorContext = await browser.newContext({ viewport: DESKTOP });
  const operator = await operatorContext.newPage();
  await enterSignedIn(operator, OPERATOR, /\/operator$/);
  await operator.goto(`/operator/pesanan/${second.id}`);
  const audit = cardTitled(operator, "Log audit pesanan");
  await expect(async () => {
    await operator.reload();
    await expect(audit).toContainText("Praktisi dilewati karena benturan kepentingan", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(audit).toContainText(
    `Dilewati karena benturan kepentingan: ${CONFLICT_HOLDER.name} (putaran 1) — Sinar Terang Sentosa, PT (ada di daftar benturan kepentingan praktisi, tercatat sebagai “PT Sinar Terang Sentosa”)`,
  );
  await expect(cardTitled(operator, "Tindakan operator")).toContainText("memiliki benturan kepentingan dengan pihak pada pesanan ini");
  // Nobody was offered it, but the check ran: against the client, then the other side, and nobody confirmed.
  await expect(cardTitled(operator, "Penawaran")).toContainText("Belum ada tawaran untuk pesanan ini.");
  const check = cardTitled(operator, "Pemeriksaan benturan kepentingan");
  await expect(check.getByRole("list", { name: "Pihak yang diperiksa" }).getByRole("listitem")).toHaveText([
    CONFLICT_CLIENT.organization,
    "Sinar Terang Sentosa, PT",
  ]);
  await expect(check.getByRole("term")).toHaveText(["Pihak", "Diperiksa", "Konfirmasi"]);
  await expect(check.getByRole("definition").nth(1)).toHaveText(/^\d{1,2} \S+ \d{4}, \d{2}\.\d{2} WIB$/);
  await expect(check.getByRole("definition").nth(2)).toHaveText("Belum dikonfirmasi: belum ada praktisi yang mengambil pesanan ini.");
  await checkBothSizes(operator, testInfo, "operator-pesanan-benturan");

  // The operator's choice names the conflict and cannot be made while it stands.
  const choice = operator.getByLabel("Tawarkan ke praktisi tertentu");
  const conflicted = choice.locator("option", { hasText: CONFLICT_HOLDER.name });
  await expect(conflicted).toContainText(
    "benturan kepentingan: Sinar Terang Sentosa, PT (ada di daftar benturannya: PT Sinar Terang Sentosa)",
  );
  await expect(conflicted).toBeDisabled();

  // The first order's log names the decline, and its offers say who was offered it, why then, and that they declined.
  await operator.goto(`/operator/pesanan/${first.id}`);
  await expect(cardTitled(operator, "Log audit pesanan")).toContainText("Tawaran ditolak praktisi karena benturan kepentingan");
  const declined = cardTitled(operator, "Penawaran").getByRole("listitem");
  await expect(declined).toHaveCount(1);
  await expect(declined).toContainText(`Putaran 1 · ${CONFLICT_HOLDER.name} Ditolak`);
  // The only practitioner of the field, never offered anything before and new to it.
  await expect(declined).toContainText(
    "Urutan 1 dari 1 yang memenuhi syarat: beban 0 (0 tawaran aktif, 0 pesanan berjalan), perkiraan bintang",
  );
  await expect(declined).toContainText("belum pernah ditawari sebelumnya; belum pernah mengerjakan pesanan di bidang ini.");
  await expect(declined.getByRole("link", { name: CONFLICT_HOLDER.name })).toHaveAttribute("href", /^\/operator\/praktisi\/[^/]+$/);

  // The catalog's service names its field of the other side, and the editor says what the type does.
  await operator.goto("/operator/katalog/somasi");
  await operator.getByText("Ubah layanan").click();
  const editor = operator.getByLabel(/^Jenis kolom \d+$/);
  await expect(
    editor.filter({ has: operator.locator("option:checked", { hasText: "Pihak lawan (nama, satu per baris) (pihak)" }) }),
  ).toHaveCount(1);
  await expect(operator.getByText("Pesanan tidak ditawarkan kepada praktisi yang pernah mewakili pihak itu")).toBeVisible();
  await checkBothSizes(operator, testInfo, "operator-katalog-pihak");
  await operator.setViewportSize(PHONE);
  await screenshot(operator.locator(".intake-field").last(), testInfo, "operator-katalog-pihak-kolom-ponsel");
  await operatorContext.close();
});

test("taking an offer requires stating no conflict of interest with the parties shown; the order pages record when, and the operator's says why the offering chose them, at desktop and phone size", async ({
  page,
  browser,
  request,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, CONFLICT_HOLDER, /\/praktisi$/);
  // Parties nobody in this spec has declared or declined.
  const order = await demandLetter(request, "CV Cahaya Abadi\nRudi Santoso");
  expect(order.status).toBe("dibayar");

  const offer = page.getByRole("article").filter({ hasText: order.id });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  // The parties, each side named: the ordering organisation as the client, the intake's other side.
  const parties = offer.getByRole("region", { name: "Pihak dalam pesanan ini" });
  await expect(parties.getByRole("term")).toHaveText(["Klien", "Pihak lawan"]);
  await expect(parties.getByRole("definition").first()).toContainText(CONFLICT_CLIENT.organization);
  await expect(parties.getByRole("definition").last().getByRole("listitem")).toHaveText(["CV Cahaya Abadi", "Rudi Santoso"]);

  // Unticked, "Ambil pesanan" takes nothing: it says what to do and moves to the statement.
  const statement = noConflictStatement(offer);
  await expect(statement).not.toBeChecked();
  await offer.getByRole("button", { name: "Ambil pesanan" }).click();
  await expect(offer.getByRole("alert")).toHaveText(
    "Centang dahulu pernyataan bahwa Anda tidak memiliki benturan kepentingan dengan pihak-pihak pesanan ini, lalu ambil pesanan lagi.",
  );
  await expect(statement).toBeFocused();
  await expect(statement).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/praktisi$/);
  await expect(offer).toBeVisible();
  await checkBothSizes(page, testInfo, "praktisi-tawaran-pernyataan-belum");
  for (const [size, viewport] of [
    ["", DESKTOP],
    ["-ponsel", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await screenshot(offer, testInfo, `praktisi-tawaran-pernyataan-kartu${size}`);
  }
  await page.setViewportSize(DESKTOP);

  // Ticked, the error goes and the order is taken.
  await statement.check();
  await expect(offer.getByRole("alert")).toHaveCount(0);
  await expect(statement).not.toHaveAttribute("aria-invalid");
  await screenshot(offer, testInfo, "praktisi-tawaran-pernyataan-dicentang");
  await offer.getByRole("button", { name: "Ambil pesanan" }).click();
  await expect(page).toHaveURL(new RegExp(`/praktisi/pesanan/${order.id}$`), { timeout: 15_000 });

  // The order page shows the parties, now unmasked, and when the practitioner stated no conflict.
  const card = cardTitled(page, "Pihak dalam pesanan ini");
  await expect(card).toContainText(CONFLICT_CLIENT.organization);
  await expect(card.getByRole("definition").last().getByRole("listitem")).toHaveText(["CV Cahaya Abadi", "Rudi Santoso"]);
  await expect(card).toContainText(/Anda menyatakan tidak ada benturan kepentingan pada \d{1,2} \S+ \d{4}.* WIB\./);
  await checkBothSizes(page, testInfo, "praktisi-pesanan-pernyataan");
  await screenshot(card, testInfo, "praktisi-pesanan-pihak-kartu");
  await page.setViewportSize(PHONE);
  await screenshot(card, testInfo, "praktisi-pesanan-pihak-kartu-ponsel");

  // The operator's page of the order says why the offering chose them, that they took it, what was checked and when they confirmed.
  const operatorContext = await browser.newContext({ viewport: DESKTOP });
  const operator = await operatorContext.newPage();
  await enterSignedIn(operator, OPERATOR, /\/operator$/);
  await operator.goto(`/operator/pesanan/${order.id}`);
  const offers = cardTitled(operator, "Penawaran");
  const taken = offers.getByRole("listitem").last();
  await expect(taken).toContainText(`${CONFLICT_HOLDER.name} Diterima`);
  await expect(taken).toContainText(/Ditawarkan \d{1,2} \S+ \d{4}.* WIB · dijawab \d{1,2} \S+ \d{4}.* WIB/);
  // Offered before (the first order of this spec), so the rotation's last step names when.
  await expect(taken).toContainText(
    /Urutan 1 dari 1 yang memenuhi syarat: beban 0 \(0 tawaran aktif, 0 pesanan berjalan\), perkiraan bintang [\d,]+ \(rating [\d,]+ · menjawab \d+% · tepat waktu \d+%\), terakhir ditawari \d{1,2} \S+ \d{4}/,
  );
  const check = cardTitled(operator, "Pemeriksaan benturan kepentingan");
  await expect(check.getByRole("list", { name: "Pihak yang diperiksa" }).getByRole("listitem")).toHaveText([
    CONFLICT_CLIENT.organization,
    "CV Cahaya Abadi",
    "Rudi Santoso",
  ]);
  await expect(check.getByRole("term")).toHaveText(["Pihak", "Diperiksa", "Konfirmasi"]);
  await expect(check.getByRole("definition").nth(1)).toHaveText(/^\d{1,2} \S+ \d{4}, \d{2}\.\d{2} WIB$/);
  await expect(check.getByRole("definition").nth(2)).toHaveText(
    /^Praktisi menyatakan tidak ada benturan kepentingan pada \d{1,2} \S+ \d{4}, \d{2}\.\d{2} WIB\.$/,
  );
  await checkBothSizes(operator, testInfo, "operator-pesanan-penawaran-diambil");
  for (const [size, viewport] of [
    ["", DESKTOP],
    ["-ponsel", PHONE],
  ] as const) {
    await operator.setViewportSize(viewport);
    await screenshot(offers, testInfo, `operator-pesanan-penawaran-kartu${size}`);
    await screenshot(check, testInfo, `operator-pesanan-benturan-kartu${size}`);
  }
  await operatorContext.close();
});
