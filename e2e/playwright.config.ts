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

/**
 * The portal journeys run as two sets, each in order in a worker of its own against a server and
 * an embedded database of its own (with the same users), so that neither set sees the other's
 * data. Server "a" also serves the specs that share nothing with the journeys.
 */
const SERVERS = ["a", "b"] as const;
type Server = (typeof SERVERS)[number];

if (!process.env.KUASA_E2E_A_PORT) {
  const made: string[] = [];
  for (const server of SERVERS) {
    const key = `KUASA_E2E_${server.toUpperCase()}`;
    process.env[`${key}_PORT`] = String(freePort());
    process.env[`${key}_DATA_DIR`] = mkdtempSync(path.join(os.tmpdir(), "kuasa-e2e-"));
    // The portal users' signed-in sessions (e2e/sessions.setup.ts), for this run only.
    process.env[`${key}_SESSIONS_DIR`] = mkdtempSync(path.join(os.tmpdir(), "kuasa-e2e-sessions-"));
    made.push(process.env[`${key}_DATA_DIR`]!, process.env[`${key}_SESSIONS_DIR`]!);
  }
  // The runner stops the servers before it exits; the databases and the sessions go with the run.
  process.on("exit", () => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
}

/** A server's port, base URL and folders; a project's metadata tells e2e/portal.ts which are its own. */
function serverOf(server: Server) {
  const key = `KUASA_E2E_${server.toUpperCase()}`;
  const port = Number(process.env[`${key}_PORT`]);
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    dataDir: process.env[`${key}_DATA_DIR`] ?? "",
    sessionsDir: process.env[`${key}_SESSIONS_DIR`] ?? "",
  };
}
const a = serverOf("a");
const b = serverOf("b");

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
 * codes, sign-in throttling on an account of nobody's and sessions of their own, and the
 * four that start servers of their own (a cluster on its own PostgreSQL database, a logging server
 * on its own data directory, the password reset with its own SMTP server, a newcomer's first start), and the accessibility check of every page, which only reads pages
 * through the stored sessions (it asserts nothing about their data). They run on server "a" in
 * two workers beside the journeys.
 */
const INDEPENDENT = [
  "**/home.spec.ts",
  "**/sign-in-security.spec.ts",
  "**/cluster.spec.ts",
  "**/server-log.spec.ts",
  "**/password-reset.spec.ts",
  "**/accessibility.spec.ts",
  // The OAuth journey: an organisation, admin and grant of its own.
  "**/oauth.spec.ts",
  // A newcomer's first start and sign-in: a server and an embedded database of its own.
  "**/first-sign-in.spec.ts",
  // A practitioner's credentials: a practitioner of its own; nothing else submits to the operator's queue.
  "**/credentials.spec.ts",
  // Agents' content findings: a sandbox order of the demo organisation, which no journey counts.
  "**/content-findings.spec.ts",
  // The books: an organisation and a practitioner of its own; the tax rule it schedules starts next year.
  "**/books.spec.ts",
];
/** The API reference at /docs (see its project below). */
const DOCS = ["**/docs.spec.ts"];
/**
 * The journeys' second set, on server "b": conflicts of interest (see below), documents (an order of the admin's organisation with
 * files, whose threshold the first set changes), the practitioner's portal (its password is changed
 * and changed back), the practitioner's orders, cases and earnings, and the security headers signed
 * in as each role. The first set (the operator and the organisation) and these change nothing the
 * other reads; they were split to halve the time of the run's longest worker.
 */
const JOURNEYS_B = [
  // Conflicts of interest: people of its own, but its orders stall (nobody else practises in their
  // field), and the operator's journey on server "a" expects an empty queue of stalled orders.
  "**/conflicts.spec.ts",
  "**/documents.spec.ts",
  "**/practitioner-portal.spec.ts",
  "**/practitioner.spec.ts",
  "**/security-headers.spec.ts",
];

/** What a project on `server` uses: its base URL, and its folders for e2e/portal.ts. */
const on = (server: { baseURL: string; dataDir: string; sessionsDir: string }) => ({
  use: { ...chromium, baseURL: server.baseURL },
  metadata: { dataDir: server.dataDir, sessionsDir: server.sessionsDir },
});

/** The production server on `server`'s port with its own throwaway embedded database. */
function webServer(server: { port: number; baseURL: string; dataDir: string }, build: boolean) {
  return {
    // Always a fresh production build, so the journeys never run against a stale .next: this
    // run's own (made once, by the first server's command: Playwright starts them in order), or
    // the one `npm test` (.ci/test) made moments before, which says so with KUASA_E2E_BUILT=1.
    // The journeys' portal users are created with the ops CLI in between: the embedded database
    // is locked once the server runs, and Playwright's globalSetup would run only after it started.
    command: `${build ? "npm run -s build && " : ""}./node_modules/.bin/tsx e2e/create-users.ts && exec node .next/kuasa-server/server.mjs`,
    cwd: root,
    url: `${server.baseURL}/v1/openapi.json`,
    reuseExistingServer: false,
    // next build takes one to four minutes on two busy cores.
    timeout: 900_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    // SIGTERM to the whole process group: the server closes PGlite and releases its lock.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(server.port),
      PUBLIC_URL: server.baseURL,
      DATA_DIR: server.dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "true",
      NEXT_TELEMETRY_DISABLED: "1",
      // next-auth signs the portal sessions with it; a throwaway value for a throwaway server.
      NEXTAUTH_SECRET: "e2e-only-secret-not-for-production-0123456789",
      NEXTAUTH_URL: server.baseURL,
      // Four workers sign in hundreds of times; at the default tenth of a core a password change
      // could wait out an assertion. The flood defence is proven by its unit tests and the bench.
      PASSWORD_HASHING_CORE_PERCENT: "100",
    },
  };
}

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: path.join(root, "test-results"),
  fullyParallel: false,
  forbidOnly: process.env.CI === "true",
  retries: 0,
  // Four workers: each set of journeys in one, the independent specs in two.
  workers: 4,
  // One hang detector for every test, not a speed claim, so no test sets its own: on the two shared
  // cores at half their usual speed (2026-11-27: vitest 598 s against 274 s the night before; on
  // 2026-11-29 journeys of 40 s locally passed 90 s and 180 s in CI, and /docs's Redoc 180 s) a
  // per-test budget sized from a good day failed on a bad one. A real hang still fails, 6 min in.
  timeout: 360_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    locale: "id-ID",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    // Each portal user signs in once through the form on each server; the journeys reuse the sessions.
    { name: "sessions", testMatch: /sessions\.setup\.ts$/, ...on(a) },
    { name: "sessions-b", testMatch: /sessions\.setup\.ts$/, ...on(b) },
    // The portal journeys of a set share the users, organisations, offers and counts on pages, and
    // build on each other's data: one at a time, in file order, as before.
    {
      name: "journeys",
      testIgnore: [...INDEPENDENT, ...JOURNEYS_B, ...DOCS],
      dependencies: ["sessions"],
      workers: 1,
      ...on(a),
    },
    { name: "journeys-b", testMatch: JOURNEYS_B, dependencies: ["sessions-b"], workers: 1, ...on(b) },
    // Started with the journeys (a project waits for all of the phase before it), beside them; the
    // files spread over two workers, and the accessibility spec's tests too (each stands alone).
    { name: "independent", testMatch: INDEPENDENT, dependencies: ["sessions"], workers: 2, ...on(a) },
    // Redoc draws the whole API document in the browser: seconds on a quiet machine, past 90 s in
    // CI beside four workers (2026-11-30). It runs last, alone, where its time is its own.
    { name: "docs", testMatch: DOCS, dependencies: ["journeys", "journeys-b", "independent"], ...on(a) },
  ],
  webServer: [webServer(a, process.env.KUASA_E2E_BUILT !== "1"), webServer(b, false)],
});
