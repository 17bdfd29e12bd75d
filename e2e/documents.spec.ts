import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { cardTitled, createKey, DESKTOP, enterSignedIn, screenshot, screenshotBothSizes, takeOffer } from "./portal";
import { OPERATOR, ORG_ADMIN, PRACTITIONER } from "./users";

/**
 * Documents end to end: an agent of the admin's organisation uploads a contract and orders with
 * it; the practitioner sees its name on the offer but cannot open it, takes the order, opens it,
 * asks for the deed, which the admin sends from the portal with the answer, and delivers a PDF
 * through the upload component; the admin opens the delivered PDF; the operator sees every file.
 */

/** Two small PDFs that differ, so a download proves which file came back. */
const CONTRACT = Buffer.from(
  "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% Kontrak distribusi PT Satu\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
const RESULT = Buffer.from(
  "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% NDA final PT Satu dan PT Dua\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
/** The deed the admin sends when the practitioner asks for it. */
const DEED = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% Akta pendirian PT Satu\ntrailer << /Root 1 0 R >>\n%%EOF\n");
/** A Windows executable's first bytes: refused by content, whatever its name says. */
const EXECUTABLE = [0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00];

const filesCard = (page: Page) => cardTitled(page, "Berkas");

async function downloadedBytes(link: Locator): Promise<Buffer> {
  const [download] = await Promise.all([link.page().waitForEvent("download"), link.click()]);
  return readFileSync(await download.path());
}

test("a contract goes with the order to the practitioner, who opens it once taken and delivers a PDF the admin downloads", async ({
  browser,
  request,
}, testInfo) => {
  const admin = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await enterSignedIn(admin, ORG_ADMIN, /\/organisasi$/);
  const token = await createKey(admin, "agen-dokumen");
  const auth = { Authorization: `Bearer ${token}` };

  // The agent uploads the contract, then orders with it attached.
  const uploaded = await request.post("/v1/files", {
    headers: auth,
    multipart: { file: { name: "kontrak-distribusi.pdf", mimeType: "application/pdf", buffer: CONTRACT } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const file = (await uploaded.json()) as { id: string; content_type: string };
  expect(file.content_type).toBe("application/pdf");
  const placed = await request.post("/v1/orders", {
    headers: auth,
    data: {
      service: "perjanjian_kerahasiaan",
      intake: {
        sifat_nda: "Timbal balik (mutual)",
        para_pihak: "PT Satu, Jakarta; PT Dua, Bandung",
        tujuan_pengungkapan: "Kerja sama distribusi sesuai kontrak terlampir",
        bahasa_perjanjian: "Bahasa Indonesia",
        email_kontak: "legal@satu.co.id",
      },
      attachments: [file.id],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string; status: string; attachments: Array<{ id: string }> };
  expect(order).toMatchObject({ status: "dibayar", attachments: [{ id: file.id }] });

  // The offer names the attachment, its type and size, and opens nothing before the order is taken.
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await enterSignedIn(page, PRACTITIONER, /\/praktisi$/);
  const offer = page.getByRole("article").filter({ hasText: order.id });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  const attachments = offer.getByRole("list", { name: "Lampiran dari klien" });
  await expect(attachments).toContainText("kontrak-distribusi.pdf");
  await expect(attachments).toContainText(/PDF · \d+ B/);
  await expect(offer.getByRole("link", { name: "kontrak-distribusi.pdf" })).toHaveCount(0);
  await expect(offer).toContainText("Berkas bisa dibuka setelah Anda mengambil pesanan.");
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshotBothSizes(page, testInfo, "dokumen-tawaran");

  await takeOffer(offer);
  await expect(page).toHaveURL(new RegExp(`/praktisi/pesanan/${order.id}$`), { timeout: 15_000 });
  const files = filesCard(page);
  expect(await downloadedBytes(files.getByRole("link", { name: "kontrak-distribusi.pdf" }))).toEqual(CONTRACT);

  await page.getByRole("button", { name: "Mulai kerjakan" }).click();
  await expect(page.locator(".badge")).toHaveText("Sedang dikerjakan");

  // The practitioner asks for the deed; the admin answers in the portal with it, and work resumes.
  await page.getByLabel("Tanya klien").fill("Mohon kirim akta pendirian PT Satu.");
  await page.getByRole("button", { name: "Kirim pertanyaan" }).click();
  await expect(page.locator(".badge")).toHaveText("Menunggu jawaban klien");
  await admin.goto(`/organisasi/pesanan/${order.id}`);
  const answer = admin.getByRole("group", { name: "Lampiran (opsional)" });
  const adminChooser = admin.waitForEvent("filechooser");
  await answer.getByRole("button", { name: "Pilih berkas" }).click();
  await (await adminChooser).setFiles({ name: "akta-pendirian.pdf", mimeType: "application/pdf", buffer: DEED });
  await expect(answer.getByRole("listitem").filter({ hasText: "akta-pendirian.pdf" })).toContainText("terunggah");
  await admin.getByLabel("Jawab pertanyaan praktisi").fill("Akta pendirian terlampir.");
  await expectNoSeriousA11yViolations(admin, testInfo);
  await screenshotBothSizes(admin, testInfo, "dokumen-jawaban-admin");
  await admin.getByRole("button", { name: "Kirim jawaban" }).click();
  await expect(admin.getByText("Jawaban terkirim; praktisi melanjutkan pekerjaan.")).toBeVisible();
  await page.reload();
  await expect(page.locator(".badge")).toHaveText("Sedang dikerjakan");
  expect(await downloadedBytes(filesCard(page).getByRole("link", { name: "akta-pendirian.pdf" }))).toEqual(DEED);
  const upload = page.getByRole("group", { name: "Berkas hasil" });

  // A program dropped on the zone is refused with what to do instead, and can be removed.
  const dropped = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], "setup.exe"));
    return transfer;
  }, EXECUTABLE);
  await upload.locator(".drop-zone").dispatchEvent("drop", { dataTransfer: dropped });
  await expect(upload.getByRole("listitem").filter({ hasText: "setup.exe" })).toContainText(
    "Jenis berkas ini tidak diterima. Unggah PDF, DOCX, XLSX, ODT, PNG, JPEG atau teks.",
  );
  await screenshot(upload, testInfo, "dokumen-unggah-ditolak");
  await upload.getByRole("button", { name: "Hapus setup.exe" }).click();
  await expect(upload.getByRole("listitem")).toHaveCount(0);

  // The result through the picker.
  const chooser = page.waitForEvent("filechooser");
  await upload.getByRole("button", { name: "Pilih berkas" }).click();
  await (await chooser).setFiles({ name: "nda-final.pdf", mimeType: "application/pdf", buffer: RESULT });
  await expect(upload.getByRole("listitem").filter({ hasText: "nda-final.pdf" })).toContainText("terunggah");
  await page.getByLabel("Hasil pekerjaan").fill("NDA final terlampir, siap ditandatangani kedua pihak.");
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshotBothSizes(page, testInfo, "dokumen-pesanan-praktisi-unggah");
  await page.getByRole("button", { name: "Serahkan hasil" }).click();
  const confirm = page.getByRole("dialog", { name: "Serahkan hasil ini ke klien?" });
  await expect(confirm).toContainText("Dengan 1 berkas terlampir");
  await confirm.getByRole("button", { name: "Ya, serahkan" }).click();
  await expect(page.locator(".badge")).toHaveText("Hasil diserahkan");
  await expect(files.getByRole("link", { name: "nda-final.pdf" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshotBothSizes(page, testInfo, "dokumen-pesanan-praktisi");

  const delivered = (await (await request.get(`/v1/orders/${order.id}`, { headers: auth })).json()) as {
    deliverable_files: Array<{ filename: string; content_type: string }>;
  };
  expect(delivered.deliverable_files).toEqual([expect.objectContaining({ filename: "nda-final.pdf", content_type: "application/pdf" })]);

  // The admin reads the delivery first and downloads it.
  await admin.goto(`/organisasi/pesanan/${order.id}`);
  const adminFiles = filesCard(admin);
  await expect(adminFiles.getByRole("link").first()).toHaveText("nda-final.pdf");
  expect(await downloadedBytes(adminFiles.getByRole("link", { name: "nda-final.pdf" }))).toEqual(RESULT);
  await expect(adminFiles.getByRole("link", { name: "kontrak-distribusi.pdf" })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, testInfo);
  await screenshotBothSizes(admin, testInfo, "dokumen-pesanan-admin");

  // The operator sees every file of the order.
  const operator = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await enterSignedIn(operator, OPERATOR, /\/operator$/);
  await operator.goto(`/operator/pesanan/${order.id}`);
  const operatorFiles = filesCard(operator);
  await expect(operatorFiles.getByRole("link")).toHaveText(["nda-final.pdf", "kontrak-distribusi.pdf", "akta-pendirian.pdf"]);
  await expectNoSeriousA11yViolations(operator, testInfo);
  await screenshotBothSizes(operator, testInfo, "dokumen-pesanan-operator");
});
