/**
 * `npm run chaos [-- --kills N --seed S --instances I --processes P --seconds T]`: crash recovery
 * under load. Starts the real server (I instances on their own ports, each with WEB_CONCURRENCY=P)
 * on one scratch PostgreSQL database, drives orders from agents (live and test keys, spread over
 * the instances), practitioners and the operator, kills a random instance with SIGKILL at random
 * points and restarts it each time, lets it settle, then checks that no money, order, offer or
 * event was lost or doubled (invariants.ts). With `--kills 0` it is a soak: T seconds of traffic,
 * no crash, and then not even a repeated webhook is allowed. Loopback only; bounded in time.
 * Exits 1 with a report on any violation.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { Db } from "@/server/db/client";
import { SEED, SWEEPER } from "@/server/domain/access/actor";
import { verifyWebhookSignature } from "@/server/domain/events/signature";
import { readConfig } from "@/server/runtime/config";
import { createApiKey } from "@/server/services/access";
import { ordersNeedingOffer } from "@/server/services/offers";
import { topUpDeposit } from "@/server/services/organizations";
import { createTestPractitioner } from "@/test/orders";
import { startReceiver } from "@/test/webhooks";
import { freePort, withScratchDatabase } from "../../../bench/scratch";
import { newClientStats } from "./agent-client";
import { checkInvariants, type ReceivedDelivery } from "./invariants";
import { seededRng } from "./rng";
import { SERVER_BUNDLE, ServerProcess } from "./server-process";
import { readSnapshot } from "./snapshot";
import { startWorkload } from "./workload";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const ADMIN_URL = process.env.CHAOS_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
/** The server's webhook timeout; a delivery cut by a kill is retried once its lease (this + 20 s) ends. */
const WEBHOOK_TIMEOUT_MS = 5_000;
const SETTLE_LIMIT_MS = 120_000;

const { values: args } = parseArgs({
  options: {
    kills: { type: "string", default: "20" },
    instances: { type: "string", default: "1" },
    processes: { type: "string", default: "1" },
    seconds: { type: "string", default: "20" },
    seed: { type: "string" },
    "test-agents": { type: "string", default: "4" },
    "live-agents": { type: "string", default: "2" },
  },
});
const kills = Number(args.kills);
const instances = Number(args.instances);
const processes = Number(args.processes);
const soakSeconds = Number(args.seconds);
const seed = args.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(args.seed);
if (!Number.isSafeInteger(kills) || kills < 0 || !Number.isSafeInteger(seed))
  throw new Error("--kills must be a whole number ≥ 0 and --seed a whole number");
if (![instances, processes, soakSeconds].every((n) => Number.isSafeInteger(n) && n >= 1))
  throw new Error("--instances, --processes and --seconds must be whole numbers ≥ 1");

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[chaos] ${line}`);

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `min ${sorted[0]} ms, median ${at(0.5)} ms, max ${sorted.at(-1)} ms`;
}

function countBy<T>(rows: readonly T[], key: (row: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[key(row)] = (counts[key(row)] ?? 0) + 1;
  return counts;
}

/** Waits until every webhook is sent and every paid order is on offer (or stalled); returns how long it took. */
async function settle(db: Db): Promise<{ ms: number; pendingDeliveries: number; needingOffer: number }> {
  const started = performance.now();
  for (;;) {
    const pendingDeliveries = await db.webhookDelivery.count({ where: { status: "menunggu" } });
    const needingOffer = (
      await ordersNeedingOffer(
        { db },
        {
          actor: SWEEPER,
          limit: 1_000,
        },
      )
    ).length;
    const ms = Math.round(performance.now() - started);
    if ((pendingDeliveries === 0 && needingOffer === 0) || ms > SETTLE_LIMIT_MS) return { ms, pendingDeliveries, needingOffer };
    await delay(250);
  }
}

async function main(): Promise<number> {
  const runStarted = performance.now();
  log(`seed ${seed} (repeat with --seed ${seed}), ${kills} kills, ${instances} instance(s) of ${processes} process(es)`);
  if (!existsSync(path.join(ROOT, ".next/BUILD_ID")) || !existsSync(SERVER_BUNDLE)) {
    log("no production build (.next/BUILD_ID): building once");
    const build = spawnSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("next build failed");
  }
  const killRng = seededRng(seed);
  const logDir = mkdtempSync(path.join(os.tmpdir(), "kuasa-chaos-"));

  return withScratchDatabase(ADMIN_URL, "chaos", async ({ database, databaseUrl, organizationId }) => {
    const db = database.prisma;
    const actor = SEED;
    const receiver = await startReceiver();
    const arrivedAt: number[] = [];
    receiver.reply = (_request, index) => {
      arrivedAt[index] = Date.now();
      return { status: 204 };
    };
    const budget = { maxOrderIdr: 100_000_000n, monthlyBudgetIdr: 1_000_000_000_000n };
    const liveKey = await createApiKey(
      { db },
      { actor, input: { organizationId, mode: "live", webhookUrl: `${receiver.url}/key/live`, ...budget } },
    );
    const testKey = await createApiKey(
      { db },
      { actor, input: { organizationId, mode: "test", webhookUrl: `${receiver.url}/key/test`, ...budget } },
    );
    await topUpDeposit({ db }, { actor, organizationId, amountIdr: 10_000_000_000n, reference: "chaos live deposit", livemode: true });
    await topUpDeposit({ db }, { actor, organizationId, amountIdr: 10_000_000_000n, reference: "chaos test deposit", livemode: false });
    const practitionerIds = [await createTestPractitioner(db), await createTestPractitioner(db), await createTestPractitioner(db)];

    const ports: number[] = [];
    while (ports.length < instances) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    // Without INNGEST_* the server runs the in-process sweeper: the job engine dies with it.
    const envFor = (port: number): NodeJS.ProcessEnv => ({
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("INNGEST_"))),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: String(processes),
      SEED_DEMO: "false",
      NEXTAUTH_SECRET: "chaos-only-secret-not-for-production-0123456789",
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      NEXT_TELEMETRY_DISABLED: "1",
      OPERATOR_NAME: "Kuasa",
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS),
      // The run is about crashes, not the limiter's verdicts.
      RATE_LIMIT_READS: "100000000",
      RATE_LIMIT_WRITES: "100000000",
      RATE_LIMIT_PER_ADDRESS: "100000000",
    });
    const servers = ports.map((port, i) => new ServerProcess(port, envFor(port), path.join(logDir, `server-${i + 1}.log`)));
    // Never leave a server behind, whatever ends this process.
    process.on("exit", () => {
      for (const server of servers) if (server.pid) process.kill(-server.pid, "SIGKILL");
    });
    for (const server of servers) {
      log(`server log: ${server.logFile}`);
      await server.start();
      log(`server up in ${server.startTimesMs[0]} ms on ${server.baseUrl}`);
    }

    const clientStats = newClientStats();
    const workload = startWorkload({
      baseUrls: servers.map((server) => server.baseUrl),
      testToken: testKey.token,
      liveToken: liveKey.token,
      callbackUrl: `${receiver.url}/callback`,
      db,
      practitionerIds,
      rngFor: (name) => seededRng(seed ^ [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261)),
      clientStats,
      testAgents: Number(args["test-agents"]),
      liveAgents: Number(args["live-agents"]),
    });

    const uptimes: number[] = [];
    for (let i = 1; i <= kills; i++) {
      const uptime = killRng.between(2_000, 6_000);
      await delay(uptime);
      const server = servers[killRng.between(0, servers.length - 1)]!;
      await server.kill();
      uptimes.push(uptime);
      await server.start();
      log(
        `kill ${i}/${kills} of ${server.baseUrl} after ${uptime} ms of traffic; answering again in ${server.startTimesMs.at(-1)} ms (${clientStats.requests} requests so far)`,
      );
    }
    if (kills === 0) {
      log(`soak: ${soakSeconds} s of traffic, no crash`);
      await delay(soakSeconds * 1000);
    }
    await delay(2_000);
    log("stopping the agents (each finishes its step)");
    await workload.stop();
    const settled = await settle(db);
    log(
      `settled in ${settled.ms} ms (${settled.pendingDeliveries} deliveries pending, ${settled.needingOffer} orders waiting for an offer)`,
    );
    for (const server of servers) await server.close();
    await receiver.close();

    const secrets = { live: liveKey.webhookSecret, test: testKey.webhookSecret };
    const received: ReceivedDelivery[] = receiver.requests.map((request, index) => {
      const eventId = request.headers["x-kuasa-event-id"];
      let bodyEventId: string | undefined;
      try {
        bodyEventId = (JSON.parse(request.body) as { id?: string }).id;
      } catch {
        bodyEventId = undefined;
      }
      const secret = request.path.endsWith("/live") ? secrets.live : secrets.test;
      const signature = request.headers["x-kuasa-signature"];
      return {
        headerEventId: typeof eventId === "string" ? eventId : undefined,
        bodyEventId,
        signatureOk: verifyWebhookSignature(secret, typeof signature === "string" ? signature : undefined, request.body, {
          now: arrivedAt[index],
        }).ok,
      };
    });
    const snapshot = await readSnapshot(db, { received, creates: workload.stats.creates });
    const violations = checkInvariants(snapshot, { offerCap: readConfig(process.env).orderRules.offerCap });
    const unexpected500s = clientStats.serverErrors.filter((e) => e.status !== 503);

    const distinctDelivered = new Set(received.map((r) => r.headerEventId)).size;
    const sumOf = (kind: string, livemode: boolean) =>
      snapshot.accounts.filter((a) => a.kind === kind && a.livemode === livemode).reduce((sum, a) => sum + a.balanceIdr, 0n);
    console.log("\n===== chaos summary");
    console.log(
      `seed ${seed}; ${instances} instance(s) × ${processes} process(es); ${kills === 0 ? `soak of ${soakSeconds} s` : `${kills} SIGKILLs after ${stats(uptimes)} of traffic`}; total ${Math.round((performance.now() - runStarted) / 1000)} s`,
    );
    const restarts = servers.flatMap((server) => server.startTimesMs.slice(1));
    if (restarts.length > 0)
      console.log(
        `restart to first answer: ${stats(restarts)} (first start ${servers.map((server) => `${server.startTimesMs[0]} ms`).join(", ")})`,
      );
    console.log(`settle after the last kill: ${settled.ms} ms`);
    console.log(
      `agent requests ${clientStats.requests}: ${clientStats.cut} cut by a kill, ${clientStats.refused} refused while down, ${clientStats.retriedWithKey} keyed retries, ${clientStats.replayed} idempotent replays, ${clientStats.serverErrors.length} 5xx`,
    );
    console.log(
      `flows: ${Object.entries(workload.stats.flows)
        .sort()
        .map(([flow, n]) => `${flow} ${n}`)
        .join(", ")}`,
    );
    console.log(
      `orders ${snapshot.orders.length}: ${Object.entries(countBy(snapshot.orders, (o) => `${o.livemode ? "live" : "test"} ${o.status}`))
        .sort()
        .map(([s, n]) => `${s} ${n}`)
        .join(", ")}`,
    );
    console.log(
      `ledger: ${snapshot.transfers.length} transfers; in escrow live Rp ${sumOf("order_escrow", true)}, test Rp ${sumOf("order_escrow", false)}; paid out live Rp ${sumOf("practitioner_payable", true)}, test Rp ${sumOf("practitioner_payable", false)}`,
    );
    console.log(
      `events ${snapshot.events.length} (${snapshot.events.filter((e) => e.hasDelivery).length} with a URL); receiver got ${received.length} deliveries of ${distinctDelivered} events (${received.length - distinctDelivered} repeats)`,
    );
    console.log(`practitioner/operator actions that lost a race: ${workload.stats.lostRaces}`);

    // Without a crash nothing is sent twice: a repeat would be two processes delivering one event.
    const repeats =
      kills === 0 && received.length > distinctDelivered
        ? [`webhook: ${received.length - distinctDelivered} repeated deliveries without any crash`]
        : [];
    const failures = [
      ...violations.map((v) => `${v.check}: ${v.subject}: ${v.detail}`),
      ...repeats,
      ...workload.stats.problems,
      ...unexpected500s.map((e) => `${e.path} answered ${e.status}: ${e.body}`),
    ];
    if (failures.length === 0) {
      console.log("\nOK: ledger sums to zero per mode, escrow equals price, nothing paid twice, every event delivered, no offer lost.");
      return 0;
    }
    console.log(
      `\nFAILED: ${failures.length} problem(s) (server logs: ${servers.map((server) => server.logFile).join(", ")}, seed ${seed}):`,
    );
    for (const failure of failures.slice(0, 50)) console.log(`  - ${failure}`);
    if (failures.length > 50) console.log(`  … and ${failures.length - 50} more`);
    return 1;
  });
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`[chaos] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
