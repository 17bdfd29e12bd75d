import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "./db";
import { createTestOrg, seededCatalog, type TestOrg } from "./fixtures";
import { startTestApi, type TestApi } from "./http";

export interface ApiWorld {
  database: TestDatabase;
  api: TestApi;
  org: TestOrg;
}

/**
 * One test file's world for calling /v1 from outside: a scratch database with the catalog, one
 * organisation with its key, and the real /v1 handler on a loopback port; made before the file's
 * tests and taken down after them. Read its fields inside tests (they are set in beforeAll).
 */
export function apiWorld(org: Parameters<typeof createTestOrg>[1] = {}): ApiWorld {
  const world = {} as ApiWorld;
  beforeAll(async () => {
    world.database = await createTestDatabase();
    await seededCatalog(world.database.prisma);
    world.org = await createTestOrg(world.database.prisma, org);
    world.api = await startTestApi(world.database.prisma);
  });
  afterAll(async () => {
    await world.api?.close();
    await world.database?.destroy();
  });
  return world;
}
