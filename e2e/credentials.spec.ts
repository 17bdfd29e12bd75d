import { deflateSync } from "node:zlib";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { cardTitled, DESKTOP, enterSignedIn, PHONE, screenshot, signIn } from "./portal";
import { CREDENTIAL_HOLDER, OPERATOR } from "./users";

/**
 * A practitioner's credentials from both sides, with a practitioner of this spec's own (no
 * categories, so no order is ever offered to them): they submit two, each with a scan of its
 * document, the operator checks them beside their scans and rejects one with a reason and
 * verifies the other with a correction from the queue, then records a third on the practitioner's
 * page and revokes it. The label the practitioner sees follows each decision; the pages are
 * checked with axe at desktop and phone size.
 */

const { name } = CREDENTIAL_HOLDER;
const toast = (page: Page) => page.locator(".toasts [role=status]");
const REJECTED = "Nomor ini tidak ada di daftar advokat PERADI. Kirim nomor seperti tertulis di kartu advokat Anda.";
const REVOKED = "SK penerjemah ini dicabut Kementerian Hukum per bulan ini.";
const SCAN_MISSING = "Unggah pindaian dokumen kredensial (PDF, PNG atau JPEG) sebelum mengajukan";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
/** A photo of a card as a real PNG (320×200): a light card, a band at the top and lines of "text". */
function cardPhoto(): Buffer {
  const [width, height] = [320, 200];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = y < 44;
      const line = y >= 70 && (y - 70) % 26 < 9 && x >= 24 && x < 24 + 260 - ((y - 70) % 52 === 0 ? 0 : 90);
      const [r, g, b] = band ? [20, 33, 61] : line ? [92, 103, 125] : [247, 243, 233];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
const NOTARY_SCAN = { name: "sk-notaris.png", mimeType: "image/png", buffer: cardPhoto() };
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const ADVOCATE_SCAN = { name: "kartu-advokat-peradi.pdf", mimeType: "application/pdf", buffer: pdf("Kartu advokat PERADI") };
const TRANSLATOR_SCAN = { name: "sk-penerjemah.pdf", mimeType: "application/pdf", buffer: pdf("SK penerjemah tersumpah") };

/** Chooses `file` as the form's scan through its "Pilih berkas" button, and waits until it is uploaded. */
async function chooseScan(page: Page, form: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const scan = form.getByRole("group", { name: /^Pindaian dokumen/ });
  const chooser = page.waitForEvent("filechooser");
  await scan.getByRole("button", { name: /^(Pilih|Ganti) berkas$/ }).click();
  await (await chooser).setFiles(file);
  await expect(scan).toContainText(`${file.name} ${file.mimeType === "application/pdf" ? "PDF" : "PNG"}`);
  await expect(scan).toContainText("terunggah");
}

/** What a link of the portal serves to whoever is signed in on `page`: its status and type. */
async function opened(page: Page, link: Locator) {
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/api\/berkas\/[^/]+$/);
  const res = await page.request.get(href!);
  return { status: res.status(), type: res.headers()["content-type"], size: (await res.body()).length };
}

/** The page's axe check and screenshot at both sizes, leaving it at desktop size. */
async function checkBothSizes(page: Page, testInfo: Parameters<Parameters<typeof test>[2]>[1], shot: string) {
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

test("the practitioner submits credentials only with a scan of the document; the operator checks each beside its scan, rejects one with a reason, verifies another with a correction, adds one and revokes it; the label follows", async ({
  page,
  browser,
}, testInfo) => {
  // The practitioner, without any credential yet: no label, nothing offered.
  await page.setViewportSize(DESKTOP);
  await signIn(page, CREDENTIAL_HOLDER, /\/praktisi$/);
  await page.goto("/praktisi/profil");
  const verified = cardTitled(page, "Data terverifikasi");
  await expect(verified).toContainText("Belum ada: muncul setelah kredensial Anda diverifikasi");
  const mine = cardTitled(page, "Kredensial");
  await expect(mine).toContainText("Belum ada kredensial.");
  await expect(mine).toContainText("pekerjaan yang sudah Anda ambil tetap berjalan");

  // A notary's credential names its province and comes with a scan: refused without either, saying what to do.
  const submit = page.getByRole("form", { name: "Ajukan kredensial" });
  const scanPicker = submit.getByRole("group", { name: /^Pindaian dokumen/ });
  await expect(scanPicker).toContainText("PDF, PNG atau JPEG");
  await submit.getByLabel("Jenis kredensial").selectOption({ label: "Notaris" });
  await submit.getByLabel("Penerbit").fill("Kementerian Hukum");
  await submit.getByLabel("Nomor").fill("AHU-00123.AH.02.01.Tahun 2020");
  await submit.getByRole("button", { name: "Ajukan untuk verifikasi" }).click();
  await expect(submit.getByRole("alert")).toContainText("Notaris dan PPAT wajib menyebut provinsi wilayah jabatan.");
  await expect(submit.getByRole("alert")).toContainText(SCAN_MISSING);
  await submit.getByLabel("Provinsi wilayah jabatan").selectOption({ label: "DKI Jakarta" });
  await submit.getByRole("button", { name: "Ajukan untuk verifikasi" }).click();
  // Only the scan is missing now: the form says so and moves to its button.
  await expect(submit.getByRole("alert")).toHaveText(/^Unggah pindaian dokumen kredensial \(PDF, PNG atau JPEG\) sebelum mengajukan/);
  const choose = scanPicker.getByRole("button", { name: "Pilih berkas" });
  await expect(choose).toBeFocused();
  await expect(choose).toHaveAttribute("aria-invalid", "true");
  await checkBothSizes(page, testInfo, "praktisi-kredensial-tanpa-pindaian");
  // A document that is not a scan is refused at once, with what to choose instead.
  const wrongChooser = page.waitForEvent("filechooser");
  await choose.click();
  await (await wrongChooser).setFiles({ name: "catatan.txt", mimeType: "text/plain", buffer: Buffer.from("Nomor SK AHU-00123") });
  await expect(scanPicker).toContainText("catatan.txt: Pindaian harus berupa PDF, PNG atau JPEG.");
  // A photo of the decree: uploaded at once, named with its type, and sent with the credential.
  await chooseScan(page, submit, NOTARY_SCAN);
  await expect(submit.getByRole("alert")).toHaveCount(0);
  await expect(scanPicker.getByRole("button", { name: "Ganti berkas" })).toBeVisible();
  for (const [size, viewport] of [
    ["", DESKTOP],
    ["-ponsel", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await screenshot(submit, testInfo, `praktisi-kredensial-formulir-pindaian${size}`);
  }
  await page.setViewportSize(DESKTOP);
  await submit.getByRole("button", { name: "Ajukan untuk verifikasi" }).click();
  await expect(toast(page)).toContainText("Kredensial Notaris diajukan. Tim Kuasa akan memverifikasinya.");
  const mineList = page.getByRole("list", { name: "Kredensial Anda" });
  const submittedNotary = mineList.getByRole("article", { name: "Notaris", exact: true });
  await expect(submittedNotary.locator(".pill")).toHaveText("Menunggu verifikasi");
  await expect(submit.getByLabel("Nomor")).toHaveValue("");
  await expect(scanPicker.getByRole("button", { name: "Pilih berkas" })).toBeVisible();
  await expect(scanPicker).not.toContainText(NOTARY_SCAN.name);
  // The practitioner opens their own scan from the list: the file as uploaded.
  const ownScan = submittedNotary.getByRole("link", { name: new RegExp(`^${NOTARY_SCAN.name}`) });
  await expect(ownScan).toHaveAttribute("download", NOTARY_SCAN.name);
  expect(await opened(page, ownScan)).toEqual({ status: 200, type: "image/png", size: NOTARY_SCAN.buffer.length });

  // The second at phone size: an advocate's card valid for some years.
  await page.setViewportSize(PHONE);
  await submit.getByLabel("Jenis kredensial").selectOption({ label: "Advokat" });
  await expect(submit.getByLabel("Provinsi wilayah jabatan")).toHaveCount(0);
  await submit.getByLabel("Penerbit").fill("PERADI");
  await submit.getByLabel("Nomor").fill("99.00001");
  await submit.getByLabel(/^Berlaku sampai/).fill("2031-06-30");
  await chooseScan(page, submit, ADVOCATE_SCAN);
  await submit.getByRole("button", { name: "Ajukan untuk verifikasi" }).click();
  await expect(toast(page)).toContainText("Kredensial Advokat diajukan.");
  const advocate = mineList.getByRole("article", { name: "Advokat", exact: true });
  await expect(advocate).toContainText("30 Juni 2031");
  await expect(advocate.getByRole("link", { name: new RegExp(`^${ADVOCATE_SCAN.name}`) })).toBeVisible();
  await expect(advocate.locator(".pill")).toHaveText("Menunggu verifikasi");
  await expect(verified).toContainText("Belum ada: muncul setelah kredensial Anda diverifikasi");
  await checkBothSizes(page, testInfo, "praktisi-kredensial-diajukan");

  // The operator's queue, oldest first.
  // A context of its own (axe runs only in a page of one): the operator beside the practitioner.
  const operatorContext = await browser.newContext({ viewport: DESKTOP });
  const operator = await operatorContext.newPage();
  await enterSignedIn(operator, OPERATOR, /\/operator$/);
  await operator.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "Kredensial", exact: true }).click();
  await expect(operator).toHaveURL(/\/operator\/kredensial$/);
  await expect(operator.getByRole("heading", { level: 1 })).toHaveText("Verifikasi kredensial");
  const queue = operator.getByRole("list", { name: "Kredensial yang menunggu verifikasi" });
  await expect(queue.getByRole("article")).toHaveCount(2);
  await expect(queue.getByRole("article").first()).toHaveAccessibleName(`Notaris · ${name}`);
  const notaryItem = queue.getByRole("article", { name: `Notaris · ${name}` });
  const advocateItem = queue.getByRole("article", { name: `Advokat · ${name}` });
  await expect(notaryItem.getByLabel("Provinsi wilayah jabatan")).toHaveValue("31");
  await expect(advocateItem.getByLabel(/^Berlaku sampai/)).toHaveValue("2031-06-30");

  // Each beside its scan: the photo shown whole, the PDF as a link; both links serve the file as uploaded.
  const notaryScan = notaryItem.getByRole("region", { name: `Pindaian Notaris ${name}` });
  const photo = notaryScan.getByRole("img", { name: `Pindaian Notaris ${name}: ${NOTARY_SCAN.name}` });
  await expect(photo).toBeVisible();
  // Shown whole once it has loaded: its natural width is the uploaded photo's.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(320);
  const notaryOpen = notaryScan.getByRole("link", { name: `Unduh pindaian ${NOTARY_SCAN.name}` });
  await expect(notaryOpen).toHaveAttribute("download", NOTARY_SCAN.name);
  expect(await opened(operator, notaryOpen)).toEqual({ status: 200, type: "image/png", size: NOTARY_SCAN.buffer.length });
  const advocateScan = advocateItem.getByRole("region", { name: `Pindaian Advokat ${name}` });
  await expect(advocateScan).toContainText("PDF tidak bisa ditampilkan di halaman ini. Unduh lalu buka berkasnya");
  await expect(advocateScan).toContainText(`${ADVOCATE_SCAN.name} · PDF`);
  const advocateOpen = advocateScan.getByRole("link", { name: `Unduh pindaian ${ADVOCATE_SCAN.name}` });
  expect(await opened(operator, advocateOpen)).toEqual({ status: 200, type: "application/pdf", size: ADVOCATE_SCAN.buffer.length });
  // Beside the fields at desktop size (left of them, level with them), above them on a phone.
  const beside = async () => {
    const [scanBox, fieldBox] = [await notaryScan.boundingBox(), await notaryItem.getByLabel("Nomor").boundingBox()];
    return { left: scanBox!.x + scanBox!.width <= fieldBox!.x, level: scanBox!.y < fieldBox!.y + fieldBox!.height };
  };
  expect(await beside()).toEqual({ left: true, level: true });
  await screenshot(notaryItem, testInfo, "operator-kredensial-pindaian");
  await checkBothSizes(operator, testInfo, "operator-kredensial");
  await operator.setViewportSize(PHONE);
  expect((await beside()).left).toBe(false);
  await screenshot(notaryItem, testInfo, "operator-kredensial-pindaian-ponsel");
  await operator.setViewportSize(DESKTOP);

  // Rejected at phone size: a reason first, which the confirmation repeats.
  await operator.setViewportSize(PHONE);
  await advocateItem.getByRole("button", { name: "Tolak", exact: true }).click();
  await expect(advocateItem.getByRole("alert")).toHaveText("Tulis alasan penolakan terlebih dahulu; praktisi membacanya.");
  await advocateItem.getByLabel("Alasan bila ditolak").fill(REJECTED);
  await advocateItem.getByRole("button", { name: "Tolak", exact: true }).click();
  const reject = operator.getByRole("dialog", { name: `Tolak kredensial Advokat ${name}?` });
  await expect(reject).toContainText(REJECTED);
  await screenshot(operator, testInfo, "operator-kredensial-tolak-dialog-ponsel");
  await reject.getByRole("button", { name: "Ya, tolak" }).click();
  await expect(toast(operator)).toContainText(`Kredensial Advokat ${name} ditolak; praktisi membaca alasan Anda.`);
  await expect(advocateItem).toHaveCount(0);

  // Verified at desktop size, with the number corrected as read off the register.
  await operator.setViewportSize(DESKTOP);
  await notaryItem.getByLabel("Nomor").fill("AHU-00124.AH.02.01.Tahun 2020");
  await expect(notaryItem).toContainText("Diajukan: AHU-00123.AH.02.01.Tahun 2020 · akan dikoreksi");
  await notaryItem.getByRole("button", { name: "Verifikasi", exact: true }).click();
  const confirmVerify = operator.getByRole("dialog", { name: `Verifikasi kredensial Notaris ${name}?` });
  for (const text of ["AHU-00124.AH.02.01.Tahun 2020", "DKI Jakarta", "Tidak kedaluwarsa", "Dicatat dengan koreksi Anda."])
    await expect(confirmVerify).toContainText(text);
  await screenshot(operator, testInfo, "operator-kredensial-verifikasi-dialog");
  await confirmVerify.getByRole("button", { name: "Ya, verifikasi" }).click();
  await expect(toast(operator)).toContainText(`Kredensial Notaris ${name} diverifikasi.`);
  await expect(operator.getByText("Tidak ada kredensial yang menunggu verifikasi.")).toBeVisible();
  await checkBothSizes(operator, testInfo, "operator-kredensial-kosong");

  // The practitioner reads the reason, and the label now comes from the verified notary's credential.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await expect(verified).toContainText("Notaris — DKI Jakarta");
  await expect(advocate.locator(".pill")).toHaveText("Ditolak");
  await expect(advocate).toContainText(REJECTED);
  const notary = mineList.getByRole("article", { name: "Notaris", exact: true });
  await expect(notary.locator(".pill")).toHaveText("Terverifikasi");
  await expect(notary).toContainText("AHU-00124.AH.02.01.Tahun 2020");
  await expect(notary).toContainText("Ya: terverifikasi dan berlaku hari ini");
  await checkBothSizes(page, testInfo, "praktisi-kredensial-diputuskan");

  // On the practitioner's page the operator records one they checked themselves: verified at once.
  await operator.goto("/operator/praktisi");
  await operator.getByRole("link", { name: `Kelola kredensial ${name}` }).click();
  await expect(operator.getByRole("heading", { level: 1 })).toHaveText(name);
  const add = operator.getByRole("form", { name: "Tambah kredensial terverifikasi" });
  await add.getByLabel("Jenis kredensial").selectOption({ label: "Penerjemah Tersumpah" });
  await add.getByLabel("Penerbit").fill("Kementerian Hukum");
  await add.getByLabel("Nomor").fill("PT-0456");
  await add.getByLabel(/^Berlaku sampai/).fill("2030-12-31");
  // A scan is optional here (the operator checked the register), and kept when given.
  await expect(add.getByRole("group", { name: "Pindaian dokumen (opsional)" })).toBeVisible();
  await chooseScan(operator, add, TRANSLATOR_SCAN);
  await add.getByRole("button", { name: "Catat kredensial terverifikasi" }).click();
  await expect(toast(operator)).toContainText(`Kredensial Penerjemah Tersumpah ${name} dicatat terverifikasi`);
  const facts = cardTitled(operator, "Data terverifikasi operator");
  await expect(facts).toContainText("Notaris — DKI Jakarta · Penerjemah Tersumpah");
  const list = operator.getByRole("list", { name: "Kredensial praktisi" });
  await expect(list.getByRole("article")).toHaveCount(3);
  const translator = list.getByRole("article", { name: "Penerjemah Tersumpah", exact: true });
  await expect(translator.locator(".pill")).toHaveText("Terverifikasi");
  await expect(translator).toContainText("31 Desember 2030");
  const translatorScan = translator.getByRole("link", { name: new RegExp(`^${TRANSLATOR_SCAN.name}`) });
  expect(await opened(operator, translatorScan)).toEqual({ status: 200, type: "application/pdf", size: TRANSLATOR_SCAN.buffer.length });
  // The decided ones keep their scans too.
  const rejectedAdvocate = list.getByRole("article", { name: "Advokat", exact: true });
  await expect(rejectedAdvocate).toContainText(REJECTED);
  expect(await opened(operator, rejectedAdvocate.getByRole("link", { name: new RegExp(`^${ADVOCATE_SCAN.name}`) }))).toMatchObject({
    status: 200,
    type: "application/pdf",
  });
  await checkBothSizes(operator, testInfo, "operator-praktisi-kredensial");

  // Revoked with a reason: it stops counting and the label drops it.
  await translator.getByText("Cabut kredensial ini").click();
  await translator.getByRole("button", { name: "Cabut", exact: true }).click();
  await expect(translator.getByRole("alert")).toHaveText("Tulis alasan pencabutan terlebih dahulu; praktisi membacanya.");
  await translator.getByLabel("Alasan pencabutan").fill(REVOKED);
  await translator.getByRole("button", { name: "Cabut", exact: true }).click();
  const revoke = operator.getByRole("dialog", { name: `Cabut kredensial Penerjemah Tersumpah ${name}?` });
  for (const text of ["PT-0456", "Pesanan yang sudah diambil tetap berjalan.", REVOKED]) await expect(revoke).toContainText(text);
  await screenshot(operator, testInfo, "operator-kredensial-cabut-dialog");
  await revoke.getByRole("button", { name: "Ya, cabut" }).click();
  await expect(toast(operator)).toContainText(`Kredensial Penerjemah Tersumpah ${name} dicabut.`);
  await expect(translator.locator(".pill")).toHaveText("Ditolak");
  await expect(translator).toContainText(REVOKED);
  await expect(facts).toContainText("Notaris — DKI Jakarta");
  await expect(facts).not.toContainText("Penerjemah");
  await screenshot(operator, testInfo, "operator-praktisi-kredensial-dicabut");

  // The practitioner reads why.
  await page.reload();
  await expect(verified).toContainText("Notaris — DKI Jakarta");
  await expect(verified).not.toContainText("Penerjemah");
  const revoked = mineList.getByRole("article", { name: "Penerjemah Tersumpah", exact: true });
  await expect(revoked.locator(".pill")).toHaveText("Ditolak");
  await expect(revoked).toContainText(REVOKED);
  await screenshot(page, testInfo, "praktisi-kredensial-dicabut");

  // The decisions are in the audit log under the operator's name.
  await operator.goto("/operator/audit");
  await operator.getByLabel("Tindakan").selectOption({ value: "credential.revoke" });
  await operator.getByRole("button", { name: "Terapkan" }).click();
  const entry = operator.getByRole("row").filter({ hasText: "Kredensial dicabut" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(OPERATOR.name);
  await operatorContext.close();
});
