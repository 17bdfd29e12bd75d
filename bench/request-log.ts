/**
 * `npm run bench:request-log`: what the request log adds to each /v1 request. The real /v1 handler
 * (no rate limiter, no access log: the same in both arms) serves GET /v1/services on a loopback port
 * of this process, on a scratch PostgreSQL database, with and without the request log, in
 * alternating rounds; autocannon drives it from a child process, so this process's CPU time is the
 * server's alone. Two loads: one key (the log keeps its newest 50 a second and drops the rest in
 * memory) and 200 keys in turn (every request becomes a row: the most the log writes). Prints
 * requests per second, p99 and server CPU µs per request for each arm, medians of the rounds.
 */
import { fork } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { createRestHandler } from "@/server/api/rest";
import { SEED } from "@/server/domain/access/actor";
import { systemClock } from "@/server/domain/clock";
import { createApiKey } from "@/server/services/access";
import { RequestLog } from "@/server/services/request-log";
import { withScratchDatabase } from "./scratch";

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const ROUND_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 16;
const MANY_KEYS = 200;

interface Load {
  url: string;
  tokens: string[];
}
interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

function drive(load: Load): Promise<LoadResult> {
  const child = fork(import.meta.filename, ["--load"], { stdio: "inherit" });
  child.send(load);
  return new Promise((resolve, reject) => {
    child.once("message", (result) => resolve(result as LoadResult));
    child.once("error", reject);
  });
}

async function listen(handler: ReturnType<typeof createRestHandler>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => void handler(req, res));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const cpuUs = (used: NodeJS.CpuUsage) => used.user + used.system;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  await withScratchDatabase(ADMIN_URL, "request_log", async ({ database, organizationId, key }) => {
    const db = database.prisma;
    const actor = SEED;
    const many = [key.token];
    while (many.length < MANY_KEYS) many.push((await createApiKey({ db }, { actor, input: { organizationId } })).token);

    const requestLog = new RequestLog({ db });
    const deps = { db, clock: systemClock, publicUrl: "http://localhost" };
    const arms = {
      "without the log": await listen(createRestHandler(deps)),
      "with the log": await listen(createRestHandler({ ...deps, requestLog })),
    };
    const loads = { "one key": [key.token], [`${MANY_KEYS} keys`]: many };

    const rows: Array<Record<string, string | number>> = [];
    for (const [loadName, tokens] of Object.entries(loads)) {
      const seen: Record<string, { rps: number[]; p99: number[]; cpuUs: number[] }> = {};
      for (let round = 0; round < ROUNDS; round++) {
        for (const [armName, arm] of Object.entries(arms)) {
          // Warm-up, then the measured round.
          await drive({ url: arm.url, tokens }).catch(() => undefined);
          const cpu = process.cpuUsage();
          const result = await drive({ url: arm.url, tokens });
          await requestLog.flush();
          const used = process.cpuUsage(cpu);
          if (result.non2xx > 0) throw new Error(`${armName}, ${loadName}: ${result.non2xx} answers were not 2xx`);
          const entry = (seen[armName] ??= { rps: [], p99: [], cpuUs: [] });
          entry.rps.push(result.requestsPerSecond);
          entry.p99.push(result.p99Ms);
          entry.cpuUs.push(cpuUs(used) / result.requests);
        }
      }
      for (const [armName, entry] of Object.entries(seen))
        rows.push({
          load: loadName,
          arm: armName,
          "req/s": median(entry.rps),
          "p99 ms": median(entry.p99),
          "server CPU µs/req": Math.round(median(entry.cpuUs)),
        });
    }
    const stored = await db.apiRequest.count();

    // The log's own work, away from the noise of a loaded machine: a record kept in memory, and a row written.
    const keyIds = (await db.apiKey.findMany({ select: { id: true } })).map((k) => k.id);
    const record = (i: number) => ({
      apiKeyId: keyIds[i % keyIds.length]!,
      requestId: `req_bench${i}`,
      method: "GET",
      path: "/v1/services",
      status: 200,
      createdAt: new Date(),
    });
    const quiet = new RequestLog({ db }, { flushMs: 3_600_000, maxRows: Number.MAX_SAFE_INTEGER });
    const adds = 200_000;
    let cpu = process.cpuUsage();
    for (let i = 0; i < adds; i++) quiet.add(record(i));
    const addUs = cpuUs(process.cpuUsage(cpu)) / adds;
    // What is left to write: each key's newest 50, one batch.
    cpu = process.cpuUsage();
    const started = performance.now();
    await quiet.flush();
    const written = Math.min(adds, keyIds.length * 50);
    const rowUs = cpuUs(process.cpuUsage(cpu)) / written;
    const ownCost = `the log's own cost: ${addUs.toFixed(2)} µs of CPU to keep a record in memory; a batch of ${written} rows took ${Math.round(performance.now() - started)} ms, ${rowUs.toFixed(1)} µs of this process's CPU per row`;
    await quiet.close();
    await requestLog.close();
    for (const arm of Object.values(arms)) {
      arm.server.closeAllConnections();
      await new Promise((resolve) => arm.server.close(resolve));
    }
    console.table(rows);
    console.log(`rows in the log after the loads: ${stored} (at most 50 per key)`);
    console.log(ownCost);
  });
}

// The child: drives the server and reports back.
if (process.argv[2] === "--load") {
  process.once("message", (load: Load) => {
    void autocannon({
      url: load.url,
      connections: CONNECTIONS,
      duration: ROUND_S,
      requests: load.tokens.map((token) => ({ method: "GET", path: "/v1/services", headers: { authorization: `Bearer ${token}` } })),
    }).then((result) => {
      const answer: LoadResult = {
        requests: result.requests.total,
        requestsPerSecond: Math.round(result.requests.average),
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
      };
      process.send?.(answer, () => process.exit(0));
    });
  });
} else {
  await main();
}
