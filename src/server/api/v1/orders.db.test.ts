import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActor, operatorActor } from "@/server/domain/access/actor";
import { fixedClock, jakartaMonthStart } from "@/server/domain/clock";
import { accounts, balanceOf, platformRevenueTotal } from "@/server/services/money";
import { decideApproval, operatorOrderAction } from "@/server/services/orders";
import { setApprovalThreshold, topUpDeposit } from "@/server/services/organizations";
import { TEST_OPERATOR } from "@/test/actors";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg, seededCatalog } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import {
  createTestPractitioner,
  driveOrder,
  LEDGER_SOUND,
  ledgerInvariants,
  NDA_CLIENT_PRICE_IDR,
  NDA_PRICE_IDR,
  ndaOrder,
} from "@/test/orders";
import { raceBehindLock } from "@/test/races";

let database: TestDatabase;
let api: TestApi;
const clock = fixedClock("2026-11-23T03:00:00Z");
let practitionerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  api = await startTestApi(database.prisma, clock);
  practitionerId = await createTestPractitioner(database.prisma);
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

type OrderBody = { id: string; status: string; price_idr: number; messages: Array<{ role: string; body: string }>; [k: string]: unknown };

async function post(path: string, token: string, json: unknown, headers: Record<string, string> = {}) {
  const res = await api.call(path, { method: "POST", token, json, headers });
  return { res, body: (await res.json()) as OrderBody & { error?: { code: string; message: string } } };
}

const deposit = (orgId: string) => balanceOf(database.prisma, accounts.orgDeposit(orgId, true));
const escrow = (orderId: string, orgId: string) =>
  balanceOf(database.prisma, accounts.orderEscrow({ id: orderId, organizationId: orgId, livemode: true }));
const countOrders = (orgId: string) => database.prisma.order.count({ where: { organizationId: orgId } });

describe("POST /v1/orders", () => {
  it("creates a paid order: 201, dibayar, price into escrow, SLA set, order.dibayar in the outbox", async () => {
    const org = await createTestOrg(database.prisma, { depositIdr: 5_000_000n });
    const { res, body } = await post(
      "/v1/orders",
      org.token,
      ndaOrder({ max_budget: 2_000_000, callback_url: "https://agen.contoh.id/hook" }),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(body).toMatchObject({
      service: "perjanjian_kerahasiaan",
      status: "dibayar",
      price_idr: NDA_PRICE_IDR,
      max_budget: 2_000_000,
      callback_url: "https://agen.contoh.id/hook",
      deliverable: null,
      approval_required: false,
      messages: [],
      intake: ndaOrder().intake,
    });
    expect(body.id).toMatch(/^ord_/);
    // NDA has a 3-working-day SLA; paid Monday 10:00 WIB → Thursday 10:00 WIB.
    expect(body.sla_due_at).toBe("2026-11-26T03:00:00.000Z");
    expect(await deposit(org.id)).toBe(5_000_000n - BigInt(NDA_PRICE_IDR));
    expect(await escrow(body.id, org.id)).toBe(BigInt(NDA_PRICE_IDR));
    const events = await database.prisma.webhookEvent.findMany({ where: { orderId: body.id }, include: { deliveries: true } });
    expect(events.map((e) => e.type)).toEqual(["order.dibayar"]);
    expect(events[0]?.deliveries.map((d) => d.url)).toEqual(["https://agen.contoh.id/hook"]);
  });

  it("holds an order above the organisation's threshold in menunggu_bayar without paying or emitting an event", async () => {
    const org = await createTestOrg(database.prisma, { depositIdr: 5_000_000n, thresholdIdr: 1_000_000n });
    const { res, body } = await post("/v1/orders", org.token, ndaOrder());
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ status: "menunggu_bayar", approval_required: true, sla_due_at: null });
    expect(await deposit(org.id)).toBe(5_000_000n);
    expect(await database.prisma.webhookEvent.count({ where: { orderId: body.id } })).toBe(0);
  });

  it("applies an approval threshold set or lifted a moment ago, while the key (read with the old threshold) is still cached", async () => {
    const org = await createTestOrg(database.prisma, { depositIdr: 10_000_000n });
    const first = await post("/v1/orders", org.token, ndaOrder());
    await setApprovalThreshold({ db: database.prisma }, { actor: TEST_OPERATOR, organizationId: org.id, thresholdIdr: 1_000_000n });
    const held = await post("/v1/orders", org.token, ndaOrder());
    await setApprovalThreshold({ db: database.prisma }, { actor: TEST_OPERATOR, organizationId: org.id, thresholdIdr: null });
    const paid = await post("/v1/orders", org.token, ndaOrder());
    expect([first.body.status, held.body.status, paid.body.status]).toEqual(["dibayar", "menunggu_bayar", "dibayar"]);
    expect(await deposit(org.id)).toBe(10_000_000n - 2n * BigInt(NDA_PRICE_IDR));
  });

  describe("validation: 400 VALIDATION and nothing stored", () => {
    const cases: Array<[string, unknown]> = [
      ["an unknown service", ndaOrder({ service: "tidak_ada" })],
      ["a missing required intake field", ndaOrder({ intake: { ...ndaOrder().intake, para_pihak: undefined } })],
      ["an unknown intake field", ndaOrder({ intake: { ...ndaOrder().intake, rahasia: "x" } })],
      ["an intake value of the wrong type", ndaOrder({ intake: { ...ndaOrder().intake, email_kontak: "bukan-email" } })],
      ["a select value outside its options", ndaOrder({ intake: { ...ndaOrder().intake, sifat_nda: "Lainnya" } })],
      ["a non-string intake value", ndaOrder({ intake: { ...ndaOrder().intake, para_pihak: 12 } })],
      ["an intake that is not an object", ndaOrder({ intake: "teks" })],
      ["a missing intake", { service: "perjanjian_kerahasiaan" }],
      ["a zero max_budget", ndaOrder({ max_budget: 0 })],
      ["a fractional max_budget", ndaOrder({ max_budget: 1.5 })],
      ["a max_budget written as a string", ndaOrder({ max_budget: "2000000" })],
      ["a callback_url that is not http(s)", ndaOrder({ callback_url: "ftp://agen.contoh.id" })],
      ["an unknown top-level field", ndaOrder({ prioritas: "tinggi" })],
      ["an oversized intake value", ndaOrder({ intake: { ...ndaOrder().intake, para_pihak: "x".repeat(10_001) } })],
    ];
    it.each(cases)("refuses %s", async (_why, body) => {
      const org = await createTestOrg(database.prisma);
      const { res, body: answer } = await post("/v1/orders", org.token, body);
      expect(res.status).toBe(400);
      expect(answer.error?.code).toBe("VALIDATION");
      expect(await countOrders(org.id)).toBe(0);
      expect(await deposit(org.id)).toBe(20_000_000n);
    });
  });

  describe("budgets and deposit: 402, nothing stored", () => {
    it("refuses a price above max_budget with BUDGET_EXCEEDED", async () => {
      const org = await createTestOrg(database.prisma);
      const { res, body } = await post("/v1/orders", org.token, ndaOrder({ max_budget: NDA_PRICE_IDR - 1 }));
      expect([res.status, body.error?.code]).toEqual([402, "BUDGET_EXCEEDED"]);
      expect(body.error?.message).toContain("max_budget");
    });

    it("accepts a price exactly at max_budget", async () => {
      const org = await createTestOrg(database.prisma);
      expect((await post("/v1/orders", org.token, ndaOrder({ max_budget: NDA_PRICE_IDR }))).res.status).toBe(201);
    });

    it("refuses a price above the key's per-order maximum with BUDGET_EXCEEDED", async () => {
      const org = await createTestOrg(database.prisma, { maxOrderIdr: 1_000_000n });
      const { res, body } = await post("/v1/orders", org.token, ndaOrder());
      expect([res.status, body.error?.code]).toEqual([402, "BUDGET_EXCEEDED"]);
      expect(body.error?.message).toContain("per-order maximum");
    });

    it("refuses an order that would pass the key's monthly budget, counting earlier orders but not cancelled ones", async () => {
      const org = await createTestOrg(database.prisma, { monthlyBudgetIdr: 3_500_000n, thresholdIdr: 1_000_000n });
      const first = await post("/v1/orders", org.token, ndaOrder());
      const second = await post("/v1/orders", org.token, ndaOrder());
      expect([first.res.status, second.res.status]).toEqual([201, 201]);
      const third = await post("/v1/orders", org.token, ndaOrder());
      expect([third.res.status, third.body.error?.code]).toEqual([402, "BUDGET_EXCEEDED"]);
      expect(third.body.error?.message).toContain("monthly budget");
      await decideApproval(
        { db: database.prisma, clock },
        {
          actor: adminActor("usr_admin", org.id),
          orderId: first.body.id,
          approve: false,
        },
      );
      expect((await post("/v1/orders", org.token, ndaOrder())).res.status).toBe(201);
    });

    it("answers BUDGET_EXCEEDED, not INSUFFICIENT_DEPOSIT, when the monthly budget and the deposit both fall short", async () => {
      const org = await createTestOrg(database.prisma, { depositIdr: 1_000_000n, monthlyBudgetIdr: 1_000_000n });
      const { res, body } = await post("/v1/orders", org.token, ndaOrder());
      expect([res.status, body.error?.code]).toEqual([402, "BUDGET_EXCEEDED"]);
      expect(await countOrders(org.id)).toBe(0);
      expect(await deposit(org.id)).toBe(1_000_000n);
    });

    it("refuses an order the deposit cannot cover with 402 INSUFFICIENT_DEPOSIT", async () => {
      const org = await createTestOrg(database.prisma, { depositIdr: 1_000_000n });
      const { res, body } = await post("/v1/orders", org.token, ndaOrder());
      expect([res.status, body.error?.code]).toEqual([402, "INSUFFICIENT_DEPOSIT"]);
      expect(await countOrders(org.id)).toBe(0);
      expect(await deposit(org.id)).toBe(1_000_000n);
    });
  });
});

describe("Idempotency-Key on POST /v1/orders (the spec's table)", () => {
  it("new key: processed normally, 201", async () => {
    const org = await createTestOrg(database.prisma);
    const { res } = await post("/v1/orders", org.token, ndaOrder(), { "Idempotency-Key": "k-new" });
    expect(res.status).toBe(201);
  });

  it("same key and body (any property order) within 24 h: 200, Idempotent-Replayed, the same order in its current status", async () => {
    const org = await createTestOrg(database.prisma);
    const first = await post("/v1/orders", org.token, ndaOrder({ max_budget: 2_000_000 }), { "Idempotency-Key": "k-replay" });
    await driveOrder(database.prisma, first.body.id, practitionerId, "diambil", clock.now());
    const reordered = {
      max_budget: 2_000_000,
      intake: Object.fromEntries(Object.entries(ndaOrder().intake).reverse()),
      service: "perjanjian_kerahasiaan",
    };
    clock.advance(23 * 60 * 60 * 1000);
    try {
      const again = await post("/v1/orders", org.token, reordered, { "Idempotency-Key": "k-replay" });
      expect(again.res.status).toBe(200);
      expect(again.res.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body.id).toBe(first.body.id);
      expect(again.body.status).toBe("diambil");
      expect(await countOrders(org.id)).toBe(1);
      expect(await deposit(org.id)).toBe(20_000_000n - BigInt(NDA_PRICE_IDR));
    } finally {
      clock.advance(-23 * 60 * 60 * 1000);
    }
  });

  it("same key with a different body within 24 h: 422 IDEMPOTENCY_KEY_REUSED (callback_url and max_budget count)", async () => {
    const org = await createTestOrg(database.prisma);
    await post("/v1/orders", org.token, ndaOrder(), { "Idempotency-Key": "k-reused" });
    for (const changed of [
      ndaOrder({ max_budget: 5_000_000 }),
      ndaOrder({ callback_url: "https://a.id/h" }),
      ndaOrder({ max_budget: null }),
    ]) {
      const { res, body } = await post("/v1/orders", org.token, changed, { "Idempotency-Key": "k-reused" });
      expect([res.status, body.error?.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    }
    expect(await countOrders(org.id)).toBe(1);
  });

  it("first request rejected: nothing stored, a retry with the same key is evaluated again", async () => {
    const org = await createTestOrg(database.prisma, { depositIdr: 1_000_000n });
    const rejected = await post("/v1/orders", org.token, ndaOrder(), { "Idempotency-Key": "k-retry" });
    expect(rejected.res.status).toBe(402);
    expect(await database.prisma.idempotencyKey.count({ where: { organizationId: org.id } })).toBe(0);
    await topUpDeposit(
      { db: database.prisma },
      { actor: TEST_OPERATOR, organizationId: org.id, amountIdr: 5_000_000n, reference: "transfer BCA 123" },
    );
    const retried = await post("/v1/orders", org.token, ndaOrder(), { "Idempotency-Key": "k-retry" });
    expect(retried.res.status).toBe(201);
  });

  it("more than 24 hours later the key counts as new", async () => {
    const org = await createTestOrg(database.prisma);
    const first = await post("/v1/orders", org.token, ndaOrder(), { "Idempotency-Key": "k-old" });
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      const later = await post("/v1/orders", org.token, ndaOrder({ max_budget: 3_000_000 }), { "Idempotency-Key": "k-old" });
      expect(later.res.status).toBe(201);
      expect(later.body.id).not.toBe(first.body.id);
    } finally {
      clock.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });

  it("malformed key: 400 VALIDATION and nothing stored", async () => {
    const org = await createTestOrg(database.prisma);
    for (const key of ["has space", "x".repeat(256), 'a"b', "a\\b"]) {
      const { res, body } = await post("/v1/orders", org.token, ndaOrder(), { "Idempotency-Key": key });
      expect([res.status, body.error?.code]).toEqual([400, "VALIDATION"]);
    }
    expect(await countOrders(org.id)).toBe(0);
  });

  it("a key wrapped in double quotes is the same key", async () => {
    const org = await createTestOrg(database.prisma);
    const first = await post("/v1/orders", org.token, ndaOrder(), { "Idempotency-Key": '"k-quoted"' });
    const second = await post("/v1/orders", org.token, ndaOrder(), { "Idempotency-Key": "k-quoted" });
    expect([first.res.status, second.res.status]).toEqual([201, 200]);
    expect(second.body.id).toBe(first.body.id);
  });

  it("keys are scoped per organisation: two organisations may use the same key", async () => {
    const a = await createTestOrg(database.prisma);
    const b = await createTestOrg(database.prisma);
    const first = await post("/v1/orders", a.token, ndaOrder(), { "Idempotency-Key": "k-shared" });
    const second = await post("/v1/orders", b.token, ndaOrder(), { "Idempotency-Key": "k-shared" });
    expect([first.res.status, second.res.status]).toEqual([201, 201]);
    expect(second.body.id).not.toBe(first.body.id);
  });

  it("names one request across operations: the same key on a message after an order is 422", async () => {
    const org = await createTestOrg(database.prisma);
    const created = await post("/v1/orders", org.token, ndaOrder(), { "Idempotency-Key": "same" });
    const note = await post(`/v1/orders/${created.body.id}/messages`, org.token, { body: "Catatan satu" }, { "Idempotency-Key": "same" });
    expect([created.res.status, note.res.status, note.body.error?.code]).toEqual([201, 422, "IDEMPOTENCY_KEY_REUSED"]);
    const order = await api.call(`/v1/orders/${created.body.id}`, { token: org.token });
    expect(((await order.json()) as { messages: unknown[] }).messages).toEqual([]);
  });
});

describe.runIf(testDatabaseKind === "postgres")("concurrency on PostgreSQL", () => {
  it("50 concurrent identical requests with one key make one order and one escrow movement; all answer with it", async () => {
    const org = await createTestOrg(database.prisma);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post("/v1/orders", org.token, ndaOrder(), { "Idempotency-Key": "k-storm" })),
    );
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.res.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.res.status === 200 && a.res.headers.get("idempotent-replayed") === "true")).toHaveLength(49);
    expect(await countOrders(org.id)).toBe(1);
    const [orderId] = [...ids];
    expect(await database.prisma.ledgerTransfer.count({ where: { kind: "order_payment", reference: orderId } })).toBe(1);
    expect(await deposit(org.id)).toBe(20_000_000n - BigInt(NDA_PRICE_IDR));
  });

  it("two concurrent orders that together exceed the deposit: one 201, one 402, the deposit never negative", async () => {
    const org = await createTestOrg(database.prisma, { depositIdr: BigInt(NDA_PRICE_IDR) + 500_000n });
    const answers = await Promise.all([post("/v1/orders", org.token, ndaOrder()), post("/v1/orders", org.token, ndaOrder())]);
    expect(answers.map((a) => a.res.status).sort()).toEqual([201, 402]);
    expect(answers.find((a) => a.res.status === 402)?.body.error?.code).toBe("INSUFFICIENT_DEPOSIT");
    expect(await deposit(org.id)).toBe(500_000n);
  });

  it("8 concurrent orders of one key whose monthly budget fits exactly 3 make exactly 3 orders", async () => {
    const org = await createTestOrg(database.prisma, { monthlyBudgetIdr: BigInt(NDA_PRICE_IDR) * 3n });
    // The key's spend row for the month exists and is held locked, so all 8 queue on it before any decides.
    const month = jakartaMonthStart(clock.now());
    await database.prisma.apiKeySpend.create({ data: { apiKeyId: org.apiKeyId, month, spentIdr: 0n } });
    const settled = await raceBehindLock(
      database.url!,
      { sql: `SELECT 1 FROM "ApiKeySpend" WHERE "apiKeyId" = $1 AND "month" = $2 FOR UPDATE`, params: [org.apiKeyId, month.toISOString()] },
      Array.from({ length: 8 }, () => () => post("/v1/orders", org.token, ndaOrder())),
    );
    const answers = settled.map((result) => (result.status === "fulfilled" ? result.value : null));
    expect(answers.filter((a) => a?.res.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a?.body.error?.code === "BUDGET_EXCEEDED")).toHaveLength(5);
    expect(await countOrders(org.id)).toBe(3);
    expect(await deposit(org.id)).toBe(20_000_000n - 3n * BigInt(NDA_PRICE_IDR));
  });

  it("two concurrent accepts of one delivered order release the escrow once", async () => {
    const org = await createTestOrg(database.prisma);
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    await driveOrder(database.prisma, body.id, practitionerId, "diserahkan", clock.now());
    const answers = await Promise.all([
      post(`/v1/orders/${body.id}/accept`, org.token, undefined),
      post(`/v1/orders/${body.id}/accept`, org.token, undefined),
    ]);
    expect(answers.map((a) => a.res.status).sort()).toEqual([200, 409]);
    expect(await database.prisma.ledgerTransfer.count({ where: { kind: "escrow_release", reference: body.id } })).toBe(1);
  });
});

describe("GET /v1/orders/{id}", () => {
  it("returns the organisation's own order", async () => {
    const org = await createTestOrg(database.prisma);
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    const res = await api.call(`/v1/orders/${body.id}`, { token: org.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(body);
  });

  it("answers 404 for another organisation's order and for an unknown id", async () => {
    const owner = await createTestOrg(database.prisma);
    const stranger = await createTestOrg(database.prisma);
    const { body } = await post("/v1/orders", owner.token, ndaOrder());
    for (const path of [`/v1/orders/${body.id}`, "/v1/orders/ord_tidakada"]) {
      const res = await api.call(path, { token: stranger.token });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
  });

  it("needs the status:baca scope", async () => {
    const org = await createTestOrg(database.prisma, { scopes: ["order:buat"] });
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    expect((await api.call(`/v1/orders/${body.id}`, { token: org.token })).status).toBe(403);
  });
});

describe("POST /v1/orders/{id}/messages", () => {
  it("answers a butuh_input_klien question: the message is stored and work resumes (dikerjakan)", async () => {
    const org = await createTestOrg(database.prisma);
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    await driveOrder(database.prisma, body.id, practitionerId, "butuh_input_klien", clock.now());
    const reply = await post(`/v1/orders/${body.id}/messages`, org.token, { body: "Jl. Merdeka 1, Bandung" });
    expect(reply.res.status).toBe(200);
    expect(reply.body.status).toBe("dikerjakan");
    expect(reply.body.messages.map((m) => [m.role, m.body])).toEqual([
      ["practitioner", "Mohon kirim alamat lengkap PT Dua."],
      ["client", "Jl. Merdeka 1, Bandung"],
    ]);
    // Work started once, and resumed once with the answer.
    expect(await database.prisma.webhookEvent.count({ where: { orderId: body.id, type: "order.dikerjakan" } })).toBe(2);
  });

  it("only adds the message in other active statuses", async () => {
    const org = await createTestOrg(database.prisma);
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    const note = await post(`/v1/orders/${body.id}/messages`, org.token, { body: "Mohon gunakan bahasa formal." });
    expect(note.res.status).toBe(200);
    expect(note.body.status).toBe("dibayar");
    expect(note.body.messages).toHaveLength(1);
  });

  it("refuses messages on a finished order with 409 INVALID_STATE", async () => {
    const org = await createTestOrg(database.prisma);
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    await operatorOrderAction(
      { db: database.prisma, clock },
      { actor: operatorActor("usr_op"), input: { orderId: body.id, action: "refund" } },
    );
    const { res, body: error } = await post(`/v1/orders/${body.id}/messages`, org.token, { body: "Halo?" });
    expect([res.status, error.error?.code]).toEqual([409, "INVALID_STATE"]);
  });

  it("refuses an empty or missing body with 400 VALIDATION", async () => {
    const org = await createTestOrg(database.prisma);
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    for (const payload of [{ body: "   " }, {}, { body: "x", extra: 1 }]) {
      expect((await post(`/v1/orders/${body.id}/messages`, org.token, payload)).res.status).toBe(400);
    }
  });
});

describe("POST /v1/orders/{id}/accept", () => {
  it("accepts a delivered order: selesai, the practitioner gets the client price, the platform the rest", async () => {
    const org = await createTestOrg(database.prisma);
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    await driveOrder(database.prisma, body.id, practitionerId, "diserahkan", clock.now());
    const payableBefore = await balanceOf(database.prisma, accounts.practitionerPayable(practitionerId));
    const revenueBefore = await platformRevenueTotal(
      { db: database.prisma },
      {
        actor: TEST_OPERATOR,
        livemode: true,
      },
    );
    const res = await api.call(`/v1/orders/${body.id}/accept`, { method: "POST", token: org.token });
    expect(res.status).toBe(200);
    const accepted = (await res.json()) as OrderBody;
    expect(accepted.status).toBe("selesai");
    expect(accepted.deliverable).toBe("https://berkas.contoh.id/nda-final.pdf");
    expect(await escrow(body.id, org.id)).toBe(0n);
    expect((await balanceOf(database.prisma, accounts.practitionerPayable(practitionerId))) - payableBefore).toBe(
      BigInt(NDA_CLIENT_PRICE_IDR),
    );
    expect(
      (await platformRevenueTotal(
        { db: database.prisma },
        {
          actor: TEST_OPERATOR,
          livemode: true,
        },
      )) - revenueBefore,
    ).toBe(BigInt(NDA_PRICE_IDR - NDA_CLIENT_PRICE_IDR));
  });

  it("refuses an order that is not delivered with 409 INVALID_STATE naming its status", async () => {
    const org = await createTestOrg(database.prisma);
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    const res = await api.call(`/v1/orders/${body.id}/accept`, { method: "POST", token: org.token });
    expect(res.status).toBe(409);
    const error = ((await res.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("INVALID_STATE");
    expect(error.message).toContain("dibayar");
  });
});

describe("organisation approval", () => {
  it("approval pays from the deposit and emits order.dibayar", async () => {
    const org = await createTestOrg(database.prisma, { thresholdIdr: 1_000_000n });
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    const approved = await decideApproval(
      { db: database.prisma, clock },
      { actor: adminActor("usr_admin", org.id), orderId: body.id, approve: true },
    );
    expect(approved.status).toBe("dibayar");
    expect(approved.slaDueAt).not.toBeNull();
    expect(await escrow(body.id, org.id)).toBe(BigInt(NDA_PRICE_IDR));
    expect(await database.prisma.auditLog.count({ where: { subjectId: body.id, action: "order.approve" } })).toBe(1);
  });

  it("approval with a deposit that no longer covers the price fails clearly and the order stays", async () => {
    const org = await createTestOrg(database.prisma, { thresholdIdr: 1_000_000n, depositIdr: 2_000_000n });
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    await database.prisma.$transaction(async (tx) => {
      const { transfer } = await import("@/server/services/money");
      await transfer(tx, {
        from: accounts.orgDeposit(org.id, true),
        to: accounts.externalFunding(true),
        amountIdr: 1_000_000n,
        kind: "withdrawal",
      });
    });
    await expect(
      decideApproval({ db: database.prisma, clock }, { actor: adminActor("usr_admin", org.id), orderId: body.id, approve: true }),
    ).rejects.toMatchObject({
      code: "INSUFFICIENT_DEPOSIT",
    });
    expect((await database.prisma.order.findUniqueOrThrow({ where: { id: body.id } })).status).toBe("menunggu_bayar");
  });

  it("rejection cancels the order (dibatalkan) and emits order.dibatalkan", async () => {
    const org = await createTestOrg(database.prisma, { thresholdIdr: 1_000_000n });
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    const rejected = await decideApproval(
      { db: database.prisma, clock },
      { actor: adminActor("usr_admin", org.id), orderId: body.id, approve: false },
    );
    expect(rejected.status).toBe("dibatalkan");
    expect((await database.prisma.webhookEvent.findMany({ where: { orderId: body.id } })).map((e) => e.type)).toEqual(["order.dibatalkan"]);
  });

  it("another organisation's admin cannot decide: 404", async () => {
    const org = await createTestOrg(database.prisma, { thresholdIdr: 1_000_000n });
    const other = await createTestOrg(database.prisma);
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    await expect(
      decideApproval({ db: database.prisma, clock }, { actor: adminActor("usr_x", other.id), orderId: body.id, approve: true }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("operator actions", () => {
  it("cancel before payment, refund to the deposit, dispute and settle for the practitioner: each audited", async () => {
    const deps = { db: database.prisma, clock };
    const org = await createTestOrg(database.prisma, { thresholdIdr: 1_000_000n });
    const waiting = await post("/v1/orders", org.token, ndaOrder());
    expect(
      (
        await operatorOrderAction(deps, {
          actor: operatorActor("usr_op"),
          input: { orderId: waiting.body.id, action: "cancel" },
        })
      ).status,
    ).toBe("dibatalkan");

    await database.prisma.organization.update({ where: { id: org.id }, data: { approvalThresholdIdr: null } });
    const paid = await post("/v1/orders", org.token, ndaOrder());
    const before = await deposit(org.id);
    const refunded = await operatorOrderAction(deps, {
      actor: operatorActor("usr_op"),
      input: { orderId: paid.body.id, action: "refund", note: "Klien mengajukan keberatan." },
    });
    expect(refunded.status).toBe("direfund");
    expect(refunded.messages.map((m) => m.role)).toEqual(["operator"]);
    expect(await deposit(org.id)).toBe(before + BigInt(NDA_PRICE_IDR));
    expect(await escrow(paid.body.id, org.id)).toBe(0n);

    const delivered = await post("/v1/orders", org.token, ndaOrder());
    await driveOrder(database.prisma, delivered.body.id, practitionerId, "diserahkan", clock.now());
    await operatorOrderAction(deps, {
      actor: operatorActor("usr_op"),
      input: { orderId: delivered.body.id, action: "dispute", note: "Klien mengajukan keberatan." },
    });
    expect(
      (
        await operatorOrderAction(deps, {
          actor: operatorActor("usr_op"),
          input: { orderId: delivered.body.id, action: "settle_for_practitioner" },
        })
      ).status,
    ).toBe("selesai");

    const audited = await database.prisma.auditLog.findMany({
      where: { actorType: "operator", subjectType: "order" },
      select: { action: true },
    });
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(["order.cancel", "order.dispute", "order.refund", "order.settle_for_practitioner"]),
    );
  });

  it("refuses an illegal move with INVALID_STATE and changes nothing", async () => {
    const org = await createTestOrg(database.prisma);
    const { body } = await post("/v1/orders", org.token, ndaOrder());
    await expect(
      operatorOrderAction(
        { db: database.prisma, clock },
        { actor: operatorActor("usr_op"), input: { orderId: body.id, action: "settle_for_practitioner" } },
      ),
    ).rejects.toMatchObject({ code: "INVALID_STATE" });
    expect((await database.prisma.order.findUniqueOrThrow({ where: { id: body.id } })).status).toBe("dibayar");
  });
});

describe("ledger invariants after everything above", () => {
  it("every transfer sums to zero, cached balances equal their entries, and no balance but external funding is negative", async () => {
    expect(await ledgerInvariants(database.prisma)).toEqual(LEDGER_SOUND);
  });
});
