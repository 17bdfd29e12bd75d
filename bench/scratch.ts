/**
 * A scratch PostgreSQL database for one bench scenario: created, migrated and seeded with the
 * catalog, an organisation and its API key, and dropped afterwards whatever happens; and a free
 * loopback port for a server under test.
 */
import { createServer } from "node:net";
import pg from "pg";
import { type Database, openDatabase } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { SEED } from "@/server/domain/access/actor";
import { systemClock } from "@/server/domain/clock";
import { jobDepsFrom } from "@/server/jobs";
import { createSweeper } from "@/server/jobs/sweeper";
import type { JobKind } from "@/server/jobs/types";
import type { Config } from "@/server/runtime/config";
import { createApiKey } from "@/server/services/access";
import { seedCatalog } from "@/server/services/catalog";
import { createOrganization } from "@/server/services/organizations";

export interface Scratch {
  database: Database;
  databaseUrl: string;
  organizationId: string;
  key: Awaited<ReturnType<typeof createApiKey>>;
}

export async function withScratchDatabase<T>(adminUrl: string, name: string, run: (scratch: Scratch) => Promise<T>): Promise<T> {
  const dbName = `kuasa_bench_${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const database = await openDatabase({ databaseUrl });
  try {
    await migrate(database);
    await seedCatalog(
      { db: database.prisma },
      {
        actor: SEED,
      },
    );
    const actor = SEED;
    const org = await createOrganization({ db: database.prisma }, { actor, input: { name: "Bench" } });
    const key = await createApiKey({ db: database.prisma }, { actor, input: { organizationId: org.id } });
    return await run({ database, databaseUrl, organizationId: org.id, key });
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

/** A loopback port nobody listens on now, for a server process started next. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Runs the local sweeper on `kind` until nothing is due, as `npm start` would: how long it took. */
export async function timeSweeperDrain(
  config: Config,
  database: Database,
  kind: JobKind,
): Promise<{ seconds: number; concurrency: number }> {
  const sweeper = createSweeper({
    deps: jobDepsFrom(config, { db: database.prisma, clock: systemClock }),
    kinds: [kind],
    intervalMs: 1000,
    concurrency: config.jobs.concurrency,
  });
  const started = performance.now();
  while ((await sweeper.runOnce()) > 0);
  const seconds = (performance.now() - started) / 1000;
  await sweeper.stop();
  return { seconds, concurrency: config.jobs.concurrency };
}
