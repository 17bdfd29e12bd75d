import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freePort, ROOT as root, SERVER_BUNDLE, serverEnv } from "./server-process";

/**
 * WEB_CONCURRENCY=2 (issue 15): the production bundle as `npm start` runs it, on a scratch
 * PostgreSQL database, as one primary and two server processes on one port. The money and event
 * guarantees across processes are proven by `npm run chaos -- --instances 2 --processes 2`; this
 * proves the process shape itself: one banner, both processes answering, /metrics summing them,
 * a killed process replaced, and SIGTERM stopping every one.
 */
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const METRICS_TOKEN = "metrics-token-cluster-uji-0123456789";

const dbName = `kuasa_cluster_${Date.now()}`;
let admin: pg.Client;
let primary: ChildProcess | null = null;
let output = "";

test.beforeAll(async () => {
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
});

test.afterAll(async () => {
  if (primary?.pid && primary.exitCode === null) process.kill(-primary.pid, "SIGKILL");
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
});

/** The pids of the primary's children (its server processes), from /proc. */
const workersOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

test("two server processes share one port: one banner, both answer, /metrics sums them, a killed one is replaced, SIGTERM stops all", async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv(port, {
    NEXTAUTH_SECRET: "nextauth-secret-cluster-uji-0123456789abcdef",
    DATABASE_URL: Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString(),
    WEB_CONCURRENCY: "2",
    SEED_DEMO: "false",
    METRICS_TOKEN,
  });
  primary = spawn(process.execPath, [SERVER_BUNDLE], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  primary.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  primary.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  await expect.poll(() => output.includes("Processes: 2 (WEB_CONCURRENCY)"), { timeout: 120_000 }).toBe(true);
  expect(output.match(/Kuasa is running at/g)).toHaveLength(1);
  const workers = workersOf(primary.pid!);
  expect(workers).toHaveLength(2);

  // Each request on a new connection: the primary hands connections to both processes in turn.
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${base}/healthz`, { headers: { Connection: "close" } });
    expect(res.status).toBe(200);
  }
  const answeredBy = new Set(
    output
      .split("\n")
      .filter((line) => line.includes('"route":"/healthz"'))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );
  expect([...answeredBy].sort()).toEqual([...workers].sort());

  const scrape = async () => (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  expect(await scrape()).toContain('kuasa_http_requests_total{face="ops",route="/healthz",method="GET",status="200"} 20');
  // Database-backed series are read once by the answering process, not summed over processes. A
  // just-started process's first read may miss its 2 s on a loaded machine (then it says 0 and
  // shows no database series); the next scrape reads again.
  await expect
    .poll(async () => (await scrape()).match(/^kuasa_metrics_database_up .*$/gm), { timeout: 30_000 })
    .toEqual(["kuasa_metrics_database_up 1"]);

  process.kill(workers[0]!, "SIGKILL");
  await expect.poll(() => workersOf(primary!.pid!).filter((pid) => pid !== workers[0]).length, { timeout: 60_000 }).toBe(2);
  await expect
    .poll(async () => (await fetch(`${base}/healthz`, { headers: { Connection: "close" } })).status, { timeout: 60_000 })
    .toBe(200);

  const exited = new Promise<number | null>((resolve) => primary!.once("exit", (code) => resolve(code)));
  const survivors = workersOf(primary.pid!);
  process.kill(primary.pid!, "SIGTERM");
  expect(await exited).toBe(0);
  for (const pid of survivors) expect(() => process.kill(pid, 0)).toThrow();
});
