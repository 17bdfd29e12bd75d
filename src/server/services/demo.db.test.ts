import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SCOPES } from "@/server/domain/api-key";
import { systemClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { authenticateApiKey } from "./api-keys";
import { getBalance } from "./balance";
import { createOrganization } from "./organizations";
import { DEMO_APPROVAL_THRESHOLD_IDR, DEMO_DEPOSIT_IDR, DEMO_ORGANIZATION_NAME, ensureDemo } from "./demo";

let database: TestDatabase;
let dataDir: string;

beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "kuasa-demo-"));
});

afterEach(async () => {
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const keyFile = () => path.join(dataDir, "demo-api-key.txt");
const testKeyFile = () => path.join(dataDir, "demo-test-api-key.txt");

describe("ensureDemo", () => {
  it("on an empty database creates one active organisation with the demo deposit and a key that works", async () => {
    const demo = await ensureDemo(database.prisma, dataDir);
    expect(demo.created).toBe(true);
    expect(demo.token).toMatch(/^kk_live_[^.]+\.[^.]+$/);

    const orgs = await database.prisma.organization.findMany();
    expect(orgs).toHaveLength(1);
    expect(orgs[0]).toMatchObject({ name: DEMO_ORGANIZATION_NAME, status: "aktif", approvalThresholdIdr: DEMO_APPROVAL_THRESHOLD_IDR });

    const key = await authenticateApiKey(database.prisma, systemClock, `Bearer ${demo.token}`);
    expect(key.organizationId).toBe(orgs[0]!.id);
    expect(key.scopes).toEqual([...SCOPES]);
    expect(key.livemode).toBe(true);
    const balance = await getBalance(database.prisma, systemClock, key);
    expect(balance.depositIdr).toBe(DEMO_DEPOSIT_IDR);
    expect(DEMO_DEPOSIT_IDR).toBe(50_000_000n);
  });

  it("also creates a test key for the sandbox, with a test deposit of the same size", async () => {
    const demo = await ensureDemo(database.prisma, dataDir);
    expect(demo.testToken).toMatch(/^kk_test_[^.]+\.[^.]+$/);
    const key = await authenticateApiKey(database.prisma, systemClock, `Bearer ${demo.testToken}`);
    expect([key.livemode, key.scopes]).toEqual([false, [...SCOPES]]);
    expect((await getBalance(database.prisma, systemClock, key)).depositIdr).toBe(DEMO_DEPOSIT_IDR);
  });

  it("writes the keys to <dataDir>/demo-api-key.txt and demo-test-api-key.txt, readable by the owner only (0600)", async () => {
    const demo = await ensureDemo(database.prisma, dataDir);
    expect(readFileSync(keyFile(), "utf8")).toBe(`${demo.token}\n`);
    expect(readFileSync(testKeyFile(), "utf8")).toBe(`${demo.testToken}\n`);
    expect(readFileSync(path.join(dataDir, "demo-test-webhook-secret.txt"), "utf8")).toBe(`${demo.testWebhookSecret}\n`);
    expect(statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(statSync(testKeyFile()).mode & 0o777).toBe(0o600);
  });

  it("on a second call creates nothing and returns the same token from the file", async () => {
    const first = await ensureDemo(database.prisma, dataDir);
    const second = await ensureDemo(database.prisma, dataDir);
    expect(second).toEqual({ token: first.token, testToken: first.testToken, testWebhookSecret: first.testWebhookSecret, created: false });
    expect(await database.prisma.organization.count()).toBe(1);
    expect(await database.prisma.apiKey.count()).toBe(2);
    expect(await database.prisma.auditLog.count({ where: { action: "organization.create" } })).toBe(1);
  });

  it("creates nothing in a database that already has an organisation", async () => {
    await createOrganization(database.prisma, { name: "PT Sudah Ada" }, { actorType: "system", actorId: null });
    expect(await ensureDemo(database.prisma, dataDir)).toEqual({ token: null, testToken: null, testWebhookSecret: null, created: false });
    expect(await database.prisma.organization.count()).toBe(1);
    expect(existsSync(keyFile())).toBe(false);
  });

  it("without a data directory (PostgreSQL) creates the demo but writes no file and cannot show the key again", async () => {
    const first = await ensureDemo(database.prisma, null);
    expect(first.created).toBe(true);
    expect(first.token).not.toBeNull();
    expect(existsSync(keyFile())).toBe(false);
    expect(await ensureDemo(database.prisma, null)).toEqual({ token: null, testToken: null, testWebhookSecret: null, created: false });
  });
});
