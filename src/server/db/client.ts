import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { logger } from "@/server/log";
import { acquireDataDirLock } from "./lock";
import { preparedStatementNames } from "./statement-names";

export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseKind = "postgres" | "pglite";

/** One driver connection, below Prisma: what the migration runner needs. */
export interface Connection {
  /** Runs a multi-statement SQL script (simple query protocol). */
  execScript(sql: string): Promise<void>;
  queryRows<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** A Prisma client plus raw access to the driver underneath it. */
export interface Database {
  prisma: Db;
  kind: DatabaseKind;
  /** Runs `fn` on one connection held for its whole duration (session locks stay on it). */
  withConnection<T>(fn: (connection: Connection) => Promise<T>): Promise<T>;
  /** PostgreSQL only: the pool, for libraries that keep shared state there (rate limits). */
  pgPool?: pg.Pool;
  close(): Promise<void>;
  /** Where the data lives, for the start banner. */
  description: string;
}

export interface DatabaseConfig {
  /** postgres://… selects PostgreSQL. */
  databaseUrl?: string;
  /** Directory of the embedded PGlite store; ignored when databaseUrl is set. */
  dataDir?: string;
  /** Embedded store in memory only (tests). */
  memory?: boolean;
  /** With `memory`: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
  /**
   * How long a transaction waits for a connection before the request is answered 503 with
   * Retry-After (nothing changed, safe to retry). Default: 10 s on PGlite, where every transaction
   * queues for its one connection, so a burst waits its turn; 5 s on PostgreSQL.
   */
  transactionMaxWaitMs?: number;
  /** PostgreSQL connections in the pool (DATABASE_POOL_SIZE, default 10). */
  poolSize?: number;
}

/** Query shapes prepared once per connection: the bench's whole API and job load names about 100 per process; the portals add theirs. */
const PREPARED_STATEMENTS_PER_PROCESS = 500;

const TRANSACTION_MAX_WAIT_MS = { pglite: 10_000, postgres: 5_000 } as const;

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config);
  return openPglite(config);
}

function openPostgres(databaseUrl: string, config: DatabaseConfig): Database {
  const maxWait = config.transactionMaxWaitMs ?? TRANSACTION_MAX_WAIT_MS.postgres;
  // Plain queries wait for a pooled connection as long as transactions do, then fail as busy.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: config.poolSize ?? Number(process.env.DATABASE_POOL_SIZE ?? 10),
    connectionTimeoutMillis: maxWait,
  });
  // An idle connection the server ends (restart, failover) must not crash the process; the pool
  // drops it and opens a new one on next use.
  pool.on("error", (err) => logger.warn({ err }, "idle PostgreSQL connection closed"));
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool, { statementNameGenerator: preparedStatementNames(PREPARED_STATEMENTS_PER_PROCESS) }),
    transactionOptions: { maxWait },
  });
  const url = new URL(databaseUrl);
  return {
    prisma,
    kind: "postgres",
    pgPool: pool,
    description: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          execScript: async (sql) => void (await client.query(sql)),
          queryRows: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function openPglite(config: DatabaseConfig): Promise<Database> {
  // Loaded only here: the embedded database costs ~45 MB of memory that PostgreSQL deployments need not pay.
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([import("@electric-sql/pglite"), import("pglite-prisma-adapter")]);
  let release = async () => {};
  let pglite: PGlite;
  let description: string;
  if (config.memory) {
    // Starting from a dump skips initdb, which is most of the cost of a new PGlite.
    pglite = new PGlite(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {});
    await pglite.waitReady;
    description = "embedded PGlite (in memory)";
  } else {
    const dataDir = path.resolve(config.dataDir ?? ".data");
    // PGlite's own mkdir is not recursive.
    mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
    try {
      pglite = new PGlite(path.join(dataDir, "pglite"));
      await pglite.waitReady;
    } catch (err) {
      await release();
      throw err;
    }
    description = `embedded PGlite in ${dataDir}`;
  }
  const prisma = new PrismaClient({
    adapter: new PrismaPGlite(pglite),
    transactionOptions: { maxWait: config.transactionMaxWaitMs ?? TRANSACTION_MAX_WAIT_MS.pglite },
  });
  return {
    prisma,
    kind: "pglite",
    description,
    // PGlite has a single connection anyway.
    async withConnection(fn) {
      return fn({
        execScript: async (sql) => void (await pglite.exec(sql)),
        queryRows: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
      });
    },
    async close() {
      await prisma.$disconnect();
      await pglite.close();
      await release();
    },
  };
}
