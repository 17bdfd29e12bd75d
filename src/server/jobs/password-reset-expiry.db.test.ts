import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { portalUser } from "@/test/portal";
import { testWebhookSettings } from "@/test/webhooks";
import { passwordResetExpiryJob } from "./password-reset-expiry";
import { createSweeper } from "./sweeper";

let database: TestDatabase;
const db = () => database.prisma;
const HOUR = 3_600_000;
const now = new Date("2026-11-27T12:00:00Z");
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

describe("the password-reset expiry job", () => {
  it("deletes reset links a day past their expiry, used or not, and keeps younger ones (their page still says expired or used)", async () => {
    const { id: userId } = await portalUser(db(), "operator");
    const reset = (id: string, expiresAt: Date, usedAt: Date | null = null) =>
      db().passwordReset.create({ data: { id, userId, tokenHash: `hash-${id}`, expiresAt, usedAt } });
    await reset("pwr_old_unused", ago(30));
    await reset("pwr_old_used", ago(25), ago(25.5));
    await reset("pwr_expired_recently", ago(23));
    await reset("pwr_live", new Date(now.getTime() + HOUR));

    const sweeper = createSweeper({
      deps: { db: db(), clock: fixedClock(now), webhooks: testWebhookSettings },
      kinds: [passwordResetExpiryJob],
      intervalMs: 1_000,
      concurrency: 4,
    });
    try {
      expect(await sweeper.runOnce()).toBe(2);
      expect(await sweeper.runOnce()).toBe(0);
    } finally {
      await sweeper.stop();
    }
    const left = await db().passwordReset.findMany({ select: { id: true }, orderBy: { id: "asc" } });
    expect(left.map((r) => r.id)).toEqual(["pwr_expired_recently", "pwr_live"]);
  });
});
