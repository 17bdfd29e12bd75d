import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, type TestOrg } from "@/test/fixtures";
import { testWebhookSettings } from "@/test/webhooks";
import { mcpSessionSweepJob } from "./mcp-session-sweep";
import { createSweeper } from "./sweeper";

let database: TestDatabase;
let org: TestOrg;
const HOUR = 3_600_000;
const now = new Date("2026-11-29T12:00:00Z");
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

beforeAll(async () => {
  database = await createTestDatabase();
  org = await createTestOrg(database.prisma);
});

afterAll(async () => {
  await database?.destroy();
});

describe("the MCP session sweep", () => {
  it("deletes sessions unused for a day with their subscriptions, and keeps the others", async () => {
    const session = (id: string, lastSeenAt: Date) =>
      database.prisma.mcpSession.create({
        data: {
          id,
          apiKeyId: org.apiKeyId,
          createdAt: ago(48),
          lastSeenAt,
          subscriptions: { create: { uri: "kuasa://catalog", seenMark: "" } },
        },
      });
    await session("mcps_idle", ago(24));
    await session("mcps_used", ago(23));
    const sweeper = createSweeper({
      deps: { db: database.prisma, clock: fixedClock(now), webhooks: testWebhookSettings },
      kinds: [mcpSessionSweepJob],
      intervalMs: 1_000,
      concurrency: 4,
    });
    try {
      expect([await sweeper.runOnce(), await sweeper.runOnce()]).toEqual([1, 0]);
    } finally {
      await sweeper.stop();
    }
    expect(await database.prisma.mcpSession.findMany({ select: { id: true } })).toEqual([{ id: "mcps_used" }]);
    expect(await database.prisma.mcpSubscription.findMany({ select: { sessionId: true } })).toEqual([{ sessionId: "mcps_used" }]);
  });
});
