import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase, type Database, type DatabaseConfig, type DatabaseKind } from "@/server/db/client";
import { migrate, readMigrations } from "@/server/db/migrate";

export const testDatabaseKind: DatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

export interface TestDatabase extends Database {
  /** PostgreSQL only: the scratch database's URL, to open more connections to it. */
  url?: string;
  /** Closes the connection and drops the scratch database. */
  destroy(): Promise<void>;
}

// New in-memory PGlite databases start from a dump of a data directory made once (and kept in
// node_modules/.cache, so a new install makes it again): PGlite's initdb is most of the cost of a
// new instance (seconds on a busy two-core machine), and the dump also saves the migrations.
const TEMPLATE_DIR = path.resolve(import.meta.dirname, "../../node_modules/.cache/kuasa-test");
const templates = new Map<string, Promise<Blob>>();

function pgliteTemplate(migrated: boolean): Promise<Blob> {
  const key = migrated
    ? `migrated-${createHash("sha256")
        .update(readMigrations().map((m) => `${m.name}:${m.checksum}`).join("\n"))
        .digest("hex")
        .slice(0, 16)}`
    : "empty";
  let template = templates.get(key);
  if (!template) {
    template = loadOrMakeTemplate(path.join(TEMPLATE_DIR, `pglite-${key}.tar`), migrated);
    templates.set(key, template);
  }
  return template;
}

async function loadOrMakeTemplate(file: string, migrated: boolean): Promise<Blob> {
  const cached = await readFile(file).catch(() => null);
  if (cached) return new Blob([cached]);
  const pglite = new PGlite();
  try {
    await pglite.waitReady;
    if (migrated) {
      await migrate({
        kind: "pglite",
        withConnection: (fn) =>
          fn({ execScript: async (sql) => void (await pglite.exec(sql)), queryRows: async (sql, params = []) => (await pglite.query<never>(sql, params)).rows }),
      });
    }
    const dump = await pglite.dumpDataDir("none");
    // Parallel test workers may race to make the same template: each writes its own file and
    // renames it into place, so a reader never sees half a file.
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await pglite.close();
  }
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a scratch database on
 * the PostgreSQL server at TEST_POSTGRES_URL (dropped afterwards). `migrated: false` leaves it
 * empty, for tests of the migration runner itself.
 */
export async function createTestDatabase(options: { migrated?: boolean; connection?: Pick<DatabaseConfig, "transactionMaxWaitMs" | "poolSize"> } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (testDatabaseKind === "pglite") {
    const database = await openDatabase({ memory: true, loadDataDir: await pgliteTemplate(migrated), ...options.connection });
    return { ...database, destroy: () => database.close() };
  }
  const adminUrl = new URL(process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  const name = `kuasa_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), ...options.connection });
  if (migrated) await migrate(database);
  return {
    ...database,
    url: url.toString(),
    async destroy() {
      await database.close();
      const cleaner = new pg.Client({ connectionString: adminUrl.toString() });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleaner.end();
    },
  };
}

/**
 * `count` pools of their own on a PostgreSQL test database, as separate app instances have, and
 * `close()`, which ends them and waits until every connection is gone. pg's `pool.end()` resolves
 * as soon as its clients are told to end, and a pool says "remove" only once a socket has closed,
 * so each connection's end is awaited from the moment it opens. A connection still open when
 * `destroy()` drops the database is terminated by PostgreSQL, and its pool reports that as an
 * uncaught error (seen in CI on a loaded machine, after the file's last test).
 */
export function instancePools(database: TestDatabase, count: number): { pools: pg.Pool[]; close(): Promise<void> } {
  const ended: Array<Promise<void>> = [];
  const pools = Array.from({ length: count }, () => {
    const pool = new pg.Pool({ connectionString: database.url });
    pool.on("connect", (client: pg.PoolClient) => ended.push(new Promise((resolve) => client.once("end", () => resolve()))));
    return pool;
  });
  return {
    pools,
    async close() {
      await Promise.all(pools.map((pool) => pool.end()));
      await Promise.all(ended);
    },
  };
}
