import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { cardTitled, clickNav, createKey, DESKTOP, enterSignedIn, screenshotBothSizes, takeOffer } from "./portal";
import { COSTS_ADMIN, IP_CONSULTANT, OPERATOR } from "./users";

/**
 * Official costs end to end: an agent orders a trademark registration; the trademark consultant
 * takes it and asks for the PNBP listed for the service (prefilled at its official amount); the
 * admin approves it in Persetujuan (the nav's badge counts it); the consultant uploads the DJKI
 * receipt, and the earnings page shows the reimbursement apart from fees. A second cost, outside
 * the catalog, is approved on the order's page and cancelled by the operator with its reason.
 */

/** The DJKI payment receipt, a small PDF. */
const RECEIPT = Buffer.from(
  "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% Bukti bayar PNBP merek DJKI\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

const costsCard = (page: Page) => cardTitled(page, "Biaya resmi");

/** The smallest PNG: a trademark label as an agent uploads it. */
const LABEL_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cf000000030101005d4f0e0a0000000049454e44ae426082",
  "hex",
);

test("a consultant asks for the trademark PNBP, the admin approves it, the receipt reimburses the consultant apart from fees", async ({
  browser,
  request,
}, testInfo) => {
  const admin = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await enterSignedIn(admin, COSTS_ADMIN, /\/organisasi$/);
  const token = await createKey(admin, "agen-merek");
  // The label the filing shows, uploaded first and named in the intake (type berkas).
  const label = await request.post("/v1/files", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: "label-kopi-senja.png", mimeType: "image/png", buffer: LABEL_PNG } },
  });
  expect(label.status(), await label.text()).toBe(201);
  const placed = await request.post("/v1/orders", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      service: "pendaftaran_merek",
      intake: {
        nama_merek: "KOPI SENJA",
        kelas_merek: "30",
        uraian_barang_jasa: "Kopi, kopi bubuk, minuman berbahan dasar kopi",
        jenis_pemohon: "Usaha mikro atau usaha kecil (UMK), perorangan atau badan usaha",
        nama_alamat_pemohon: "Sinta Lestari, Jl. Kenanga 5, Yogyakarta",
        label_merek: ((await label.json()) as { id: string }).id,
        email_kontak: "sinta@kopisenja.id",
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string; status: string };
  expect(order.status).toBe("dibayar");

  // The consultant takes the order and asks for the listed PNBP at its official amount.
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await enterSignedIn(page, IP_CONSULTANT, /\/praktisi$/);
  const offer = page.getByRole("article").filter({ hasText: order.id });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await takeOffer(offer);
  await expect(page).toHaveURL(new RegExp(`/praktisi/pesanan/${order.id}$`), { timeout: 15_000 });
  await page.getByRole("button", { name: "Mulai kerjakan" }).click();
  await expect(page.locator(".badge")).toHaveText("Sedang dikerjakan");

  const costs = costsCard(page);
  await expect(costs).toContainText("Belum ada biaya resmi yang diajukan untuk pesanan ini.");
  await costs.getByLabel("Jenis biaya").selectOption("pnbp_merek_umk");
  await expect(costs.getByLabel("Jumlah yang diajukan")).toHaveValue("500000");
  await expect(costs).toContainText("PP No. 45 Tahun 2024");
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshotBothSizes(page, testInfo, "biaya-ajukan-praktisi");
  // More than the official amount is refused before it is sent, with what to do.
  await costs.getByLabel("Jumlah yang diajukan").fill("600.000");
  await costs.getByRole("button", { name: "Ajukan biaya" }).click();
  await expect(costs.getByRole("alert")).toContainText("Jumlah melebihi tarif resmi");
  await costs.getByLabel("Jumlah yang diajukan").fill("500.000");
  await costs.getByRole("button", { name: "Ajukan biaya" }).click();
  const asked = costs.getByRole("listitem").filter({ hasText: "PNBP permohonan pendaftaran merek" });
  await expect(asked).toContainText("Diajukan, menunggu keputusan klien");

  // The admin sees it counted beside order approvals, and approves it.
  await admin.goto("/organisasi");
  await expect(
    admin.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "Persetujuan (1 menunggu)" }),
  ).toBeVisible();
  await clickNav(admin, "Persetujuan");
  const waiting = admin.getByRole("region", { name: "Biaya resmi menunggu keputusan" }).getByRole("listitem").filter({ hasText: order.id });
  await expect(waiting).toContainText(/Rp\s500\.000/);
  await expect(waiting).toContainText(IP_CONSULTANT.name);
  await expectNoSeriousA11yViolations(admin, testInfo);
  await screenshotBothSizes(admin, testInfo, "biaya-persetujuan-admin");
  await waiting.getByRole("button", { name: "Setujui biaya" }).click();
  await admin.getByRole("dialog", { name: "Setujui biaya resmi ini?" }).getByRole("button", { name: "Ya, setujui dan bayar" }).click();
  await expect(admin.getByText("Tidak ada biaya resmi yang menunggu keputusan.")).toBeVisible();

  // The consultant uploads the receipt; the cost is paid back.
  await page.reload();
  await expect(asked).toContainText("Disetujui, menunggu kuitansi");
  const receipt = asked.getByRole("group", { name: "Kuitansi resmi" });
  const chooser = page.waitForEvent("filechooser");
  await receipt.getByRole("button", { name: "Pilih berkas" }).click();
  await (await chooser).setFiles({ name: "bukti-bayar-pnbp-merek.pdf", mimeType: "application/pdf", buffer: RECEIPT });
  await expect(receipt.getByRole("listitem").filter({ hasText: "bukti-bayar-pnbp-merek.pdf" })).toContainText("terunggah");
  await screenshotBothSizes(page, testInfo, "biaya-kuitansi-praktisi");
  await asked.getByRole("button", { name: "Kirim kuitansi" }).click();
  await expect(asked).toContainText("Lunas, kuitansi diunggah");
  await expect(asked.getByRole("link", { name: "bukti-bayar-pnbp-merek.pdf" })).toBeVisible();

  // The admin reads the receipt on the order.
  await admin.goto(`/organisasi/pesanan/${order.id}`);
  const onOrder = costsCard(admin);
  await expect(onOrder).toContainText("Lunas, kuitansi diunggah");
  await expect(onOrder.getByRole("link", { name: "bukti-bayar-pnbp-merek.pdf" })).toBeVisible();
  await screenshotBothSizes(admin, testInfo, "biaya-pesanan-admin");

  // Another official cost, outside the catalog, with its basis; the admin approves it on the order's page.
  await page.goto(`/praktisi/pesanan/${order.id}`);
  await costs.getByText("Ajukan biaya resmi").click();
  await costs.getByLabel("Jenis biaya").selectOption({ label: "Biaya resmi lain" });
  await costs.getByLabel("Uraian", { exact: true }).fill("Legalisasi surat kuasa pemohon");
  await costs.getByLabel("Jumlah", { exact: true }).fill("150.000");
  await costs.getByLabel("Dasar biaya").fill("Tarif kantor notaris untuk legalisasi, kuitansi dari notaris");
  await costs.getByRole("button", { name: "Ajukan biaya" }).click();
  const other = costs.getByRole("listitem").filter({ hasText: "Legalisasi surat kuasa pemohon" });
  await expect(other).toContainText("Diajukan, menunggu keputusan klien");
  await admin.reload();
  const otherOnOrder = costsCard(admin).getByRole("listitem").filter({ hasText: "Legalisasi surat kuasa pemohon" });
  await expect(otherOnOrder).toContainText("Tarif kantor notaris");
  await otherOnOrder.getByRole("button", { name: "Setujui biaya" }).click();
  await admin.getByRole("dialog", { name: "Setujui biaya resmi ini?" }).getByRole("button", { name: "Ya, setujui dan bayar" }).click();
  await expect(otherOnOrder).toContainText("Disetujui, menunggu kuitansi");

  // The operator sees both costs on the order and cancels the unpaid one with its reason; the deposit gets it back.
  const operator = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await enterSignedIn(operator, OPERATOR, /\/operator$/);
  await operator.goto("/operator/antrean");
  await expect(operator.getByRole("heading", { name: "Kuitansi biaya belum diunggah (0)" })).toBeVisible();
  await expect(operator.getByText("Tidak ada kuitansi yang terlambat.")).toBeVisible();
  await screenshotBothSizes(operator, testInfo, "biaya-antrean-operator");
  await operator.goto(`/operator/pesanan/${order.id}`);
  const onOperator = costsCard(operator);
  await expect(onOperator.getByRole("listitem").filter({ hasText: "PNBP permohonan pendaftaran merek" })).toContainText(
    "Lunas, kuitansi diunggah",
  );
  const toCancel = onOperator.getByRole("listitem").filter({ hasText: "Legalisasi surat kuasa pemohon" });
  await toCancel.getByRole("button", { name: "Batalkan dan kembalikan dana" }).click();
  await expect(toCancel.getByRole("alert")).toContainText("Tulis alasan pembatalan terlebih dahulu.");
  await toCancel.getByLabel("Alasan pembatalan").fill("Legalisasi tidak diperlukan untuk permohonan daring DJKI.");
  await expectNoSeriousA11yViolations(operator, testInfo);
  await screenshotBothSizes(operator, testInfo, "biaya-pesanan-operator");
  await toCancel.getByRole("button", { name: "Batalkan dan kembalikan dana" }).click();
  const cancelDialog = operator.getByRole("dialog", { name: "Batalkan biaya resmi ini?" });
  await expect(cancelDialog).toContainText(`kembali dari escrow ke deposit ${COSTS_ADMIN.organization}`);
  await cancelDialog.getByRole("button", { name: "Ya, batalkan" }).click();
  await expect(toCancel).toContainText("Legalisasi tidak diperlukan untuk permohonan daring DJKI.");
  await expect(toCancel.locator(".pill")).toHaveText("Dibatalkan");
  await page.reload();
  await expect(other).toContainText("Dibatalkan");
  await expect(other).toContainText("Alasan: Legalisasi tidak diperlukan untuk permohonan daring DJKI.");

  // The earnings show the reimbursement apart from fees.
  await page.goto("/praktisi/pendapatan");
  // The balance's figures and the month's statement (Laporan bulanan) both show it.
  const reimbursed = page.getByRole("region", { name: "Penggantian biaya resmi" });
  await expect(reimbursed).toHaveCount(2);
  for (const figure of await reimbursed.all()) await expect(figure).toContainText(/Rp\s500\.000/);
  await expect(page.getByRole("region", { name: "Total pendapatan" })).toContainText(/Rp\s0/);
  await expect(page.getByRole("table").filter({ hasText: "Penggantian biaya resmi" }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshotBothSizes(page, testInfo, "biaya-pendapatan-praktisi");
});
