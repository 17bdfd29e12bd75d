import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActor, agentActor } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { agentKey, bid, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg, type TestOrg } from "@/test/fixtures";
import { createTestPractitioner } from "@/test/orders";
import { raceBehindLock } from "@/test/races";
import { spentThisMonth } from "../money";
import { selectBid, selectBidAsAdmin } from "./select";

let database: TestDatabase;
let org: TestOrg;
const clock = fixedClock("2026-11-23T03:00:00Z");
const ADMIN_ID = "usr_admin_uji";
const admin = (organizationId = org.id) => adminActor(ADMIN_ID, organizationId);
const db = () => database.prisma;

beforeAll(async () => {
  database = await createTestDatabase();
  org = await createTestOrg(database.prisma, { depositIdr: 50_000_000n, maxOrderIdr: 20_000_000n, monthlyBudgetIdr: 500_000_000n });
});

afterAll(async () => {
  await database?.destroy();
});

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (err: { code?: string }) => err.code ?? String(err),
  );

/** A fresh open case of `owner` with a bid from each of two practitioners. */
async function caseWithTwoBids(owner = org, prices: [number, number] = [5_000_000, 6_000_000]) {
  const created = await createTestCase(db(), clock, owner);
  const first = await bid(db(), clock, await createTestPractitioner(db(), ["properti"]), created.id, prices[0]);
  const second = await bid(db(), clock, await createTestPractitioner(db(), ["properti"]), created.id, prices[1]);
  return { caseId: created.id, first, second };
}

const eventsOf = async (caseId: string, type: string) => db().webhookEvent.count({ where: { caseId, type } });

describe("selectBidAsAdmin", () => {
  it("selects as the agent's select does: the case and bid chosen, the other bid ended, an invoice, the spend on the case's key, an audit entry naming the admin and the case.selected event", async () => {
    const { caseId, first, second } = await caseWithTwoBids();
    const spentBefore = await spentThisMonth(db(), clock, org.apiKeyId);
    const { case: chosen, invoice } = await selectBidAsAdmin({ db: db(), clock }, { actor: admin(), caseId, bidId: second.id });
    expect(chosen).toMatchObject({ status: "dipilih", selectedBidId: second.id });
    expect(chosen.bids.find((b) => b.id === first.id)?.status).toBe("tidak_dipilih");
    expect(invoice).toMatchObject({ status: "belum_dibayar", bidId: second.id, totalIdr: second.clientPaysIdr });
    expect(await spentThisMonth(db(), clock, org.apiKeyId)).toBe(spentBefore + second.clientPaysIdr);
    const audit = await db().auditLog.findMany({ where: { action: "case.select_bid", subjectId: caseId } });
    expect(audit).toMatchObject([{ actorType: "org_admin", actorId: ADMIN_ID }]);
    expect(await eventsOf(caseId, "case.selected")).toBe(1);
  });

  it("answers the same selection when the admin selects the selected bid again, moving nothing twice; another bid then is refused", async () => {
    const { caseId, first, second } = await caseWithTwoBids();
    const once = await selectBidAsAdmin({ db: db(), clock }, { actor: admin(), caseId, bidId: first.id });
    const spent = await spentThisMonth(db(), clock, org.apiKeyId);
    const again = await selectBidAsAdmin({ db: db(), clock }, { actor: admin(), caseId, bidId: first.id });
    expect(again.invoice.id).toBe(once.invoice.id);
    expect(await spentThisMonth(db(), clock, org.apiKeyId)).toBe(spent);
    expect(await db().auditLog.count({ where: { action: "case.select_bid", subjectId: caseId } })).toBe(1);
    expect(await code(selectBidAsAdmin({ db: db(), clock }, { actor: admin(), caseId, bidId: second.id }))).toBe("INVALID_STATE");
  });

  it("keeps the case's key's per-order maximum: a bid above it is refused with BUDGET_EXCEEDED and the case stays open", async () => {
    const { caseId, first } = await caseWithTwoBids(org, [25_000_000, 5_000_000]);
    expect(await code(selectBidAsAdmin({ db: db(), clock }, { actor: admin(), caseId, bidId: first.id }))).toBe("BUDGET_EXCEEDED");
    expect(await db().case.findUniqueOrThrow({ where: { id: caseId } })).toMatchObject({ status: "terbuka", selectedBidId: null });
    expect(await db().invoice.count({ where: { caseId } })).toBe(0);
  });

  it("keeps the case's key's monthly budget: a bid that would take the key past it is refused", async () => {
    const tight = await createTestOrg(db(), { monthlyBudgetIdr: 10_000_000n });
    const { caseId, first } = await caseWithTwoBids(tight, [9_000_000, 5_000_000]);
    expect(await code(selectBidAsAdmin({ db: db(), clock }, { actor: admin(tight.id), caseId, bidId: first.id }))).toBe("BUDGET_EXCEEDED");
    expect(await spentThisMonth(db(), clock, tight.apiKeyId)).toBe(0n);
  });

  it("does not acknowledge another organisation's case, nor a bid of another case", async () => {
    const other = await createTestOrg(db());
    const foreign = await caseWithTwoBids(other);
    expect(await code(selectBidAsAdmin({ db: db(), clock }, { actor: admin(), caseId: foreign.caseId, bidId: foreign.first.id }))).toBe(
      "NOT_FOUND",
    );
    const own = await caseWithTwoBids();
    expect(await code(selectBidAsAdmin({ db: db(), clock }, { actor: admin(), caseId: own.caseId, bidId: foreign.first.id }))).toBe(
      "CONFLICT",
    );
  });
});

describe.runIf(testDatabaseKind === "postgres")("the admin's select racing the agent's on PostgreSQL", () => {
  it("lets exactly one selection win, with one invoice, one spend, one audit entry and one case.selected event", async () => {
    const { caseId, first, second } = await caseWithTwoBids();
    const key = await agentKey(db(), clock, org);
    const spentBefore = await spentThisMonth(db(), clock, org.apiKeyId);
    const [byAdmin, byAgent] = await raceBehindLock<unknown>(
      database.url!,
      { sql: `SELECT "id" FROM "Case" WHERE "id" = $1 FOR UPDATE`, params: [caseId] },
      [
        () => selectBidAsAdmin({ db: db(), clock }, { actor: admin(), caseId, bidId: first.id }),
        () =>
          selectBid(
            { db: db(), clock },
            {
              actor: agentActor(key),
              caseId,
              bidId: second.id,
            },
          ),
      ],
    );
    const outcomes = [byAdmin!, byAgent!].map((r) => (r.status === "fulfilled" ? "ok" : (r.reason as { code?: string }).code));
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "INVALID_STATE")).toHaveLength(1);

    const invoices = await db().invoice.findMany({ where: { caseId } });
    expect(invoices).toHaveLength(1);
    const winner = byAdmin!.status === "fulfilled" ? first : second;
    expect(invoices[0]).toMatchObject({ bidId: winner.id, totalIdr: winner.clientPaysIdr });
    expect(await spentThisMonth(db(), clock, org.apiKeyId)).toBe(spentBefore + winner.clientPaysIdr);
    expect(await db().auditLog.count({ where: { action: "case.select_bid", subjectId: caseId } })).toBe(1);
    expect(await eventsOf(caseId, "case.selected")).toBe(1);
    const bids = await db().bid.findMany({ where: { caseId }, select: { id: true, status: true } });
    expect(bids).toHaveLength(2);
    for (const b of bids) expect(b.status).toBe(b.id === winner.id ? "dipilih" : "tidak_dipilih");
  });
});
