import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, type TestOrg } from "@/test/fixtures";
import { portalUser } from "@/test/portal";
import { testWebhookSettings } from "@/test/webhooks";
import { oauthExpiryJob } from "./oauth-expiry";
import { passwordResetExpiryJob } from "./password-reset-expiry";
import { createSweeper } from "./sweeper";
import type { JobKind } from "./types";

let database: TestDatabase;
let org: TestOrg;
const db = () => database.prisma;
const HOUR = 3_600_000;
const now = new Date("2026-11-27T12:00:00Z");
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

beforeAll(async () => {
  database = await createTestDatabase();
  org = await createTestOrg(db());
  await db().oAuthClient.create({ data: { id: "oc_expiry", name: "Klien uji", redirectUris: ["https://klien.test/cb"], metadata: {} } });
});

afterAll(async () => {
  await database?.destroy();
});

/** The rows the sweeper handed out on a first scan at `now`, and on a second (none left). */
async function sweepAtNow(kind: JobKind): Promise<[number, number]> {
  const sweeper = createSweeper({
    deps: { db: db(), clock: fixedClock(now), webhooks: testWebhookSettings },
    kinds: [kind],
    intervalMs: 1_000,
    concurrency: 4,
  });
  try {
    return [await sweeper.runOnce(), await sweeper.runOnce()];
  } finally {
    await sweeper.stop();
  }
}

async function code(codeHash: string, expiresAt: Date, usedAt: Date | null = null) {
  await db().oAuthCode.create({
    data: {
      codeHash,
      clientId: "oc_expiry",
      organizationId: org.id,
      userId: "usr_admin",
      redirectUri: "https://klien.test/cb",
      codeChallenge: "challenge",
      resource: "mcp",
      name: "Klien uji",
      mode: "live",
      scopes: ["katalog:baca"],
      maxOrderIdr: 1n,
      monthlyBudgetIdr: 1n,
      expiresAt,
      usedAt,
    },
  });
}

async function token(tokenHash: string, kind: "access" | "refresh", expiresAt: Date, usedAt: Date | null = null) {
  await db().oAuthToken.create({ data: { tokenHash, kind, apiKeyId: org.apiKeyId, resource: "mcp", expiresAt, usedAt } });
}

describe("the OAuth expiry job", () => {
  it("deletes codes and tokens a day past their expiry, used or not, and keeps every younger one (a replay of those still revokes its grant)", async () => {
    await code("code-old-used", ago(25), ago(25.1));
    await code("code-old-unused", ago(30));
    await code("code-expired-recently", ago(23), ago(23.1));
    await code("code-live", new Date(now.getTime() + 5 * 60_000));
    await token("access-old", "access", ago(48));
    await token("refresh-old-used", "refresh", ago(26), ago(700));
    await token("refresh-expired-recently", "refresh", ago(2), ago(10));
    await token("access-live", "access", new Date(now.getTime() + HOUR));

    expect(await sweepAtNow(oauthExpiryJob)).toEqual([4, 0]);

    const codes = await db().oAuthCode.findMany({ select: { codeHash: true }, orderBy: { codeHash: "asc" } });
    expect(codes.map((c) => c.codeHash)).toEqual(["code-expired-recently", "code-live"]);
    const tokens = await db().oAuthToken.findMany({ select: { tokenHash: true }, orderBy: { tokenHash: "asc" } });
    expect(tokens.map((t) => t.tokenHash)).toEqual(["access-live", "refresh-expired-recently"]);
  });
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

    expect(await sweepAtNow(passwordResetExpiryJob)).toEqual([2, 0]);
    const left = await db().passwordReset.findMany({ select: { id: true }, orderBy: { id: "asc" } });
    expect(left.map((r) => r.id)).toEqual(["pwr_expired_recently", "pwr_live"]);
  });
});
