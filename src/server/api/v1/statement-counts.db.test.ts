import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/generated/prisma/client";
import { SWEEPER } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { DEFAULT_ORDER_RULES } from "@/server/domain/orders/order-rules";
import { practitionerActorOf } from "@/server/services/access";
import { acceptOffer, ensureOfferings } from "@/server/services/offers";
import { autoAcceptOrder, deliverResult, startWork } from "@/server/services/orders";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { createTestPractitioner, ndaOrder } from "@/test/orders";

/**
 * How many SQL statements the hot paths send to PostgreSQL, counted at the driver (every query on
 * every pooled connection, BEGIN and COMMIT included): an order placed, one read and the balance through /v1, an
 * offering batch, an acceptance through /v1 and one by the timer. Issue 30's figures are bounded by these round trips; a change
 * that adds one shows up here as a count, not as a slower bench. When a change moves a count on
 * purpose, update the figure in the same commit and say why.
 */

let database: TestDatabase;
let counted: { prisma: PrismaClient; pool: pg.Pool; statements: string[] };
let api: TestApi;
let org: TestOrg;
const clock = fixedClock("2026-11-26T03:00:00Z");

/** A Prisma client on the test database whose driver notes every statement it sends. */
function countingClient(url: string) {
  const statements: string[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      statements.push(typeof first === "string" ? first : String((first as { text?: string }).text));
      return query(...args);
    };
  });
  return { prisma: new PrismaClient({ adapter: new PrismaPg(pool) }), pool, statements };
}

/** The statements `work` sent, once the pool is warm and nothing else runs. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const from = counted.statements.length;
  await work();
  return counted.statements.slice(from);
}

const db = () => counted.prisma;
// One practitioner takes every offer here and answers none: the cap on live offers would stop the offering it counts.
const deps = () => ({ db: db(), clock, orderRules: { ...DEFAULT_ORDER_RULES, offerCap: 1_000 } });

async function post(path: string, json: unknown): Promise<{ id: string; status: string }> {
  const res = await api.call(path, { method: "POST", token: org.token, json });
  const body = (await res.json()) as { id: string; status: string };
  expect(res.status, JSON.stringify(body)).toBeLessThan(300);
  return body;
}

const placeOrder = () => post("/v1/orders", ndaOrder());

async function deliveredOrder(practitionerId: string): Promise<string> {
  const order = await placeOrder();
  await ensureOfferings(deps(), {
    actor: SWEEPER,
    orderIds: [order.id],
  });
  const offer = await db().offer.findFirstOrThrow({ where: { orderId: order.id, status: "aktif" } });
  await acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, practitionerId), offerId: offer.id });
  await startWork(deps(), { actor: await practitionerActorOf(deps().db, practitionerId), orderId: order.id });
  await deliverResult(deps(), {
    actor: await practitionerActorOf(deps().db, practitionerId),
    orderId: order.id,
    deliverable: "Hasil terlampir.",
  });
  return order.id;
}

describe.skipIf(testDatabaseKind !== "postgres")("SQL statements of the hot paths, on PostgreSQL", () => {
  let practitionerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error("a PostgreSQL test database has a url");
    await seededCatalog(database.prisma);
    counted = countingClient(database.url);
    api = await startTestApi(db(), clock);
    org = await createTestOrg(db(), { depositIdr: 500_000_000n });
    practitionerId = await createTestPractitioner(db(), ["kontrak"]);
    // Warm every cache (the key, the catalog) and the pool: the counts are of a steady state.
    await deliveredOrder(practitionerId).then((id) => post(`/v1/orders/${id}/accept`, {}));
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await counted?.prisma.$disconnect();
    await counted?.pool.end();
    await database?.destroy();
  });

  it("an order placed and paid through POST /v1/orders", async () => {
    const sent = await statementsOf(placeOrder);
    expect(sent.length, sent.join("\n")).toBe(ORDER_STATEMENTS);
  });

  it("an offering batch of ten paid orders", async () => {
    const orders: string[] = [];
    for (let i = 0; i < 10; i++) orders.push((await placeOrder()).id);
    const sent = await statementsOf(() =>
      ensureOfferings(deps(), {
        actor: SWEEPER,
        orderIds: orders,
      }),
    );
    expect(await db().offer.count({ where: { orderId: { in: orders }, status: "aktif" } })).toBe(10);
    expect(sent.length, sent.join("\n")).toBe(OFFERING_BATCH_STATEMENTS);
  });

  it("an order read through GET /v1/orders/{id}", async () => {
    const order = await placeOrder();
    const sent = await statementsOf(async () => expect((await api.call(`/v1/orders/${order.id}`, { token: org.token })).status).toBe(200));
    expect(sent.length, sent.join("\n")).toBe(ORDER_READ_STATEMENTS);
  });

  it("the balance read through GET /v1/balance", async () => {
    const sent = await statementsOf(async () => expect((await api.call("/v1/balance", { token: org.token })).status).toBe(200));
    expect(sent.length, sent.join("\n")).toBe(BALANCE_STATEMENTS);
  });

  it("an acceptance through POST /v1/orders/{id}/accept", async () => {
    const orderId = await deliveredOrder(practitionerId);
    const sent = await statementsOf(() => post(`/v1/orders/${orderId}/accept`, {}));
    expect(sent.length, sent.join("\n")).toBe(ACCEPTANCE_STATEMENTS);
  });

  it("an auto-acceptance by the timer", async () => {
    const orderId = await deliveredOrder(practitionerId);
    const due = (await db().order.findUniqueOrThrow({ where: { id: orderId } })).autoAcceptAt!;
    const sent = await statementsOf(() =>
      autoAcceptOrder(
        { db: db(), clock: fixedClock(due) },
        {
          actor: SWEEPER,
          orderId,
        },
      ),
    );
    expect((await db().order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("selesai");
    expect(sent.length, sent.join("\n")).toBe(AUTO_ACCEPTANCE_STATEMENTS);
  });
});

/** kuasa_place_order: the key's budget, the deposit, the order, its escrow and its event in one call. */
const ORDER_STATEMENTS = 1;
/**
 * The order with its messages, files, practitioner, review and costs (one statement, Prisma's
 * relation joins) and, side by side with it, its receipts (issue 41: no relation to join them by).
 */
const ORDER_READ_STATEMENTS = 2;
/** The deposit's cached balance and the key's spend of the month: one statement. */
const BALANCE_STATEMENTS = 1;
/**
 * BEGIN, the orders locked, their status (one UPDATE), their events (one call per batch), the live
 * offers, the offering's lock (so the cap on live offers holds), the eligible practitioners, their
 * records of parties (for conflicts of interest), each field's count of offers (the newcomers'
 * turn), the parties checked recorded on the orders, the count written back, the offers inserted,
 * the offers read for their e-mails, the e-mail, the practitioners' turn, COMMIT: the same for one
 * order or a thousand.
 */
const OFFERING_BATCH_STATEMENTS = 16;
/**
 * The order read, kuasa_change_order_status (its status, event and escrow's transfers in one
 * statement, which is its own transaction), the answer read and its receipts (issue 41): was 7
 * (BEGIN, the order read, its status, its event, its parts, the transfers, COMMIT).
 */
const ACCEPTANCE_STATEMENTS = 4;
/** The order read, and kuasa_change_order_status with its message and audit row besides. */
const AUTO_ACCEPTANCE_STATEMENTS = 2;
