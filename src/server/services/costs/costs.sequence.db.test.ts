import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActor, agentActor } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import type { CostStatus } from "@/server/domain/orders/cost-state";
import type { OrderStatus } from "@/server/domain/orders/order-state";
import { practitionerActorOf } from "@/server/services/access";
import { accounts, balanceOf } from "@/server/services/money";
import { deliverResult, releaseOrder, startWork } from "@/server/services/orders";
import { TEST_OPERATOR } from "@/test/actors";
import { agentKey } from "@/test/cases";
import { seededRng } from "@/test/chaos/rng";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { uploadTestFile } from "@/test/files";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, createTestPractitioner, driveOrder, escrowMismatches, LEDGER_SOUND, ledgerInvariants } from "@/test/orders";
import { acceptOrderResult, openDispute, operatorOrderAction } from "../orders";
import { cancelCostByOperator, decideCost, payCost, requestCost } from ".";

/**
 * Random sequences of everything that moves an order's or a cost's money, from a seed: orders
 * worked, costs asked for, approved (by the agent, above the threshold by the admin), refused, paid
 * with receipts, cancelled by the operator, orders delivered, accepted, released, disputed and
 * refunded. After every step the ledger is sound, every escrow holds its order's price (while
 * paid and open) plus its approved unpaid costs, and no deposit is below zero. Refusals the
 * rules allow (a step out of order, a budget or deposit too small) change nothing; any other
 * error fails the test.
 */

let database: TestDatabase;
/** What the sequences did, over every seed: "<step> ok" or "<step> <refusal code>". */
const tally: Record<string, number> = {};
const clock = fixedClock("2026-11-26T03:00:00Z");
const deps = () => ({ db: database.prisma, clock });
const ALLOWED_REFUSALS = new Set(["INVALID_STATE", "NOT_FOUND", "BUDGET_EXCEEDED", "INSUFFICIENT_DEPOSIT", "CONFLICT"]);

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
});

afterAll(async () => {
  await database?.destroy();
});

async function soundAfter(step: string) {
  expect(await ledgerInvariants(database.prisma), step).toEqual(LEDGER_SOUND);
  expect(await escrowMismatches(database.prisma), step).toEqual([]);
}

describe("costs and orders in random sequences", () => {
  it.each([20261126, 7, 424242])("keep the money exact after every step (seed %i)", async (seed) => {
    const rng = seededRng(seed);
    // A small deposit and a tight budget, so that 402s happen; a threshold, so that admins decide.
    const org: TestOrg = await createTestOrg(database.prisma, {
      depositIdr: 24_000_000n,
      monthlyBudgetIdr: 30_000_000n,
      thresholdIdr: 2_000_000n,
    });
    const key = await agentKey(database.prisma, clock, org);
    const admin = adminActor("usr_admin", org.id, true);
    const practitioners = [await createTestPractitioner(database.prisma), await createTestPractitioner(database.prisma)];
    const receipts = new Map<string, string>();
    for (const practitionerId of practitioners) {
      const file = await uploadTestFile(deps(), { organizationId: org.id, livemode: true }, "kuitansi.pdf", undefined, {
        kind: "practitioner",
        practitionerId,
      });
      receipts.set(practitionerId, file.id);
    }
    const orders: Array<{ id: string; practitionerId: string }> = [];

    const steps: Record<string, () => Promise<unknown>> = {
      order: async () => {
        const practitionerId = rng.pick(practitioners);
        const order = await createPaidOrder(database.prisma, clock, org);
        if (order.status === "dibayar") await driveOrder(database.prisma, order.id, practitionerId, "dikerjakan", clock.now());
        orders.push({ id: order.id, practitionerId });
      },
      ask: async () => {
        const order = await someOrder("diambil", "dikerjakan", "butuh_input_klien");
        await requestCost(deps(), {
          actor: await practitionerActorOf(database.prisma, order.practitionerId),
          orderId: order.id,
          input: {
            kind: "lainnya",
            feeCode: null,
            description: "Biaya resmi acak",
            amountIdr: BigInt(rng.pick([10_000, 150_000, 500_000, 2_500_000])),
            basis: "Uji urutan acak",
          },
        });
      },
      approve: async () => {
        const cost = await someCost("diajukan");
        await decideCost(deps(), {
          actor: agentActor(key),
          orderId: cost.orderId,
          costId: cost.id,
          decision: { approve: true },
        });
      },
      adminApprove: async () => {
        const cost = await someCost("diajukan", "menunggu_persetujuan");
        await decideCost(deps(), {
          actor: admin,
          orderId: cost.orderId,
          costId: cost.id,
          decision: { approve: true },
        });
      },
      reject: async () => {
        const cost = await someCost("diajukan", "menunggu_persetujuan");
        await decideCost(deps(), {
          actor: rng.next() < 0.5 ? agentActor(key) : admin,
          orderId: cost.orderId,
          costId: cost.id,
          decision: { approve: false, reason: "Tidak perlu." },
        });
      },
      pay: async () => {
        const cost = await someCost("disetujui");
        await payCost(deps(), {
          actor: await practitionerActorOf(database.prisma, cost.practitionerId),
          orderId: cost.orderId,
          costId: cost.id,
          receiptFileId: receipts.get(cost.practitionerId)!,
        });
      },
      operatorCancel: async () => {
        const cost = await someCost("disetujui");
        await cancelCostByOperator(deps(), {
          actor: TEST_OPERATOR,
          orderId: cost.orderId,
          costId: cost.id,
          reason: "Kuitansi tidak datang.",
        });
      },
      deliver: async () => {
        const order = rng.pick(orders);
        await deliverResult(deps(), {
          actor: await practitionerActorOf(deps().db, order.practitionerId),
          orderId: order.id,
          deliverable: "https://berkas.contoh.id/hasil.pdf",
        });
      },
      restart: async () => {
        const order = rng.pick(orders);
        await startWork(deps(), { actor: await practitionerActorOf(deps().db, order.practitionerId), orderId: order.id });
      },
      giveBack: async () => {
        const order = rng.pick(orders);
        await releaseOrder(deps(), { actor: await practitionerActorOf(deps().db, order.practitionerId), orderId: order.id });
      },
      accept: async () =>
        acceptOrderResult(deps(), {
          actor: agentActor(key),
          orderId: rng.pick(orders).id,
        }),
      dispute: async () =>
        openDispute(deps(), {
          actor: agentActor(key),
          orderId: rng.pick(orders).id,
          reason: "Tidak sesuai.",
        }),
      operator: async () =>
        operatorOrderAction(deps(), {
          actor: TEST_OPERATOR,
          input: {
            orderId: rng.pick(orders).id,
            action: rng.pick(["refund", "settle_for_practitioner", "cancel"] as const),
            note: "Keputusan uji.",
          },
        }),
    };
    /** Mostly an order in one of `likely`, sometimes any order. */
    const someOrder = async (...likely: OrderStatus[]) => {
      const fitting = await database.prisma.order.findMany({
        where: { id: { in: orders.map((o) => o.id) }, status: { in: likely } },
        select: { id: true },
        orderBy: { id: "asc" },
      });
      const id = fitting.length > 0 && rng.next() < 0.8 ? rng.pick(fitting).id : rng.pick(orders).id;
      return orders.find((o) => o.id === id)!;
    };

    /** Mostly a cost the step can act on, sometimes any cost, so that refusals are exercised too. */
    const someCost = async (...likely: CostStatus[]) => {
      const costs = await database.prisma.orderCost.findMany({
        where: { orderId: { in: orders.map((o) => o.id) } },
        orderBy: { id: "asc" },
      });
      const fitting = costs.filter((c) => likely.includes(c.status));
      const from = fitting.length > 0 && rng.next() < 0.8 ? fitting : costs;
      if (from.length === 0) throw new AppError("NOT_FOUND", "no cost yet");
      return rng.pick(from);
    };

    await steps.order!();
    const names = Object.keys(steps);
    for (let i = 0; i < 160; i++) {
      const name = i % 15 === 0 ? "order" : rng.pick(names);
      try {
        await steps[name]!();
        tally[`${name} ok`] = (tally[`${name} ok`] ?? 0) + 1;
      } catch (err) {
        if (!(err instanceof AppError) || !ALLOWED_REFUSALS.has(err.code)) throw err;
        tally[`${name} ${err.code}`] = (tally[`${name} ${err.code}`] ?? 0) + 1;
      }
      await soundAfter(`step ${i}: ${name}`);
    }
    expect(await balanceOf(database.prisma, accounts.orgDeposit(org.id, true))).toBeGreaterThanOrEqual(0n);
  });

  it("reached, across the seeds, every money move they are for, not only refusals", () => {
    for (const moved of ["ask ok", "approve ok", "adminApprove ok", "pay ok", "operatorCancel ok", "operator ok", "accept ok"])
      expect(tally[moved] ?? 0, `${moved}: ${JSON.stringify(tally)}`).toBeGreaterThan(0);
  });
});
