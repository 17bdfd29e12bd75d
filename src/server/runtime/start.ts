import cluster from "node:cluster";
import { SEED } from "@/server/domain/access/actor";
import { AddressGuard } from "../api/address-guard";
import { type Database, openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { systemClock } from "../domain/clock";
import { createJobEngine, jobDepsFrom } from "../jobs";
import { ApiRateLimiter, LocalHashingTurns, productionPasswordHasher, type RateLimitStore, SignInThrottle } from "../services/access";
import { seedCatalog } from "../services/catalog";
import { createFileStorage } from "../services/files";
import { RequestLog } from "../services/request-log";
import { type Runtime, setRuntime } from "./";
import { ensureAuthEnvironment } from "./auth-secret";
import type { Config } from "./config";
import { borrowedHashingTurns } from "./shared-hashing";

/** This worker's turns, borrowed from the primary over the cluster's IPC channel. */
function workerHashingTurns() {
  return borrowedHashingTurns({ send: (message) => process.send?.(message) }, (listener) => process.on("message", listener));
}

/**
 * Opens the database, applies pending migrations, adds missing catalog services and builds the
 * job engine; the caller starts the engine (`runtime.jobs.start()`) once it serves requests.
 */
export async function startRuntime(config: Config): Promise<Runtime & { migrationsApplied: string[] }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await attachRuntime(database, config);
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** startRuntime on a database that is already open (tests bring their own); close() closes it. */
export async function attachRuntime(database: Database, config: Config): Promise<Runtime & { migrationsApplied: string[] }> {
  const migrationsApplied = await migrate(database);
  await seedCatalog(
    { db: database.prisma },
    {
      actor: SEED,
    },
  );
  const files = { storage: createFileStorage(config.files.storage), maxBytes: config.files.maxBytes };
  const jobs = createJobEngine(config, jobDepsFrom(config, { db: database.prisma, clock: systemClock, files }));
  const { store, ...limits } = config.rateLimits;
  const limitStore: RateLimitStore =
    store === "postgres" && database.pgPool ? { kind: "postgres", pool: database.pgPool } : { kind: "memory" };
  const rateLimiter = new ApiRateLimiter(limitStore, limits);
  const requestLog = new RequestLog({ db: database.prisma });
  ensureAuthEnvironment(config);
  const runtime: Runtime = {
    rateLimiter,
    signInThrottle: new SignInThrottle(limitStore),
    // One queue for every face (sign-in, invitations, password changes, new users), its turns
    // borrowed from the cluster primary when this is one of several server processes.
    passwordHashing: productionPasswordHasher(cluster.isWorker ? workerHashingTurns() : new LocalHashingTurns(config.passwordHashing)),
    addressGuard: new AddressGuard(rateLimiter),
    files,
    database,
    db: database.prisma,
    clock: systemClock,
    orderRules: config.orderRules,
    config,
    jobs,
    requestLog,
    close: async () => {
      setRuntime(null);
      await jobs.stop();
      // The requests answered since the last batch, before the database goes.
      await requestLog.close();
      await database.close();
    },
  };
  setRuntime(runtime);
  return { ...runtime, migrationsApplied };
}
