import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { demoApiKey, enterSignedIn, screenshot, signIn } from "./portal";
import { OPERATOR, PASSWORD_CHANGER, PRACTITIONER } from "./users";

/**
 * The practitioner portal as a place to run a practice from, at desktop and phone size: the
 * profile (their own profile beside what the operator verified, availability), a password change and signing in with
 * it, the earnings page in Indonesian, and browser notifications of a new offer. The password
 * change has its own practitioner (it ends the user's other sessions); availability ends switched on.
 */

const HOME = /\/praktisi$/;
const SIZES = { desktop: { width: 1280, height: 800 }, ponsel: { width: 390, height: 844 } } as const;
const NEW_PASSWORD = "kata-sandi-baru-e2e-456";

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name, exact: true }).click();

/** On a phone the navigation sits behind the menu button. */
async function openNav(page: Page, name: string) {
  const menu = page.getByRole("button", { name: /menu/i });
  if (await menu.isVisible()) await menu.click();
  await nav(page, name);
}

async function changePassword(page: Page, from: string, to: string) {
  await page.getByLabel("Kata sandi saat ini").fill(from);
  await page.getByLabel("Kata sandi baru", { exact: true }).fill(to);
  await page.getByLabel("Ulangi kata sandi baru").fill(to);
  await page.getByRole("button", { name: "Ganti kata sandi" }).click();
}

async function placeOrder(request: APIRequestContext): Promise<string> {
  const res = await request.post("/v1/orders", {
    headers: { Authorization: `Bearer ${demoApiKey()}` },
    data: {
      service: "perjanjian_kerahasiaan",
      intake: {
        sifat_nda: "Sepihak (unilateral)",
        para_pihak: "PT Notifikasi Uji, Jakarta; CV Penerima, Bandung",
        tujuan_pengungkapan: "Uji notifikasi tawaran",
        bahasa_perjanjian: "Bahasa Indonesia",
        email_kontak: "legal@notifikasi.co.id",
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });

    test("the practitioner writes their own profile and sees it saved; the operator's data stays read-only; offers pause and resume", async ({
      page,
    }, testInfo) => {
      await enterSignedIn(page, PRACTITIONER, HOME);
      await openNav(page, "Profil");
      await expect(page).toHaveURL(/\/praktisi\/profil$/);
      await expect(page.getByRole("heading", { level: 1, name: "Profil" })).toBeVisible();
      const verified = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Data terverifikasi" }) });
      await expect(verified).toContainText(PRACTITIONER.label);
      await expect(verified).toContainText("Kontrak, Korporasi");
      await expect(verified).toContainText("diverifikasi operator");
      // The label is never typed: it comes from the verified credential, listed with its status.
      await expect(verified.getByRole("textbox")).toHaveCount(0);
      const credential = page.getByRole("list", { name: "Kredensial Anda" }).getByRole("article", { name: "Advokat" });
      for (const text of ["Terverifikasi", "PERADI", "12.00123", "Tidak kedaluwarsa"]) await expect(credential).toContainText(text);

      const profile = page.getByRole("form", { name: "Profil Anda" });
      const displayName = size === "desktop" ? `${PRACTITIONER.name}, S.H.` : `${PRACTITIONER.name}, S.H., M.H.`;
      const years = size === "desktop" ? "12" : "13";
      // Contact data in the bio is refused, saying why; nothing is saved.
      await profile.getByLabel("Bio").fill("Konsultasi cepat lewat WA 0812-3456-7890.");
      await profile.getByRole("button", { name: "Simpan profil" }).click();
      await expect(profile.getByRole("alert")).toContainText("Bio tidak boleh memuat e-mail, nomor telepon");

      await profile.getByLabel("Nama tampilan").fill(displayName);
      await profile.getByLabel("Bio").fill(`Advokat kontrak dan ketenagakerjaan.\nMendampingi perundingan bipartit (${size}).`);
      await profile.getByRole("checkbox", { name: "Ketenagakerjaan" }).check();
      await profile.getByRole("checkbox", { name: "Inggris" }).check();
      await profile.getByRole("checkbox", { name: "Jawa" }).check();
      await profile.getByLabel("Lama praktik (tahun)").fill(years);
      await profile.getByRole("button", { name: "Simpan profil" }).click();
      await expect(page.getByText("Profil disimpan.")).toBeVisible();
      await expectNoSeriousA11yViolations(page, testInfo);
      await screenshot(page, testInfo, `praktisi-profil-${size}`);

      await page.reload();
      await expect(profile.getByLabel("Nama tampilan")).toHaveValue(displayName);
      await expect(profile.getByLabel("Bio")).toHaveValue(
        `Advokat kontrak dan ketenagakerjaan.\nMendampingi perundingan bipartit (${size}).`,
      );
      await expect(profile.getByRole("checkbox", { name: "Ketenagakerjaan" })).toBeChecked();
      await expect(profile.getByRole("checkbox", { name: "Inggris" })).toBeChecked();
      await expect(profile.getByLabel("Lama praktik (tahun)")).toHaveValue(years);

      const available = page.getByRole("switch", { name: "Terima tawaran baru" });
      await available.uncheck();
      await expect(page.getByText("Nonaktif: Anda tidak menerima tawaran baru")).toBeVisible();
      await page.getByRole("button", { name: "Simpan pengaturan" }).click();
      await expect(page.getByText("Status saat ini: tawaran baru dijeda.")).toBeVisible();
      await page.reload();
      await expect(available).not.toBeChecked();
      await available.check();
      await page.getByRole("button", { name: "Simpan pengaturan" }).click();
      await expect(page.getByText("Status saat ini: menerima tawaran baru.")).toBeVisible();
      await page.reload();
      await expect(available).toBeChecked();
    });

    test("the operator reads the practitioner's own profile beside the verified data and their credentials", async ({ page }, testInfo) => {
      await enterSignedIn(page, OPERATOR, /\/operator/);
      await page.goto("/operator/praktisi");
      await page.getByRole("link", { name: PRACTITIONER.name, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: PRACTITIONER.name })).toBeVisible();
      const own = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Profil dari praktisi" }) });
      await expect(own).toContainText("Mendampingi perundingan bipartit");
      await expect(own).toContainText("Inggris, Jawa");
      // Ketenagakerjaan is not among the operator's categories: shown as a request.
      await expect(own).toContainText("Praktisi menyebut bidang di luar kategori penawarannya: Ketenagakerjaan");
      await expect(
        page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Data terverifikasi operator" }) }),
      ).toContainText(PRACTITIONER.label);
      // The credential the label comes from, verified when the practitioner was created, and revocable from here.
      const credential = page.getByRole("list", { name: "Kredensial praktisi" }).getByRole("article", { name: "Advokat" });
      for (const text of ["Terverifikasi", "PERADI", "12.00123", "Ya: terverifikasi dan berlaku hari ini"])
        await expect(credential).toContainText(text);
      await expect(credential.getByText("Cabut kredensial ini")).toBeVisible();
      await expectNoSeriousA11yViolations(page, testInfo);
      await screenshot(page, testInfo, `operator-praktisi-profil-${size}`);
    });

    test("a wrong current password is refused in Indonesian; a new password signs in and ends the other sessions, and is changed back", async ({
      page,
      browser,
    }, testInfo) => {
      // Another device of the same practitioner, signed in before the change.
      const otherDevice = await browser.newContext({ viewport });
      const other = await otherDevice.newPage();
      await signIn(other, PASSWORD_CHANGER, HOME);

      await page.context().clearCookies();
      await signIn(page, PASSWORD_CHANGER, HOME);
      await page.goto("/praktisi/profil");
      await changePassword(page, "bukan-kata-sandinya", NEW_PASSWORD);
      await expect(page.getByRole("alert").filter({ hasText: "Kata sandi saat ini salah." })).toBeVisible();
      await page.getByLabel("Ulangi kata sandi baru").fill("tidak-sama-dengan-yang-baru");
      await page.getByLabel("Kata sandi saat ini").fill(PASSWORD_CHANGER.password);
      await page.getByLabel("Kata sandi baru", { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Ganti kata sandi" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Konfirmasi tidak sama" })).toBeVisible();
      await screenshot(page, testInfo, `praktisi-profil-sandi-salah-${size}`);

      await changePassword(page, PASSWORD_CHANGER.password, NEW_PASSWORD);
      await expect(page.getByRole("status").filter({ hasText: "Kata sandi diganti. Gunakan kata sandi baru" })).toBeVisible();
      try {
        // The other device's session ended with the change; this one goes on.
        await other.goto("/praktisi/profil");
        await expect(other).toHaveURL(/\/masuk/);
        await page.goto("/praktisi/profil");
        await expect(page).toHaveURL(/\/praktisi\/profil$/);
        await page.context().clearCookies();
        await signIn(page, { email: PASSWORD_CHANGER.email, password: NEW_PASSWORD }, HOME);
      } finally {
        await otherDevice.close();
        await page.goto("/praktisi/profil");
        await changePassword(page, NEW_PASSWORD, PASSWORD_CHANGER.password);
        await expect(page.getByRole("status").filter({ hasText: "Kata sandi diganti. Gunakan kata sandi baru" })).toBeVisible();
      }
      await page.context().clearCookies();
      await signIn(page, PASSWORD_CHANGER, HOME);
    });

    test("the earnings page shows the three figures, the practitioner's own delivery statistics and the statement in Indonesian, never a ledger code", async ({
      page,
    }, testInfo) => {
      await enterSignedIn(page, PRACTITIONER, HOME);
      await openNav(page, "Pendapatan");
      await expect(page).toHaveURL(/\/praktisi\/pendapatan$/);
      for (const label of ["Saldo tersedia", "Dalam escrow", "Sudah dicairkan", "Total pendapatan"])
        await expect(page.getByRole("region", { name: label })).toContainText("Rp");
      await expect(page.getByRole("heading", { name: "Riwayat saldo" })).toBeVisible();
      const body = page.locator("main");
      for (const code of ["invoice_payment", "escrow_release", "order_payment", "platform_fee"]) await expect(body).not.toContainText(code);
      // Their own delivery statistics (the figures are proven in services/catalog/service-stats.db.test.ts): the figures once
      // they had an offer (the documents journey, when it ran first), the empty state before.
      await expect(page.getByRole("heading", { name: "Kinerja 90 hari terakhir" })).toBeVisible();
      await expect(body).toContainText("pesanan uji tidak dihitung");
      await expect(
        page.getByRole("region", { name: "Tawaran diterima" }).or(page.getByText("Belum ada tawaran atau pesanan dalam 90 hari terakhir")),
      ).toBeVisible();
      await screenshot(page, testInfo, `praktisi-pendapatan-${size}`);
    });
  });
}

test.describe("browser notifications", () => {
  test("after the click on Aktifkan notifikasi, a new offer shows a notification with its service", async ({
    page,
    context,
    request,
  }, testInfo) => {
    await context.grantPermissions(["notifications"]);
    // The real Notification still runs; its title is also kept where the test can read it.
    await page.addInitScript(() => {
      const Original = window.Notification;
      const shown: string[] = [];
      (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
      window.Notification = new Proxy(Original, {
        construct(target, args: [string, NotificationOptions?]) {
          shown.push(args[0]);
          return new target(...args);
        },
      });
    });
    await enterSignedIn(page, PRACTITIONER, HOME);
    const notifier = page.getByRole("region", { name: "Notifikasi tawaran" });
    await expect(notifier).toContainText("Dapatkan notifikasi browser");
    // The notifier's first read of the offers is its baseline (offers already there are not told):
    // the order is placed only after it, or an order offered before it answered would count as seen.
    const baseline = page.waitForResponse((response) => response.url().includes("/api/trpc/practitioner.offers"));
    await notifier.getByRole("button", { name: "Aktifkan notifikasi" }).click();
    await expect(notifier).toContainText("Notifikasi browser aktif");
    expect((await baseline).ok()).toBe(true);
    await screenshot(page, testInfo, "praktisi-notifikasi-aktif");

    const orderId = await placeOrder(request);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications), {
        timeout: 60_000,
        intervals: [1_000],
      })
      .toContain("Tawaran baru: Perjanjian Kerahasiaan (NDA)");

    // Declined, so the offer leaves this practitioner's inbox for the other journeys.
    const offer = page.getByRole("article").filter({ hasText: orderId });
    await offer.getByRole("button", { name: "Tolak", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Ya, tolak" }).click();
    await expect(offer).toHaveCount(0, { timeout: 15_000 });

    await notifier.getByRole("button", { name: "Matikan notifikasi" }).click();
    await expect(notifier).toContainText("Dapatkan notifikasi browser");
  });
});
