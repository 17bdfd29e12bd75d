import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { enterSignedIn, PHONE, screenshot, signIn } from "./portal";
import { ACCOUNT_HOLDER, OPERATOR } from "./users";

/**
 * Where a practitioner's payout goes: they enter a bank account in their profile, the operator
 * verifies it and pays out to it (asked twice, since it was verified minutes ago), and the
 * practitioner's statement shows the payout with its destination. ACCOUNT_HOLDER is this
 * journey's own practitioner (e2e/users.ts), with a balance from e2e/create-users.ts.
 */

const DESTINATION = `Mandiri •••• 5678 a.n. ${ACCOUNT_HOLDER.name}`;

/** The page again at phone width, for its screenshot, then back to the desktop. */
async function atPhoneWidth(page: Page, testInfo: Parameters<typeof screenshot>[1], name: string) {
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, name);
  await page.setViewportSize(desktop);
}

test("a practitioner enters a bank account, the operator verifies it and pays out to it after a second confirmation, and the practitioner sees the payout's destination", async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, ACCOUNT_HOLDER, /\/praktisi$/);

  // No account yet: the earnings page says so and links to the profile.
  await page.goto("/praktisi/pendapatan");
  await expect(page.getByRole("region", { name: "Rekening pencairan" })).toContainText("Belum ada rekening pencairan");
  await page.getByRole("link", { name: "Isi rekening di Profil" }).click();

  const card = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Rekening pencairan" }) });
  await card.getByLabel("Bank").selectOption({ label: "Mandiri" });
  await card.getByLabel("Nomor rekening").fill("1370 0123 4567 8x");
  await card.getByLabel("Nama pemilik rekening").fill(ACCOUNT_HOLDER.name);
  await card.getByRole("button", { name: "Simpan rekening" }).click();
  await expect(card.getByRole("alert")).toHaveText("Nomor rekening hanya berisi angka (spasi dan tanda hubung boleh, akan dihapus).");

  await card.getByLabel("Nomor rekening").fill("1370-0123-4567-8");
  await card.getByRole("button", { name: "Simpan rekening" }).click();
  await expect(card).toContainText("•••• 5678");
  await expect(card).not.toContainText("1370012345678");
  await expect(card).toContainText("Menunggu verifikasi Tim Kuasa");
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshot(page, testInfo, "praktisi-rekening-menunggu");
  await atPhoneWidth(page, testInfo, "praktisi-rekening-menunggu-ponsel");

  // The operator sees the whole number, verifies it, and pays out to it.
  const operator = await (await browser.newContext()).newPage();
  await enterSignedIn(operator, OPERATOR, /\/operator$/);
  await operator.goto("/operator/praktisi");
  const practitioner = operator.getByRole("article", { name: ACCOUNT_HOLDER.name });
  await expect(practitioner).toContainText("Mandiri 1370012345678");
  await expect(practitioner).toContainText("Pencairan bisa dicatat setelah rekening praktisi ini diverifikasi.");
  await practitioner.getByRole("link", { name: "Riwayat dan verifikasi" }).click();
  await expect(operator.getByRole("heading", { level: 1 })).toHaveText(`Rekening ${ACCOUNT_HOLDER.name}`);
  await operator.getByRole("button", { name: "Verifikasi rekening" }).click();
  const verify = operator.getByRole("dialog", { name: `Verifikasi rekening ${ACCOUNT_HOLDER.name}?` });
  await expect(verify).toContainText(DESTINATION);
  await verify.getByRole("button", { name: "Ya, verifikasi" }).click();
  await expect(operator.getByText("Terverifikasi", { exact: true })).toBeVisible();
  await expect(operator.getByText("pencairan ke rekening ini meminta konfirmasi kedua")).toBeVisible();
  await expectNoSeriousA11yViolations(operator, testInfo);
  await screenshot(operator, testInfo, "operator-rekening-terverifikasi");
  await atPhoneWidth(operator, testInfo, "operator-rekening-terverifikasi-ponsel");

  await operator.getByRole("link", { name: "← Semua praktisi" }).click();
  await practitioner.locator("summary", { hasText: "Catat pencairan" }).click();
  await practitioner.getByLabel("Jumlah pencairan").fill("1.000.000");
  await practitioner.getByLabel("Referensi").fill("MDR 7781-02");
  await practitioner.getByRole("button", { name: "Catat pencairan" }).click();
  const first = operator.getByRole("dialog", { name: `Catat pencairan ke ${ACCOUNT_HOLDER.name}?` });
  for (const text of ["Rp 1.000.000", DESTINATION, "MDR 7781-02"]) await expect(first).toContainText(text);
  await first.getByRole("button", { name: "Ya, catat" }).click();
  const second = operator.getByRole("dialog", { name: "Rekening ini baru diubah atau diverifikasi" });
  await expect(second).toContainText("kurang dari 24 jam");
  await screenshot(operator, testInfo, "operator-pencairan-konfirmasi-kedua");
  await second.getByRole("button", { name: "Ya, rekening sudah saya pastikan" }).click();
  await expect(practitioner.getByRole("status")).toContainText(
    `Tercatat ke ${DESTINATION}. Saldo ${ACCOUNT_HOLDER.name} sekarang Rp 2.000.000.`,
  );
  await operator.context().close();

  // The practitioner's statement names where the money went.
  await page.goto("/praktisi/pendapatan");
  await expect(page.getByRole("region", { name: "Rekening pencairan" })).toContainText("Terverifikasi");
  await expect(page.getByRole("region", { name: "Sudah dicairkan" }).locator(".stat-value")).toHaveText("Rp 1.000.000");
  const paid = page.getByRole("row").filter({ hasText: "MDR 7781-02" });
  await expect(paid).toContainText(`Pencairan ke rekening ${DESTINATION}`);
  await expect(paid).toContainText("Rp 1.000.000");
  await screenshot(page, testInfo, "praktisi-pendapatan-tujuan");
  await atPhoneWidth(page, testInfo, "praktisi-pendapatan-tujuan-ponsel");
});
