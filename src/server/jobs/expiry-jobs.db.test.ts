import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, type TestOrg } from "@/test/fixtures";
import { portalUser } from "@/test/portal";
import { testWebhookSettings } from "@/test/webhooks";
import { createInngestClient, createInngestFunctions, jobEventName } from "./inngest";
import { oauthExpiryJob, unusedOAuthClientJob } from "./oauth-expiry";
import { passwordResetExpiryJob } from "./password-reset-expiry";
import { requestLogExpiryJob } from "./request-log-expiry";
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

describe("the unused OAuth client job", () => {
  const client = (id: string, createdAt: Date, more: { authorizedAt?: Date; fetchedAt?: Date } = {}) =>
    db().oAuthClient.create({ data: { id, name: "Klien", redirectUris: ["https://klien.test/cb"], metadata: {}, createdAt, ...more } });
  const left = async (ids: string[]) =>
    (await db().oAuthClient.findMany({ where: { id: { in: ids } }, select: { id: true }, orderBy: { id: "asc" } })).map((c) => c.id);

  it("deletes a registered client no admin authorized within a day, and keeps an authorized one, a younger one and a metadata document's", async () => {
    await client("oc_unused_old", ago(25));
    await client("oc_unused_older", ago(24 * 30));
    await client("oc_authorized_old", ago(24 * 30), { authorizedAt: ago(24 * 29) });
    await client("oc_unused_young", ago(23));
    await client("https://klien.test/dokumen.json", ago(48), { fetchedAt: ago(47) });

    expect(await sweepAtNow(unusedOAuthClientJob)).toEqual([2, 0]);
    expect(
      await left(["oc_unused_old", "oc_unused_older", "oc_authorized_old", "oc_unused_young", "https://klien.test/dokumen.json"]),
    ).toEqual(["https://klien.test/dokumen.json", "oc_authorized_old", "oc_unused_young"]);
  });

  it("runs through Inngest's function for the kind with the same rule: an unused client goes, an authorized one stays", async () => {
    await client("oc_inngest_unused", ago(30));
    await client("oc_inngest_authorized", ago(30), { authorizedAt: ago(29) });
    const deps = { db: db(), clock: fixedClock(now), webhooks: testWebhookSettings };
    const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
    const fn = createInngestFunctions(createInngestClient(quiet), deps, [unusedOAuthClientJob]).find(
      (f) => f.id() === unusedOAuthClientJob.name,
    )!;
    for (const id of ["oc_inngest_unused", "oc_inngest_authorized"]) {
      const { error } = await new InngestTestEngine({ function: fn }).execute({
        events: [{ name: jobEventName(unusedOAuthClientJob.name), data: { id } }],
      });
      expect(error).toBeUndefined();
    }
    expect(await left(["oc_inngest_unused", "oc_inngest_authorized"])).toEqual(["oc_inngest_authorized"]);
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

describe("the request log's expiry job", () => {
  const row = (apiKeyId: string, requestId: string, createdAt: Date) =>
    db().apiRequest.create({ data: { apiKeyId, requestId, method: "GET", path: "/v1/balance", status: 200, createdAt } });
  const left = async () => (await db().apiRequest.findMany({ orderBy: { requestId: "asc" } })).map((r) => r.requestId);

  it("deletes rows older than a week, key by key, and keeps every younger one", async () => {
    const other = await createTestOrg(db());
    await row(org.apiKeyId, "req_a_8_days", ago(24 * 8));
    await row(org.apiKeyId, "req_a_7_days", ago(24 * 7 + 0.1));
    await row(org.apiKeyId, "req_a_6_days", ago(24 * 6));
    await row(other.apiKeyId, "req_b_30_days", ago(24 * 30));
    await row(other.apiKeyId, "req_b_now", now);

    // The rows handed out are keys, not requests: two keys are due.
    expect(await sweepAtNow(requestLogExpiryJob)).toEqual([2, 0]);
    expect(await left()).toEqual(["req_a_6_days", "req_b_now"]);
    await db().apiRequest.deleteMany();
  });

  it("runs through Inngest's function for the kind with the same rule", async () => {
    await row(org.apiKeyId, "req_old", ago(24 * 7 + 1));
    await row(org.apiKeyId, "req_young", ago(24 * 7 - 1));
    const deps = { db: db(), clock: fixedClock(now), webhooks: testWebhookSettings };
    const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
    const fn = createInngestFunctions(createInngestClient(quiet), deps, [requestLogExpiryJob]).find(
      (f) => f.id() === requestLogExpiryJob.name,
    )!;
    const { error } = await new InngestTestEngine({ function: fn }).execute({
      events: [{ name: jobEventName(requestLogExpiryJob.name), data: { id: org.apiKeyId } }],
    });
    expect(error).toBeUndefined();
    expect(await left()).toEqual(["req_young"]);
    await db().apiRequest.deleteMany();
  });
});
