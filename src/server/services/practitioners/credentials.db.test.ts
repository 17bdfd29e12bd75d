import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SWEEPER } from "@/server/domain/access/actor";
import { fixedClock, jakartaDay } from "@/server/domain/clock";
import { NEWCOMER_TURN, offeringReasonSchema } from "@/server/domain/offers/offering-order";
import { DEFAULT_ORDER_RULES } from "@/server/domain/orders/order-rules";
import { pageRequestOf } from "@/server/domain/paging";
import { credentialExpiryJob } from "@/server/jobs/credential-timers";
import { practitionerActorOf } from "@/server/services/access";
import { TEST_OPERATOR } from "@/test/actors";
import { createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { credentialScan, SAMPLE_FILES, TEST_FILES, uploadTestFile } from "@/test/files";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { ADVOKAT, companyIntake, createPaidOrder, createTestPractitioner, notaryOf, sampleIntake } from "@/test/orders";
import { raceBehindLock } from "@/test/races";
import { getCaseForPractitioner, listOpenCasesForPractitioner, submitBid } from "../cases";
import { getAgentService } from "../catalog";
import { deleteUnattachedFile, practitionerReader, readableFileIds, UNATTACHED_FILE_MS, unattachedFiles } from "../files";
import {
  acceptOffer,
  ensureOfferings,
  offerToPractitioner,
  practitionersForOrder,
  refundStalledOrder,
  STALL_REASONS,
  stalledOrdersDueForRefund,
} from "../offers";
import { listStalledOrders } from "../orders";
import { addCredential } from "./add-credential";
import { decideCredential } from "./decide-credential";
import { conflictList, declareConflict, declineForConflict } from "./declare-conflict";
import { credentialsDueToExpire, expireCredential } from "./expire-credential";
import { credentialsDueForReminder, remindCredentialExpiry } from "./remind-credential";

/**
 * Who may be offered an order, by their credentials (issue 39): the offering's SQL and the
 * domain's qualifiesFor (which the operator's choice of practitioner uses) must agree, and only
 * verified credentials before their last day, of the kinds the service requires, in the order's
 * province for a notary or PPAT, count.
 */

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;
// 10:00 in Jakarta on 1 December 2026.
const clock = fixedClock("2026-12-01T03:00:00Z");
const deps = () => ({ db: database.prisma, clock });
const today = jakartaDay(clock.now());

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  api = await startTestApi(database.prisma, clock);
  org = await createTestOrg(database.prisma, { depositIdr: 500_000_000n, monthlyBudgetIdr: 500_000_000n });
});

beforeEach(async () => {
  // Each test's practitioners are the only ones in the offering.
  await database.prisma.offer.updateMany({ where: { status: "aktif" }, data: { status: "dibatalkan" } });
  await database.prisma.order.updateMany({ where: { status: { in: ["dibayar", "ditawarkan"] } }, data: { status: "dibatalkan" } });
  await database.prisma.practitioner.updateMany({ data: { active: false } });
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

/** A paid pendirian_pt order (requires a notary) signed in `province`. */
async function companyOrder(province: string): Promise<string> {
  const res = await api.call("/v1/orders", {
    method: "POST",
    token: org.token,
    json: {
      service: "pendirian_pt",
      intake: companyIntake({ provinsi_penandatanganan: province }),
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Everyone the offering offers `orderId` to in one round, each offer declined in turn. */
async function offeredInTurn(orderId: string): Promise<string[]> {
  const offered: string[] = [];
  for (;;) {
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [orderId] });
    const live = await database.prisma.offer.findFirst({ where: { orderId, status: "aktif" } });
    if (!live) return offered;
    offered.push(live.practitionerId);
    await database.prisma.offer.update({ where: { id: live.id }, data: { status: "ditolak", respondedAt: clock.now() } });
  }
}

const notary = (province: string, extra: Partial<typeof ADVOKAT> = {}) => ({ ...notaryOf(province)[0]!, ...extra });

describe("who is offered an order that requires a notary of the signing province", () => {
  it("offers only verified notaries of that province before their last day; the SQL and qualifiesFor agree", async () => {
    const jakarta = await createTestPractitioner(database.prisma, ["korporasi"], [notary("31")]);
    const bandung = await createTestPractitioner(database.prisma, ["korporasi"], [notary("32")]);
    const lastDayToday = await createTestPractitioner(database.prisma, ["korporasi"], [ADVOKAT]);
    await database.prisma.practitionerCredential.create({
      data: {
        id: "krd_hari_ini",
        practitionerId: lastDayToday,
        kind: "notaris",
        issuer: "Kementerian Hukum",
        number: "AHU-H",
        province: "31",
        validUntil: new Date(`${today}T00:00:00Z`),
        status: "terverifikasi",
        updatedAt: clock.now(),
      },
    });
    const waiting = await createTestPractitioner(database.prisma, ["korporasi"], [ADVOKAT]);
    await addCredential(deps(), {
      actor: await practitionerActorOf(database.prisma, waiting),
      practitionerId: waiting,
      input: { ...notary("31"), scanFileId: (await credentialScan(deps(), waiting)).id },
    });
    const advocateOnly = await createTestPractitioner(database.prisma, ["korporasi"], [ADVOKAT]);
    const tomorrowLast = await createTestPractitioner(database.prisma, ["korporasi"], [notary("31", { validUntil: "2026-12-02" })]);

    const orderId = await companyOrder("31");
    const chosenByOperator = (await practitionersForOrder(deps(), { actor: TEST_OPERATOR, orderId })).map((p) => p.id);
    const offered = await offeredInTurn(orderId);
    expect(new Set(offered)).toEqual(new Set([jakarta, tomorrowLast]));
    expect(new Set(chosenByOperator)).toEqual(new Set(offered));
    for (const never of [bandung, lastDayToday, waiting, advocateOnly]) expect(offered).not.toContain(never);
  });

  it("stalls an order nobody may take with the reason naming the credential and the province", async () => {
    await createTestPractitioner(database.prisma, ["korporasi"], [notary("31")]);
    const orderId = await companyOrder("96");
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [orderId] });
    const stalled = (await listStalledOrders(deps(), { actor: TEST_OPERATOR })).find((o) => o.id === orderId);
    expect(stalled?.reason).toBe(STALL_REASONS.noneEligible({ category: "korporasi", requires: ["notaris"], province: "96" }));
    expect(stalled?.reason).toContain("Notaris wilayah Papua Barat Daya");
  });
});

describe("an order nobody may take, and the cap", () => {
  it("refunds an order stalled for want of a credential when its time comes, with its events", async () => {
    await createTestPractitioner(database.prisma, ["korporasi"], [notary("31")]);
    const orderId = await companyOrder("94");
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [orderId] });
    const { offeringRefundAt } = await database.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(offeringRefundAt).not.toBeNull();
    const due = fixedClock(offeringRefundAt!);
    expect((await stalledOrdersDueForRefund(deps(), { actor: SWEEPER, cutoff: due.now(), limit: 100 })).map((r) => r.id)).toContain(
      orderId,
    );
    await refundStalledOrder({ db: database.prisma, clock: due }, { actor: SWEEPER, orderId });
    expect((await database.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("direfund");
    const events = (await database.prisma.webhookEvent.findMany({ where: { orderId }, orderBy: { seq: "asc" } })).map((e) => e.type);
    expect(events).toEqual(expect.arrayContaining(["order.ditawarkan", "order.direfund"]));
  });

  it("offers the less loaded first and records why: orders in progress count as load", async () => {
    const busy = await createTestPractitioner(database.prisma, ["korporasi"], [notary("31")]);
    const idle = await createTestPractitioner(database.prisma, ["korporasi"], [notary("31")]);
    await database.prisma.practitioner.update({ where: { id: busy }, data: { lastOfferedAt: new Date("2020-01-01T00:00:00Z") } });
    await database.prisma.practitioner.update({ where: { id: idle }, data: { lastOfferedAt: new Date("2021-01-01T00:00:00Z") } });
    const inWork = await companyOrder("31");
    await database.prisma.order.update({ where: { id: inWork }, data: { practitionerId: busy, status: "dikerjakan" } });

    const orderId = await companyOrder("31");
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [orderId] });
    const offer = await database.prisma.offer.findFirstOrThrow({ where: { orderId, status: "aktif" } });
    expect(offer.practitionerId).toBe(idle);
    expect(offeringReasonSchema.parse(offer.reason)).toMatchObject({
      position: 1,
      of: 2,
      live_offers: 0,
      orders_in_progress: 0,
      newcomer: true,
      newcomers_turn: false,
      last_offered_at: "2021-01-01T00:00:00.000Z",
    });
  });

  it("gives every fifth offer of a field to a practitioner new to it, ahead of one ranked before them", async () => {
    const veteran = await createTestPractitioner(database.prisma, ["korporasi"], [notary("31")]);
    const newcomer = await createTestPractitioner(database.prisma, ["korporasi"], [notary("31")]);
    await database.prisma.practitioner.update({ where: { id: veteran }, data: { lastOfferedAt: new Date("2020-01-01T00:00:00Z") } });
    await database.prisma.practitioner.update({ where: { id: newcomer }, data: { lastOfferedAt: new Date("2021-01-01T00:00:00Z") } });
    const done = await companyOrder("31");
    await database.prisma.order.update({ where: { id: done }, data: { practitionerId: veteran, status: "selesai" } });
    await database.prisma.offeringTurn.upsert({
      where: { category: "korporasi" },
      create: { category: "korporasi", offers: NEWCOMER_TURN - 1 },
      update: { offers: NEWCOMER_TURN - 1 },
    });

    const turn = await companyOrder("31");
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [turn] });
    const newcomers = await database.prisma.offer.findFirstOrThrow({ where: { orderId: turn, status: "aktif" } });
    expect(newcomers.practitionerId).toBe(newcomer);
    expect(offeringReasonSchema.parse(newcomers.reason)).toMatchObject({ position: 2, newcomer: true, newcomers_turn: true });

    const next = await companyOrder("31");
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [next] });
    const usual = await database.prisma.offer.findFirstOrThrow({ where: { orderId: next, status: "aktif" } });
    expect(usual.practitionerId).toBe(veteran);
    expect(offeringReasonSchema.parse(usual.reason)).toMatchObject({ position: 1, newcomer: false, newcomers_turn: false });
    expect((await database.prisma.offeringTurn.findUniqueOrThrow({ where: { category: "korporasi" } })).offers).toBe(NEWCOMER_TURN + 1);
  });

  it("never gives a practitioner more live offers than the cap: the next order waits on offer", async () => {
    const only = await createTestPractitioner(database.prisma, ["korporasi"], [notary("31")]);
    const capOne = { ...deps(), orderRules: { ...DEFAULT_ORDER_RULES, offerCap: 1 } };
    const orders = [await companyOrder("31"), await companyOrder("31")];
    await ensureOfferings(capOne, { actor: SWEEPER, orderIds: orders });
    expect(await database.prisma.offer.count({ where: { practitionerId: only, status: "aktif" } })).toBe(1);
    const waiting = await database.prisma.order.findMany({ where: { id: { in: orders }, offers: { none: {} } } });
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ status: "ditawarkan", offeringStalledAt: null });
  });
});

describe("a credential's expiry", () => {
  it("makes a verified credential kedaluwarsa on its last day, not before, and the label follows", async () => {
    const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"], [ADVOKAT]);
    const ending = await database.prisma.practitionerCredential.create({
      data: {
        id: `krd_akhir_${Date.now()}`,
        practitionerId,
        kind: "penerjemah_tersumpah",
        issuer: "Kementerian Hukum",
        number: "PT-9",
        validUntil: new Date("2026-12-02T00:00:00Z"),
        status: "terverifikasi",
        updatedAt: clock.now(),
      },
    });
    await database.prisma.practitioner.update({
      where: { id: practitionerId },
      data: { label: "Advokat (PERADI) · Penerjemah Tersumpah" },
    });
    const due = async (at: string) =>
      (await credentialsDueToExpire(deps(), { actor: SWEEPER, cutoff: new Date(at), limit: 100 })).map((r) => r.id);

    // 23:59 on 1 December in Jakarta: not yet.
    expect(await due("2026-12-01T16:59:00Z")).not.toContain(ending.id);
    // 00:00 on 2 December in Jakarta (17:00 UTC the day before): due.
    expect(await due("2026-12-01T17:00:00Z")).toContain(ending.id);

    const onTheDay = fixedClock("2026-12-01T17:00:00Z");
    expect(credentialExpiryJob.findDue).toBe(credentialsDueToExpire);
    await expireCredential({ ...deps(), clock: onTheDay }, { actor: SWEEPER, credentialId: ending.id });
    expect((await database.prisma.practitionerCredential.findUniqueOrThrow({ where: { id: ending.id } })).status).toBe("kedaluwarsa");
    expect((await database.prisma.practitioner.findUniqueOrThrow({ where: { id: practitionerId } })).label).toBe("Advokat (PERADI)");
    expect(await database.prisma.auditLog.count({ where: { subjectId: practitionerId, action: "credential.expire" } })).toBe(1);
    // A second run changes nothing.
    await expireCredential({ ...deps(), clock: onTheDay }, { actor: SWEEPER, credentialId: ending.id });
    expect(await database.prisma.auditLog.count({ where: { subjectId: practitionerId, action: "credential.expire" } })).toBe(1);
  });

  it("leaves a revoked credential revoked: the revocation that came first wins over the expiry", async () => {
    const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"], [{ ...ADVOKAT, validUntil: "2026-12-02" }]);
    const [card] = await database.prisma.practitionerCredential.findMany({ where: { practitionerId } });
    await decideCredential(deps(), { actor: TEST_OPERATOR, credentialId: card!.id, decision: { approve: false, reason: "Dicabut." } });
    await expireCredential({ ...deps(), clock: fixedClock("2026-12-02T01:00:00Z") }, { actor: SWEEPER, credentialId: card!.id });
    expect(await database.prisma.practitionerCredential.findUniqueOrThrow({ where: { id: card!.id } })).toMatchObject({
      status: "ditolak",
      reason: "Dicabut.",
    });
  });
});

describe("a credential's scan", () => {
  const submit = async (practitionerId: string, scanFileId?: string) =>
    addCredential(deps(), {
      actor: await practitionerActorOf(database.prisma, practitionerId),
      practitionerId,
      input: { kind: "konsultan_ki", issuer: "DJKI", number: "KI-123", validUntil: null, province: null, scanFileId },
    });

  it("refuses a practitioner's submission without its scan, and records nothing", async () => {
    const practitionerId = await createTestPractitioner(database.prisma, ["kekayaan_intelektual"], [ADVOKAT]);
    await expect(submit(practitionerId)).rejects.toMatchObject({ code: "VALIDATION", param: "scanFileId" });
    expect(await database.prisma.practitionerCredential.count({ where: { practitionerId, kind: "konsultan_ki" } })).toBe(0);
  });

  it("takes only the practitioner's own unused scan, a PDF or a photo", async () => {
    const practitionerId = await createTestPractitioner(database.prisma, ["kekayaan_intelektual"], [ADVOKAT]);
    const other = await createTestPractitioner(database.prisma, ["kekayaan_intelektual"], [ADVOKAT]);
    const othersScan = await credentialScan(deps(), other);
    const textScan = await credentialScan(deps(), practitionerId, "catatan.txt", SAMPLE_FILES.text);
    const orderFile = await uploadTestFile(deps(), { organizationId: org.id, livemode: true }, "kartu.png", SAMPLE_FILES.png, {
      kind: "practitioner",
      practitionerId,
    });
    for (const refused of [othersScan.id, textScan.id, orderFile.id, "file_tidak_ada"])
      await expect(submit(practitionerId, refused)).rejects.toMatchObject({ code: "VALIDATION", param: "scanFileId" });
    const scan = await credentialScan(deps(), practitionerId, "kartu-ki.pdf", SAMPLE_FILES.pdf);
    const submitted = await submit(practitionerId, scan.id);
    expect(submitted).toMatchObject({ status: "menunggu_verifikasi", scan: { id: scan.id, contentType: "application/pdf" } });
    await expect(submit(practitionerId, scan.id)).rejects.toMatchObject({ code: "VALIDATION", param: "scanFileId" });
  });

  it("is read by its practitioner and the operator only, and outlives the sweep of files attached to nothing", async () => {
    const practitionerId = await createTestPractitioner(database.prisma, ["kekayaan_intelektual"], [ADVOKAT]);
    const other = await createTestPractitioner(database.prisma, ["kekayaan_intelektual"], [ADVOKAT]);
    const scan = await credentialScan(deps(), practitionerId);
    const unused = await credentialScan(deps(), practitionerId, "lain.png");
    await submit(practitionerId, scan.id);
    expect(await readableFileIds(database.prisma, practitionerReader(practitionerId), [scan.id])).toEqual(new Set([scan.id]));
    expect(await readableFileIds(database.prisma, { kind: "operator" }, [scan.id])).toEqual(new Set([scan.id]));
    expect(await readableFileIds(database.prisma, practitionerReader(other), [scan.id])).toEqual(new Set());
    expect(await readableFileIds(database.prisma, { kind: "org_admin", organizationId: org.id }, [scan.id])).toEqual(new Set());

    const dayLater = fixedClock(new Date(clock.now().getTime() + UNATTACHED_FILE_MS + 1));
    const due = (await unattachedFiles(deps(), { actor: SWEEPER, cutoff: dayLater.now(), limit: 1_000 })).map((row) => row.id);
    expect(due).toContain(unused.id);
    expect(due).not.toContain(scan.id);
    await deleteUnattachedFile({ db: database.prisma, clock: dayLater, files: TEST_FILES }, { actor: SWEEPER, fileId: scan.id });
    expect(await database.prisma.storedFile.count({ where: { id: scan.id } })).toBe(1);
  });
});

describe("expiry reminders", () => {
  it("e-mails 30 and then 7 days before the last day, once each, even with notifications off", async () => {
    const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"], [ADVOKAT]);
    await database.prisma.practitioner.update({ where: { id: practitionerId }, data: { emailNotifications: false } });
    const submitted = await addCredential(deps(), {
      actor: await practitionerActorOf(database.prisma, practitionerId),
      practitionerId,
      input: {
        kind: "penerjemah_tersumpah",
        issuer: "Kementerian Hukum",
        number: "PT-77",
        validUntil: "2026-12-31",
        province: null,
        scanFileId: (await credentialScan(deps(), practitionerId)).id,
      },
    });
    expect(submitted.reminderDueAt).toBeNull();
    const verified = await decideCredential(deps(), { actor: TEST_OPERATOR, credentialId: submitted.id, decision: { approve: true } });
    // 1 December, 00:00 in Jakarta: thirty days before 31 December.
    expect(verified.reminderDueAt?.toISOString()).toBe("2026-11-30T17:00:00.000Z");

    const runAt = async (at: string) => {
      const when = fixedClock(at);
      for (const { id } of await credentialsDueForReminder(deps(), { actor: SWEEPER, cutoff: when.now(), limit: 100 }))
        await remindCredentialExpiry({ ...deps(), clock: when, publicUrl: "https://kuasa.test" }, { actor: SWEEPER, credentialId: id });
    };
    const sent = async () =>
      (
        await database.prisma.emailMessage.findMany({
          where: { dedupeKey: { startsWith: `credential:${submitted.id}:` } },
          orderBy: { createdAt: "asc" },
        })
      ).map((e) => [e.dedupeKey.split(":").at(-1), e.subject]);

    await runAt("2026-12-01T03:00:00Z");
    await runAt("2026-12-01T04:00:00Z");
    expect(await sent()).toEqual([["30", "Kredensial Penerjemah Tersumpah berakhir dalam 30 hari"]]);
    await runAt("2026-12-23T16:59:00Z");
    expect(await sent()).toHaveLength(1);
    await runAt("2026-12-23T17:00:00Z");
    await runAt("2026-12-24T09:00:00Z");
    expect(await sent()).toEqual([
      ["30", "Kredensial Penerjemah Tersumpah berakhir dalam 30 hari"],
      ["7", "Kredensial Penerjemah Tersumpah berakhir dalam 7 hari"],
    ]);
    expect((await database.prisma.practitionerCredential.findUniqueOrThrow({ where: { id: submitted.id } })).reminderDueAt).toBeNull();
  });

  it("sends only the 7-day reminder to a credential verified five days before its end", async () => {
    const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"], []);
    const added = await addCredential(deps(), {
      actor: TEST_OPERATOR,
      practitionerId,
      input: { ...ADVOKAT, validUntil: "2026-12-06" },
    });
    for (const { id } of await credentialsDueForReminder(deps(), { actor: SWEEPER, cutoff: clock.now(), limit: 100 }))
      await remindCredentialExpiry({ ...deps(), publicUrl: "https://kuasa.test" }, { actor: SWEEPER, credentialId: id });
    const emails = await database.prisma.emailMessage.findMany({ where: { dedupeKey: { startsWith: `credential:${added.id}:` } } });
    expect(emails.map((e) => e.subject)).toEqual(["Kredensial Advokat (PERADI) berakhir dalam 5 hari"]);
  });
});

describe.runIf(testDatabaseKind === "postgres")("a verification and an expiry landing together", () => {
  it("both apply, and the label is of both, whichever commits last", async () => {
    for (let round = 0; round < 4; round++) {
      const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"], [{ ...ADVOKAT, validUntil: "2026-12-02" }]);
      const [expiring] = await database.prisma.practitionerCredential.findMany({ where: { practitionerId } });
      const submitted = await database.prisma.practitionerCredential.create({
        data: {
          id: `krd_tunggu_${round}_${Date.now()}`,
          practitionerId,
          kind: "konsultan_ki",
          issuer: "DJKI",
          number: `KI-${round}`,
          updatedAt: clock.now(),
        },
      });
      const onTheDay = fixedClock("2026-12-02T01:00:00Z");
      // Both change their credential row, then queue on the practitioner's row held here.
      const results = await raceBehindLock<unknown>(
        database.url!,
        { sql: `SELECT "id" FROM "Practitioner" WHERE "id" = $1 FOR UPDATE`, params: [practitionerId] },
        [
          () => expireCredential({ db: database.prisma, clock: onTheDay }, { actor: SWEEPER, credentialId: expiring!.id }),
          () =>
            decideCredential(
              { db: database.prisma, clock: onTheDay },
              { actor: TEST_OPERATOR, credentialId: submitted.id, decision: { approve: true } },
            ),
        ],
      );
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
      const statuses = await database.prisma.practitionerCredential.findMany({ where: { practitionerId }, orderBy: { kind: "asc" } });
      expect(statuses.map((c) => [c.kind, c.status])).toEqual([
        ["advokat", "kedaluwarsa"],
        ["konsultan_ki", "terverifikasi"],
      ]);
      expect((await database.prisma.practitioner.findUniqueOrThrow({ where: { id: practitionerId } })).label).toBe("Konsultan KI");
    }
  });
});

describe("conflicts of interest in the offering", () => {
  /** A paid somasi (a demand letter; requires an advocate) by `client` against `against`, for `forParty` when given. */
  async function demandLetter(client: TestOrg, against: string, forParty?: string): Promise<string> {
    const service = await getAgentService({ db: database.prisma }, { actor: TEST_OPERATOR, code: "somasi" });
    const intake = sampleIntake(service.intake);
    const res = await api.call("/v1/orders", {
      method: "POST",
      token: client.token,
      json: { service: "somasi", intake: { ...intake, pihak_lawan: against, ...(forParty && { pihak_klien: forParty }) } },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }
  const offeredTo = async (orderId: string) =>
    (await database.prisma.offer.findFirst({ where: { orderId, status: "aktif" } }))?.practitionerId;
  const skipsOf = async (orderId: string) =>
    (await database.prisma.auditLog.findMany({ where: { subjectId: orderId, action: "order.conflict_skipped" } })).map(
      (row) => row.data as { practitioner_id: string; findings: Array<{ why: string }> },
    );

  it("skips a practitioner for a counterparty they declared, one who was their client, and a client they acted against", async () => {
    const declaring = await createTestPractitioner(database.prisma, ["sengketa"], [ADVOKAT]);
    const fresh = await createTestPractitioner(database.prisma, ["sengketa"], [ADVOKAT]);
    // The one offered first, least recently offered: the skip must be what passes over them.
    await database.prisma.practitioner.update({ where: { id: declaring }, data: { lastOfferedAt: new Date("2020-01-01T00:00:00Z") } });
    await database.prisma.practitioner.update({ where: { id: fresh }, data: { lastOfferedAt: new Date("2021-01-01T00:00:00Z") } });
    await declareConflict(deps(), { actor: await practitionerActorOf(database.prisma, declaring), name: "PT. Sumber Makmur Abadi Tbk" });

    const declared = await demandLetter(org, "Sumber Makmoer Abadi");
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [declared] });
    expect(await offeredTo(declared)).toBe(fresh);
    expect(await skipsOf(declared)).toEqual([
      expect.objectContaining({ practitioner_id: declaring, findings: [expect.objectContaining({ why: "declared" })] }),
    ]);
    await database.prisma.offer.updateMany({ where: { orderId: declared }, data: { status: "dibatalkan" } });
    await database.prisma.order.update({ where: { id: declared }, data: { status: "dibatalkan" } });

    // fresh once did org's work: a matter against org may not go to them.
    const served = await createPaidOrder(database.prisma, clock, org);
    await database.prisma.order.update({ where: { id: served.id }, data: { practitionerId: fresh, status: "selesai" } });
    const other = await createTestOrg(database.prisma, { depositIdr: 50_000_000n, monthlyBudgetIdr: 50_000_000n });
    const { name: orgName } = await database.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    const againstClient = await demandLetter(other, orgName);
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [againstClient] });
    expect(await offeredTo(againstClient)).toBe(declaring);
    expect((await skipsOf(againstClient)).find((s) => s.practitioner_id === fresh)?.findings).toEqual([
      expect.objectContaining({ why: "served" }),
    ]);
    await database.prisma.offer.updateMany({ where: { orderId: againstClient }, data: { status: "dibatalkan" } });
    await database.prisma.order.update({ where: { id: againstClient }, data: { practitionerId: declaring, status: "selesai" } });

    // declaring now handled a matter against org: org may not hire them.
    const byFormerCounterparty = await demandLetter(org, "PT Pihak Lain Sama Sekali");
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [byFormerCounterparty] });
    expect(await offeredTo(byFormerCounterparty)).toBe(fresh);
    expect((await skipsOf(byFormerCounterparty)).find((s) => s.practitioner_id === declaring)?.findings).toEqual([
      expect.objectContaining({ why: "opposed" }),
    ]);
  });

  it("stalls an order everyone eligible has a conflict with, with the conflict's reason", async () => {
    const only = await createTestPractitioner(database.prisma, ["sengketa"], [ADVOKAT]);
    await declareConflict(deps(), { actor: await practitionerActorOf(database.prisma, only), name: "Koperasi Sejahtera Bersama" });
    const orderId = await demandLetter(org, "Sejahtera Bersama");
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [orderId] });
    expect(await offeredTo(orderId)).toBeUndefined();
    expect((await database.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).offeringStalledReason).toBe(
      STALL_REASONS.allConflicted,
    );
    // Nor may the operator choose them by hand.
    const refusal = await offerToPractitioner(deps(), { actor: TEST_OPERATOR, orderId, practitionerId: only }).catch(
      (error: Error) => error,
    );
    expect(refusal).toMatchObject({ code: "CONFLICT" });
    expect((refusal as Error).message).toContain("Sejahtera Bersama (ada di daftar benturannya: Koperasi Sejahtera Bersama)");
  });

  it("counts a client the intake names (pihak_klien) as served, and skips whoever acted against them", async () => {
    const [forClient, againstClient] = [
      await createTestPractitioner(database.prisma, ["sengketa"], [ADVOKAT]),
      await createTestPractitioner(database.prisma, ["sengketa"], [ADVOKAT]),
    ];
    const other = await createTestOrg(database.prisma, { depositIdr: 50_000_000n, monthlyBudgetIdr: 50_000_000n });
    // forClient acted for PT Nusantara Sawit (named by other's agent); againstClient acted against PT Bumi Hijau.
    const served = await demandLetter(other, "PT Lawan Pertama", "PT Nusantara Sawit");
    const opposed = await demandLetter(other, "PT Bumi Hijau");
    await database.prisma.offer.updateMany({ where: { orderId: { in: [served, opposed] } }, data: { status: "dibatalkan" } });
    await database.prisma.order.update({ where: { id: served }, data: { practitionerId: forClient, status: "selesai" } });
    await database.prisma.order.update({ where: { id: opposed }, data: { practitionerId: againstClient, status: "selesai" } });

    // Now PT Bumi Hijau's agent platform orders against PT Nusantara Sawit: both have a conflict.
    const orderId = await demandLetter(org, "Nusantara Sawit", "PT. Bumi Hijau");
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [orderId] });
    expect(await offeredTo(orderId)).toBeUndefined();
    const skips = await skipsOf(orderId);
    expect(skips.find((s) => s.practitioner_id === forClient)?.findings).toEqual([expect.objectContaining({ why: "served" })]);
    expect(skips.find((s) => s.practitioner_id === againstClient)?.findings).toEqual([expect.objectContaining({ why: "opposed" })]);
    const { name: orgName } = await database.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    const order = await database.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order.conflictParties).toEqual([orgName, "PT. Bumi Hijau", "Nusantara Sawit"]);
    expect(order.conflictCheckedAt).toEqual(clock.now());
  });

  it("shows the check in the API and records the taker's confirmation, which taking cannot skip", async () => {
    const taker = await createTestPractitioner(database.prisma, ["sengketa"], [ADVOKAT]);
    const orderId = await demandLetter(org, "PT Pihak Seberang");
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [orderId] });
    const offer = await database.prisma.offer.findFirstOrThrow({ where: { orderId, status: "aktif" } });
    expect(offer.practitionerId).toBe(taker);
    const read = async () =>
      (await (await api.call(`/v1/orders/${orderId}`, { token: org.token })).json()) as {
        conflict_check: { parties: string[]; checked_at: string; confirmed_at: string | null };
      };
    const { name: orgName } = await database.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect((await read()).conflict_check).toEqual({
      parties: [orgName, "PT Pihak Seberang"],
      checked_at: clock.now().toISOString(),
      confirmed_at: null,
    });

    const actor = await practitionerActorOf(database.prisma, taker);
    await expect(acceptOffer(deps(), { actor, offerId: offer.id, noConflict: false })).rejects.toMatchObject({
      code: "VALIDATION",
      param: "noConflict",
    });
    expect((await database.prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe("aktif");
    await acceptOffer(deps(), { actor, offerId: offer.id, noConflict: true });
    expect((await read()).conflict_check.confirmed_at).toBe(clock.now().toISOString());
  });

  it("keeps a case off the board of a practitioner with a conflict, and refuses their bid", async () => {
    const conflicted = await createTestPractitioner(database.prisma, ["sengketa"], [ADVOKAT]);
    const free = await createTestPractitioner(database.prisma, ["sengketa"], [ADVOKAT]);
    await declareConflict(deps(), { actor: await practitionerActorOf(database.prisma, conflicted), name: "PT Gedung Tinggi" });
    const created = await createTestCase(database.prisma, clock, org, { area: "sengketa", counterparties: ["Gedung Tinggi Tbk"] });
    const board = async (practitionerId: string) =>
      (
        await listOpenCasesForPractitioner(deps(), {
          actor: await practitionerActorOf(database.prisma, practitionerId),
          request: pageRequestOf({ limit: 100 }),
        })
      ).data.map((c) => c.id);
    expect(await board(free)).toContain(created.id);
    expect(await board(conflicted)).not.toContain(created.id);
    const actorOf = (id: string) => practitionerActorOf(database.prisma, id);
    await expect(getCaseForPractitioner(deps(), { actor: await actorOf(conflicted), caseId: created.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const input = { scope: "Somasi dan negosiasi", etaDays: 7, priceIdr: 3_000_000 };
    await expect(
      submitBid(deps(), { actor: await actorOf(conflicted), caseId: created.id, input, noConflict: true }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(submitBid(deps(), { actor: await actorOf(free), caseId: created.id, input, noConflict: false })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    const placed = await submitBid(deps(), { actor: await actorOf(free), caseId: created.id, input, noConflict: true });
    expect(placed.conflictConfirmedAt).toEqual(clock.now());
    expect((await getCaseForPractitioner(deps(), { actor: await actorOf(free), caseId: created.id })).parties.counterparties).toEqual([
      "Gedung Tinggi Tbk",
    ]);
  });

  it("reads past cases hidden for a conflict so that a page of the board is full", async () => {
    const conflicted = await createTestPractitioner(database.prisma, ["sengketa"], [ADVOKAT]);
    await declareConflict(deps(), { actor: await practitionerActorOf(database.prisma, conflicted), name: "PT Selalu Berbenturan" });
    await database.prisma.case.updateMany({ where: { status: "terbuka" }, data: { status: "ditutup" } });
    const visible = [];
    for (let n = 0; n < 3; n++) {
      visible.push(
        (await createTestCase(database.prisma, fixedClock(new Date(clock.now().getTime() + n * 4_000)), org, { area: "sengketa" })).id,
      );
      for (let h = 0; h < 3; h++)
        await createTestCase(database.prisma, fixedClock(new Date(clock.now().getTime() + n * 4_000 + (h + 1) * 1_000)), org, {
          area: "sengketa",
          counterparties: ["PT Selalu Berbenturan"],
        });
    }
    const actor = await practitionerActorOf(database.prisma, conflicted);
    const first = await listOpenCasesForPractitioner(deps(), { actor, request: pageRequestOf({ limit: 2 }) });
    expect(first.data.map((c) => c.id)).toEqual([visible[2], visible[1]]);
    expect(first.hasMore).toBe(true);
    const next = await listOpenCasesForPractitioner(deps(), { actor, request: pageRequestOf({ limit: 2, starting_after: visible[1] }) });
    expect(next.data.map((c) => c.id)).toEqual([visible[0]]);
    expect(next.hasMore).toBe(false);
  });

  it("adds the party of an offer declined for a conflict to the practitioner's list, and offers the order on", async () => {
    const first = await createTestPractitioner(database.prisma, ["sengketa"], [ADVOKAT]);
    const second = await createTestPractitioner(database.prisma, ["sengketa"], [ADVOKAT]);
    await database.prisma.practitioner.update({ where: { id: first }, data: { lastOfferedAt: new Date("2020-01-01T00:00:00Z") } });
    await database.prisma.practitioner.update({ where: { id: second }, data: { lastOfferedAt: new Date("2021-01-01T00:00:00Z") } });
    const orderId = await demandLetter(org, "CV Karya Mandiri");
    await ensureOfferings(deps(), { actor: SWEEPER, orderIds: [orderId] });
    const offer = await database.prisma.offer.findFirstOrThrow({ where: { orderId, status: "aktif" } });
    expect(offer.practitionerId).toBe(first);
    const actor = await practitionerActorOf(database.prisma, first);
    await declineForConflict(deps(), { actor, offerId: offer.id, party: "CV Karya Mandiri" });
    expect(await offeredTo(orderId)).toBe(second);
    expect((await conflictList(deps(), { actor })).map((c) => c.name)).toEqual(["CV Karya Mandiri"]);
    // Declared once, whatever the writing.
    await declareConflict(deps(), { actor, name: "C.V. Karya Mandiri" });
    expect(await conflictList(deps(), { actor })).toHaveLength(1);
  });
});
