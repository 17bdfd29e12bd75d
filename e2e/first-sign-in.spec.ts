import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, expect, test } from "@playwright/test";
import { runOpsCli } from "../src/test/ops-cli";
import { signIn } from "./portal";
import { freePort, ROOT as root, SERVER_BUNDLE, serverEnv } from "./server-process";

/**
 * A newcomer's first sign-in (issue 45): the production bundle as `npm start` runs it, on a fresh
 * embedded data directory with the demo seeded by default. The banner names the demo admin's and
 * practitioner's sign-in files (0600), whose e-mails and passwords sign in at /masuk; while the
 * server runs, `npm run ops -- user:create` makes an operator who signs in too; a second start
 * names the same files, with the same passwords.
 */
const OPERATOR = { email: "operator.baru@kuasa.test", password: "kata-sandi-operator-baru" };

let dataDir: string;
let server: ChildProcess | null = null;

test.beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "kuasa-first-sign-in-"));
});

test.afterAll(() => {
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server and returns its output up to and with the banner. */
async function start(env: NodeJS.ProcessEnv): Promise<() => string> {
  let output = "";
  const child = spawn(process.execPath, [SERVER_BUNDLE], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  server = child;
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  await expect.poll(() => output.includes("Kuasa is running at") || child.exitCode !== null, { timeout: 120_000 }).toBe(true);
  expect(child.exitCode, output).toBeNull();
  return () => output;
}

async function stop(): Promise<void> {
  const child = server!;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The e-mail and password a sign-in file holds, after checking only its owner may read it. */
function signInFile(file: string): { email: string; password: string } {
  expect(statSync(file).mode & 0o777, `${file}'s mode`).toBe(0o600);
  const [, email, password] = /^e-mail: (\S+)\npassword: (\S+)\n$/.exec(readFileSync(file, "utf8")) ?? [];
  expect(email && password, `${file} holds an e-mail line and a password line`).toBeTruthy();
  return { email: email!, password: password! };
}

/** Signs in at /masuk in a browser context of its own and waits for the role's portal. */
async function signsIn(browser: Browser, baseURL: string, user: { email: string; password: string }, home: RegExp) {
  const context = await browser.newContext({ baseURL });
  try {
    await signIn(await context.newPage(), user, home);
  } finally {
    await context.close();
  }
}

test("the first start names the demo admin's and practitioner's sign-in files; they and a user made by `npm run ops` while it runs sign in", async ({
  browser,
}) => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv(port, {
    NEXTAUTH_SECRET: "nextauth-secret-first-sign-in-0123456789",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    // The default: seeded on the embedded database.
    SEED_DEMO: "",
    LOG_LEVEL: "warn",
  });
  const adminFile = path.join(dataDir, "demo-admin.txt");
  const practitionerFile = path.join(dataDir, "demo-practitioner.txt");
  const adminLine = `Sign in to the organisation admin portal at ${base}/masuk with the e-mail and password in ${adminFile}`;
  const practitionerLine = `Sign in to the practitioner portal at ${base}/masuk with the e-mail and password in ${practitionerFile}`;

  const first = await start(env);
  expect(first()).toContain(adminLine);
  expect(first()).toContain(practitionerLine);
  const admin = signInFile(adminFile);
  const practitioner = signInFile(practitionerFile);
  expect(first()).not.toContain(admin.password);
  await signsIn(browser, base, admin, /\/organisasi$/);
  await signsIn(browser, base, practitioner, /\/praktisi$/);

  const created = await runOpsCli(["user:create", "--role", "operator", "--email", OPERATOR.email, "--password", OPERATOR.password], env);
  expect({ code: created.code, stdout: created.stdout }).toEqual({ code: 0, stdout: expect.stringMatching(/^\{"id":"usr_\w+"\}\n$/) });
  await signsIn(browser, base, OPERATOR, /\/operator$/);
  await stop();

  const second = await start(env);
  expect(second()).not.toContain("Applied migrations");
  expect(second()).toContain(adminLine);
  expect(second()).toContain(practitionerLine);
  expect(signInFile(adminFile)).toEqual(admin);
  expect(signInFile(practitionerFile)).toEqual(practitioner);
  await signsIn(browser, base, admin, /\/organisasi$/);
  await stop();
});
