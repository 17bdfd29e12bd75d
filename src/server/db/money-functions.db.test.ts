import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "@/generated/prisma/client";
import { jakartaMonthStart } from "@/server/domain/clock";
import { newId } from "@/server/domain/ids";
import { accounts, transferSpec } from "@/server/services/money";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { changedTables, snapshotTables } from "@/test/table-snapshot";
import type { Db } from "./client";
import {
  type ChangeOrderStatusInput,
  changeOrderStatus,
  chargeKeySpend,
  claimIdempotencyKey,
  type IdempotencyKeyRow,
  type PlaceOrderInput,
  placeOrder,
  recordEvent,
  transfer,
  transfers,
  type WebhookEventRow,
} from "./money-functions";

/*
 * Each SQL function of the money path called directly through its wrapper: every refusal reason
 * it has, decoded, and nothing written by the refused call (every table hashed before and after).
 */

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.prisma;
  await seededCatalog(db);
});

afterAll(async () => {
  await database?.destroy();
});

const PRICE = 1_700_000n;
const now = () => new Date();
const month = () => jakartaMonthStart(now());

/** What `call` answered and the tables whose rows it changed. */
async function tablesWrittenBy<T>(call: () => Promise<T>): Promise<{ answer: T; written: string[] }> {
  const before = await snapshotTables(db);
  const answer = await call();
  return { answer, written: changedTables(before, await snapshotTables(db)) };
}

/** Runs `call` and expects it to leave every table as it was; answers what it answered. */
async function writesNothing<T>(call: () => Promise<T>): Promise<T> {
  const { answer, written } = await tablesWrittenBy(call);
  expect(written).toEqual([]);
  return answer;
}

function claimRow(org: TestOrg, key: string, at = now(), ttlMs = 86_400_000): IdempotencyKeyRow {
  return {
    id: newId("idempotencyKey"),
    organizationId: org.id,
    livemode: true,
    key,
    operation: "orders.create",
    requestHash: newId("order"),
    resourceId: newId("order"),
    createdAt: at,
    expiresAt: new Date(at.getTime() + ttlMs),
  };
}

function orderRow(org: TestOrg, overrides: Partial<Order> = {}): Order {
  const at = now();
  return {
    id: newId("order"),
    organizationId: org.id,
    apiKeyId: org.apiKeyId,
    serviceCode: "perjanjian_kerahasiaan",
    status: "dibayar",
    priceIdr: PRICE,
    clientPriceIdr: 1_490_000n,
    maxBudgetIdr: null,
    intake: {},
    callbackUrl: null,
    approvalRequired: false,
    livemode: true,
    practitionerId: null,
    deliverable: null,
    slaDueAt: null,
    slaBreachedAt: null,
    paidAt: at,
    offerRound: 1,
    offeringStalledAt: null,
    offeringStalledReason: null,
    offeringRefundAt: null,
    conflictParties: [],
    conflictCheckedAt: null,
    conflictConfirmedAt: null,
    autoAcceptAt: null,
    revisionCount: 0,
    caseId: null,
    metadata: {},
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

function eventRow(org: TestOrg, order: Order): WebhookEventRow {
  return {
    id: newId("event"),
    organizationId: org.id,
    livemode: true,
    apiKeyId: org.apiKeyId,
    orderId: order.id,
    caseId: null,
    type: "order.dibayar",
    payload: { event: "order.dibayar" },
    createdAt: now(),
  };
}

/** Everything kuasa_place_order needs to place `order` for the org, as createOrder passes it. */
function placing(org: TestOrg, order: Order, overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    claim: claimRow(org, `key-${order.id}`),
    order,
    thresholdSeenIdr: 3_000_000n,
    spendMonth: month(),
    monthlyBudgetIdr: 10_000_000n,
    payment: transferSpec({
      from: accounts.orgDeposit(org.id, true),
      to: accounts.orderEscrow(order),
      amountIdr: order.priceIdr,
      kind: "order_payment",
      reference: order.id,
    }),
    pay: order.status === "dibayar",
    event: order.status === "dibayar" ? { row: eventRow(org, order), deliveryId: newId("delivery") } : null,
    ...overrides,
  };
}

const newOrg = (options: Parameters<typeof createTestOrg>[1] = {}) =>
  createTestOrg(db, { depositIdr: 5_000_000n, thresholdIdr: 3_000_000n, monthlyBudgetIdr: 10_000_000n, ...options });

describe("kuasa_claim_idempotency_key (claimIdempotencyKey)", () => {
  it("claims a new key", async () => {
    const org = await newOrg();
    const claim = claimRow(org, "k-new");
    expect(await tablesWrittenBy(() => claimIdempotencyKey(db, claim))).toEqual({ answer: true, written: ["IdempotencyKey"] });
    expect(await db.idempotencyKey.findUnique({ where: { id: claim.id } })).toMatchObject({
      key: "k-new",
      requestHash: claim.requestHash,
      resourceId: claim.resourceId,
    });
  });

  it("refuses a key a live claim of another request holds: false, nothing written", async () => {
    const org = await newOrg();
    expect(await claimIdempotencyKey(db, claimRow(org, "k-held"))).toBe(true);
    expect(await writesNothing(() => claimIdempotencyKey(db, claimRow(org, "k-held")))).toBe(false);
  });

  it("takes over an expired key", async () => {
    const org = await newOrg();
    const old = claimRow(org, "k-expired", new Date(Date.now() - 2 * 86_400_000));
    expect(await claimIdempotencyKey(db, old)).toBe(true);
    const fresh = claimRow(org, "k-expired");
    expect(await claimIdempotencyKey(db, fresh)).toBe(true);
    expect((await db.idempotencyKey.findMany({ where: { organizationId: org.id, key: "k-expired" } })).map((k) => k.id)).toEqual([
      fresh.id,
    ]);
  });
});

describe("kuasa_charge_key_spend (chargeKeySpend)", () => {
  it("charges within the budget, answering the spend before", async () => {
    const org = await newOrg();
    const charge = { apiKeyId: org.apiKeyId, month: month(), amountIdr: 4_000_000n, budgetIdr: 10_000_000n };
    expect(await chargeKeySpend(db, charge)).toEqual({ charged: true, spentBeforeIdr: 0n });
    expect(await chargeKeySpend(db, charge)).toEqual({ charged: true, spentBeforeIdr: 4_000_000n });
  });

  it("refuses a charge past the budget: not charged, the spend before it, nothing written", async () => {
    const org = await newOrg();
    const charge = { apiKeyId: org.apiKeyId, month: month(), amountIdr: 4_000_000n, budgetIdr: 10_000_000n };
    await chargeKeySpend(db, charge);
    await chargeKeySpend(db, charge);
    expect(await writesNothing(() => chargeKeySpend(db, charge))).toEqual({ charged: false, spentBeforeIdr: 8_000_000n });
  });

  it("refuses a first charge past the budget without making the month's row", async () => {
    const org = await newOrg();
    const charge = { apiKeyId: org.apiKeyId, month: month(), amountIdr: 10_000_001n, budgetIdr: 10_000_000n };
    expect(await writesNothing(() => chargeKeySpend(db, charge))).toEqual({ charged: false, spentBeforeIdr: 0n });
    expect(await db.apiKeySpend.count({ where: { apiKeyId: org.apiKeyId } })).toBe(0);
  });
});

describe("kuasa_transfer (transfer) and kuasa_transfers (transfers)", () => {
  const payment = (org: TestOrg, amountIdr: bigint, order = orderRow(org)) =>
    transferSpec({
      from: accounts.orgDeposit(org.id, true),
      to: accounts.orderEscrow(order),
      amountIdr,
      kind: "order_payment",
      reference: order.id,
    });

  it("moves money from an account that holds enough", async () => {
    const org = await newOrg();
    expect(await transfer(db, payment(org, 2_000_000n))).toBe(true);
    expect((await db.ledgerAccount.findUnique({ where: { code: accounts.orgDeposit(org.id, true).code } }))?.balanceIdr).toBe(3_000_000n);
  });

  it("refuses a debit past the balance: false, nothing written", async () => {
    const org = await newOrg();
    expect(await writesNothing(() => transfer(db, payment(org, 5_000_001n)))).toBe(false);
  });

  it("refuses a debit of an account never credited (it does not exist yet): false, nothing written", async () => {
    const org = await newOrg({ depositIdr: 0n });
    expect(await writesNothing(() => transfer(db, payment(org, 1n)))).toBe(false);
    expect(await db.ledgerAccount.count({ where: { code: accounts.orgDeposit(org.id, true).code } })).toBe(0);
  });

  it("transfers: all moved, or refused naming the first that falls short", async () => {
    const org = await newOrg();
    expect(await transfers(db, [payment(org, 1_000_000n), payment(org, 1_000_000n)])).toEqual({ moved: true });
    // 3,000,000 left: the first fits, the second does not.
    const answer = await db.$transaction(async (tx) => {
      const before = await tx.ledgerTransfer.count();
      const refused = await transfers(tx, [payment(org, 2_000_000n), payment(org, 2_000_000n), payment(org, 1n)]);
      // The one before the refusal is written, the refused one and those after it are not: the caller rolls back.
      expect(await tx.ledgerTransfer.count()).toBe(before + 1);
      return refused;
    });
    expect(answer).toEqual({ refused: "INSUFFICIENT_FUNDS", index: 1 });
  });

  it("transfers refused inside the caller's transaction that then rolls back leave nothing written", async () => {
    const org = await newOrg();
    const answer = await writesNothing(() =>
      db
        .$transaction(async (tx) => {
          const refused = await transfers(tx, [payment(org, 2_000_000n), payment(org, 4_000_000n)]);
          throw Object.assign(new Error("rolled back"), { refused });
        })
        .catch((err: { refused: unknown }) => err.refused),
    );
    expect(answer).toEqual({ refused: "INSUFFICIENT_FUNDS", index: 1 });
  });
});

describe("kuasa_record_event (recordEvent): refuses nothing", () => {
  it("writes the event with a delivery to the URL given, else to the key's webhook URL, else none", async () => {
    const org = await newOrg();
    const hooked = await addTestKey(db, org.id, { webhookUrl: "https://agen.contoh.id/hook" });
    const order = orderRow(org);
    await db.order.create({ data: { ...order, intake: {}, metadata: {} } });
    const toUrl = eventRow(org, order);
    await recordEvent(db, toUrl, newId("delivery"), "https://agen.contoh.id/callback");
    const toKey = { ...eventRow(org, order), apiKeyId: hooked.apiKeyId };
    await recordEvent(db, toKey, newId("delivery"), null);
    const nowhere = eventRow(org, order);
    await recordEvent(db, nowhere, newId("delivery"), null);
    const deliveries = await db.webhookDelivery.findMany({
      where: { eventId: { in: [toUrl.id, toKey.id, nowhere.id] } },
      select: { eventId: true, url: true },
    });
    expect(deliveries.sort((a, b) => a.url.localeCompare(b.url))).toEqual([
      { eventId: toUrl.id, url: "https://agen.contoh.id/callback" },
      { eventId: toKey.id, url: "https://agen.contoh.id/hook" },
    ]);
    expect(await db.webhookEvent.findUnique({ where: { id: nowhere.id }, select: { type: true, payload: true } })).toEqual({
      type: "order.dibayar",
      payload: { event: "order.dibayar" },
    });
  });
});

describe("kuasa_place_order (placeOrder)", () => {
  it("places a paid order: the order, the key's spend, the payment into escrow, the event and the claimed key", async () => {
    const org = await newOrg();
    const order = orderRow(org);
    const input = placing(org, order);
    expect(await tablesWrittenBy(() => placeOrder(db, input))).toEqual({
      answer: { placed: true },
      // The organisation's key has no webhook URL and the order no callback: the event has no delivery.
      written: ["ApiKeySpend", "IdempotencyKey", "LedgerAccount", "LedgerEntry", "LedgerTransfer", "Order", "WebhookEvent"],
    });
    expect(await db.order.findUnique({ where: { id: order.id }, select: { status: true, priceIdr: true } })).toEqual({
      status: "dibayar",
      priceIdr: PRICE,
    });
    expect((await db.apiKeySpend.findFirst({ where: { apiKeyId: org.apiKeyId } }))?.spentIdr).toBe(PRICE);
    expect((await db.ledgerAccount.findUnique({ where: { code: accounts.orderEscrow(order).code } }))?.balanceIdr).toBe(PRICE);
    expect(await db.webhookEvent.count({ where: { orderId: order.id } })).toBe(1);
    expect(await db.idempotencyKey.count({ where: { id: input.claim!.id } })).toBe(1);
  });

  it("refuses when another request holds the Idempotency-Key: IDEMPOTENCY_KEY_TAKEN, nothing written", async () => {
    const org = await newOrg();
    expect(await claimIdempotencyKey(db, claimRow(org, "k-place"))).toBe(true);
    const input = placing(org, orderRow(org), { claim: claimRow(org, "k-place") });
    expect(await writesNothing(() => placeOrder(db, input))).toEqual({ refused: "IDEMPOTENCY_KEY_TAKEN" });
  });

  it("refuses when the organisation's approval threshold is another: APPROVAL_THRESHOLD_CHANGED with the current one, nothing written", async () => {
    const org = await newOrg({ thresholdIdr: 3_000_000n });
    const input = placing(org, orderRow(org), { thresholdSeenIdr: 5_000_000n });
    expect(await writesNothing(() => placeOrder(db, input))).toEqual({ refused: "APPROVAL_THRESHOLD_CHANGED", thresholdIdr: 3_000_000n });
    // Seen as none while there is one, and the other way round.
    expect(await writesNothing(() => placeOrder(db, { ...input, thresholdSeenIdr: null }))).toEqual({
      refused: "APPROVAL_THRESHOLD_CHANGED",
      thresholdIdr: 3_000_000n,
    });
    const noThreshold = await newOrg({ thresholdIdr: null });
    const none = placing(noThreshold, orderRow(noThreshold), { thresholdSeenIdr: 3_000_000n });
    expect(await writesNothing(() => placeOrder(db, none))).toEqual({ refused: "APPROVAL_THRESHOLD_CHANGED", thresholdIdr: null });
  });

  it("refuses an order past the key's monthly budget: BUDGET_EXCEEDED with the month's spend before it, nothing written", async () => {
    const org = await newOrg();
    await chargeKeySpend(db, { apiKeyId: org.apiKeyId, month: month(), amountIdr: 9_000_000n, budgetIdr: 10_000_000n });
    const input = placing(org, orderRow(org));
    expect(await writesNothing(() => placeOrder(db, input))).toEqual({ refused: "BUDGET_EXCEEDED", spentBeforeIdr: 9_000_000n });
  });

  it("refuses a paid order the deposit does not cover: INSUFFICIENT_DEPOSIT, nothing written", async () => {
    const org = await newOrg({ depositIdr: PRICE - 1n });
    const input = placing(org, orderRow(org));
    expect(input.pay).toBe(true);
    expect(await writesNothing(() => placeOrder(db, input))).toEqual({ refused: "INSUFFICIENT_DEPOSIT" });
  });

  it("refuses an order waiting for approval the deposit does not cover (checked, not debited): INSUFFICIENT_DEPOSIT, nothing written", async () => {
    const org = await newOrg({ depositIdr: 0n });
    const input = placing(org, orderRow(org, { status: "menunggu_bayar", approvalRequired: true, paidAt: null }));
    expect(input.pay).toBe(false);
    expect(await writesNothing(() => placeOrder(db, input))).toEqual({ refused: "INSUFFICIENT_DEPOSIT" });
  });
});

describe("kuasa_change_order_status (changeOrderStatus)", () => {
  /** A paid order of a new organisation, its escrow holding its price. */
  async function paidOrder(): Promise<{ org: TestOrg; order: Order }> {
    const org = await newOrg();
    const order = orderRow(org);
    expect(await placeOrder(db, placing(org, order))).toEqual({ placed: true });
    return { org, order };
  }

  /** The order's escrow released to the platform with a message, event and audit row, as an auto-acceptance passes them. */
  function releasing(org: TestOrg, order: Order, overrides: Partial<ChangeOrderStatusInput> = {}): ChangeOrderStatusInput {
    const at = new Date(order.updatedAt.getTime() + 1_000);
    const release = (amountIdr: bigint) =>
      transferSpec({
        from: accounts.orderEscrow(order),
        to: accounts.platformRevenue(true, order.id),
        amountIdr,
        kind: "escrow_release",
        reference: order.id,
      });
    return {
      claim: claimRow(org, `release-${order.id}`),
      read: order,
      columns: { status: "selesai", updatedAt: at, autoAcceptAt: null },
      message: {
        id: newId("message"),
        orderId: order.id,
        role: "system",
        body: "Diterima otomatis.",
        trigger: "auto_accept",
        createdAt: at,
      },
      event: { row: { ...eventRow(org, order), type: "order.selesai" }, deliveryId: newId("delivery") },
      audit: {
        id: newId("audit"),
        actorType: "system",
        actorId: null,
        action: "order.auto_accept",
        subjectType: "order",
        subjectId: order.id,
        data: { from: "dibayar", to: "selesai" },
        createdAt: at,
      },
      transfers: [release(order.priceIdr - 200_000n), release(200_000n)],
      ...overrides,
    };
  }

  it("changes the order's columns given and no other, then writes the message, the event, the audit row, the transfers and the claimed key", async () => {
    const { org, order } = await paidOrder();
    const input = releasing(org, order);
    expect(await tablesWrittenBy(() => changeOrderStatus(db, input))).toEqual({
      answer: { changed: true },
      written: ["AuditLog", "IdempotencyKey", "LedgerAccount", "LedgerEntry", "LedgerTransfer", "Order", "OrderMessage", "WebhookEvent"],
    });
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toEqual({ ...order, ...input.columns });
    expect((await db.ledgerAccount.findUnique({ where: { code: accounts.orderEscrow(order).code } }))?.balanceIdr).toBe(0n);
    expect(await db.orderMessage.findMany({ where: { orderId: order.id }, select: { id: true, role: true, trigger: true } })).toEqual([
      { id: input.message!.id, role: "system", trigger: "auto_accept" },
    ]);
    expect(await db.webhookEvent.count({ where: { orderId: order.id, type: "order.selesai" } })).toBe(1);
    expect(await db.auditLog.findUniqueOrThrow({ where: { id: input.audit!.id } })).toMatchObject({
      action: "order.auto_accept",
      data: { from: "dibayar", to: "selesai" },
    });
    expect(await db.idempotencyKey.count({ where: { id: input.claim!.id } })).toBe(1);
  });

  it("refuses when another request holds the Idempotency-Key: IDEMPOTENCY_KEY_TAKEN, nothing written", async () => {
    const { org, order } = await paidOrder();
    expect(await claimIdempotencyKey(db, claimRow(org, "k-release"))).toBe(true);
    const input = releasing(org, order, { claim: claimRow(org, "k-release") });
    expect(await writesNothing(() => changeOrderStatus(db, input))).toEqual({ refused: "IDEMPOTENCY_KEY_TAKEN" });
  });

  it("refuses an order whose status or updatedAt is not as read any more: ORDER_CHANGED, nothing written (its claim neither)", async () => {
    const { org, order } = await paidOrder();
    const otherStatus = releasing(org, order, { read: { ...order, status: "diserahkan" } });
    expect(await writesNothing(() => changeOrderStatus(db, otherStatus))).toEqual({ refused: "ORDER_CHANGED" });
    const writtenSince = releasing(org, order, { read: { ...order, updatedAt: new Date(order.updatedAt.getTime() - 1) } });
    expect(await writesNothing(() => changeOrderStatus(db, writtenSince))).toEqual({ refused: "ORDER_CHANGED" });
  });

  it("refuses transfers the escrow does not cover: INSUFFICIENT_FUNDS naming the first short one, nothing written", async () => {
    const { org, order } = await paidOrder();
    const input = releasing(org, order);
    const tooMuch = { ...input.transfers[1]!, amountIdr: 200_001n };
    expect(await writesNothing(() => changeOrderStatus(db, { ...input, transfers: [input.transfers[0]!, tooMuch] }))).toEqual({
      refused: "INSUFFICIENT_FUNDS",
      index: 1,
    });
  });
});
