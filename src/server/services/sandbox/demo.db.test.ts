import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { agentActor, SEED, VISITOR } from "@/server/domain/access/actor";
import { SCOPES } from "@/server/domain/access/api-key";
import { systemClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { TEST_PASSWORD_HASHING } from "@/test/passwords";
import { authenticateApiKey, SignInThrottle, signIn } from "../access";
import { accounts, balanceOf, getBalance } from "../money";
import { createOrganization } from "../organizations";
import { DEMO_APPROVAL_THRESHOLD_IDR, DEMO_DEPOSIT_IDR, DEMO_ORGANIZATION_NAME, DEMO_USERS, ensureDemo } from "./demo";

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
const adminFile = () => path.join(dataDir, "demo-admin.txt");
const practitionerFile = () => path.join(dataDir, "demo-practitioner.txt");
const embedded = () => ({ dataDir, liveMoney: true, portalUsers: true });
const deps = () => ({ db: database.prisma, passwordHashing: TEST_PASSWORD_HASHING });
const NO_SECRETS = { live: null, test: null, testWebhookSecret: null, admin: null, practitioner: null };

/** The e-mail and password a sign-in file holds, as the sign-in page asks for them. */
function signInFile(file: string): { email: string; password: string } {
  const match = /^e-mail: (\S+)\npassword: (\S+)\n$/.exec(readFileSync(file, "utf8"));
  expect(match, `${file} holds an e-mail line and a password line`).not.toBeNull();
  return { email: match![1]!, password: match![2]! };
}

const signInWith = ({ email, password }: { email: string; password: string }) =>
  signIn(
    { ...deps(), clock: systemClock },
    {
      actor: VISITOR,
      throttle: new SignInThrottle({ kind: "memory" }),
      email,
      password,
      address: "127.0.0.1",
    },
  );

describe("ensureDemo", () => {
  it("on an empty database creates one active organisation with the demo deposit and a key that works", async () => {
    const demo = await ensureDemo(deps(), embedded());
    expect(demo.created).toBe(true);
    expect(demo.secrets.live).toMatch(/^kk_live_[^.]+\.[^.]+$/);

    const orgs = await database.prisma.organization.findMany();
    expect(orgs).toHaveLength(1);
    expect(orgs[0]).toMatchObject({ name: DEMO_ORGANIZATION_NAME, status: "aktif", approvalThresholdIdr: DEMO_APPROVAL_THRESHOLD_IDR });

    const key = await authenticateApiKey({ db: database.prisma, clock: systemClock }, { authorization: `Bearer ${demo.secrets.live}` });
    expect(key.organizationId).toBe(orgs[0]!.id);
    expect(key.scopes).toEqual([...SCOPES]);
    expect(key.livemode).toBe(true);
    const balance = await getBalance(
      { db: database.prisma, clock: systemClock },
      {
        actor: agentActor(key),
      },
    );
    expect(balance.depositIdr).toBe(DEMO_DEPOSIT_IDR);
    expect(DEMO_DEPOSIT_IDR).toBe(50_000_000n);
  });

  it("also creates a test key for the sandbox, with a test deposit of the same size", async () => {
    const demo = await ensureDemo(deps(), embedded());
    expect(demo.secrets.test).toMatch(/^kk_test_[^.]+\.[^.]+$/);
    const key = await authenticateApiKey({ db: database.prisma, clock: systemClock }, { authorization: `Bearer ${demo.secrets.test}` });
    expect([key.livemode, key.scopes]).toEqual([false, [...SCOPES]]);
    expect(
      (
        await getBalance(
          { db: database.prisma, clock: systemClock },
          {
            actor: agentActor(key),
          },
        )
      ).depositIdr,
    ).toBe(DEMO_DEPOSIT_IDR);
  });

  it("writes the secrets to <dataDir>, readable by the owner only (0600), and names the files", async () => {
    const demo = await ensureDemo(deps(), embedded());
    expect(readFileSync(keyFile(), "utf8")).toBe(`${demo.secrets.live}\n`);
    expect(readFileSync(testKeyFile(), "utf8")).toBe(`${demo.secrets.test}\n`);
    expect(readFileSync(secretFile(), "utf8")).toBe(`${demo.secrets.testWebhookSecret}\n`);
    for (const file of [keyFile(), testKeyFile(), secretFile(), adminFile(), practitionerFile()]) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    expect(demo.files).toEqual({
      live: keyFile(),
      test: testKeyFile(),
      testWebhookSecret: secretFile(),
      admin: adminFile(),
      practitioner: practitionerFile(),
    });
  });

  it("makes an admin of the demo organisation and a practitioner, whose e-mail and random password in their files sign in", async () => {
    const demo = await ensureDemo(deps(), embedded());
    const admin = signInFile(adminFile());
    const practitioner = signInFile(practitionerFile());
    expect([admin, practitioner]).toEqual([
      { email: DEMO_USERS.admin.email, password: demo.secrets.admin },
      { email: DEMO_USERS.practitioner.email, password: demo.secrets.practitioner },
    ]);
    expect(admin.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(practitioner.password).not.toBe(admin.password);

    const org = await database.prisma.organization.findFirstOrThrow();
    expect(await signInWith(admin)).toMatchObject({ ok: true, user: { role: "org_admin", organizationId: org.id, name: "Admin Demo" } });
    expect(await signInWith(practitioner)).toMatchObject({ ok: true, user: { role: "practitioner", name: "Praktisi Demo" } });
    // A practitioner of no field: never offered anyone's order.
    expect(await database.prisma.practitioner.findFirstOrThrow({ select: { categories: true, label: true } })).toEqual({
      categories: [],
      label: null,
    });
  });

  it("on a second call creates nothing and returns no secret, only the files that keep them, unchanged", async () => {
    await ensureDemo(deps(), embedded());
    const kept = signInFile(adminFile());
    const second = await ensureDemo(deps(), embedded());
    expect(second).toEqual({
      created: false,
      secrets: NO_SECRETS,
      files: {
        live: keyFile(),
        test: testKeyFile(),
        testWebhookSecret: secretFile(),
        admin: adminFile(),
        practitioner: practitionerFile(),
      },
    });
    expect(await database.prisma.organization.count()).toBe(1);
    expect(await database.prisma.apiKey.count()).toBe(2);
    expect(await database.prisma.user.count()).toBe(2);
    expect(signInFile(adminFile())).toEqual(kept);
    expect(await signInWith(kept)).toMatchObject({ ok: true });
    expect(await database.prisma.auditLog.count({ where: { action: "organization.create" } })).toBe(1);
  });

  it("creates nothing in a database that already has an organisation", async () => {
    await createOrganization({ db: database.prisma }, { actor: SEED, input: { name: "PT Sudah Ada" } });
    expect(await ensureDemo(deps(), embedded())).toMatchObject({
      created: false,
      secrets: NO_SECRETS,
      files: NO_SECRETS,
    });
    expect(await database.prisma.organization.count()).toBe(1);
    expect(await database.prisma.user.count()).toBe(0);
    expect(existsSync(keyFile())).toBe(false);
  });

  it("without live money or portal users (PostgreSQL in production): test money only, and nobody to sign in", async () => {
    const demo = await ensureDemo(deps(), { dataDir: null, liveMoney: false, portalUsers: false });
    expect([demo.secrets.admin, demo.secrets.practitioner]).toEqual([null, null]);
    expect(await database.prisma.user.count()).toBe(0);
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
    const first = await ensureDemo(deps(), { dataDir: null, liveMoney: true, portalUsers: true });
    expect(first.created).toBe(true);
    expect(first.secrets.live).not.toBeNull();
    expect(first.secrets.admin).not.toBeNull();
    expect(first.files).toEqual(NO_SECRETS);
    expect(existsSync(keyFile())).toBe(false);
    expect(existsSync(adminFile())).toBe(false);
    expect(await ensureDemo(deps(), { dataDir: null, liveMoney: true, portalUsers: true })).toEqual({
      created: false,
      secrets: NO_SECRETS,
      files: NO_SECRETS,
    });
  });
});
