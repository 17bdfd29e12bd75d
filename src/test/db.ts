import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, type DatabaseConfig, type DatabaseKind, openDatabase } from "@/server/db/client";
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

/** A short hash of prisma/migrations: a template made from other migrations is never used. */
function migrationsHash(): string {
  return createHash("sha256")
    .update(
      readMigrations()
        .map((m) => `${m.name}:${m.checksum}`)
        .join("\n"),
    )
    .digest("hex")
    .slice(0, 16);
}

function pgliteTemplate(migrated: boolean): Promise<Blob> {
  const key = migrated ? `migrated-${migrationsHash()}` : "empty";
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
          fn({
            execScript: async (sql) => void (await pglite.exec(sql)),
            queryRows: async (sql, params = []) => (await pglite.query<never>(sql, params)).rows,
          }),
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

// Migrated PostgreSQL test databases are copies (`CREATE DATABASE … TEMPLATE`) of one migrated
// database per migrations hash, kept on the server between runs: copying takes a fraction of
// applying every migration. It is made once by whichever worker gets the advisory lock first,
// under a temporary name renamed when complete, so no worker clones a half-migrated template.
// Nobody may stay connected to it (CREATE DATABASE refuses a template with other sessions), so
// it is closed to connections once made.
const PG_TEMPLATE_PREFIX = "kuasa_test_template_";
// Any constant: it only serialises the making of templates among test workers on one server.
const PG_TEMPLATE_LOCK_KEY = 7_245_112_020;
// Templates of other migrations hashes are dropped once this old: another checkout (a branch with
// other migrations) on the same server may still be using its own.
const PG_TEMPLATE_MAX_AGE_MS = 24 * 3600_000;
let pgTemplate: Promise<string> | undefined;

function databaseUrl(adminUrl: URL, name: string): URL {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url;
}

async function withAdmin<T>(adminUrl: URL, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

async function cloneTemplate(adminUrl: URL, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    pgTemplate ??= ensurePostgresTemplate(adminUrl);
    const template = await pgTemplate.catch((err: unknown) => {
      pgTemplate = undefined;
      throw err;
    });
    try {
      await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
      return;
    } catch (err) {
      // 3D000: the template was dropped meanwhile (by a checkout with other migrations): make it again.
      if ((err as { code?: string }).code !== "3D000" || attempt > 2) throw err;
      pgTemplate = undefined;
    }
  }
}

async function ensurePostgresTemplate(adminUrl: URL): Promise<string> {
  const template = `${PG_TEMPLATE_PREFIX}${migrationsHash()}`;
  return withAdmin(adminUrl, async (admin) => {
    const exists = async () => (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [template])).rowCount === 1;
    if (await exists()) return template;
    await admin.query("SELECT pg_advisory_lock($1)", [PG_TEMPLATE_LOCK_KEY]);
    try {
      if (await exists()) return template;
      // Under the lock, a temporary database left is one whose maker died: drop it. Then drop
      // templates of other migrations made long ago.
      const others = await admin.query<{ datname: string; made: string | null }>(
        "SELECT datname, shobj_description(oid, 'pg_database') AS made FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2",
        [PG_TEMPLATE_PREFIX, template],
      );
      for (const other of others.rows) {
        const made = Date.parse(other.made ?? "");
        if (other.datname.includes("_partial_") || !(Date.now() - made < PG_TEMPLATE_MAX_AGE_MS)) {
          await admin.query(`DROP DATABASE IF EXISTS "${other.datname}" WITH (FORCE)`);
        }
      }
      const partial = `${template}_partial_${randomBytes(4).toString("hex")}`;
      await admin.query(`CREATE DATABASE "${partial}"`);
      const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, partial).toString(), poolSize: 1 });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      await admin.query(`COMMENT ON DATABASE "${partial}" IS '${new Date().toISOString()}'`);
      // WITH (FORCE) is not available on ALTER … RENAME: wait out the pool's last socket, if any.
      await admin.query(`ALTER DATABASE "${partial}" WITH ALLOW_CONNECTIONS false`);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [partial]);
      await admin.query(`ALTER DATABASE "${partial}" RENAME TO "${template}"`);
      return template;
    } finally {
      await admin.query("SELECT pg_advisory_unlock($1)", [PG_TEMPLATE_LOCK_KEY]);
    }
  });
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a scratch database on
 * the PostgreSQL server at TEST_POSTGRES_URL (dropped afterwards). `migrated: false` leaves it
 * empty, for tests of the migration runner itself. On PostgreSQL a migrated one is a copy of a
 * template database migrated once per migrations hash.
 */
export async function createTestDatabase(
  options: { migrated?: boolean; connection?: Pick<DatabaseConfig, "transactionMaxWaitMs" | "poolSize"> } = {},
): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (testDatabaseKind === "pglite") {
    const database = await openDatabase({ memory: true, loadDataDir: await pgliteTemplate(migrated), ...options.connection });
    return { ...database, destroy: () => database.close() };
  }
  const adminUrl = new URL(process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  const name = `kuasa_test_${randomBytes(6).toString("hex")}`;
  if (migrated) await cloneTemplate(adminUrl, name);
  else await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url.toString(), ...options.connection });
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
