import { existsSync, readdirSync } from "node:fs";
import { Socket } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
// The server's JSON logger (src/server/log/index.ts) shows only warnings and errors in test output; workers inherit it.
process.env.LOG_LEVEL ??= "warn";

/** Whether PostgreSQL answers at TEST_POSTGRES_URL; a fresh laptop may have none. */
function postgresReachable(): Promise<boolean> {
  const url = new URL(POSTGRES_URL);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
    socket.connect(Number(url.port || 5432), url.hostname);
  });
}

// With PostgreSQL, the pglite project runs what is about PGlite, not every database test again
// (PGlite takes about twice as long): the database client, migrations and busy handling
// (src/server/db), the health check, the command line on an embedded data directory (its
// migrations and lock), one whole money path through the real /v1 handler, one whole test order through
// /mcp, the files API, who may attach a file and which sessions the portal routes refuse. Everything else, and all about concurrency (PGlite runs one statement at a time), is proven on PostgreSQL, which
// runs every database test. Without PostgreSQL (a laptop) the pglite project runs them all.
const PGLITE_WITH_POSTGRES = [
  "src/server/db/**/*.db.test.ts",
  "src/server/runtime/health.db.test.ts",
  "src/cli/ops-commands.db.test.ts",
  "src/server/api/v1/money-path.db.test.ts",
  // Files on the embedded default: type, limit, isolation, links, what a crash leaves.
  "src/server/api/v1/files.db.test.ts",
  // Third-party costs: every transition and refusal, and their money, on the embedded default too.
  "src/server/api/v1/costs.db.test.ts",
  // OAuth: discovery, grants, refusals and rotation through the real handlers, on the embedded default too.
  "src/server/api/oauth-http.db.test.ts",
  // An ended session is refused on every portal route outside tRPC, on the embedded default too.
  "src/app/route-sessions.db.test.ts",
  // Attaching takes the right to read: every attaching procedure on every face, on the embedded default too.
  "src/server/api/attach-rights.db.test.ts",
  // A whole test order through MCP alone, the sandbox's uji_ tools included, on the embedded default too.
  "src/server/mcp/sandbox.db.test.ts",
  // MCP subscriptions: the change marks' SQL and the watcher on the embedded default too.
  "src/server/mcp/subscriptions.db.test.ts",
  // The request log's batches (a bulk insert and a trim by window function) on the embedded default too.
  "src/server/services/request-log/request-log.db.test.ts",
  // Credentials, jurisdiction, conflicts of interest and the cap on live offers (issue 39) on the embedded default too.
  "src/server/services/practitioners/credentials.db.test.ts",
  // The books: every document against the ledger, numbers under concurrent issuers (issue 41), on the embedded default too.
  "src/server/services/books/books.db.test.ts",
  // Monthly statements: the ledger's opening aggregate and the month's lines with their documents (raw SQL) on the embedded default too.
  "src/server/services/books/statements.db.test.ts",
  // Deposits reconciled from the bank: imports, the queue and the deposit's event and e-mails (issue 41), on the embedded default too.
  "src/server/services/books/bank-import.db.test.ts",
  // Delivery statistics: the job's aggregate (a median by percentile_cont) on the embedded default too.
  "src/server/services/catalog/service-stats.db.test.ts",
];

/** The files under `dir` (relative to the root), their paths relative to the root. */
function filesUnder(dir: string): string[] {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/**
 * The entries of a list of test files that match no file: vitest runs a list naming a file that
 * moved without a word, so its test silently stops running there (issue 38: the health test's old
 * path kept it off PGlite). Entries are paths or globs of `**` and `*`.
 */
function missingTestFiles(entries: readonly string[]): string[] {
  return entries.filter((entry) => {
    const wildcard = entry.indexOf("*");
    if (wildcard === -1) return !existsSync(path.join(root, entry));
    const pattern = new RegExp(
      `^${entry.replace(/[.+?^$()|[\]\\{}]/g, "\\$&").replace(/\*\*\/|\*/g, (glob) => (glob === "*" ? "[^/]*" : "(?:.*/)?"))}$`,
    );
    return !filesUnder(path.dirname(entry.slice(0, wildcard + 1))).some((file) => pattern.test(file));
  });
}

export default defineConfig(async () => {
  const withPostgres = process.env.CI === "true" || (await postgresReachable());
  if (!withPostgres) console.warn(`\n  PostgreSQL is not reachable at ${POSTGRES_URL}: database tests run on embedded PGlite only.\n`);
  const shared = { root, resolve: { alias: { "@": path.join(root, "src") } } };
  const dbTests = ["src/**/*.db.test.ts"];
  const missing = missingTestFiles(PGLITE_WITH_POSTGRES);
  if (missing.length > 0) throw new Error(`src/test/vitest.config.ts lists test files that do not exist: ${missing.join(", ")}`);
  const pgliteTests = withPostgres ? PGLITE_WITH_POSTGRES : dbTests;
  return {
    ...shared,
    test: {
      reporters: ["default"],
      // Two test files at a time even on a two-core machine (vitest's default, cores - 1, runs one; more cores keep that default):
      // database tests spend much of their time waiting on PostgreSQL, sockets and timers. Files
      // share nothing they could race on: each has its own database (PostgreSQL scratch databases
      // are copies of a template made under a lock, PGlite templates are written under a temporary
      // name and renamed), servers listen on port 0, and temporary directories come from mkdtemp.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        // 30 s as the database projects: the property tests (20,000 runs) are CPU-bound, and in `npm test` they
        // share two cores with the production build; one took over 5 s there on a loaded machine (1.5 s alone).
        {
          ...shared,
          // packages/*: the workspaces' own tests (the SDK's retries, errors and paging).
          test: {
            name: "unit",
            include: ["src/**/*.test.ts", ".ci/**/*.test.ts", "packages/*/src/**/*.test.ts"],
            exclude: dbTests,
            testTimeout: 30_000,
          },
        },
        { ...shared, test: { name: "pglite", include: pgliteTests, env: { TEST_DB: "pglite" }, testTimeout: 30_000, hookTimeout: 60_000 } },
        ...(withPostgres
          ? [
              {
                ...shared,
                test: {
                  name: "postgres",
                  include: dbTests,
                  env: { TEST_DB: "postgres", TEST_POSTGRES_URL: POSTGRES_URL },
                  testTimeout: 30_000,
                  hookTimeout: 60_000,
                },
              },
            ]
          : []),
      ],
    },
  };
});
