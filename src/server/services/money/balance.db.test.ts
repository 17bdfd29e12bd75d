import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { agentActor } from "@/server/domain/access/actor";
import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import { fixedClock, jakartaMonthStart } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { adminOf, TEST_OPERATOR } from "@/test/actors";
import { agentKey, bid, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog } from "@/test/fixtures";
import { createTestPractitioner, LEDGER_SOUND, ledgerInvariants, NDA_PRICE_IDR, ndaOrder } from "@/test/orders";
import { authenticateApiKey } from "../access";
import { closeCase, payInvoice, selectBid } from "../cases";
import { cancelOrder, createOrder, decideApproval, operatorOrderAction } from "../orders";
import { STATUSES_NOT_SPENT, spentThisMonth } from "./balance";

let database: TestDatabase;
const db = () => database.prisma;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(db());
});

afterAll(async () => {
  await database?.destroy();
});

/**
 * The monthly spend as docs/decisions/order-placement.md and docs/cases.md define it, summed over the orders and
 * invoices themselves: the oracle the counter must always equal. The month is [start, next start).
 */
async function spentBySums(db: Db, apiKeyId: string, at: Date): Promise<bigint> {
  const since = jakartaMonthStart(at);
  const until = jakartaMonthStart(new Date(since.getTime() + 32 * 86_400_000));
  const notSpent = Prisma.join([...STATUSES_NOT_SPENT]);
  const window = (column: Prisma.Sql) =>
    Prisma.sql`${column} >= ${since.toISOString()}::timestamp AND ${column} < ${until.toISOString()}::timestamp`;
  const [row] = await db.$queryRaw<Array<{ spent: bigint }>>`
    SELECT (
      (SELECT COALESCE(SUM("priceIdr"), 0) FROM "Order"
        WHERE "apiKeyId" = ${apiKeyId} AND "caseId" IS NULL AND ${window(Prisma.sql`"createdAt"`)} AND "status"::text NOT IN (${notSpent}))
      + (SELECT COALESCE(SUM(i."totalIdr"), 0) FROM "Invoice" i JOIN "Case" c ON c."id" = i."caseId" LEFT JOIN "Order" o ON o."id" = i."orderId"
        WHERE c."apiKeyId" = ${apiKeyId} AND ${window(Prisma.sql`i."createdAt"`)} AND i."status"::text <> 'dibatalkan'
          AND (o."id" IS NULL OR o."status"::text NOT IN (${notSpent})))
    )::bigint AS "spent"`;
  return row!.spent;
}

/** A small seeded generator for the mix of steps (SPEND_SEED picks another mix). */
function seededRandom(seed: number) {
  // mulberry32
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}

describe("spentThisMonth", () => {
  it("counts from the start of the Asia/Jakarta month whatever the database session's time zone", async () => {
    const org = await createTestOrg(db());
    const key = await authenticateApiKey({ db: db(), clock: fixedClock("2026-11-15T05:00:00Z") }, { authorization: `Bearer ${org.token}` });
    // 23:59:59 WIB on 31 October (last month) and 00:00 WIB on 1 November (this month).
    for (const at of ["2026-10-31T16:59:59Z", "2026-10-31T17:00:00Z"]) {
      await createOrder(
        { db: db(), clock: fixedClock(at) },
        {
          actor: agentActor(key),
          input: ndaOrder(),
        },
      );
    }
    const midNovember = fixedClock("2026-11-15T05:00:00Z");
    for (const zone of ["+00:00", "+07:00", "-05:00"]) {
      const spent = await db().$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL TIME ZONE INTERVAL '${zone}' HOUR TO MINUTE`);
        return spentThisMonth(tx, midNovember, key.id);
      });
      expect([zone, spent]).toEqual([zone, BigInt(NDA_PRICE_IDR)]);
    }
  });
});

describe("the monthly spend counter", () => {
  // Two Jakarta months; steps in the second also cancel and refund what the first committed.
  const MONTHS = ["2026-11-20T03:00:00Z", "2026-12-02T03:00:00Z"];
  const clock = fixedClock(MONTHS[0]!);
  const deps = () => ({ db: db(), clock });
  const operator = TEST_OPERATOR;
  let keys: Array<{ key: AuthenticatedKey; org: { id: string; token: string; keyId: string; apiKeyId: string } }>;

  it("equals the sums over orders and invoices after every step of a random mix of orders, cancellations, refunds, rejections, case selections, invoice payments and closures", async () => {
    // Organisation 1: keys A (submits cases) and B (also selects A's bids); organisation 2 holds every order for approval.
    const first = await createTestOrg(db(), { depositIdr: 1_000_000_000n, monthlyBudgetIdr: 30_000_000n });
    const second = await createTestOrg(db(), { depositIdr: 1_000_000_000n, monthlyBudgetIdr: 12_000_000n, thresholdIdr: 1_000_000n });
    const extra = await addTestKey(db(), first.id);
    const b = { id: first.id, token: extra.token, keyId: extra.keyId, apiKeyId: extra.apiKeyId };
    keys = await Promise.all([first, b, second].map(async (org) => ({ org, key: await agentKey(db(), clock, org) })));
    const practitioners = [await createTestPractitioner(db(), ["properti"]), await createTestPractitioner(db(), ["properti"])];
    const random = seededRandom(Number(process.env.SPEND_SEED ?? 20261123));
    const pick = <T>(items: T[]): T | undefined => items[random(Math.max(items.length, 1))];
    const refusedOnly = (codes: string[]) => (err: unknown) => {
      if (!(err instanceof AppError && codes.includes(err.code))) throw err;
    };
    const ordersIn = (statuses: string[], where: Prisma.OrderWhereInput = {}) =>
      db().order.findMany({
        where: { status: { in: statuses as never }, organizationId: { in: [first.id, second.id] }, ...where },
        select: { id: true, apiKeyId: true, organizationId: true },
        orderBy: { id: "asc" },
      });
    const keyOf = (apiKeyId: string) => keys.find((k) => k.key.id === apiKeyId)!.key;

    const steps: Record<string, () => Promise<unknown>> = {
      order: () =>
        createOrder(deps(), {
          actor: agentActor(pick(keys)!.key),
          input: ndaOrder(),
        }).catch(refusedOnly(["BUDGET_EXCEEDED"])),
      cancel: async () => {
        const order = pick(await ordersIn(["dibayar", "menunggu_bayar"], { caseId: null }));
        if (order)
          await cancelOrder(deps(), {
            actor: agentActor(keyOf(order.apiKeyId)),
            orderId: order.id,
            reason: "Tidak jadi.",
          });
      },
      refund: async () => {
        const order = pick(await ordersIn(["dibayar"]));
        if (order)
          await operatorOrderAction(deps(), {
            actor: TEST_OPERATOR,
            input: { orderId: order.id, action: "refund" },
          });
      },
      decide: async () => {
        const order = pick(await ordersIn(["menunggu_bayar"]));
        if (order)
          await decideApproval(deps(), {
            actor: adminOf(order.organizationId),
            orderId: order.id,
            approve: random(2) === 0,
          });
      },
      select: async () => {
        const submitted = await createTestCase(db(), clock, first);
        const offer = await bid(db(), clock, pick(practitioners)!, submitted.id);
        await selectBid(
          { db: db(), clock },
          {
            actor: agentActor(pick(keys.slice(0, 2))!.key),
            caseId: submitted.id,
            bidId: offer.id,
          },
        ).catch(refusedOnly(["BUDGET_EXCEEDED"]));
      },
      pay: async () => {
        const invoice = pick(
          await db().invoice.findMany({ where: { status: "belum_dibayar", organizationId: first.id }, orderBy: { id: "asc" } }),
        );
        if (invoice) await payInvoice(deps(), { actor: adminOf(invoice.organizationId), invoiceId: invoice.id });
      },
      close: async () => {
        const invoice = pick(
          await db().invoice.findMany({ where: { status: "belum_dibayar", organizationId: first.id }, orderBy: { id: "asc" } }),
        );
        if (invoice) await closeCase({ db: db(), clock }, { actor: operator, caseId: invoice.caseId });
      },
      refundCaseWork: async () => {
        const order = pick(await ordersIn(["diambil"], { caseId: { not: null } }));
        if (!order) return;
        await operatorOrderAction(deps(), {
          actor: TEST_OPERATOR,
          input: { orderId: order.id, action: "dispute", note: "Klien mengajukan keberatan." },
        });
        await operatorOrderAction(deps(), {
          actor: TEST_OPERATOR,
          input: { orderId: order.id, action: "refund" },
        });
      },
    };
    // Weighted so that money keeps being committed while it is given back.
    const kinds = [
      "order",
      "order",
      "order",
      "order",
      "select",
      "select",
      "pay",
      "pay",
      "cancel",
      "refund",
      "decide",
      "close",
      "refundCaseWork",
    ];
    const reached = new Set<string>();
    for (let step = 0; step < 100; step++) {
      clock.set(MONTHS[step < 50 ? 0 : random(2)]!);
      const kind = kinds[random(kinds.length)]!;
      await steps[kind]!();
      for (const { key } of keys) {
        for (const month of MONTHS) {
          const at = fixedClock(month);
          expect([step, kind, key.id, month, await spentThisMonth(db(), at, key.id)]).toEqual([
            step,
            kind,
            key.id,
            month,
            await spentBySums(db(), key.id, at.now()),
          ]);
        }
      }
      for (const { status } of await db().order.groupBy({
        by: ["status"],
        where: { organizationId: { in: [first.id, second.id] } },
        _count: true,
      }))
        reached.add(`order ${status}`);
      for (const { status } of await db().invoice.groupBy({ by: ["status"], where: { organizationId: first.id }, _count: true }))
        reached.add(`invoice ${status}`);
    }
    // The mix went through every change the counter follows.
    expect([...reached]).toEqual(
      expect.arrayContaining([
        "order dibayar",
        "order menunggu_bayar",
        "order dibatalkan",
        "order direfund",
        "order diambil",
        "invoice dibayar",
        "invoice dibatalkan",
      ]),
    );
    expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
  });

  it("after the mix above, holds what the migration's backfill computes from the orders and invoices", async () => {
    const migration = readFileSync(
      path.resolve(import.meta.dirname, "../../../../prisma/migrations/20261123164250_order_money_path/migration.sql"),
      "utf8",
    );
    const backfill = /INSERT INTO "ApiKeySpend" \("apiKeyId", "month", "spentIdr"\)\s*(SELECT[\s\S]*?);/.exec(migration)?.[1];
    expect(backfill).toBeDefined();
    const computed = await db().$queryRawUnsafe<Array<{ apiKeyId: string; month: Date; spentIdr: bigint }>>(
      `SELECT "apiKeyId", "month", "spentIdr"::bigint FROM (${backfill}) AS "backfill"("apiKeyId", "month", "spentIdr")`,
    );
    const kept = await db().apiKeySpend.findMany({ where: { apiKeyId: { in: keys.map((k) => k.key.id) } } });
    const byKeyAndMonth = (rows: Array<{ apiKeyId: string; month: Date; spentIdr: bigint }>) =>
      Object.fromEntries(
        rows
          .filter((r) => r.spentIdr !== 0n && keys.some((k) => k.key.id === r.apiKeyId))
          .map((r) => [`${r.apiKeyId} ${r.month.toISOString()}`, r.spentIdr]),
      );
    expect(Object.keys(byKeyAndMonth(kept)).length).toBeGreaterThan(1);
    expect(byKeyAndMonth(computed)).toEqual(byKeyAndMonth(kept));
  });
});
