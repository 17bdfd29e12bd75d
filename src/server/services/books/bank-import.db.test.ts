import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOpsCommand, withAbsoluteFiles } from "@/cli/ops-commands";
import { agentActor, CLI, operatorActor } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { authenticateApiKey } from "@/server/services/access";
import { listEvents } from "@/server/services/events";
import { accounts, balanceOf } from "@/server/services/money";
import { topUpDeposit } from "@/server/services/organizations";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, type TestOrg } from "@/test/fixtures";
import { codeOf, portalCaller, portalUser } from "@/test/portal";
import { raceBehindLock } from "@/test/races";
import { assignBankLine, ignoreBankLine, importBankStatement, listBankImports, listBankLines } from "./index";

/*
 * Deposits reconciled from the bank: the sample statements of docs/samples/bank-statements carry
 * the references of three organisations (their README names them), which this file gives to its
 * own organisations; statements of its own are written from a template.
 */

let database: TestDatabase;
const clock = fixedClock("2026-11-29T03:00:00Z");
const PUBLIC_URL = "https://kuasa.contoh.id";
const deps = () => ({ db: database.prisma, clock, publicUrl: PUBLIC_URL });

const SAMPLES = path.resolve(import.meta.dirname, "../../../../docs/samples/bank-statements");
const BCA_FIRST = "bca-mutasi-2026-11-01_2026-11-15.csv";
const BCA_SECOND = "bca-mutasi-2026-11-10_2026-11-30.csv";
const MANDIRI = "mandiri-mcm-2026-11.csv";
const sample = (name: string) => readFileSync(path.join(SAMPLES, name), "utf8");

/** The references the samples carry, and whose they are here. */
const REFERENCES = { maju: "KSA7F3K9Q2M", sinar: "KSA4B8N2P6R", karya: "KSA2H6M8X4Z" } as const;
type Sampled = keyof typeof REFERENCES;
const orgs = {} as Record<Sampled, TestOrg>;

let operator: ReturnType<typeof operatorActor>;
let admins: Array<{ id: string; email: string }>;
/** Maju's keys: live with a webhook URL (two), live without one, live revoked with one, test with one. */
const keys = {} as Record<"live" | "liveToo" | "silent" | "revoked" | "test", { apiKeyId: string; token: string }>;

const deposit = (who: Sampled) => balanceOf(database.prisma, accounts.orgDeposit(orgs[who].id, true));
/** An import a minute after the one before, as the operator's would be. */
function importFile(content: string, fileName = "mutasi.csv") {
  clock.advance(60_000);
  return importBankStatement(deps(), { actor: operator, fileName, content });
}
const importSample = (name: string) => importFile(sample(name), name);
const topUpTransfers = () => database.prisma.ledgerTransfer.count({ where: { kind: "deposit_topup", reference: { startsWith: "BCA " } } });

/** A BCA statement of the platform's account (the samples' own), December 2026, with these lines. */
function bcaDecember(rows: Array<{ day: number; description: string; amount: string; balance: string }>): string {
  return [
    "No. rekening : ,'0613009988",
    "Periode : ,01/12/2026 - 31/12/2026",
    "Kode Mata Uang : ,Rp",
    "",
    "Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo",
    ...rows.map((r) => `'${String(r.day).padStart(2, "0")}/12,'${r.description},'0000,"${r.amount}",CR,"${r.balance}"`),
  ].join("\r\n");
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.prisma;
  for (const who of Object.keys(REFERENCES) as Sampled[]) {
    orgs[who] = await createTestOrg(db, { depositIdr: 0n });
    await db.organization.update({ where: { id: orgs[who].id }, data: { transferReference: REFERENCES[who] } });
  }
  operator = operatorActor((await portalUser(db, "operator")).id);
  admins = await Promise.all([portalUser(db, "org_admin", orgs.maju.id), portalUser(db, "org_admin", orgs.maju.id)]);
  const maju = orgs.maju.id;
  keys.silent = { apiKeyId: orgs.maju.apiKeyId, token: orgs.maju.token };
  keys.live = await addTestKey(db, maju, { webhookUrl: "https://agen-satu.contoh.id/kuasa" });
  keys.liveToo = await addTestKey(db, maju, { webhookUrl: "https://agen-dua.contoh.id/kuasa" });
  keys.revoked = await addTestKey(db, maju, { webhookUrl: "https://agen-lama.contoh.id/kuasa" });
  await db.apiKey.update({ where: { id: keys.revoked.apiKeyId }, data: { revokedAt: new Date("2026-11-01T00:00:00Z") } });
  keys.test = await addTestKey(db, maju, { mode: "test", webhookUrl: "https://agen-uji.contoh.id/kuasa" });
});

afterAll(async () => {
  await database?.destroy();
});

describe("importing the sample statements", () => {
  it("credits each deposit whose reference a new credit carries, once, with its ledger transfer, and queues every other credit", async () => {
    expect(await importSample(BCA_FIRST)).toMatchObject({
      layout: "bca",
      accountNumber: "0613009988",
      credited: 3,
      queued: 3,
      duplicates: 0,
    });
    // The overlap (10–15 November) is already in; the interest with sen and the pending transfer are left out.
    const second = await importSample(BCA_SECOND);
    expect(second).toMatchObject({ credited: 1, queued: 1, duplicates: 3, debits: 2 });
    expect(second.skipped.map((s) => [s.reason, s.amount])).toEqual([
      ["sen", "18,734.52"],
      ["pending", "4,000,000.00"],
    ]);
    expect(await importSample(MANDIRI)).toMatchObject({ layout: "mandiri", credited: 3, queued: 1, duplicates: 0 });

    expect(await deposit("maju")).toBe(20_000_000n);
    expect(await deposit("sinar")).toBe(10_000_000n);
    expect(await deposit("karya")).toBe(18_000_000n);

    const credited = await database.prisma.bankStatementLine.findMany({ where: { status: "dikreditkan" }, orderBy: { bookedOn: "asc" } });
    expect(credited).toHaveLength(7);
    for (const line of credited) {
      const transfer = await database.prisma.ledgerTransfer.findUniqueOrThrow({
        where: { id: line.transferId! },
        include: { entries: { include: { account: true } } },
      });
      expect(transfer.kind).toBe("deposit_topup");
      expect(transfer.reference).toMatch(new RegExp(`^(BCA|Mandiri) \\d{2}/\\d{2}/2026 ${line.id}$`));
      expect(transfer.entries.find((e) => e.amountIdr > 0n)).toMatchObject({
        amountIdr: line.amountIdr,
        account: { kind: "org_deposit", livemode: true, organizationId: line.organizationId },
      });
    }
    const first = credited[0]!;
    expect(first).toMatchObject({ organizationId: orgs.karya.id, amountIdr: 10_000_000n, note: "Kode KSA2H6M8X4Z di keterangan" });
    expect(first.transferId).toBeTruthy();

    const queue = await listBankLines(deps(), { actor: operator, page: { limit: 20, cursor: null } });
    expect(queue.data.map((line) => [line.bookedOn, line.amountIdr])).toEqual([
      ["2026-11-06", 2_000_000n],
      ["2026-11-09", 6_250_000n],
      ["2026-11-10", 3_000_000n],
      ["2026-11-13", 1_000_000n],
      ["2026-11-20", 1_500_000n],
    ]);
    // Two organisations' references keep a line in the queue, both named for the operator.
    expect(queue.data[3]?.named.map((org) => org.transferReference).sort()).toEqual([REFERENCES.sinar, REFERENCES.maju].sort());
    expect(await listBankImports(deps(), { actor: operator })).toMatchObject([
      { fileName: MANDIRI, layout: "mandiri", credited: 3, queued: 1, duplicates: 0 },
      { fileName: BCA_SECOND, credited: 1, queued: 1, duplicates: 3 },
      { fileName: BCA_FIRST, credited: 3, queued: 3, duplicates: 0 },
    ]);
  });

  it("credits nothing twice when the same files, or an overlapping one, are imported again", async () => {
    const transfers = await topUpTransfers();
    const before = await Promise.all([deposit("maju"), deposit("sinar"), deposit("karya")]);
    expect(await importSample(BCA_SECOND)).toMatchObject({ credited: 0, queued: 0, duplicates: 5 });
    expect(await importSample(BCA_FIRST)).toMatchObject({ credited: 0, queued: 0, duplicates: 6 });
    expect(await importSample(MANDIRI)).toMatchObject({ credited: 0, queued: 0, duplicates: 4 });
    expect(await Promise.all([deposit("maju"), deposit("sinar"), deposit("karya")])).toEqual(before);
    expect(await topUpTransfers()).toBe(transfers);
    expect(await database.prisma.bankStatementLine.count()).toBe(12);
  });

  it("audits each import and each credit, naming the statement line", async () => {
    const imports = await database.prisma.auditLog.findMany({ where: { action: "bank_statement.import" } });
    expect(imports).toHaveLength(6);
    expect(imports[0]).toMatchObject({ actorType: "operator", actorId: operator.id, subjectType: "bank_statement_import" });
    const line = await database.prisma.bankStatementLine.findFirstOrThrow({ where: { status: "dikreditkan" } });
    expect(
      await database.prisma.auditLog.findMany({
        where: { action: "deposit.topup", subjectId: line.organizationId! },
        select: { data: true },
      }),
    ).toContainEqual({ data: expect.objectContaining({ bank_line: line.id, amount_idr: line.amountIdr.toString() }) });
  });
});

describe("a top-up of a deposit", () => {
  it("sends deposit.topped_up to every active live key of the organisation with a webhook URL, each its own copy", async () => {
    const transferIds = (await database.prisma.bankStatementLine.findMany({ where: { organizationId: orgs.maju.id } })).map(
      (l) => l.transferId,
    );
    expect(transferIds).toHaveLength(2);
    const events = await database.prisma.webhookEvent.findMany({
      where: { organizationId: orgs.maju.id, type: "deposit.topped_up" },
      include: { deliveries: true },
      orderBy: { seq: "asc" },
    });
    // Two credits, each to the two live keys with a URL: not the key without one, the revoked key or the test key.
    expect(events.map((e) => e.apiKeyId).sort()).toEqual(
      [keys.live.apiKeyId, keys.live.apiKeyId, keys.liveToo.apiKeyId, keys.liveToo.apiKeyId].sort(),
    );
    expect(events.every((e) => e.livemode && e.orderId === null && e.caseId === null)).toBe(true);
    expect(events.map((e) => e.deliveries.map((d) => d.url))).toContainEqual(["https://agen-satu.contoh.id/kuasa"]);
    const first = events.find((e) => (e.payload as { deposit: { amount_idr: number } }).deposit.amount_idr === 15_000_000)!;
    const transfer = await database.prisma.ledgerTransfer.findFirstOrThrow({
      where: { reference: (first.payload as { deposit: { reference: string } }).deposit.reference },
    });
    expect(first.payload).toEqual({
      event: "deposit.topped_up",
      deposit: {
        amount_idr: 15_000_000,
        balance_idr: 15_000_000,
        reference: transfer.reference,
        topped_up_at: transfer.createdAt.toISOString(),
      },
    });
  });

  it("is listed by GET /v1/events to each receiving key once: its own copy", async () => {
    const own = async (key: { token: string }) => {
      const actor = agentActor(await authenticateApiKey(deps(), { authorization: `Bearer ${key.token}` }));
      const page = await listEvents(deps(), { actor, request: { limit: 100, cursor: null }, filter: { type: "deposit.topped_up" } });
      return page.data;
    };
    const [one, two, silent] = await Promise.all([own(keys.live), own(keys.liveToo), own(keys.silent)]);
    expect(one.map((e) => (e.data as { deposit: { amount_idr: number } }).deposit.amount_idr).sort()).toEqual(
      [15_000_000, 5_000_000].sort(),
    );
    expect(two).toHaveLength(2);
    expect(new Set([...one, ...two].map((e) => e.id)).size).toBe(4);
    expect(silent).toEqual([]);
  });

  it("e-mails every admin of the organisation, in Indonesian, with the amount, the new balance and the reference", async () => {
    const mails = await database.prisma.emailMessage.findMany({ where: { dedupeKey: { startsWith: "deposit:" } } });
    const toMaju = mails.filter((m) => admins.some((a) => a.email === m.toAddress));
    expect(toMaju).toHaveLength(4);
    const line = await database.prisma.bankStatementLine.findFirstOrThrow({
      where: { organizationId: orgs.maju.id, amountIdr: 5_000_000n },
    });
    const mail = toMaju.find((m) => m.dedupeKey === `deposit:${line.transferId}:${admins[0]!.id}`)!;
    expect(mail.subject).toMatch(/^Deposit PT Uji Coba bertambah Rp\s5\.000\.000$/);
    expect(mail.text).toMatch(/^Jumlah: Rp\s5\.000\.000$/m);
    expect(mail.text).toMatch(/^Saldo deposit sekarang: Rp\s20\.000\.000$/m);
    expect(mail.text).toMatch(/Referensi: BCA 12\/11\/2026 bln_\w+/);
    expect(mail.text).toContain(`${PUBLIC_URL}/organisasi`);
  });

  it("of test money (the sandbox agent's own top-up) sends no event, not even to a test key with a webhook URL, and e-mails nobody", async () => {
    const mails = await database.prisma.emailMessage.count();
    const { depositIdr } = await topUpDeposit(deps(), {
      actor: CLI,
      organizationId: orgs.maju.id,
      amountIdr: 1_000_000n,
      reference: "uji",
      livemode: false,
    });
    expect(depositIdr).toBe(1_000_000n);
    expect(await database.prisma.webhookEvent.count({ where: { organizationId: orgs.maju.id, livemode: false } })).toBe(0);
    expect(await database.prisma.emailMessage.count()).toBe(mails);
  });

  it("by the operator's hand (the manual top-up) tells the keys and the admins as an imported one does", async () => {
    await topUpDeposit(deps(), { actor: operator, organizationId: orgs.maju.id, amountIdr: 250_000n, reference: "transfer 2911 manual" });
    const events = await database.prisma.webhookEvent.findMany({
      where: {
        organizationId: orgs.maju.id,
        type: "deposit.topped_up",
        payload: { path: ["deposit", "reference"], equals: "transfer 2911 manual" },
      },
    });
    expect(events.map((e) => e.apiKeyId).sort()).toEqual([keys.live.apiKeyId, keys.liveToo.apiKeyId].sort());
    expect(events[0]?.payload).toMatchObject({ deposit: { amount_idr: 250_000, balance_idr: 20_250_000 } });
    expect(await database.prisma.emailMessage.count({ where: { text: { contains: "Referensi: transfer 2911 manual" } } })).toBe(2);
  });
});

describe("the queue", () => {
  const queued = async (amountIdr: bigint) =>
    database.prisma.bankStatementLine.findFirstOrThrow({ where: { status: "menunggu", amountIdr } });

  it("credits a line the operator assigns to an organisation, once, audited with the line", async () => {
    const line = await queued(2_000_000n);
    const before = await deposit("sinar");
    const { depositIdr, transferId } = await assignBankLine(deps(), {
      actor: operator,
      lineId: line.id,
      organizationId: orgs.sinar.id,
      note: "  bukti transfer via e-mail ",
    });
    expect(depositIdr).toBe(before + 2_000_000n);
    expect(await database.prisma.bankStatementLine.findUniqueOrThrow({ where: { id: line.id } })).toMatchObject({
      status: "dikreditkan",
      organizationId: orgs.sinar.id,
      transferId,
      decidedBy: operator.id,
      decidedAt: clock.now(),
      note: "bukti transfer via e-mail",
    });
    expect((await database.prisma.ledgerTransfer.findUniqueOrThrow({ where: { id: transferId } })).reference).toBe(
      `BCA 06/11/2026 ${line.id}`,
    );
    expect(await database.prisma.auditLog.findFirst({ where: { action: "bank_line.assign", subjectId: line.id } })).toMatchObject({
      actorType: "operator",
      actorId: operator.id,
      data: { organization_id: orgs.sinar.id, amount_idr: "2000000", note: "bukti transfer via e-mail" },
    });
    expect(await codeOf(assignBankLine(deps(), { actor: operator, lineId: line.id, organizationId: orgs.maju.id }))).toBe("INVALID_STATE");
    expect(await codeOf(ignoreBankLine(deps(), { actor: operator, lineId: line.id, reason: "salah" }))).toBe("INVALID_STATE");
    expect(await deposit("sinar")).toBe(before + 2_000_000n);
  });

  it("sets a line aside with the reason the operator gives, audited, and credits nothing", async () => {
    const line = await queued(1_500_000n);
    expect(await codeOf(ignoreBankLine(deps(), { actor: operator, lineId: line.id, reason: "   " }))).toBe("VALIDATION");
    await ignoreBankLine(deps(), { actor: operator, lineId: line.id, reason: "Dana dikembalikan ke pengirim" });
    expect(await database.prisma.bankStatementLine.findUniqueOrThrow({ where: { id: line.id } })).toMatchObject({
      status: "diabaikan",
      transferId: null,
      note: "Dana dikembalikan ke pengirim",
    });
    expect(await database.prisma.auditLog.findFirst({ where: { action: "bank_line.ignore", subjectId: line.id } })).toMatchObject({
      data: { reason: "Dana dikembalikan ke pengirim", amount_idr: "1500000" },
    });
    expect(await codeOf(assignBankLine(deps(), { actor: operator, lineId: line.id, organizationId: orgs.maju.id }))).toBe("INVALID_STATE");
  });

  it("refuses an unknown line and an unknown organisation, changing nothing", async () => {
    const line = await queued(3_000_000n);
    expect(await codeOf(assignBankLine(deps(), { actor: operator, lineId: "bln_tidak_ada", organizationId: orgs.maju.id }))).toBe(
      "NOT_FOUND",
    );
    expect(await codeOf(assignBankLine(deps(), { actor: operator, lineId: line.id, organizationId: "org_tidak_ada" }))).toBe("NOT_FOUND");
    expect((await database.prisma.bankStatementLine.findUniqueOrThrow({ where: { id: line.id } })).status).toBe("menunggu");
  });

  it("credits a line once when two operators assign it at the same moment", async () => {
    const line = await queued(3_000_000n);
    const other = operatorActor((await portalUser(database.prisma, "operator")).id);
    const before = await Promise.all([deposit("maju"), deposit("sinar")]);
    const assign = (actor: typeof operator, who: Sampled) => () =>
      assignBankLine(deps(), { actor, lineId: line.id, organizationId: orgs[who].id });
    const contenders = [assign(operator, "maju"), assign(other, "sinar")];
    const results = database.url
      ? await raceBehindLock(
          database.url,
          { sql: `SELECT "id" FROM "BankStatementLine" WHERE "id" = $1 FOR UPDATE`, params: [line.id] },
          contenders,
        )
      : await Promise.allSettled(contenders.map((contender) => contender()));
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected")!;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).code).toBe("INVALID_STATE");
    const after = await Promise.all([deposit("maju"), deposit("sinar")]);
    expect(after[0] - before[0] + (after[1] - before[1])).toBe(3_000_000n);
    expect(await database.prisma.ledgerTransfer.count({ where: { reference: { endsWith: line.id } } })).toBe(1);
  });
});

describe("importing a statement twice at the same moment", () => {
  it("credits each line once: one import credits, the other finds duplicates", async () => {
    const content = bcaDecember([
      {
        day: 2,
        description: `TRSF E-BANKING CR 0212/FTSCY/WS95051 ${REFERENCES.maju} PT MAJU JAYA`,
        amount: "4,000,000.00",
        balance: "162,000,000.00",
      },
      {
        day: 3,
        description: `BI-FAST CR BIF TRANSFER DR 008 ${REFERENCES.sinar} CV SINAR TERANG`,
        amount: "1,250,000.00",
        balance: "163,250,000.00",
      },
      { day: 4, description: "SETORAN TUNAI", amount: "500,000.00", balance: "163,750,000.00" },
    ]);
    const before = await Promise.all([deposit("maju"), deposit("sinar")]);
    // The first credit's transfer holds the external account: both imports are under way before either commits.
    const both = [() => importFile(content, "desember.csv"), () => importFile(content, "desember-lagi.csv")];
    const results = database.url
      ? await raceBehindLock(
          database.url,
          { sql: `SELECT "id" FROM "LedgerAccount" WHERE "code" = $1 FOR UPDATE`, params: ["external_funding"] },
          both,
        )
      : await Promise.allSettled(both.map((run) => run()));
    const answers = results.map((r) => {
      if (r.status === "rejected") throw r.reason;
      return r.value;
    });
    expect(answers.map((a) => [a.credited, a.queued, a.duplicates]).sort()).toEqual([
      [0, 0, 3],
      [2, 1, 0],
    ]);
    expect(await deposit("maju")).toBe(before[0] + 4_000_000n);
    expect(await deposit("sinar")).toBe(before[1] + 1_250_000n);
  });
});

describe("a file Kuasa cannot read", () => {
  it("is refused as VALIDATION naming the layouts, and nothing is recorded", async () => {
    const imports = await database.prisma.bankStatementImport.count();
    expect(await codeOf(importFile("Tanggal;Keterangan;Debet;Kredit\n05/11/2026;Setoran;;2.000.000,00"))).toBe("VALIDATION");
    expect(await codeOf(importFile("x".repeat(512 * 1024 + 1)))).toBe("VALIDATION");
    expect(await database.prisma.bankStatementImport.count()).toBe(imports);
  });
});

describe("the operator's console", () => {
  it("imports through the portal procedure and lists the queue; an admin may not", async () => {
    const db = database.prisma;
    const operatorUser = await portalUser(db, "operator");
    const portal = portalCaller({ db, clock, publicUrl: PUBLIC_URL }, operatorUser);
    const content = bcaDecember([
      { day: 9, description: "TRSF E-BANKING CR 0912/FTSCY/WS95051 PT TANPA KODE", amount: "750,000.00", balance: "1.00" },
    ]);
    clock.advance(60_000);
    expect(await portal.operator.importBankStatement({ fileName: "konsol.csv", content })).toMatchObject({
      credited: 0,
      queued: 1,
      duplicates: 0,
    });
    const queue = await portal.operator.bankLines({ status: "menunggu" });
    expect(queue.data.find((line) => line.description.endsWith("PT TANPA KODE"))).toMatchObject({
      amountIdr: 750_000,
      fileName: "konsol.csv",
      named: [],
    });
    const [imported] = await portal.operator.bankImports();
    expect(imported).toMatchObject({ fileName: "konsol.csv", importedBy: operatorUser.name, queued: 1 });
    const admin = portalCaller({ db, clock, publicUrl: PUBLIC_URL }, await portalUser(db, "org_admin", orgs.maju.id));
    expect(await codeOf(admin.operator.importBankStatement({ fileName: "x.csv", content }))).toBe("FORBIDDEN");
  });
});

describe("npm run ops -- deposit:import FILE", () => {
  it("imports the file, printing the counts as JSON; a relative path is read from where npm was run", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "kuasa-mutasi-"));
    writeFileSync(
      path.join(dir, "mutasi.csv"),
      bcaDecember([
        { day: 11, description: `SWITCHING CR TRF ATMB 1112 ${REFERENCES.karya} PT KARYA`, amount: "2,000,000.00", balance: "2.00" },
      ]),
    );
    const argv = withAbsoluteFiles(["deposit:import", "mutasi.csv"], dir);
    expect(argv).toEqual(["deposit:import", path.join(dir, "mutasi.csv")]);
    const before = await deposit("karya");
    const printed = JSON.parse(JSON.stringify(await runOpsCommand({ db: database.prisma, publicUrl: PUBLIC_URL }, argv)));
    expect(printed).toMatchObject({ layout: "bca", account_number: "0613009988", credited: 1, queued: 0, duplicates: 0, skipped: [] });
    expect(await deposit("karya")).toBe(before + 2_000_000n);
    expect((await database.prisma.bankStatementImport.findUniqueOrThrow({ where: { id: printed.import_id } })).importedBy).toBe("cli");
    expect(await codeOf(runOpsCommand({ db: database.prisma }, ["deposit:import"]))).toBe("VALIDATION");
    expect(await codeOf(runOpsCommand({ db: database.prisma }, ["deposit:import", path.join(dir, "tidak-ada.csv")]))).toBe("VALIDATION");
  });
});
