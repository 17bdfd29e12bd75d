import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { verify } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import { agentActor } from "@/server/domain/access/actor";
import { SCOPES } from "@/server/domain/access/api-key";
import { systemClock } from "@/server/domain/clock";
import { AppError, type ErrorCode } from "@/server/domain/errors";
import { authenticateApiKey } from "@/server/services/access";
import { createCase } from "@/server/services/cases";
import { accounts, balanceOf } from "@/server/services/money";
import { CASE_INPUT } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { runOpsCli } from "@/test/ops-cli";
import { COMMANDS, runOpsCommand, usage } from "./ops-commands";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

const ops = (...argv: string[]) => runOpsCommand({ db: database.prisma }, argv);

async function expectAppError(promise: Promise<unknown>, code: ErrorCode, message: string | RegExp): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (typeof message === "string") expect((error as AppError).message).toContain(message);
  else expect((error as AppError).message).toMatch(message);
  return error as AppError;
}

async function newOrg(...flags: string[]): Promise<string> {
  const { id } = (await ops("org:create", "--name", "PT Contoh Operator", ...flags)) as { id: string };
  return id;
}

const deposit = (orgId: string) => balanceOf(database.prisma, accounts.orgDeposit(orgId, true));
const PASSWORD = "kata-sandi-panjang";

describe("org:create", () => {
  it("creates an approved organisation and prints {id}", async () => {
    const result = await ops("org:create", "--name", "  PT Maju Jaya  ");
    expect(Object.keys(result)).toEqual(["id"]);
    expect(result.id).toMatch(/^org_[0-9A-Za-z]{22}$/);
    const org = await database.prisma.organization.findUniqueOrThrow({ where: { id: result.id as string } });
    expect(org).toMatchObject({ name: "PT Maju Jaya", status: "aktif", approvalThresholdIdr: null });
    expect(await deposit(org.id)).toBe(0n);
  });

  it("takes an approval threshold and an opening deposit written with thousands separators", async () => {
    const id = await newOrg("--threshold", "5.000.000", "--deposit", "12_500_000");
    const org = await database.prisma.organization.findUniqueOrThrow({ where: { id } });
    expect(org.approvalThresholdIdr).toBe(5_000_000n);
    expect(await deposit(id)).toBe(12_500_000n);
  });

  it("creates the organisation awaiting approval with --pending", async () => {
    const id = await newOrg("--pending");
    expect((await database.prisma.organization.findUniqueOrThrow({ where: { id } })).status).toBe("menunggu_persetujuan");
  });

  it("requires --name", async () => {
    await expectAppError(ops("org:create"), "VALIDATION", "--name is required.");
    await expectAppError(ops("org:create", "--name", "   "), "VALIDATION", "needs a name");
  });

  it("refuses a name with a line break in it, for organisations, users and practitioners, naming --name", async () => {
    const name = "PT Aman\r\nBcc: korban@contoh.id";
    await expectAppError(ops("org:create", "--name", name), "VALIDATION", "--name must be one line");
    const org = await newOrg();
    await expectAppError(
      ops("user:create", "--role", "org_admin", "--org", org, "--email", "baris@contoh.id", "--password", PASSWORD, "--name", name),
      "VALIDATION",
      "--name must be one line",
    );
    await expectAppError(
      ops("practitioner:create", "--email", "baris.praktisi@contoh.id", "--password", PASSWORD, "--name", "Sari\nHukum"),
      "VALIDATION",
      "--name must be one line",
    );
    expect(await database.prisma.user.count({ where: { email: { startsWith: "baris" } } })).toBe(0);
  });
});

describe("org:list", () => {
  it("lists organisations newest first with status, live deposit and counts, filtered by name or status", async () => {
    const pending = await newOrg("--pending", "--deposit", "2.500.000");
    const listed = (await ops("org:list", "--pending")) as { organizations: Array<Record<string, unknown>>; has_more: boolean };
    expect(listed.organizations[0]).toMatchObject({ id: pending, status: "menunggu_persetujuan", deposit_idr: 2_500_000, api_keys: 0 });
    expect(listed.organizations.every((o) => o.status === "menunggu_persetujuan")).toBe(true);
    const found = (await ops("org:list", "--search", pending)) as { organizations: Array<{ id: string }> };
    expect(found.organizations.map((o) => o.id)).toEqual([pending]);
    await expectAppError(ops("org:list", "--limit", "0"), "VALIDATION", "--limit must be a whole number from 1 to 100.");
  });
});

describe("org:approve and org:suspend", () => {
  it("approve activates a pending organisation and prints {id, status}", async () => {
    const id = await newOrg("--pending");
    expect(await ops("org:approve", "--org", id)).toEqual({ id, status: "aktif" });
    expect((await database.prisma.organization.findUniqueOrThrow({ where: { id } })).status).toBe("aktif");
  });

  it("suspend stops the organisation's keys from working, approve brings them back", async () => {
    const id = await newOrg();
    const { key } = (await ops("key:create", "--org", id)) as { key: string };
    expect(await ops("org:suspend", "--org", id)).toEqual({ id, status: "ditangguhkan" });
    await expectAppError(
      authenticateApiKey({ db: database.prisma, clock: systemClock }, { authorization: `Bearer ${key}` }),
      "ORGANIZATION_NOT_ACTIVE",
      "suspended",
    );
    await ops("org:approve", "--org", id);
    expect((await authenticateApiKey({ db: database.prisma, clock: systemClock }, { authorization: `Bearer ${key}` })).organizationId).toBe(
      id,
    );
  });

  it("answers NOT_FOUND for an unknown organisation and VALIDATION without --org", async () => {
    await expectAppError(ops("org:approve", "--org", "org_tidak_ada"), "NOT_FOUND", "org_tidak_ada");
    await expectAppError(ops("org:suspend", "--org", "org_tidak_ada"), "NOT_FOUND", "org_tidak_ada");
    await expectAppError(ops("org:suspend"), "VALIDATION", "--org is required.");
  });
});

describe("deposit:topup", () => {
  it("adds to the deposit and prints the new {deposit_idr} as a number", async () => {
    const id = await newOrg("--deposit", "1000000");
    const result = await ops("deposit:topup", "--org", id, "--amount", "2.500.000", "--reference", "BCA 0042");
    expect(result).toEqual({ deposit_idr: 3_500_000 });
    expect(await deposit(id)).toBe(3_500_000n);
    const audits = await database.prisma.auditLog.findMany({
      where: { subjectId: id, action: "deposit.topup" },
      select: { actorType: true, data: true },
    });
    expect(audits).toEqual(
      expect.arrayContaining([
        { actorType: "cli", data: { amount_idr: "1000000", reference: "setoran awal" } },
        { actorType: "cli", data: { amount_idr: "2500000", reference: "BCA 0042" } },
      ]),
    );
    expect(audits).toHaveLength(2);
  });

  it("refuses an amount that is not whole rupiah in digits", async () => {
    const id = await newOrg();
    for (const amount of ["12abc", "1,5", "1.5e6", "Rp100", ""]) {
      await expectAppError(
        ops("deposit:topup", "--org", id, "--amount", amount),
        "VALIDATION",
        /--amount (must be whole rupiah in digits|is required)/,
      );
    }
    await expectAppError(ops("deposit:topup", "--org", id, "--amount", "0"), "VALIDATION", "positive amount");
    expect(await deposit(id)).toBe(0n);
  });

  it("requires --org and --amount, and an existing organisation", async () => {
    await expectAppError(ops("deposit:topup", "--amount", "1000"), "VALIDATION", "--org is required.");
    await expectAppError(ops("deposit:topup", "--org", "org_x"), "VALIDATION", "--amount is required.");
    await expectAppError(ops("deposit:topup", "--org", "org_tidak_ada", "--amount", "1000"), "NOT_FOUND", "org_tidak_ada");
  });
});

describe("key:create", () => {
  it("prints {key, key_id, webhook_secret}; the key authenticates with every scope and the default limits", async () => {
    const id = await newOrg();
    const result = (await ops("key:create", "--org", id)) as { key: string; key_id: string; webhook_secret: string };
    expect(Object.keys(result).sort()).toEqual(["key", "key_id", "webhook_secret"]);
    expect(result.key.startsWith(`${result.key_id}.`)).toBe(true);
    expect(result.key_id).toMatch(/^kk_live_/);
    expect(result.webhook_secret.length).toBeGreaterThanOrEqual(32);

    const key = await authenticateApiKey({ db: database.prisma, clock: systemClock }, { authorization: `Bearer ${result.key}` });
    expect(key).toMatchObject({ organizationId: id, keyId: result.key_id, livemode: true, scopes: [...SCOPES], webhookUrl: null });
    expect(key.maxOrderIdr).toBe(25_000_000n);
    expect(key.monthlyBudgetIdr).toBe(100_000_000n);
  });

  it("takes scopes, limits, a webhook URL, a name and test mode", async () => {
    const id = await newOrg();
    const result = (await ops(
      "key:create",
      ...["--org", id, "--name", "agen-uji", "--scopes", "katalog:baca, status:baca", "--max-order", "1.000.000"],
      ...["--monthly", "5000000", "--webhook-url", "https://agen.example/hook", "--test"],
    )) as { key: string; key_id: string; webhook_secret: string };
    expect(result.key_id).toMatch(/^kk_test_/);
    const key = await authenticateApiKey({ db: database.prisma, clock: systemClock }, { authorization: `Bearer ${result.key}` });
    expect(key).toMatchObject({ livemode: false, scopes: ["katalog:baca", "status:baca"], webhookUrl: "https://agen.example/hook" });
    expect(key.maxOrderIdr).toBe(1_000_000n);
    expect(key.monthlyBudgetIdr).toBe(5_000_000n);
    const row = await database.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.name).toBe("agen-uji");
    expect(row.webhookSecret).toBe(result.webhook_secret);
    // Only a hash of the secret is stored.
    expect(row.secretHash).not.toContain(result.key.split(".")[1]);
  });

  it("refuses an unknown scope, an insecure webhook URL, a zero budget and an unknown organisation", async () => {
    const id = await newOrg();
    await expectAppError(
      ops("key:create", "--org", id, "--scopes", "katalog:baca,admin:semua"),
      "VALIDATION",
      "Unknown scope(s): admin:semua",
    );
    await expectAppError(ops("key:create", "--org", id, "--webhook-url", "http://agen.example/hook"), "VALIDATION", "https://");
    await expectAppError(ops("key:create", "--org", id, "--monthly", "0"), "VALIDATION", "positive");
    await expectAppError(ops("key:create", "--org", id, "--max-order", "sejuta"), "VALIDATION", "--max-order must be whole rupiah");
    await expectAppError(ops("key:create", "--org", "org_tidak_ada"), "NOT_FOUND", "org_tidak_ada");
    expect(await database.prisma.apiKey.count({ where: { organizationId: id } })).toBe(0);
  });
});

describe("user:create", () => {
  it("creates an org_admin member of the organisation with an argon2id password hash and prints {id}", async () => {
    const org = await newOrg();
    const result = await ops(
      "user:create",
      "--email",
      "Admin@Contoh.CO.ID",
      "--password",
      PASSWORD,
      "--role",
      "org_admin",
      "--org",
      org,
      "--name",
      "Sari",
    );
    expect(Object.keys(result)).toEqual(["id"]);
    expect(result.id).toMatch(/^usr_/);
    const user = await database.prisma.user.findUniqueOrThrow({ where: { id: result.id as string }, include: { memberships: true } });
    expect(user).toMatchObject({ email: "admin@contoh.co.id", name: "Sari", role: "org_admin" });
    expect(user.memberships).toMatchObject([{ organizationId: org, role: "admin" }]);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(user.passwordHash, PASSWORD)).toBe(true);
  });

  it("creates an operator who belongs to no organisation", async () => {
    const result = await ops("user:create", "--email", "operator@kuasa.test", "--password", PASSWORD, "--role", "operator");
    const user = await database.prisma.user.findUniqueOrThrow({ where: { id: result.id as string }, include: { memberships: true } });
    expect(user).toMatchObject({ role: "operator", name: "operator@kuasa.test", memberships: [] });
  });

  it("refuses a duplicate e-mail (whatever its case) with CONFLICT", async () => {
    await ops("user:create", "--email", "dua@kuasa.test", "--password", PASSWORD, "--role", "operator");
    await expectAppError(
      ops("user:create", "--email", "DUA@kuasa.test", "--password", PASSWORD, "--role", "operator"),
      "CONFLICT",
      "dua@kuasa.test",
    );
    expect(await database.prisma.user.count({ where: { email: "dua@kuasa.test" } })).toBe(1);
  });

  it("refuses a short password, a bad e-mail, a bad role and inconsistent organisation flags", async () => {
    const org = await newOrg();
    await expectAppError(
      ops("user:create", "--email", "a@kuasa.test", "--password", "pendek", "--role", "operator"),
      "VALIDATION",
      "at least 10 characters",
    );
    await expectAppError(
      ops("user:create", "--email", "bukan-email", "--password", PASSWORD, "--role", "operator"),
      "VALIDATION",
      "not an e-mail address",
    );
    await expectAppError(
      ops("user:create", "--email", "b@kuasa.test", "--password", PASSWORD, "--role", "practitioner"),
      "VALIDATION",
      "--role must be org_admin or operator.",
    );
    await expectAppError(ops("user:create", "--email", "c@kuasa.test", "--password", PASSWORD), "VALIDATION", "--role is required.");
    await expectAppError(
      ops("user:create", "--email", "d@kuasa.test", "--password", PASSWORD, "--role", "org_admin"),
      "VALIDATION",
      "belongs to an organisation",
    );
    await expectAppError(
      ops("user:create", "--email", "e@kuasa.test", "--password", PASSWORD, "--role", "operator", "--org", org),
      "VALIDATION",
      "no organisation",
    );
    await expectAppError(
      ops("user:create", "--email", "f@kuasa.test", "--password", PASSWORD, "--role", "org_admin", "--org", "org_tidak_ada"),
      "NOT_FOUND",
      "org_tidak_ada",
    );
    expect(
      await database.prisma.user.count({ where: { email: { in: ["a@kuasa.test", "d@kuasa.test", "e@kuasa.test", "f@kuasa.test"] } } }),
    ).toBe(0);
  });
});

describe("practitioner:create", () => {
  it("creates a practitioner and their user, with verified credentials, the label they make, and de-duplicated categories, and prints {id}", async () => {
    const result = await ops(
      "practitioner:create",
      ...["--email", "advokat@kuasa.test", "--name", "Budi Santoso, S.H.", "--password", PASSWORD],
      ...["--categories", "perusahaan, merek,perusahaan"],
      ...["--credentials", "advokat:PERADI:12.00456; notaris:Kementerian Hukum:AHU-9:31"],
    );
    expect(Object.keys(result)).toEqual(["id"]);
    expect(result.id).toMatch(/^prk_/);
    const practitioner = await database.prisma.practitioner.findUniqueOrThrow({
      where: { id: result.id as string },
      include: { user: true },
    });
    expect(practitioner).toMatchObject({
      name: "Budi Santoso, S.H.",
      label: "Advokat (PERADI) · Notaris — DKI Jakarta",
      categories: ["perusahaan", "merek"],
      active: true,
    });
    expect(practitioner.user).toMatchObject({ email: "advokat@kuasa.test", role: "practitioner" });
    const credentials = await database.prisma.practitionerCredential.findMany({
      where: { practitionerId: practitioner.id },
      orderBy: { kind: "asc" },
    });
    expect(credentials).toMatchObject([
      { kind: "advokat", issuer: "PERADI", number: "12.00456", status: "terverifikasi", decidedBy: "cli" },
      { kind: "notaris", issuer: "Kementerian Hukum", number: "AHU-9", province: "31", status: "terverifikasi" },
    ]);
  });

  it("refuses a credential it cannot record before making the account", async () => {
    await expectAppError(
      ops(
        "practitioner:create",
        "--email",
        "tanpa-provinsi@kuasa.test",
        "--name",
        "Notaris",
        "--password",
        PASSWORD,
        "--credentials",
        "notaris:Kementerian Hukum:AHU-1",
      ),
      "VALIDATION",
      "provinsi",
    );
    expect(await database.prisma.user.count({ where: { email: "tanpa-provinsi@kuasa.test" } })).toBe(0);
  });

  it("refuses a duplicate e-mail, a short password and a missing name, creating nothing", async () => {
    await ops("practitioner:create", "--email", "notaris@kuasa.test", "--name", "Notaris", "--password", PASSWORD);
    await expectAppError(
      ops("practitioner:create", "--email", "notaris@kuasa.test", "--name", "Lain", "--password", PASSWORD),
      "CONFLICT",
      "already exists",
    );
    await expectAppError(
      ops("practitioner:create", "--email", "pendek@kuasa.test", "--name", "Pendek", "--password", "123"),
      "VALIDATION",
      "at least 10",
    );
    await expectAppError(
      ops("practitioner:create", "--email", "tanpa@kuasa.test", "--password", PASSWORD),
      "VALIDATION",
      "--name is required.",
    );
    expect(await database.prisma.practitioner.count({ where: { name: { in: ["Lain", "Pendek"] } } })).toBe(0);
    expect(await database.prisma.user.count({ where: { email: "pendek@kuasa.test" } })).toBe(0);
  });
});

describe("case:close", () => {
  it("closes a case and prints {id, status}; a closed case cannot be closed again, an unknown one is NOT_FOUND", async () => {
    const orgId = await newOrg();
    const { key } = (await ops("key:create", "--org", orgId)) as { key: string };
    const agent = await authenticateApiKey({ db: database.prisma, clock: systemClock }, { authorization: `Bearer ${key}` });
    const created = await createCase(
      { db: database.prisma, clock: systemClock },
      {
        actor: agentActor(agent),
        input: CASE_INPUT,
      },
    );
    expect(await ops("case:close", "--case", created.id)).toEqual({ id: created.id, status: "ditutup" });
    await expectAppError(ops("case:close", "--case", created.id), "INVALID_STATE", "The case is ditutup");
    await expectAppError(ops("case:close", "--case", "kas_tidakada"), "NOT_FOUND", "kas_tidakada");
    await expectAppError(ops("case:close"), "VALIDATION", "--case is required.");
    expect(await database.prisma.auditLog.count({ where: { action: "case.close", subjectId: created.id, actorType: "cli" } })).toBe(1);
  });
});

describe("bad command lines", () => {
  it("answers an unknown command with VALIDATION and the usage of every command", async () => {
    const error = await expectAppError(ops("org:delete", "--org", "x"), "VALIDATION", 'Unknown command "org:delete".');
    for (const command of Object.values(COMMANDS)) expect(error.message).toContain(command.usage);
  });

  it("answers no command at all with the usage", async () => {
    const error = await expectAppError(ops(), "VALIDATION", "Usage: npm run ops -- <command>");
    expect(error.message).toBe(usage());
  });

  it("refuses unknown flags, missing flag values and positional arguments with the command's usage", async () => {
    await expectAppError(
      ops("org:create", "--name", "X", "--colour", "biru"),
      "VALIDATION",
      `Usage: npm run ops -- ${COMMANDS["org:create"]!.usage}`,
    );
    await expectAppError(ops("org:create", "--name"), "VALIDATION", "Usage: npm run ops -- org:create");
    await expectAppError(ops("org:create", "PT Tanpa Flag"), "VALIDATION", "Usage: npm run ops -- org:create");
  });
});

describe("npm run ops (the real command line)", { timeout: 120_000 }, () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "kuasa-ops-"));
    // PGlite project: a throwaway embedded store; PostgreSQL project: this file's scratch database.
    env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: testDatabaseKind === "postgres" ? database.url : "" };
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints exactly one JSON line on stdout and exits 0", async () => {
    const { code, stdout, stderr } = await runOpsCli(["org:create", "--name", "PT Baris Perintah"], env);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout.endsWith("\n")).toBe(true);
    expect(stdout.trimEnd().split("\n")).toHaveLength(1);
    const result = JSON.parse(stdout) as { id: string };
    expect(Object.keys(result)).toEqual(["id"]);
    expect(result.id).toMatch(/^org_/);

    if (testDatabaseKind === "postgres") {
      expect((await database.prisma.organization.findUniqueOrThrow({ where: { id: result.id } })).name).toBe("PT Baris Perintah");
    } else {
      // The CLI migrated the embedded store it created and released its lock on exit.
      const embedded = await openDatabase({ dataDir });
      try {
        expect((await embedded.prisma.organization.findUniqueOrThrow({ where: { id: result.id } })).name).toBe("PT Baris Perintah");
      } finally {
        await embedded.close();
      }
    }
  });

  it("exits non-zero with the message on stderr and nothing on stdout for a bad command", async () => {
    const { code, stdout, stderr } = await runOpsCli(["org:hapus", "--org", "x"], env);
    expect(code).not.toBe(0);
    expect(stdout).toBe("");
    expect(stderr).toContain('Unknown command "org:hapus".');
    expect(stderr).toContain("Usage: npm run ops -- <command> [options]");
  });
});
