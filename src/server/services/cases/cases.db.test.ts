import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentActor, practitionerActor, SEED } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { caseBidPrice } from "@/server/domain/money/pricing";
import { pageRequestOf } from "@/server/domain/paging";
import { MASK } from "@/server/domain/text/masking";
import { practitionerActorOf } from "@/server/services/access";
import { TEST_OPERATOR } from "@/test/actors";
import { agentKey, bid, CASE_INPUT, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg, type TestOrg } from "@/test/fixtures";
import { createTestPractitioner } from "@/test/orders";
import { authenticateApiKey, createApiKey } from "../access";
import { spentThisMonth } from "../money";
import { submitBid } from "./bid";
import { closeCase } from "./close";
import { getCaseForPractitioner, listOpenCasesForPractitioner } from "./practitioner-reads";
import { selectBid } from "./select";
import { withdrawBid } from "./withdraw-bid";

let database: TestDatabase;
let org: TestOrg;
const clock = fixedClock("2026-11-23T03:00:00Z");
const operator = TEST_OPERATOR;
const db = () => database.prisma;

beforeAll(async () => {
  database = await createTestDatabase();
  org = await createTestOrg(database.prisma, { depositIdr: 50_000_000n });
});

afterAll(async () => {
  await database?.destroy();
});

const select = async (caseId: string, bidId: string) =>
  selectBid(
    { db: db(), clock },
    {
      actor: agentActor(await agentKey(db(), clock, org)),
      caseId,
      bidId,
    },
  );
const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (err: { code?: string }) => err.code ?? String(err),
  );

/** Nothing of the contact data or the story's phone, e-mail address and NIK. */
function expectNoContactData(view: unknown) {
  const text = JSON.stringify(view, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
  for (const secret of ["3456", "7890", "budi.santoso", "contoh.co.id", "3171011508900001"]) expect(text).not.toContain(secret);
}

describe("listOpenCasesForPractitioner", () => {
  it("shows open cases in the practitioner's categories and cases without an area, newest first", async () => {
    const practitioner = await createTestPractitioner(db(), ["ketenagakerjaan"]);
    const inArea = await createTestCase(db(), clock, org, { area: "ketenagakerjaan" });
    clock.advance(1000);
    const noArea = await createTestCase(db(), clock, org, { area: null });
    const otherArea = await createTestCase(db(), clock, org, { area: "kekayaan_intelektual" });
    const ids = (
      await listOpenCasesForPractitioner(
        { db: db() },
        {
          actor: await practitionerActorOf(db(), practitioner),
          request: pageRequestOf({}),
        },
      )
    ).data.map((c) => c.id);
    expect(ids.indexOf(noArea.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(inArea.id)).toBeGreaterThan(ids.indexOf(noArea.id));
    expect(ids).not.toContain(otherArea.id);
  });

  it("matches the area to a category whatever the letter case", async () => {
    const practitioner = await createTestPractitioner(db(), ["keluarga"]);
    const shouted = await createTestCase(db(), clock, org, { area: "Keluarga" });
    expect(
      (
        await listOpenCasesForPractitioner(
          { db: db() },
          {
            actor: await practitionerActorOf(db(), practitioner),
            request: pageRequestOf({}),
          },
        )
      ).data.map((c) => c.id),
    ).toContain(shouted.id);
  });

  it("hides cases that are no longer open", async () => {
    const practitioner = await createTestPractitioner(db(), ["properti"]);
    const selected = await createTestCase(db(), clock, org);
    const closed = await createTestCase(db(), clock, org);
    await select(selected.id, (await bid(db(), clock, practitioner, selected.id)).id);
    await closeCase({ db: db(), clock }, { actor: operator, caseId: closed.id });
    const ids = (
      await listOpenCasesForPractitioner(
        { db: db() },
        {
          actor: await practitionerActorOf(db(), await createTestPractitioner(db(), ["properti"])),
          request: pageRequestOf({}),
        },
      )
    ).data.map((c) => c.id);
    expect(ids).not.toContain(selected.id);
    expect(ids).not.toContain(closed.id);
  });

  it("masks the story's e-mail, phone and NIK and the contact data, keeping the name and amounts", async () => {
    const practitioner = await createTestPractitioner(db(), ["properti"]);
    const created = await createTestCase(db(), clock, org);
    const view = (
      await listOpenCasesForPractitioner(
        { db: db() },
        {
          actor: await practitionerActorOf(db(), practitioner),
          request: pageRequestOf({}),
        },
      )
    ).data.find((c) => c.id === created.id)!;
    expectNoContactData(view);
    expect(view.story).toContain("Rp 90.000.000");
    expect(view.story).toContain(`0${MASK.repeat(3)}-${MASK.repeat(4)}-${MASK.repeat(4)}`);
    expect(view.contact).toEqual({
      name: "Budi Santoso",
      email: `b${MASK.repeat(3)}@${MASK.repeat(3)}.id`,
      phone: `+62 ${MASK.repeat(3)}-${MASK.repeat(4)}-${MASK.repeat(4)}`,
    });
    expect(view.selected).toBe(false);
  });

  it("shows the practitioner only their own bid", async () => {
    const [mine, theirs] = [await createTestPractitioner(db(), ["properti"]), await createTestPractitioner(db(), ["properti"])];
    const created = await createTestCase(db(), clock, org);
    const myBid = await bid(db(), clock, mine, created.id);
    await bid(db(), clock, theirs, created.id);
    const view = (
      await listOpenCasesForPractitioner(
        { db: db() },
        {
          actor: await practitionerActorOf(db(), mine),
          request: pageRequestOf({}),
        },
      )
    ).data.find((c) => c.id === created.id)!;
    expect(view.myBid?.id).toBe(myBid.id);
  });

  it("pages the board newest first; a case selected since the last page still marks where that page ended", async () => {
    const practitioner = await createTestPractitioner(db(), ["pajak"]);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      made.push((await createTestCase(db(), clock, org, { area: "pajak" })).id);
    }
    const newestFirst = made.reverse();
    const first = await listOpenCasesForPractitioner(
      { db: db() },
      {
        actor: await practitionerActorOf(db(), practitioner),
        request: pageRequestOf({ limit: 2 }),
      },
    );
    const mine = first.data.map((c) => c.id).filter((id) => newestFirst.includes(id));
    expect(mine).toEqual(newestFirst.slice(0, 2));
    expect(first.hasMore).toBe(true);
    await select(newestFirst[1]!, (await bid(db(), clock, practitioner, newestFirst[1]!)).id);
    const next = await listOpenCasesForPractitioner(
      { db: db() },
      {
        actor: await practitionerActorOf(db(), practitioner),
        request: pageRequestOf({ limit: 2, starting_after: first.data[1]!.id }),
      },
    );
    expect(next.data.map((c) => c.id)).toContain(newestFirst[2]);
    expect(
      await code(
        listOpenCasesForPractitioner(
          { db: db() },
          {
            actor: await practitionerActorOf(db(), practitioner),
            request: pageRequestOf({ starting_after: "case_tidak_ada" }),
          },
        ),
      ),
    ).toBe("VALIDATION");
  });

  it("refuses an inactive practitioner with FORBIDDEN and an unknown one with NOT_FOUND", async () => {
    const practitioner = await createTestPractitioner(db(), ["properti"]);
    await db().practitioner.update({ where: { id: practitioner }, data: { active: false } });
    expect(
      await code(
        listOpenCasesForPractitioner(
          { db: db() },
          {
            actor: await practitionerActorOf(db(), practitioner),
            request: pageRequestOf({}),
          },
        ),
      ),
    ).toBe("FORBIDDEN");
    expect(
      await code(
        listOpenCasesForPractitioner(
          { db: db() },
          {
            // A session of a profile that is gone: the service itself answers NOT_FOUND.
            actor: practitionerActor("usr_tidak_ada", "prk_tidak_ada"),
            request: pageRequestOf({}),
          },
        ),
      ),
    ).toBe("NOT_FOUND");
  });
});

describe("submitBid", () => {
  it("stores a live bid with client_pays priced by caseBidPrice: 12.5 %, at least Rp 100.000", async () => {
    const created = await createTestCase(db(), clock, org);
    const big = await bid(db(), clock, await createTestPractitioner(db(), ["properti"]), created.id, 8_000_000);
    const small = await bid(db(), clock, await createTestPractitioner(db(), ["properti"]), created.id, 500_000);
    expect(big).toMatchObject({ status: "diajukan", priceIdr: 8_000_000n, clientPaysIdr: 9_000_000n, etaDays: 14 });
    expect(small).toMatchObject({ priceIdr: 500_000n, clientPaysIdr: 600_000n });
    expect(Number(big.clientPaysIdr)).toBe(caseBidPrice(8_000_000).clientPaysIdr);
  });

  it("allows one bid per practitioner per case, also after withdrawing it", async () => {
    const practitioner = await createTestPractitioner(db(), ["properti"]);
    const created = await createTestCase(db(), clock, org);
    const first = await bid(db(), clock, practitioner, created.id);
    expect(await code(bid(db(), clock, practitioner, created.id))).toBe("CONFLICT");
    await withdrawBid(
      { db: db(), clock },
      {
        actor: await practitionerActorOf(db(), practitioner),
        bidId: first.id,
      },
    );
    expect(await code(bid(db(), clock, practitioner, created.id))).toBe("CONFLICT");
  });

  it("accepts bids only on open cases", async () => {
    const created = await createTestCase(db(), clock, org);
    await select(created.id, (await bid(db(), clock, await createTestPractitioner(db(), ["properti"]), created.id)).id);
    await expect(bid(db(), clock, await createTestPractitioner(db(), ["properti"]), created.id)).rejects.toMatchObject({
      code: "INVALID_STATE",
      message: "The case is dipilih; you can bid only while it is terbuka.",
    });
  });

  it("does not find a case outside the practitioner's categories", async () => {
    const created = await createTestCase(db(), clock, org, { area: "perizinan" });
    expect(await code(bid(db(), clock, await createTestPractitioner(db(), ["properti"]), created.id))).toBe("NOT_FOUND");
  });

  it("refuses an inactive practitioner", async () => {
    const practitioner = await createTestPractitioner(db(), ["properti"]);
    await db().practitioner.update({ where: { id: practitioner }, data: { active: false } });
    expect(await code(bid(db(), clock, practitioner, (await createTestCase(db(), clock, org)).id))).toBe("FORBIDDEN");
  });

  it("refuses an invalid bid with VALIDATION and stores nothing", async () => {
    const practitioner = await createTestPractitioner(db(), ["properti"]);
    const created = await createTestCase(db(), clock, org);
    for (const input of [
      { scope: "Somasi", etaDays: 0, priceIdr: 1_000_000 },
      { scope: "Somasi", etaDays: 3, priceIdr: 0 },
      { scope: "Somasi", etaDays: 3, priceIdr: 1_500_000.5 },
      { scope: " ", etaDays: 3, priceIdr: 1_000_000 },
    ]) {
      expect(
        await code(
          submitBid(
            { db: db(), clock },
            {
              actor: await practitionerActorOf(db(), practitioner),
              caseId: created.id,
              input,
              noConflict: true,
            },
          ),
        ),
      ).toBe("VALIDATION");
    }
    expect(await db().bid.count({ where: { caseId: created.id } })).toBe(0);
  });
});

describe("withdrawBid", () => {
  it("withdraws the practitioner's own live bid", async () => {
    const practitioner = await createTestPractitioner(db(), ["properti"]);
    const created = await createTestCase(db(), clock, org);
    const live = await bid(db(), clock, practitioner, created.id);
    expect(
      (
        await withdrawBid(
          { db: db(), clock },
          {
            actor: await practitionerActorOf(db(), practitioner),
            bidId: live.id,
          },
        )
      ).status,
    ).toBe("ditarik");
    expect(
      await code(
        withdrawBid(
          { db: db(), clock },
          {
            actor: await practitionerActorOf(db(), practitioner),
            bidId: live.id,
          },
        ),
      ),
    ).toBe("INVALID_STATE");
  });

  it("does not find another practitioner's bid", async () => {
    const created = await createTestCase(db(), clock, org);
    const theirs = await bid(db(), clock, await createTestPractitioner(db(), ["properti"]), created.id);
    expect(
      await code(
        withdrawBid(
          { db: db(), clock },
          {
            actor: await practitionerActorOf(db(), await createTestPractitioner(db(), ["properti"])),
            bidId: theirs.id,
          },
        ),
      ),
    ).toBe("NOT_FOUND");
  });

  it("refuses once the case is no longer open, even for a bid that was not selected", async () => {
    const [winner, loser] = [await createTestPractitioner(db(), ["properti"]), await createTestPractitioner(db(), ["properti"])];
    const created = await createTestCase(db(), clock, org);
    const winning = await bid(db(), clock, winner, created.id);
    const losing = await bid(db(), clock, loser, created.id);
    await select(created.id, winning.id);
    await expect(
      withdrawBid(
        { db: db(), clock },
        {
          actor: await practitionerActorOf(db(), winner),
          bidId: winning.id,
        },
      ),
    ).rejects.toMatchObject({
      code: "INVALID_STATE",
      message: /The case is dipilih/,
    });
    expect(
      await code(
        withdrawBid(
          { db: db(), clock },
          {
            actor: await practitionerActorOf(db(), loser),
            bidId: losing.id,
          },
        ),
      ),
    ).toBe("INVALID_STATE");
  });
});

describe("getCaseForPractitioner", () => {
  it("shows the real contact data and story only to the selected practitioner, after selection", async () => {
    const [winner, loser] = [await createTestPractitioner(db(), ["properti"]), await createTestPractitioner(db(), ["properti"])];
    const created = await createTestCase(db(), clock, org);
    const winning = await bid(db(), clock, winner, created.id);
    await bid(db(), clock, loser, created.id);

    expectNoContactData(
      await getCaseForPractitioner(
        { db: db() },
        {
          actor: await practitionerActorOf(db(), winner),
          caseId: created.id,
        },
      ),
    );
    await select(created.id, winning.id);

    const revealed = await getCaseForPractitioner(
      { db: db() },
      {
        actor: await practitionerActorOf(db(), winner),
        caseId: created.id,
      },
    );
    expect(revealed).toMatchObject({
      status: "dipilih",
      selected: true,
      story: CASE_INPUT.story,
      contact: { name: "Budi Santoso", email: "budi.santoso@contoh.co.id", phone: "+62 812-3456-7890" },
    });
    const stillMasked = await getCaseForPractitioner(
      { db: db() },
      {
        actor: await practitionerActorOf(db(), loser),
        caseId: created.id,
      },
    );
    expect(stillMasked).toMatchObject({ status: "dipilih", selected: false, myBid: { status: "tidak_dipilih" } });
    expectNoContactData(stillMasked);
  });

  it("does not show a selected case to a practitioner who did not bid on it", async () => {
    const created = await createTestCase(db(), clock, org);
    const outsider = await createTestPractitioner(db(), ["properti"]);
    expect(
      (
        await getCaseForPractitioner(
          { db: db() },
          {
            actor: await practitionerActorOf(db(), outsider),
            caseId: created.id,
          },
        )
      ).status,
    ).toBe("terbuka");
    await select(created.id, (await bid(db(), clock, await createTestPractitioner(db(), ["properti"]), created.id)).id);
    expect(
      await code(
        getCaseForPractitioner(
          { db: db() },
          {
            actor: await practitionerActorOf(db(), outsider),
            caseId: created.id,
          },
        ),
      ),
    ).toBe("NOT_FOUND");
  });

  it("does not show an open case outside the practitioner's categories", async () => {
    const created = await createTestCase(db(), clock, org, { area: "perizinan" });
    expect(
      await code(
        getCaseForPractitioner(
          { db: db() },
          {
            actor: await practitionerActorOf(db(), await createTestPractitioner(db(), ["properti"])),
            caseId: created.id,
          },
        ),
      ),
    ).toBe("NOT_FOUND");
  });
});

describe("closeCase (operator)", () => {
  it("closes an open case and ends its live bids, leaving withdrawn ones withdrawn", async () => {
    const [a, b] = [await createTestPractitioner(db(), ["properti"]), await createTestPractitioner(db(), ["properti"])];
    const created = await createTestCase(db(), clock, org);
    const live = await bid(db(), clock, a, created.id);
    const withdrawn = await withdrawBid(
      { db: db(), clock },
      {
        actor: await practitionerActorOf(db(), b),
        bidId: (await bid(db(), clock, b, created.id)).id,
      },
    );
    const closed = await closeCase({ db: db(), clock }, { actor: operator, caseId: created.id });
    expect(closed.status).toBe("ditutup");
    expect(Object.fromEntries(closed.bids.map((x) => [x.id, x.status]))).toEqual({ [live.id]: "tidak_dipilih", [withdrawn.id]: "ditarik" });
    expect(await code(closeCase({ db: db(), clock }, { actor: operator, caseId: created.id }))).toBe("INVALID_STATE");
    expect(await db().auditLog.count({ where: { action: "case.close", subjectId: created.id } })).toBe(1);
  });

  it("cancels the unpaid invoice of a selected case, which then no longer counts against the key's month", async () => {
    const own = await createTestOrg(db());
    const created = await createTestCase(db(), clock, own);
    const key = await agentKey(db(), clock, own);
    const { invoice } = await selectBid(
      { db: db(), clock },
      {
        actor: agentActor(key),
        caseId: created.id,
        bidId: (await bid(db(), clock, await createTestPractitioner(db(), ["properti"]), created.id, 2_000_000)).id,
      },
    );
    expect(await spentThisMonth(db(), clock, own.apiKeyId)).toBe(2_250_000n);
    await closeCase({ db: db(), clock }, { actor: operator, caseId: created.id });
    expect((await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("dibatalkan");
    expect(await spentThisMonth(db(), clock, own.apiKeyId)).toBe(0n);
  });
});

describe("spentThisMonth with invoices", () => {
  it("counts an invoice in the Jakarta month it was created in, whenever its case was submitted", async () => {
    const own = await createTestOrg(db());
    const monthClock = fixedClock("2026-11-30T16:00:00Z"); // 23:00 WIB, 30 November
    const created = await createTestCase(db(), monthClock, own);
    const offer = await bid(db(), monthClock, await createTestPractitioner(db(), ["properti"]), created.id, 4_000_000);
    monthClock.set("2026-11-30T17:30:00Z"); // 00:30 WIB, 1 December
    await selectBid(
      { db: db(), clock: monthClock },
      {
        actor: agentActor(await agentKey(db(), monthClock, own)),
        caseId: created.id,
        bidId: offer.id,
      },
    );
    expect(await spentThisMonth(db(), monthClock, own.apiKeyId)).toBe(4_500_000n);
    expect(await spentThisMonth(db(), fixedClock("2027-01-01T00:00:00Z"), own.apiKeyId)).toBe(0n);
  });

  it("counts an invoice for the key that submitted the case, also when another key of the organisation selected the bid", async () => {
    const own = await createTestOrg(db());
    const other = await createApiKey({ db: db() }, { actor: SEED, input: { organizationId: own.id } });
    const created = await createTestCase(db(), clock, own);
    const offer = await bid(db(), clock, await createTestPractitioner(db(), ["properti"]), created.id);
    await selectBid(
      { db: db(), clock },
      {
        actor: agentActor(await authenticateApiKey({ db: db(), clock }, { authorization: `Bearer ${other.token}` })),
        caseId: created.id,
        bidId: offer.id,
      },
    );
    expect(await spentThisMonth(db(), clock, own.apiKeyId)).toBe(5_625_000n);
    expect(await spentThisMonth(db(), clock, other.id)).toBe(0n);
  });
});

describe.runIf(testDatabaseKind === "postgres")("races on PostgreSQL", () => {
  it("a selection and a withdrawal of the same bid at once: exactly one wins and the rows agree", async () => {
    for (let round = 0; round < 5; round++) {
      const practitioner = await createTestPractitioner(db(), ["properti"]);
      const created = await createTestCase(db(), clock, org);
      const live = await bid(db(), clock, practitioner, created.id);
      const key = await agentKey(db(), clock, org);
      const [selected, withdrawn] = await Promise.allSettled([
        selectBid(
          { db: db(), clock },
          {
            actor: agentActor(key),
            caseId: created.id,
            bidId: live.id,
          },
        ),
        withdrawBid(
          { db: db(), clock },
          {
            actor: await practitionerActorOf(db(), practitioner),
            bidId: live.id,
          },
        ),
      ]);
      expect([selected.status, withdrawn.status].sort()).toEqual(["fulfilled", "rejected"]);
      const after = await db().case.findUniqueOrThrow({ where: { id: created.id }, include: { bids: true, invoice: true } });
      if (selected.status === "fulfilled")
        expect([after.status, after.bids[0]!.status, after.invoice?.status]).toEqual(["dipilih", "dipilih", "belum_dibayar"]);
      else expect([after.status, after.bids[0]!.status, after.invoice]).toEqual(["terbuka", "ditarik", null]);
    }
  });

  it("bids submitted while a selection runs never stay live on a selected case", async () => {
    const created = await createTestCase(db(), clock, org);
    const first = await bid(db(), clock, await createTestPractitioner(db(), ["properti"]), created.id);
    const latecomers = await Promise.all(Array.from({ length: 6 }, () => createTestPractitioner(db(), ["properti"])));
    const key = await agentKey(db(), clock, org);
    await Promise.allSettled([
      selectBid(
        { db: db(), clock },
        {
          actor: agentActor(key),
          caseId: created.id,
          bidId: first.id,
        },
      ),
      ...latecomers.map((p) => bid(db(), clock, p, created.id)),
    ]);
    const bids = await db().bid.findMany({ where: { caseId: created.id } });
    expect(bids.filter((b) => b.status === "diajukan")).toEqual([]);
    expect(bids.filter((b) => b.status === "dipilih").map((b) => b.id)).toEqual([first.id]);
  });

  it("two submits of one practitioner at once store one bid", async () => {
    const practitioner = await createTestPractitioner(db(), ["properti"]);
    const created = await createTestCase(db(), clock, org);
    const results = await Promise.allSettled([bid(db(), clock, practitioner, created.id), bid(db(), clock, practitioner, created.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT" } });
    expect(await db().bid.count({ where: { caseId: created.id } })).toBe(1);
  });
});
