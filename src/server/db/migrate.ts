import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Connection, Database } from "./client";

/**
 * A folder of the project's prisma/ (`prisma/migrations`, `prisma/functions`): the nearest one above
 * `from`, so the same code finds it from its source (src/server/db) and from the production server
 * bundle (.next/).
 */
export function findPrismaDir(name: string, from: string = import.meta.dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "prisma", name);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`No prisma/${name} above ${from}.`);
  }
}

export const MIGRATIONS_DIR = findPrismaDir("migrations");

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** The folders of prisma/migrations in name order, as Prisma Migrate reads them. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

// The table Prisma Migrate keeps, column for column, so `prisma migrate deploy` can take over.
const HISTORY_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
);`;

// Any constant works; it only has to be the same in every instance of the app.
const MIGRATION_LOCK_KEY = 7_245_112_019;

function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

async function applyOne(connection: Connection, migration: Migration): Promise<void> {
  const record =
    `INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "applied_steps_count") ` +
    `VALUES (${quote(randomUUID())}, ${quote(migration.checksum)}, now(), ${quote(migration.name)}, 1);`;
  try {
    await connection.execScript(`BEGIN;\n${migration.sql}\n;\n${record}\nCOMMIT;`);
  } catch (err) {
    // A failed statement leaves the script's transaction open and aborted.
    await connection.execScript("ROLLBACK;").catch(() => undefined);
    throw new Error(`Migration ${migration.name} failed and was rolled back: ${(err as Error).message}`, { cause: err });
  }
}

/** The migrations a database carries: finished and not rolled back (readiness asks it too). */
export const APPLIED_MIGRATIONS_SQL = `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;

/**
 * Applies every migration not yet recorded, each in one transaction with its history row, so a
 * crash leaves all of a migration or none. On PostgreSQL a session advisory lock makes several
 * instances starting at once take turns. Returns the names applied.
 */
export async function migrate(database: Pick<Database, "kind" | "withConnection">, migrations = readMigrations()): Promise<string[]> {
  return database.withConnection(async (connection) => {
    const locking = database.kind === "postgres";
    if (locking) await connection.queryRows(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await connection.execScript(HISTORY_TABLE);
      const done = await connection.queryRows<{ migration_name: string; checksum: string }>(APPLIED_MIGRATIONS_SQL);
      const doneByName = new Map(done.map((d) => [d.migration_name, d.checksum]));
      const applied: string[] = [];
      for (const migration of migrations) {
        const recorded = doneByName.get(migration.name);
        if (recorded === undefined) {
          await applyOne(connection, migration);
          applied.push(migration.name);
        } else if (recorded !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was edited after it was applied (checksum differs); add a new migration instead.`);
        }
      }
      return applied;
    } finally {
      if (locking) await connection.queryRows(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}
