import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { type Database, openDatabase } from "./client";
import { MIGRATIONS_DIR, type Migration, migrate, readMigrations } from "./migrate";

interface HistoryRow {
  id: string;
  checksum: string;
  migration_name: string;
  started_at: Date;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
}

function history(database: Database): Promise<HistoryRow[]> {
  return database.withConnection((c) => c.queryRows<HistoryRow>(`SELECT * FROM "_prisma_migrations" ORDER BY migration_name`));
}

async function tableExists(database: Database, table: string): Promise<boolean> {
  const [row] = await database.withConnection((c) =>
    c.queryRows<{ found: string | null }>(`SELECT to_regclass($1)::text AS found`, [table]),
  );
  return row?.found != null;
}

/** A migration that is not in prisma/migrations, named to sort after every real one. */
function synthetic(name: string, sql: string): Migration {
  return { name: `29990101000000_${name}`, sql, checksum: createHash("sha256").update(sql).digest("hex") };
}

let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase({ migrated: false });
});

afterEach(async () => {
  await database?.destroy();
});

describe("migrate", () => {
  it("applies every migration of prisma/migrations to a fresh database, in name order", async () => {
    const folders = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders.length).toBeGreaterThan(0);

    expect(await migrate(database)).toEqual(folders);
    // The schema is really there: Prisma can query the tables.
    expect(await database.prisma.organization.count()).toBe(0);
    // Only the internal service case-board work is ordered under; the catalog itself is seeded at start.
    expect(await database.prisma.service.findMany({ select: { code: true, internal: true } })).toEqual([{ code: "kasus", internal: true }]);
  });

  it("records each migration in _prisma_migrations with the file's sha256, finished_at set, one step", async () => {
    await migrate(database);
    const rows = await history(database);
    const folders = readMigrations().map((m) => m.name);
    expect(rows.map((r) => r.migration_name)).toEqual(folders);
    for (const row of rows) {
      const file = readFileSync(path.join(MIGRATIONS_DIR, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(file).digest("hex"));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("applies nothing on a second run and leaves the history as it was", async () => {
    await migrate(database);
    const before = await history(database);
    expect(await migrate(database)).toEqual([]);
    expect(await history(database)).toEqual(before);
  });

  it("applies only the migrations added since the last run", async () => {
    const first = synthetic("first", `CREATE TABLE "mig_first" ("id" INTEGER PRIMARY KEY);`);
    const second = synthetic("second", `CREATE TABLE "mig_second" ("id" INTEGER PRIMARY KEY);`);
    expect(await migrate(database, [first])).toEqual([first.name]);
    expect(await migrate(database, [first, second])).toEqual([second.name]);
    expect(await tableExists(database, "mig_second")).toBe(true);
  });

  it("refuses a migration edited after it was applied, naming it, and applies nothing after it", async () => {
    const original = synthetic("edited", `CREATE TABLE "mig_edited" ("id" INTEGER PRIMARY KEY);`);
    await migrate(database, [original]);
    const edited = synthetic("edited", `CREATE TABLE "mig_edited" ("id" INTEGER PRIMARY KEY, "extra" TEXT);`);
    const later = synthetic("later", `CREATE TABLE "mig_later" ("id" INTEGER PRIMARY KEY);`);

    await expect(migrate(database, [edited, later])).rejects.toThrow(
      `Migration ${original.name} was edited after it was applied (checksum differs); add a new migration instead.`,
    );
    expect(await tableExists(database, "mig_later")).toBe(false);
    const rows = await history(database);
    expect(rows.map((r) => [r.migration_name, r.checksum])).toEqual([[original.name, original.checksum]]);
  });

  it("rolls a failing migration back entirely: no partial tables, no history row, and says which one failed", async () => {
    const good = synthetic("a_good", `CREATE TABLE "mig_good" ("id" INTEGER PRIMARY KEY);`);
    const bad = synthetic(
      "b_bad",
      `CREATE TABLE "mig_partial_one" ("id" INTEGER PRIMARY KEY);
       CREATE TABLE "mig_partial_two" ("id" INTEGER PRIMARY KEY);
       INSERT INTO "mig_partial_one" ("id") VALUES (1);
       ALTER TABLE "mig_does_not_exist" ADD COLUMN "x" TEXT;`,
    );

    const error = await migrate(database, [good, bad]).then(
      () => new Error("expected the migration to fail"),
      (err: unknown) => err as Error,
    );
    expect(error.message).toContain(`Migration ${bad.name} failed and was rolled back`);
    expect(error.message).toContain("mig_does_not_exist");

    expect(await tableExists(database, "mig_partial_one")).toBe(false);
    expect(await tableExists(database, "mig_partial_two")).toBe(false);
    // The migration before it committed on its own and stays.
    expect(await tableExists(database, "mig_good")).toBe(true);
    expect((await history(database)).map((r) => r.migration_name)).toEqual([good.name]);
  });

  it("leaves the connection usable after a failed migration, so a fixed one applies on the next run", async () => {
    const broken = synthetic("fixable", `CREATE TABLE "mig_fixable" ("id" INTEGER PRIMARY KEY); SELECT 1/0;`);
    await expect(migrate(database, [broken])).rejects.toThrow(/failed and was rolled back/);
    const fixed = synthetic("fixable", `CREATE TABLE "mig_fixable" ("id" INTEGER PRIMARY KEY);`);
    expect(await migrate(database, [fixed])).toEqual([fixed.name]);
    expect(await tableExists(database, "mig_fixable")).toBe(true);
    expect((await history(database)).map((r) => r.checksum)).toEqual([fixed.checksum]);
  });
});

describe.runIf(testDatabaseKind === "postgres")("migrate on PostgreSQL, several instances starting at once", () => {
  it("lets two concurrent migrate() calls on separate connections both succeed, each migration applied exactly once", async () => {
    // A slow first migration makes sure the two runs overlap.
    const slow = synthetic("a_slow", `SELECT pg_sleep(0.5); CREATE TABLE "mig_slow" ("id" INTEGER PRIMARY KEY);`);
    const next = synthetic("b_next", `CREATE TABLE "mig_next" ("id" INTEGER PRIMARY KEY);`);
    const migrations = [...readMigrations(), slow, next];

    const a = await openDatabase({ databaseUrl: database.url! });
    const b = await openDatabase({ databaseUrl: database.url! });
    try {
      const [appliedByA, appliedByB] = await Promise.all([migrate(a, migrations), migrate(b, migrations)]);
      // Whoever took the lock first did all the work; the other found nothing left to do.
      expect([...appliedByA, ...appliedByB].sort()).toEqual(migrations.map((m) => m.name).sort());
      expect(appliedByA.filter((name) => appliedByB.includes(name))).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }

    const rows = await history(database);
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
    expect(await tableExists(database, "mig_slow")).toBe(true);
    expect(await tableExists(database, "mig_next")).toBe(true);
  });
});

describe("the order_life migration on a database that already has events", () => {
  it("fills each event's organisation, mode and key from its order, and numbers the events in the order they happened", async () => {
    const all = readMigrations();
    const at = all.findIndex((m) => m.name.endsWith("_order_life"));
    expect(at).toBeGreaterThan(0);
    await migrate(database, all.slice(0, at));
    await database.withConnection(async (c) => {
      await c.execScript(`
        INSERT INTO "Organization" ("id", "name", "status", "updatedAt") VALUES ('org_a', 'A', 'aktif', now());
        INSERT INTO "ApiKey" ("id", "organizationId", "keyId", "secretHash", "mode", "scopes", "maxOrderIdr", "monthlyBudgetIdr", "webhookSecret", "updatedAt")
          VALUES ('key_a', 'org_a', 'kk_test_a', 'x', 'test', '{}', 1, 1, 's', now());
        INSERT INTO "Service" ("code", "name", "category", "description", "clientPriceIdr", "slaDays", "slaLabel", "intake", "updatedAt")
          VALUES ('nda', 'NDA', 'kontrak', 'd', 1, 1, '1 hari', '[]', now());
        INSERT INTO "Order" ("id", "organizationId", "apiKeyId", "serviceCode", "status", "priceIdr", "clientPriceIdr", "intake", "livemode", "updatedAt")
          VALUES ('ord_a', 'org_a', 'key_a', 'nda', 'dibayar', 1, 1, '{}', false, now());
        INSERT INTO "WebhookEvent" ("id", "orderId", "type", "payload", "createdAt") VALUES
          ('evt_late', 'ord_a', 'order.ditawarkan', '{}', '2026-11-22 10:00:02'),
          ('evt_early', 'ord_a', 'order.dibayar', '{}', '2026-11-22 10:00:01');`);
    });
    await migrate(database, all);
    const events = await database.withConnection((c) =>
      c.queryRows<{ id: string; organizationId: string; livemode: boolean; apiKeyId: string; seq: string }>(
        `SELECT "id", "organizationId", "livemode", "apiKeyId", "seq"::text AS "seq" FROM "WebhookEvent" ORDER BY "seq"`,
      ),
    );
    expect(events).toEqual([
      { id: "evt_early", organizationId: "org_a", livemode: false, apiKeyId: "key_a", seq: "1" },
      { id: "evt_late", organizationId: "org_a", livemode: false, apiKeyId: "key_a", seq: "2" },
    ]);
    // New events continue after the old ones.
    await database.withConnection((c) =>
      c.execScript(
        `INSERT INTO "WebhookEvent" ("id", "organizationId", "livemode", "apiKeyId", "orderId", "type", "payload") VALUES ('evt_new', 'org_a', false, 'key_a', 'ord_a', 'order.diambil', '{}')`,
      ),
    );
    const [next] = await database.withConnection((c) =>
      c.queryRows<{ seq: string }>(`SELECT "seq"::text AS "seq" FROM "WebhookEvent" WHERE "id" = 'evt_new'`),
    );
    expect(next?.seq).toBe("3");
    // An event about nothing is refused.
    await expect(
      database.withConnection((c) =>
        c.execScript(
          `INSERT INTO "WebhookEvent" ("id", "organizationId", "livemode", "apiKeyId", "type", "payload") VALUES ('evt_none', 'org_a', false, 'key_a', 'x', '{}')`,
        ),
      ),
    ).rejects.toThrow(/WebhookEvent_has_subject/);
  });
});

describe("the api_key_version migration on a database that already has keys", () => {
  it("pins every existing key to the first API version, and leaves new keys to say theirs", async () => {
    const all = readMigrations();
    const at = all.findIndex((m) => m.name.endsWith("_api_key_version"));
    expect(at).toBeGreaterThan(0);
    await migrate(database, all.slice(0, at));
    await database.withConnection((c) =>
      c.execScript(`
        INSERT INTO "Organization" ("id", "name", "status", "updatedAt") VALUES ('org_a', 'A', 'aktif', now());
        INSERT INTO "ApiKey" ("id", "organizationId", "keyId", "secretHash", "mode", "scopes", "maxOrderIdr", "monthlyBudgetIdr", "webhookSecret", "updatedAt")
          VALUES ('key_live', 'org_a', 'kk_live_a', 'x', 'live', '{}', 1, 1, 's', now()), ('key_test', 'org_a', 'kk_test_a', 'x', 'test', '{}', 1, 1, 's', now());`),
    );
    await migrate(database, all);
    const keys = await database.withConnection((c) =>
      c.queryRows<{ id: string; apiVersion: string }>(`SELECT "id", "apiVersion" FROM "ApiKey" ORDER BY "id"`),
    );
    expect(keys).toEqual([
      { id: "key_live", apiVersion: "2026-11-28" },
      { id: "key_test", apiVersion: "2026-11-28" },
    ]);
    // No default: a key made without its version is a mistake, not a silent pin to the first one.
    await expect(
      database.withConnection((c) =>
        c.execScript(
          `INSERT INTO "ApiKey" ("id", "organizationId", "keyId", "secretHash", "scopes", "maxOrderIdr", "monthlyBudgetIdr", "webhookSecret", "updatedAt") VALUES ('key_new', 'org_a', 'kk_live_b', 'x', '{}', 1, 1, 's', now())`,
        ),
      ),
    ).rejects.toThrow(/apiVersion/);
  });
});
