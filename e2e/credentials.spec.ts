import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { cardTitled, DESKTOP, enterSignedIn, PHONE, screenshot, signIn } from "./portal";
import { CREDENTIAL_HOLDER, OPERATOR } from "./users";

/**
 * A practitioner's credentials from both sides, with a practitioner of this spec's own (no
 * categories, so no order is ever offered to them): they submit two, the operator rejects one with
 * a reason and verifies the other with a correction from the queue, then records a third on the
 * practitioner's page and revokes it. The label the practitioner sees follows each decision; the
 * pages are checked with axe at desktop and phone size.
 */

const { name } = CREDENTIAL_HOLDER;
const toast = (page: Page) => page.locator(".toasts [role=status]");
const REJECTED = "Nomor ini tidak ada di daftar advokat PERADI. Kirim nomor seperti tertulis di kartu advokat Anda.";
const REVOKED = "SK penerjemah ini dicabut Kementerian Hukum per bulan ini.";

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

test("the practitioner submits credentials; the operator rejects one with a reason, verifies another with a correction, adds one and revokes it; the label follows", async ({
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

  // A notary's credential names its province: refused without one, in the server's own words.
  const submit = page.getByRole("form", { name: "Ajukan kredensial" });
  await submit.getByLabel("Jenis kredensial").selectOption({ label: "Notaris" });
  await submit.getByLabel("Penerbit").fill("Kementerian Hukum");
  await submit.getByLabel("Nomor").fill("AHU-00123.AH.02.01.Tahun 2020");
  await submit.getByRole("button", { name: "Ajukan untuk verifikasi" }).click();
  await expect(submit.getByRole("alert")).toHaveText("Notaris dan PPAT wajib menyebut provinsi wilayah jabatan.");
  await submit.getByLabel("Provinsi wilayah jabatan").selectOption({ label: "DKI Jakarta" });
  await submit.getByRole("button", { name: "Ajukan untuk verifikasi" }).click();
  await expect(toast(page)).toContainText("Kredensial Notaris diajukan. Tim Kuasa akan memverifikasinya.");
  const mineList = page.getByRole("list", { name: "Kredensial Anda" });
  await expect(mineList.getByRole("article", { name: "Notaris", exact: true }).locator(".pill")).toHaveText("Menunggu verifikasi");
  await expect(submit.getByLabel("Nomor")).toHaveValue("");

  // The second at phone size: an advocate's card valid for some years.
  await page.setViewportSize(PHONE);
  await submit.getByLabel("Jenis kredensial").selectOption({ label: "Advokat" });
  await expect(submit.getByLabel("Provinsi wilayah jabatan")).toHaveCount(0);
  await submit.getByLabel("Penerbit").fill("PERADI");
  await submit.getByLabel("Nomor").fill("99.00001");
  await submit.getByLabel(/^Berlaku sampai/).fill("2031-06-30");
  await submit.getByRole("button", { name: "Ajukan untuk verifikasi" }).click();
  await expect(toast(page)).toContainText("Kredensial Advokat diajukan.");
  const advocate = mineList.getByRole("article", { name: "Advokat", exact: true });
  await expect(advocate).toContainText("30 Juni 2031");
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
  await checkBothSizes(operator, testInfo, "operator-kredensial");

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
  await add.getByRole("button", { name: "Catat kredensial terverifikasi" }).click();
  await expect(toast(operator)).toContainText(`Kredensial Penerjemah Tersumpah ${name} dicatat terverifikasi`);
  const facts = cardTitled(operator, "Data terverifikasi operator");
  await expect(facts).toContainText("Notaris — DKI Jakarta · Penerjemah Tersumpah");
  const list = operator.getByRole("list", { name: "Kredensial praktisi" });
  await expect(list.getByRole("article")).toHaveCount(3);
  const translator = list.getByRole("article", { name: "Penerjemah Tersumpah", exact: true });
  await expect(translator.locator(".pill")).toHaveText("Terverifikasi");
  await expect(translator).toContainText("31 Desember 2030");
  await expect(list.getByRole("article", { name: "Advokat", exact: true })).toContainText(REJECTED);
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
