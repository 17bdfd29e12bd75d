import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SWEEPER } from "@/server/domain/access/actor";
import { fixedClock, jakartaDay } from "@/server/domain/clock";
import { credentialExpiryJob } from "@/server/jobs/credential-timers";
import { practitionerActorOf } from "@/server/services/access";
import { TEST_OPERATOR } from "@/test/actors";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { ADVOKAT, createPaidOrder, createTestPractitioner, notaryOf, sampleIntake } from "@/test/orders";
import { raceBehindLock } from "@/test/races";
import { getAgentService } from "../catalog";
import { ensureOfferings, offerToPractitioner, practitionersForOrder, STALL_REASONS } from "../offers";
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
      intake: {
        usulan_nama_pt: "PT Maju Bersama",
        maksud_tujuan_usaha: "Perdagangan besar",
        modal_dasar: "100000000",
        susunan_pemegang_saham: "A 50%, B 50%",
        nik_direktur_utama: "3171234567890123",
        email_kontak: "pendiri@contoh.id",
        provinsi_penandatanganan: province,
      },
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
      input: notary("31"),
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

describe("expiry reminders", () => {
  it("e-mails 30 and then 7 days before the last day, once each, even with notifications off", async () => {
    const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"], [ADVOKAT]);
    await database.prisma.practitioner.update({ where: { id: practitionerId }, data: { emailNotifications: false } });
    const submitted = await addCredential(deps(), {
      actor: await practitionerActorOf(database.prisma, practitionerId),
      practitionerId,
      input: { kind: "penerjemah_tersumpah", issuer: "Kementerian Hukum", number: "PT-77", validUntil: "2026-12-31", province: null },
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
  /** A paid somasi (a demand letter; requires an advocate) by `client` against `against`. */
  async function demandLetter(client: TestOrg, against: string): Promise<string> {
    const service = await getAgentService({ db: database.prisma }, { actor: TEST_OPERATOR, code: "somasi" });
    const res = await api.call("/v1/orders", {
      method: "POST",
      token: client.token,
      json: { service: "somasi", intake: { ...sampleIntake(service.intake), pihak_lawan: against } },
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
