/**
 * `npm run bench`: load figures for the production build on PostgreSQL, next to a bare node:http
 * baseline serving the same catalog bytes, so every figure reads as a ratio to it; then the table
 * of issue 15's targets with what this run measured against each. Writes bench/results.json and
 * prints both. Loopback only; every run is bounded in time.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { ndaOrder } from "@/test/nda-order";
import { startSettings } from "@/test/start-script";
import { ledgerProblems, prepareAcceptances } from "./acceptances";
import { type BooksPdfResult, benchBooksPdf } from "./books-pdf";
import { benchFiles, type FilesResult } from "./files";
import { benchHashingPressure, HASHING_CLIENTS, type HashingPressureResult } from "./hashing";
import { benchOfferExpiry, type OfferExpiryResult } from "./offers";
import { benchOrderList, type OrderListResult } from "./order-list";
import { freePort } from "./scratch";
import { benchWebhookDelivery, type WebhookDeliveryResult } from "./webhooks";

const ROOT = path.resolve(import.meta.dirname, "..");
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 16;
/** Issue 15 measures order creation with 8 clients. */
const ORDER_CONNECTIONS = 8;
/** Server processes (WEB_CONCURRENCY): one per core unless BENCH_PROCESSES says otherwise. */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? os.cpus().length);
const SERVER_BUNDLE = path.join(ROOT, ".next/kuasa-server/server.mjs");
const ACCEPT_ORGANIZATIONS = 50;
const ACCEPTS_PER_ORGANIZATION = 80;
/**
 * `BENCH_ONLY=catalog,accept` runs only those scenarios and prints them without writing
 * results.json (for trying one change): baseline (always), catalog, balance, hashing, orders, read,
 * mcp, files, accept, expiry, webhooks, list, books (the statement PDF: no build, server or database
 * when it is the only one named).
 */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",").map((name) => name.trim())) : null;
const runs = (scenario: string) => !ONLY || ONLY.has(scenario);
/** What `npm start` sets for the server; BENCH_NODE_OPTIONS replaces its V8 flags (to measure another heap setting). */
const START = startSettings();
const SERVER_NODE_FLAGS = process.env.BENCH_NODE_OPTIONS?.split(" ").filter(Boolean) ?? START.nodeFlags;

interface ScenarioResult {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Peak of all the server's processes together, and of the largest one. */
  serverRssMb: number;
  serverProcessRssMb: number;
  note?: string;
}

/** Resident memory in MB of a process and each of its descendants (the primary and its workers under WEB_CONCURRENCY). */
function rssOfTree(pid: number): number[] {
  try {
    const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    return [Math.round(own / 1024), ...children.flatMap(rssOfTree)];
  } catch {
    return [];
  }
}

interface RssPeak {
  /** All the server's processes together. */
  totalMb: number;
  /** The largest single process. */
  processMb: number;
}

/** Peak resident memory of the server's processes during a scenario, sampled every 200 ms. */
function sampleRss(pid: number): { stop(): RssPeak } {
  const peak: RssPeak = { totalMb: 0, processMb: 0 };
  const sample = () => {
    const each = rssOfTree(pid);
    peak.totalMb = Math.max(
      peak.totalMb,
      each.reduce((sum, mb) => sum + mb, 0),
    );
    peak.processMb = Math.max(peak.processMb, ...each);
  };
  const timer = setInterval(sample, 200);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function ops(env: NodeJS.ProcessEnv, ...args: string[]): Record<string, string> {
  const result = spawnSync("npx", ["tsx", "src/cli/ops.ts", ...args], { cwd: ROOT, env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`ops ${args[0]} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!) as Record<string, string>;
}

async function load(name: string, pid: number, options: autocannon.Options & { note?: string }): Promise<ScenarioResult> {
  const rss = sampleRss(pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  const peak = rss.stop();
  return {
    scenario: name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverRssMb: peak.totalMb,
    serverProcessRssMb: peak.processMb,
    note: options.note,
  };
}

/**
 * Waits (at most a minute) until the server has offered, or found no one to offer, every paid
 * order of earlier scenarios, so each scenario measures itself, not the previous one's aftermath.
 */
async function settle(db: pg.Client): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const { rows } = await db.query(`
      SELECT count(*)::int AS n FROM "Order" o
      WHERE o."status" = 'dibayar'
         OR (o."status" = 'ditawarkan' AND o."offeringStalledAt" IS NULL
             AND NOT EXISTS (SELECT 1 FROM "Offer" f WHERE f."orderId" = o."id" AND f."status" = 'aktif'))`);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.warn("[bench] background offering work did not drain within a minute");
}

function waitForOutput(child: ChildProcess, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`the server did not print "${text}" within ${timeoutMs} ms`)), timeoutMs);
    child.stdout?.on("data", (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  // The access log is read and dropped, as a log collector reads it in production: a pipe nobody
  // reads fills at 64 KB, and the server's log lines then wait in its memory.
  child.stdout?.resume();
  child.stderr?.on("data", (d: Buffer) => process.stderr.write(`[server] ${d}`));
  return child;
}

function stopProcess(child: ChildProcess): void {
  if (child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

/** One row of issue 15's table: what this run measured next to the target. */
interface TargetRow {
  figure: string;
  target: string;
  measured: string;
  met: boolean;
}

function benchOfferExpiryLogged(): Promise<OfferExpiryResult> {
  console.log("Offer expiry: 10,000 open orders, 1,000 due…");
  return benchOfferExpiry(ADMIN_URL);
}

function benchWebhookDeliveryLogged(): Promise<WebhookDeliveryResult> {
  console.log("Webhook delivery: 2,000 events due to a loopback receiver…");
  return benchWebhookDelivery(ADMIN_URL);
}

/** The scenario table, each rate also as a ratio to the bare baseline (the first row). */
function printScenarios(results: ScenarioResult[]): void {
  const baseline = results[0]!;
  console.log(
    `${"scenario".padEnd(52)} ${"req/s".padStart(7)} ${"×base".padStart(6)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"errors".padStart(7)} ${"non2xx".padStart(7)} ${"RSS MB".padStart(7)} ${"max/proc".padStart(8)}`,
  );
  for (const r of results) {
    const ratio = (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(3);
    console.log(
      `${r.scenario.padEnd(52)} ${String(r.requestsPerSecond).padStart(7)} ${ratio.padStart(6)} ${String(r.p50Ms).padStart(7)} ${String(r.p99Ms).padStart(7)} ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(7)} ${String(r.serverRssMb).padStart(7)} ${String(r.serverProcessRssMb).padStart(8)}`,
    );
  }
}

function benchBooksPdfLogged(): Promise<BooksPdfResult> {
  console.log("Books: a deposit statement PDF of 1,000 movements…");
  return benchBooksPdf();
}

async function main(): Promise<void> {
  const booksPdf = runs("books") ? await benchBooksPdfLogged() : undefined;
  if (ONLY && [...ONLY].every((scenario) => scenario === "books")) {
    console.log(JSON.stringify({ booksPdf }, null, 2));
    return;
  }
  if (!existsSync(path.join(ROOT, ".next/BUILD_ID")) || !existsSync(SERVER_BUNDLE)) {
    console.log("Building the production bundle first…");
    const build = spawnSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("build failed");
  }
  const dbName = `kuasa_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kuasa-bench-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...START.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    // Uploaded files (and nothing else the server keeps on disk) go to a folder of this run's own.
    DATA_DIR: dataDir,
    PORT: String(port),
    WEB_CONCURRENCY: String(PROCESSES),
    // The server logs as in production (one access line per request); the bench process itself logs errors only.
    LOG_LEVEL: "info",
    SEED_DEMO: "false",
    NEXTAUTH_SECRET: "bench-only-secret-not-for-production",
    NEXT_TELEMETRY_DISABLED: "1",
    // The figures are about the server, not the per-key limiter's verdicts.
    RATE_LIMIT_READS: "100000000",
    RATE_LIMIT_WRITES: "100000000",
    RATE_LIMIT_PER_ADDRESS: "100000000",
    // The hashing scenario's clients each come from a new address, through a proxy on loopback.
    TRUSTED_PROXIES: "127.0.0.1",
  };
  const children: ChildProcess[] = [];
  const closers: Array<() => Promise<void>> = [];
  const results: ScenarioResult[] = [];
  let acceptLedgerProblems: string[] = [];
  let hashing: HashingPressureResult | undefined;
  let files: FilesResult | undefined;
  let orderList: OrderListResult[] | undefined;
  try {
    ops(env, "org:create", "--name", "Bench", "--deposit", "1000000000000");
    const benchDb = new pg.Client({ connectionString: databaseUrl });
    await benchDb.connect();
    closers.push(() => benchDb.end());
    const orgId = (await benchDb.query(`SELECT id FROM "Organization" LIMIT 1`)).rows[0].id as string;
    /** A scenario against the server, once the previous one's background work is done. */
    const serverLoad = async (name: string, options: autocannon.Options & { note?: string }) => {
      await settle(benchDb);
      return load(name, serverPid, options);
    };
    const { key } = ops(env, "key:create", "--org", orgId, "--max-order", "100000000", "--monthly", "1000000000000");
    const auth = { Authorization: `Bearer ${key}` };

    // As `npm start` runs it: the bundle, with the same V8 flags and malloc settings.
    const server = startProcess("node", [...SERVER_NODE_FLAGS, SERVER_BUNDLE], env);
    children.push(server);
    const base = `http://127.0.0.1:${port}`;
    // The banner comes once every process serves (under WEB_CONCURRENCY the primary prints it after the last worker).
    await waitForOutput(server, "Kuasa is running at", 90_000);
    const serverPid = server.pid!;

    // Baseline: the catalog bytes from memory on bare node:http, in its own process.
    const catalog = await (await fetch(`${base}/v1/services`, { headers: auth })).text();
    const basePort = await freePort();
    const baseline = startProcess(
      "node",
      [
        "-e",
        `const b=Buffer.from(process.env.BODY);require("node:http").createServer((q,s)=>{s.writeHead(200,{"content-type":"application/json","content-length":b.length});s.end(b)}).listen(${basePort},"127.0.0.1")`,
      ],
      { ...process.env, BODY: catalog },
    );
    children.push(baseline);
    await waitForHttp(`http://127.0.0.1:${basePort}/`, 10_000);
    results.push(
      await load("baseline: bare node:http, catalog from memory", baseline.pid!, { url: `http://127.0.0.1:${basePort}/v1/services` }),
    );
    stopProcess(baseline);

    const order = JSON.stringify(ndaOrder());
    const json = { ...auth, "Content-Type": "application/json" };
    let counter = 0;
    const uniqueKey = () => `bench-${process.pid}-${counter++}`;

    // Warm-up, not measured: the first seconds of a fresh process are spent compiling hot code.
    await autocannon({ connections: CONNECTIONS, duration: 3, url: `${base}/v1/services`, headers: auth });
    await autocannon({ connections: ORDER_CONNECTIONS, amount: 400, url: `${base}/v1/orders`, method: "POST", headers: json, body: order });
    if (runs("catalog")) results.push(await serverLoad("GET /v1/services (catalog)", { url: `${base}/v1/services`, headers: auth }));
    if (runs("balance")) results.push(await serverLoad("GET /v1/balance", { url: `${base}/v1/balance`, headers: auth }));
    await settle(benchDb);
    if (runs("hashing")) hashing = await benchHashingPressure(base, key!, DURATION_S);
    /** Order creation with the Idempotency-Key each request gets from `keyFor`. */
    const orderLoad = (name: string, keyFor: () => string, extra: Partial<autocannon.Options> & { note?: string } = {}) =>
      serverLoad(name, {
        url: `${base}/v1/orders`,
        method: "POST",
        headers: json,
        body: order,
        connections: ORDER_CONNECTIONS,
        requests: [{ method: "POST", setupRequest: (req) => ({ ...req, headers: { ...json, "Idempotency-Key": keyFor() } }) }],
        ...extra,
      });
    if (runs("orders")) {
      results.push(await orderLoad("POST /v1/orders, unique keys, 100 req/s offered", uniqueKey, { overallRate: 100 }));
      results.push(await orderLoad("POST /v1/orders, unique keys, max rate", uniqueKey));
      results.push(
        await orderLoad("POST /v1/orders, 10 colliding keys (replays)", () => `collide-${counter++ % 10}`, {
          note: "after the first request per key, every answer is a 200 replay",
        }),
      );
    }
    const created = (await (await fetch(`${base}/v1/orders`, { method: "POST", headers: json, body: order })).json()) as { id: string };
    if (runs("read")) results.push(await serverLoad("GET /v1/orders/{id}", { url: `${base}/v1/orders/${created.id}`, headers: auth }));
    if (runs("mcp"))
      results.push(
        await serverLoad("POST /mcp tools/call daftar_layanan", {
          url: `${base}/mcp`,
          method: "POST",
          headers: { ...json, Accept: "application/json, text/event-stream" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "daftar_layanan", arguments: {} } }),
        }),
      );

    await settle(benchDb);
    if (runs("files")) files = await benchFiles(base, key!, () => sampleRss(serverPid));

    // Acceptances: each request accepts a different delivered order, the organisations taken in turn.
    if (runs("accept")) {
      const delivered = await prepareAcceptances(databaseUrl, ACCEPT_ORGANIZATIONS, ACCEPTS_PER_ORGANIZATION);
      const interleaved = delivered.map(
        (_, i) => delivered[(i % ACCEPT_ORGANIZATIONS) * ACCEPTS_PER_ORGANIZATION + Math.floor(i / ACCEPT_ORGANIZATIONS)]!,
      );
      let nextAccept = 0;
      results.push(
        await serverLoad(`POST /v1/orders/{id}/accept, ${ACCEPT_ORGANIZATIONS} organisations`, {
          url: `${base}/v1/orders`,
          method: "POST",
          amount: interleaved.length,
          requests: [
            {
              method: "POST",
              setupRequest: (req) => {
                const next = interleaved[nextAccept++ % interleaved.length]!;
                return {
                  ...req,
                  path: `/v1/orders/${next.orderId}/accept`,
                  headers: { Authorization: `Bearer ${next.token}`, "Content-Type": "application/json" },
                  body: "{}",
                };
              },
            },
          ],
          note: `${interleaved.length} delivered orders, each accepted once`,
        }),
      );
      acceptLedgerProblems = await ledgerProblems(databaseUrl);
    }

    if (runs("list")) {
      console.log("Order list: 100,000 orders, pages of 100…");
      const lists = ops(env, "org:create", "--name", "Bench lists");
      const listKey = ops(env, "key:create", "--org", lists.id!);
      await settle(benchDb);
      // One connection shows a request's own latency (target p99 < 50 ms); CONNECTIONS shows it under saturation.
      orderList = await benchOrderList(
        { base, databaseUrl, organizationId: lists.id!, keyId: listKey.key_id!, token: listKey.key! },
        DURATION_S,
        [1, CONNECTIONS],
      );
    }
  } finally {
    await Promise.all(closers.map((close) => close()));
    children.forEach(stopProcess);
    await new Promise((r) => setTimeout(r, 1000));
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const offerExpiry = runs("expiry") ? await benchOfferExpiryLogged() : undefined;
  const webhookDelivery = runs("webhooks") ? await benchWebhookDeliveryLogged() : undefined;
  if (ONLY) {
    printScenarios(results);
    console.log(JSON.stringify({ hashing, files, offerExpiry, webhookDelivery, orderList, booksPdf }, null, 2));
    return;
  }
  if (!offerExpiry || !webhookDelivery || !orderList || !booksPdf) throw new Error("a background scenario did not run");

  const baseline = results[0]!;
  const find = (prefix: string) => results.find((r) => r.scenario.startsWith(prefix))!;
  const catalogRow = find("GET /v1/services");
  const ordersRow = find("POST /v1/orders, unique keys, max rate");
  const acceptRow = find("POST /v1/orders/{id}/accept");
  if (!hashing) throw new Error("the hashing scenario did not run");
  if (!files) throw new Error("the files scenario did not run");
  const peakRss = Math.max(...results.slice(1).map((r) => r.serverRssMb));
  const peakProcessRss = Math.max(...results.slice(1).map((r) => r.serverProcessRssMb));
  const catalogRatio = catalogRow.requestsPerSecond / baseline.requestsPerSecond;
  const targets: TargetRow[] = [
    {
      figure: "GET /v1/services, authenticated, 16 clients",
      target: "≥ 0.2× bare, p99 < 20 ms",
      measured: `${catalogRatio.toFixed(2)}× bare (${catalogRow.requestsPerSecond}/s), p99 ${catalogRow.p99Ms} ms`,
      met: catalogRatio >= 0.2 && catalogRow.p99Ms < 20,
    },
    {
      figure: "POST /v1/orders, unique keys, 8 clients",
      target: "≥ 500/s, p99 < 60 ms",
      measured: `${ordersRow.requestsPerSecond}/s, p99 ${ordersRow.p99Ms} ms`,
      met: ordersRow.requestsPerSecond >= 500 && ordersRow.p99Ms < 60 && ordersRow.non2xx === 0,
    },
    {
      figure: "offer expiries swept",
      target: "1,000 due offers handled in < 1 s",
      measured: `${offerExpiry.expiries} in ${offerExpiry.seconds} s (${offerExpiry.expiriesPerSecond}/s)`,
      met: offerExpiry.expiries >= 1000 && offerExpiry.seconds < 1,
    },
    {
      figure: "webhooks delivered to a local receiver",
      target: "≥ 1,000/s, signed, logged",
      measured: `${webhookDelivery.deliveriesPerSecond}/s (${webhookDelivery.verified} verified, ${webhookDelivery.logged} logged)`,
      met: webhookDelivery.deliveriesPerSecond >= 1000,
    },
    {
      figure: `order acceptances across ${ACCEPT_ORGANIZATIONS} organisations`,
      target: "≥ 300/s (no single hot row)",
      measured: `${acceptRow.requestsPerSecond}/s, p99 ${acceptRow.p99Ms} ms, ${acceptRow.non2xx} non-2xx, ledger ${acceptLedgerProblems.length === 0 ? "consistent" : `${acceptLedgerProblems.length} problems`}`,
      met: acceptRow.requestsPerSecond >= 300 && acceptRow.non2xx === 0 && acceptLedgerProblems.length === 0,
    },
    {
      figure: `GET /v1/balance p99, 1 client, with ${HASHING_CLIENTS} sign-in clients`,
      target: "≤ 2× its quiet p99 (issue 25)",
      measured: `${hashing.underPressure.p99Ms} ms against ${hashing.quiet.p99Ms} ms quiet (${hashing.p99Ratio}×)`,
      met: hashing.p99Ratio <= 2,
    },
    {
      figure: `server RSS while ${files.concurrent.clients} clients upload ${files.concurrent.fileMib} MiB files at once`,
      target: "< 50 MB above idle (issue 26)",
      measured: `${files.rssAboveIdleMb} MB above idle (${files.rssIdleMb} → ${files.rssPeakMb} MB, all server processes), statuses ${JSON.stringify(files.concurrent.statuses)}`,
      met: files.rssAboveIdleMb < 50 && files.concurrent.statuses["201"] === files.concurrent.clients,
    },
    ...(
      [
        ["GET /v1/balance", "GET /v1/balance"],
        ["GET /v1/orders/{id}", "GET /v1/orders/{id}"],
        ["POST /mcp tools/call daftar_layanan", "MCP tools/call daftar_layanan"],
      ] as const
    ).map(([prefix, figure]) => {
      const row = find(prefix);
      const ratio = row.requestsPerSecond / baseline.requestsPerSecond;
      return {
        figure: `${figure}, 16 clients (issue 30)`,
        target: "≥ 0.1× bare, p99 < 30 ms",
        measured: `${ratio.toFixed(3)}× bare (${row.requestsPerSecond}/s), p99 ${row.p99Ms} ms`,
        met: ratio >= 0.1 && row.p99Ms < 30 && row.non2xx === 0,
      };
    }),
    ...orderList
      .filter((r) => r.connections === CONNECTIONS)
      .map((r) => ({
        figure: `${r.scenario}, ${CONNECTIONS} connections, ${r.orders.toLocaleString("en")} orders (issue 30)`,
        target: "p99 < 100 ms",
        measured: `p99 ${r.p99Ms} ms, ${r.requestsPerSecond} pages/s`,
        met: r.p99Ms < 100 && r.non2xx === 0,
      })),
    {
      figure: `deposit statement PDF, ${booksPdf.movements.toLocaleString("en")} movements (issue 41)`,
      target: "< 2000 ms",
      measured: `median ${booksPdf.medianMs} ms, max ${booksPdf.maxMs} ms (first ${booksPdf.firstMs} ms) over ${booksPdf.renders} renders; ${booksPdf.pages} pages, ${booksPdf.kilobytes} KB`,
      met: booksPdf.maxMs < 2000,
    },
    {
      figure: "server RSS under load, per server process",
      target: "< 300 MB",
      measured: `${peakProcessRss} MB peak (all ${PROCESSES > 1 ? `${PROCESSES} server processes and the primary` : "of it"}: ${peakRss} MB)`,
      met: peakProcessRss < 300,
    },
  ];

  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
  writeFileSync(
    path.join(ROOT, "bench/results.json"),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, processes: PROCESSES, durationSeconds: DURATION_S, connections: CONNECTIONS, orderConnections: ORDER_CONNECTIONS, targets, results, acceptLedgerProblems, hashing, files, offerExpiry, webhookDelivery, orderList, booksPdf }, null, 2)}\n`,
  );
  console.log(
    `\n${PROCESSES} server process(es); ${DURATION_S} s per scenario; ${CONNECTIONS} connections (${ORDER_CONNECTIONS} for order creation)`,
  );
  printScenarios(results);
  for (const problem of acceptLedgerProblems) console.log(`  ledger after the acceptances: ${problem}`);
  console.log(
    `\nGET /v1/balance, 1 client: p50 ${hashing.quiet.p50Ms} ms, p99 ${hashing.quiet.p99Ms} ms quiet; p50 ${hashing.underPressure.p50Ms} ms, p99 ${hashing.underPressure.p99Ms} ms ` +
      `with ${HASHING_CLIENTS} sign-in clients for unknown e-mails from rotating addresses (${hashing.signIns.requestsPerSecond} sign-ins/s, statuses ${JSON.stringify(hashing.signIns.statuses)})`,
  );
  console.log(
    `\nFiles: 10 MiB uploads ${files.uploadMibPerSecond} MiB/s, downloads ${files.downloadMibPerSecond} MiB/s, one at a time; ` +
      `${files.concurrent.clients} × ${files.concurrent.fileMib} MiB at once in ${files.concurrent.seconds} s, server RSS ${files.rssIdleMb} → ${files.rssPeakMb} MB`,
  );
  console.log(
    `\nOffer expiry: ${offerExpiry.expiries} of ${offerExpiry.openOrders} open offers expired and re-offered in ${offerExpiry.seconds} s ` +
      `(${offerExpiry.expiriesPerSecond}/s, sweeper concurrency ${offerExpiry.sweeperConcurrency})`,
  );
  console.log(
    `Webhook delivery: ${webhookDelivery.deliveries} signed deliveries to a loopback receiver (${webhookDelivery.verified} verified, ${webhookDelivery.logged} attempts logged) in ${webhookDelivery.seconds} s ` +
      `(${webhookDelivery.deliveriesPerSecond}/s, sweeper concurrency ${webhookDelivery.sweeperConcurrency})`,
  );
  console.log(
    `\n${"order list (100,000 orders, limit=100)".padEnd(60)} ${"conns".padStart(5)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"errors".padStart(7)} ${"non2xx".padStart(7)}`,
  );
  for (const r of orderList) {
    console.log(
      `${r.scenario.padEnd(60)} ${String(r.connections).padStart(5)} ${String(r.requestsPerSecond).padStart(7)} ${String(r.p50Ms).padStart(7)} ${String(r.p99Ms).padStart(7)} ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(7)}`,
    );
  }
  console.log(`\n${"issue 15 target".padEnd(52)} ${"target".padEnd(34)} measured`);
  for (const t of targets) console.log(`${t.figure.padEnd(52)} ${t.target.padEnd(34)} ${t.measured} ${t.met ? "(met)" : "(NOT met)"}`);
  console.log("\nWritten to bench/results.json");
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
