import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, instancePools, type TestDatabase, testDatabaseKind } from "./db";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
});

afterAll(async () => {
  await database?.destroy();
});

describe.runIf(testDatabaseKind === "postgres")("instance pools on PostgreSQL", () => {
  it("close() returns only once every connection the pools opened has ended, so dropping the database cannot hit one", async () => {
    const { pools, close } = instancePools(database, 2);
    const connections: Array<{ ended: boolean }> = [];
    for (const pool of pools) {
      pool.on("connect", (client: pg.PoolClient) => {
        const connection = { ended: false };
        connections.push(connection);
        client.once("end", () => (connection.ended = true));
      });
    }
    // Several connections per pool: each pool holds three at once.
    await Promise.all(pools.flatMap((pool) => Array.from({ length: 3 }, () => pool.query("SELECT pg_sleep(0.05)"))));
    expect(connections).toHaveLength(6);
    await close();
    expect(connections.filter((connection) => !connection.ended)).toEqual([]);
  });
});
