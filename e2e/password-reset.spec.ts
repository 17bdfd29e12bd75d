import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { startTestSmtp, type TestSmtpServer } from "../src/test/smtp-server";
import { screenshot } from "./portal";
import { freePort, ROOT as root, SERVER_BUNDLE, serverEnv } from "./server-process";
import { ADVOCATE_CREDENTIAL, PASSWORD_RESETTER } from "./users";

/**
 * A forgotten password, from the sign-in page to signing in with the new one, at desktop and phone
 * size. The link arrives by e-mail, so this spec runs a server of its own (the production build,
 * a throwaway embedded database) whose SMTP_URL is an SMTP server in this process: the test reads
 * the link from the message as the user would, and nothing new is exposed by the server for it.
 */
const SIZES = { desktop: { width: 1280, height: 800 }, ponsel: { width: 390, height: 844 } } as const;
const NEUTRAL = "Jika alamat itu terdaftar, kami mengirim tautan";
const HOME = /\/praktisi$/;

let dataDir: string;
let server: ChildProcess | null = null;
let output = "";
let base = "";
let smtp: TestSmtpServer;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "kuasa-reset-"));
  smtp = await startTestSmtp();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = serverEnv(port, {
    NEXTAUTH_SECRET: "reset-e2e-secret-not-for-production-0123456789",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "false",
    SMTP_URL: smtp.url,
    PASSWORD_HASHING_CORE_PERCENT: "100",
  });
  execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/cli/ops.ts",
      "practitioner:create",
      "--email",
      PASSWORD_RESETTER.email,
      "--name",
      PASSWORD_RESETTER.name,
      "--password",
      PASSWORD_RESETTER.password,
      "--credentials",
      ADVOCATE_CREDENTIAL,
    ],
    { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] },
  );
  const child = spawn(process.execPath, [SERVER_BUNDLE], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  server = child;
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The message body as written: quoted-printable soft breaks and escapes undone (the link is ASCII). */
function bodyOf(raw: string): string {
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(raw)) return body;
  return body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The reset link in the newest e-mail to `email` after the first `seen` of them. */
async function linkFromMail(email: string, seen: number): Promise<string> {
  const to = () => smtp.received.filter((message) => message.to.includes(email));
  await expect.poll(() => to().length, { timeout: 30_000, message: `a reset e-mail to ${email}` }).toBeGreaterThan(seen);
  const link = bodyOf(to().at(-1)!.raw).match(/http:\/\/127\.0\.0\.1:\d+\/atur-ulang-sandi\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, "the reset link in the e-mail").toBeTruthy();
  return link!;
}

async function signInWith(page: Page, password: string) {
  await page.getByLabel("Kata sandi").fill(password);
  await page.getByRole("button", { name: "Masuk" }).click();
}

test("a practitioner who forgot the password asks for a link, sets a new password through it and signs in with it", async ({
  browser,
}, testInfo) => {
  let password: string = PASSWORD_RESETTER.password;
  const tokens: string[] = [];
  for (const [size, viewport] of Object.entries(SIZES)) {
    const context = await browser.newContext({ viewport, locale: "id-ID" });
    const page = await context.newPage();
    // Another device, signed in with the old password: the reset must end its session.
    const otherDevice = await browser.newContext({ viewport });
    const other = await otherDevice.newPage();
    await other.goto(`${base}/masuk`);
    await other.getByLabel("E-mail").fill(PASSWORD_RESETTER.email);
    await signInWith(other, password);
    await expect(other).toHaveURL(HOME);

    await page.goto(`${base}/masuk`);
    await page.getByRole("link", { name: "Lupa kata sandi?" }).click();
    await expect(page).toHaveURL(`${base}/lupa-sandi`);
    await expect(page.getByRole("heading", { name: "Lupa kata sandi" })).toBeVisible();

    // An address without an account gets the very same answer, and no e-mail.
    const before = smtp.received.length;
    await page.getByLabel("E-mail").fill(`tidak-terdaftar-${size}@contoh.id`);
    await page.getByRole("button", { name: "Kirim tautan" }).click();
    const answer = page.getByRole("status").filter({ hasText: NEUTRAL });
    await expect(answer).toBeVisible();
    const unknownAnswer = await answer.textContent();

    const seen = smtp.received.filter((message) => message.to.includes(PASSWORD_RESETTER.email)).length;
    await page.getByLabel("E-mail").fill(PASSWORD_RESETTER.email);
    await page.getByRole("button", { name: "Kirim tautan" }).click();
    await expect(page.getByRole("button", { name: "Kirim tautan" })).toBeEnabled();
    await expect(answer).toHaveText(unknownAnswer!);
    await screenshot(page, testInfo, `lupa-sandi-terkirim-${size}`);

    const link = await linkFromMail(PASSWORD_RESETTER.email, seen);
    expect(smtp.received.slice(before).filter((message) => message.to.some((to) => to.startsWith("tidak-terdaftar")))).toEqual([]);
    tokens.push(link.split("/atur-ulang-sandi/")[1]!);

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Atur ulang kata sandi" })).toBeVisible();
    const next = `kata-sandi-baru-${size}-789`;
    await page.getByLabel("Kata sandi baru", { exact: true }).fill(next);
    await page.getByLabel("Ulangi kata sandi baru").fill(`${next}x`);
    await page.getByRole("button", { name: "Simpan kata sandi baru" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Kedua kata sandi tidak sama" })).toBeVisible();
    await screenshot(page, testInfo, `atur-ulang-sandi-${size}`);
    await page.getByLabel("Ulangi kata sandi baru").fill(next);
    await page.getByRole("button", { name: "Simpan kata sandi baru" }).click();

    // On to the sign-in form, the e-mail filled in and the change confirmed.
    await expect(page).toHaveURL(/\/masuk\?/);
    await expect(page.getByRole("status").filter({ hasText: "Kata sandi Anda sudah diganti" })).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue(PASSWORD_RESETTER.email);
    await screenshot(page, testInfo, `masuk-sandi-diganti-${size}`);
    await signInWith(page, password);
    await expect(page.getByRole("alert").filter({ hasText: "E-mail atau kata sandi salah" })).toBeVisible();
    await signInWith(page, next);
    await expect(page).toHaveURL(HOME);
    password = next;

    // The device signed in before the reset is signed out.
    await other.goto(`${base}/praktisi`);
    await expect(other).toHaveURL(/\/masuk/);

    // The link is spent: its page says so and where to get a new one.
    await page.goto(link);
    await expect(page.getByText("Tautan ini sudah dipakai.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Minta tautan baru" })).toHaveAttribute("href", "/lupa-sandi");
    await screenshot(page, testInfo, `atur-ulang-sandi-terpakai-${size}`);
    await page.goto(`${base}/atur-ulang-sandi/tautan-karangan`);
    await expect(page.getByText("Tautan ini tidak kami kenal.")).toBeVisible();

    await otherDevice.close();
    await context.close();
  }

  // The server's log names the link's route, never its token.
  for (const token of tokens) expect(output.split("\n").filter((line) => line.includes(token))).toEqual([]);
  expect(output).toContain('"path":"/atur-ulang-sandi/{token}"');
});
