import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentActor, operatorActor } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { practitionerActorOf } from "@/server/services/access";
import { accounts, balanceOf, platformRevenueTotal, spentThisMonth } from "@/server/services/money";
import { TEST_OPERATOR } from "@/test/actors";
import { agentKey } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import {
  createPaidOrder,
  createTestPractitioner,
  driveOrder,
  escrowMismatches,
  LEDGER_SOUND,
  ledgerInvariants,
  NDA_CLIENT_PRICE_IDR,
  NDA_PRICE_IDR,
} from "@/test/orders";
import { raceOnOrderRow } from "@/test/races";
import { getMyOrder, listMyOrders, openDispute, operatorOrderAction, releaseOrder } from ".";

let database: TestDatabase;
const clock = fixedClock("2026-11-26T03:00:00Z");
const deps = () => ({ db: database.prisma, clock });
const operator = operatorActor("usr_op");

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
});

afterAll(async () => {
  await database?.destroy();
});

/** A live order of `org` taken and worked by a practitioner of its own, then disputed by the agent. */
async function disputedOrder(org: TestOrg) {
  const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"]);
  const order = await createPaidOrder(database.prisma, clock, org);
  await driveOrder(database.prisma, order.id, practitionerId, "dikerjakan", clock.now());
  await openDispute(deps(), {
    actor: agentActor(await agentKey(database.prisma, clock, org)),
    orderId: order.id,
    reason: "Hasil tidak sesuai pesanan.",
  });
  return { order, practitionerId };
}

const deposit = (org: TestOrg) => balanceOf(database.prisma, accounts.orgDeposit(org.id, true));
const payable = (practitionerId: string) => balanceOf(database.prisma, accounts.practitionerPayable(practitionerId));

async function moneyIsSound() {
  expect(await ledgerInvariants(database.prisma)).toEqual(LEDGER_SOUND);
  expect(await escrowMismatches(database.prisma)).toEqual([]);
}

describe("a dispute settled with a split", () => {
  it("pays the practitioner their share, the platform its fee on it, returns the rest to the deposit and the budget, and writes the figures on the order", async () => {
    const org = await createTestOrg(database.prisma);
    const { order, practitionerId } = await disputedOrder(org);
    const [depositBefore, revenueBefore] = [
      await deposit(org),
      await platformRevenueTotal(deps(), {
        actor: TEST_OPERATOR,
        livemode: true,
      }),
    ];
    const share = BigInt(NDA_CLIENT_PRICE_IDR / 2);

    const settled = await operatorOrderAction(deps(), {
      actor: operator,
      input: {
        orderId: order.id,
        action: "settle_split",
        note: "Separuh pekerjaan sesuai pesanan.",
        practitionerShareIdr: share,
      },
    });
    expect(settled.status).toBe("selesai");
    const fee = (BigInt(NDA_PRICE_IDR - NDA_CLIENT_PRICE_IDR) * share) / BigInt(NDA_CLIENT_PRICE_IDR);
    const refund = BigInt(NDA_PRICE_IDR) - share - fee;
    expect(await payable(practitionerId)).toBe(share);
    expect(
      (await platformRevenueTotal(deps(), {
        actor: TEST_OPERATOR,
        livemode: true,
      })) - revenueBefore,
    ).toBe(fee);
    expect(await deposit(org)).toBe(depositBefore + refund);
    expect(await spentThisMonth(database.prisma, clock, org.apiKeyId)).toBe(BigInt(NDA_PRICE_IDR) - refund);
    expect(settled.messages.slice(-2).map((m) => [m.role, m.body])).toEqual([
      ["operator", "Separuh pekerjaan sesuai pesanan."],
      [
        "system",
        expect.stringMatching(
          /^Sengketa diputus dengan pembagian: Rp\s745\.000 untuk praktisi, Rp\s850\.000 dikembalikan ke deposit klien/,
        ),
      ],
    ]);
    const events = await database.prisma.webhookEvent.findMany({
      where: { orderId: order.id },
      orderBy: { seq: "asc" },
      select: { type: true },
    });
    expect(events.at(-1)?.type).toBe("order.selesai");
    expect(await database.prisma.auditLog.count({ where: { action: "order.settle_split", subjectId: order.id } })).toBe(1);
    // The practitioner's list and order page read the ledger's share, not the whole fee.
    const holder = await practitionerActorOf(database.prisma, practitionerId);
    const listed = await listMyOrders(deps(), { actor: holder, request: { limit: 10, cursor: null } });
    expect(listed.data.map((o) => [o.id, o.earningIdr])).toEqual([[order.id, Number(share)]]);
    expect((await getMyOrder(deps(), { actor: holder, orderId: order.id })).earningIdr).toBe(Number(share));
    await moneyIsSound();
  });

  it("refuses a share of nothing or of everything, a split without reasons, and an order not in dispute, changing nothing", async () => {
    const org = await createTestOrg(database.prisma);
    const { order } = await disputedOrder(org);
    const before = await deposit(org);
    const split = (practitionerShareIdr: bigint | undefined, note = "Alasan.") =>
      operatorOrderAction(deps(), { actor: operator, input: { orderId: order.id, action: "settle_split", note, practitionerShareIdr } });
    for (const share of [undefined, 0n, BigInt(NDA_CLIENT_PRICE_IDR), BigInt(NDA_PRICE_IDR)])
      await expect(split(share)).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(split(1_000n, " ")).rejects.toMatchObject({ code: "VALIDATION" });
    const working = await createPaidOrder(database.prisma, clock, org);
    await expect(
      operatorOrderAction(deps(), {
        actor: operator,
        input: { orderId: working.id, action: "settle_split", note: "Alasan.", practitionerShareIdr: 1_000n },
      }),
    ).rejects.toMatchObject({ code: "INVALID_STATE" });
    expect((await database.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("sengketa");
    expect(await deposit(org)).toBe(before - BigInt(NDA_PRICE_IDR));
    await moneyIsSound();
  });
});

describe.runIf(testDatabaseKind === "postgres")("a split under a race with the practitioner's release", () => {
  it("the dispute and the release: one wins; a split follows only a dispute, and the ledger stays exact", async () => {
    const org = await createTestOrg(database.prisma);
    const key = await agentKey(database.prisma, clock, org);
    for (let round = 0; round < 6; round++) {
      const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"]);
      const order = await createPaidOrder(database.prisma, clock, org);
      await driveOrder(database.prisma, order.id, practitionerId, "dikerjakan", clock.now());
      const holder = await practitionerActorOf(database.prisma, practitionerId);
      const [disputed, released] = await raceOnOrderRow(
        database.url!,
        order.id,
        () =>
          openDispute(deps(), {
            actor: agentActor(key),
            orderId: order.id,
            reason: "Tidak ada kabar.",
          }),
        () => releaseOrder(deps(), { actor: holder, orderId: order.id }),
      );
      expect([disputed.status, released.status].filter((s) => s === "fulfilled")).toHaveLength(1);
      const split = operatorOrderAction(deps(), {
        actor: operator,
        input: {
          orderId: order.id,
          action: "settle_split",
          note: "Dibagi dua.",
          practitionerShareIdr: 500_000n,
        },
      });
      if (disputed.status === "fulfilled") {
        expect((await split).status).toBe("selesai");
        expect(await payable(practitionerId)).toBe(500_000n);
      } else {
        await expect(split).rejects.toMatchObject({ code: "INVALID_STATE" });
        expect(await payable(practitionerId)).toBe(0n);
      }
      await moneyIsSound();
    }
  });
});
