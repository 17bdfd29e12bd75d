import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end journeys in a real Chromium against the real server: one production build, then
 * the production server bundle (`.next/kuasa-server/server.mjs`, what `npm start` runs) with
 * NODE_ENV=production on a free port and a throwaway embedded database.
 *
 * The runner loads this file in its main process and again in every worker; the port and the
 * data directory are chosen once, in the main process, and reach the workers (and the server)
 * through the environment.
 */
const root = path.resolve(import.meta.dirname, "..");

function freePort(): number {
  // Synchronous on purpose: the config is evaluated before anything could await it.
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

if (!process.env.KUASA_E2E_PORT) {
  process.env.KUASA_E2E_PORT = String(freePort());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kuasa-e2e-"));
  process.env.KUASA_E2E_DATA_DIR = dataDir;
  // The portal users' signed-in sessions (e2e/sessions.setup.ts), for this run only.
  const sessionsDir = mkdtempSync(path.join(os.tmpdir(), "kuasa-e2e-sessions-"));
  process.env.KUASA_E2E_SESSIONS_DIR = sessionsDir;
  // The runner stops the server before it exits; the database and the sessions go with the run.
  process.on("exit", () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(sessionsDir, { recursive: true, force: true });
  });
}
const port = Number(process.env.KUASA_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  throw new Error(
    `No Chromium at ${chromiumPath}. On Debian/Ubuntu: sudo apt-get install -y chromium (Ubuntu: chromium-browser), ` +
      `or point CHROMIUM_PATH at a Chromium or Chrome binary.`,
  );
}

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

/**
 * Specs that share nothing with the portal journeys: the landing page and the catalog's seeded
 * codes, /docs, sign-in throttling on an account of nobody's and sessions of their own, and the
 * two that start servers of their own (a cluster on its own PostgreSQL database, a logging server
 * on its own data directory), and the accessibility check of every page, which only reads pages
 * through the stored sessions (it asserts nothing about their data). They run in a second worker
 * beside the journeys.
 */
const INDEPENDENT = [
  "**/home.spec.ts",
  "**/docs.spec.ts",
  "**/sign-in-security.spec.ts",
  "**/cluster.spec.ts",
  "**/server-log.spec.ts",
  "**/accessibility.spec.ts",
];

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: path.join(root, "test-results"),
  fullyParallel: false,
  forbidOnly: process.env.CI === "true",
  retries: 0,
  // Two workers: the journeys in one, the independent specs in the other (each project: workers 1).
  workers: 2,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "id-ID",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    // Each portal user signs in once through the form; the journeys reuse the sessions.
    { name: "sessions", testMatch: /sessions\.setup\.ts$/, use: chromium },
    // The portal journeys share the users, organisations, offers and counts on pages, and build on
    // each other's data: one at a time, in file order, as before.
    { name: "journeys", testIgnore: INDEPENDENT, dependencies: ["sessions"], workers: 1, use: chromium },
    // Started with the journeys (a project waits for all of the phase before it), beside them.
    { name: "independent", testMatch: INDEPENDENT, dependencies: ["sessions"], workers: 1, use: chromium },
  ],
  webServer: {
    // Always a fresh production build, so the journeys never run against a stale .next. The
    // journeys' portal users are created with the ops CLI in between: the embedded database is
    // locked once the server runs, and Playwright's globalSetup would run only after it started.
    command: "npm run -s build && ./node_modules/.bin/tsx e2e/create-users.ts && exec node .next/kuasa-server/server.mjs",
    cwd: root,
    url: `${baseURL}/v1/openapi.json`,
    reuseExistingServer: false,
    // next build takes one to four minutes on two busy cores.
    timeout: 900_000,
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM to the whole process group: the server closes PGlite and releases its lock.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.KUASA_E2E_DATA_DIR ?? "",
      DATABASE_URL: "",
      SEED_DEMO: "true",
      NEXT_TELEMETRY_DISABLED: "1",
      // next-auth signs the portal sessions with it; a throwaway value for a throwaway server.
      NEXTAUTH_SECRET: "e2e-only-secret-not-for-production-0123456789",
      NEXTAUTH_URL: baseURL,
    },
  },
});
