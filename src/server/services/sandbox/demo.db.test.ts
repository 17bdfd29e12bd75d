import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SCOPES } from "@/server/domain/api-key";
import { systemClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { authenticateApiKey } from "../access";
import { accounts, balanceOf, getBalance } from "../money";
import { createOrganization } from "../organizations";
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
const secretFile = () => path.join(dataDir, "demo-test-webhook-secret.txt");
const embedded = () => ({ dataDir, liveMoney: true });

describe("ensureDemo", () => {
  it("on an empty database creates one active organisation with the demo deposit and a key that works", async () => {
    const demo = await ensureDemo({ db: database.prisma }, embedded());
    expect(demo.created).toBe(true);
    expect(demo.secrets.live).toMatch(/^kk_live_[^.]+\.[^.]+$/);

    const orgs = await database.prisma.organization.findMany();
    expect(orgs).toHaveLength(1);
    expect(orgs[0]).toMatchObject({ name: DEMO_ORGANIZATION_NAME, status: "aktif", approvalThresholdIdr: DEMO_APPROVAL_THRESHOLD_IDR });

    const key = await authenticateApiKey({ db: database.prisma, clock: systemClock }, `Bearer ${demo.secrets.live}`);
    expect(key.organizationId).toBe(orgs[0]!.id);
    expect(key.scopes).toEqual([...SCOPES]);
    expect(key.livemode).toBe(true);
    const balance = await getBalance({ db: database.prisma, clock: systemClock }, key);
    expect(balance.depositIdr).toBe(DEMO_DEPOSIT_IDR);
    expect(DEMO_DEPOSIT_IDR).toBe(50_000_000n);
  });

  it("also creates a test key for the sandbox, with a test deposit of the same size", async () => {
    const demo = await ensureDemo({ db: database.prisma }, embedded());
    expect(demo.secrets.test).toMatch(/^kk_test_[^.]+\.[^.]+$/);
    const key = await authenticateApiKey({ db: database.prisma, clock: systemClock }, `Bearer ${demo.secrets.test}`);
    expect([key.livemode, key.scopes]).toEqual([false, [...SCOPES]]);
    expect((await getBalance({ db: database.prisma, clock: systemClock }, key)).depositIdr).toBe(DEMO_DEPOSIT_IDR);
  });

  it("writes the secrets to <dataDir>, readable by the owner only (0600), and names the files", async () => {
    const demo = await ensureDemo({ db: database.prisma }, embedded());
    expect(readFileSync(keyFile(), "utf8")).toBe(`${demo.secrets.live}\n`);
    expect(readFileSync(testKeyFile(), "utf8")).toBe(`${demo.secrets.test}\n`);
    expect(readFileSync(secretFile(), "utf8")).toBe(`${demo.secrets.testWebhookSecret}\n`);
    for (const file of [keyFile(), testKeyFile(), secretFile()]) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(demo.files).toEqual({ live: keyFile(), test: testKeyFile(), testWebhookSecret: secretFile() });
  });

  it("on a second call creates nothing and returns no secret, only the files that keep them", async () => {
    await ensureDemo({ db: database.prisma }, embedded());
    const second = await ensureDemo({ db: database.prisma }, embedded());
    expect(second).toEqual({
      created: false,
      secrets: { live: null, test: null, testWebhookSecret: null },
      files: { live: keyFile(), test: testKeyFile(), testWebhookSecret: secretFile() },
    });
    expect(await database.prisma.organization.count()).toBe(1);
    expect(await database.prisma.apiKey.count()).toBe(2);
    expect(await database.prisma.auditLog.count({ where: { action: "organization.create" } })).toBe(1);
  });

  it("creates nothing in a database that already has an organisation", async () => {
    await createOrganization({ db: database.prisma }, { actorType: "system", actorId: null }, { name: "PT Sudah Ada" });
    expect(await ensureDemo({ db: database.prisma }, embedded())).toMatchObject({
      created: false,
      secrets: { live: null, test: null },
      files: { live: null, test: null },
    });
    expect(await database.prisma.organization.count()).toBe(1);
    expect(existsSync(keyFile())).toBe(false);
  });

  it("without live money (PostgreSQL in production) creates no live key and no live deposit: test money only", async () => {
    const demo = await ensureDemo({ db: database.prisma }, { dataDir: null, liveMoney: false });
    expect(demo.secrets.live).toBeNull();
    expect(demo.secrets.test).toMatch(/^kk_test_/);
    const org = await database.prisma.organization.findFirstOrThrow();
    expect(await database.prisma.apiKey.findMany({ select: { mode: true } })).toEqual([{ mode: "test" }]);
    expect(await balanceOf(database.prisma, accounts.orgDeposit(org.id, true))).toBe(0n);
    expect(await balanceOf(database.prisma, accounts.orgDeposit(org.id, false))).toBe(DEMO_DEPOSIT_IDR);
    // No live money was made out of nothing: the live funding source never moved.
    expect(await balanceOf(database.prisma, accounts.externalFunding(true))).toBe(0n);
  });

  it("without a data directory (PostgreSQL) writes no file, and a second start has no secret to show", async () => {
    const first = await ensureDemo({ db: database.prisma }, { dataDir: null, liveMoney: true });
    expect(first.created).toBe(true);
    expect(first.secrets.live).not.toBeNull();
    expect(first.files).toEqual({ live: null, test: null, testWebhookSecret: null });
    expect(existsSync(keyFile())).toBe(false);
    expect(await ensureDemo({ db: database.prisma }, { dataDir: null, liveMoney: true })).toMatchObject({
      created: false,
      secrets: { live: null, test: null, testWebhookSecret: null },
    });
  });
});
