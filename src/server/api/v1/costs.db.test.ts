import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActor, agentActor, operatorActor } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import type { CostRequest } from "@/server/domain/orders/cost-state";
import { practitionerActorOf } from "@/server/services/access";
import { cancelCostByOperator, decideCost, payCost, requestCost } from "@/server/services/costs";
import { accounts, balanceOf } from "@/server/services/money";
import { changeContextOf, changeOrderStatus } from "@/server/services/order-engine";
import { TEST_OPERATOR } from "@/test/actors";
import { agentKey } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { SAMPLE_FILES, uploadTestFile } from "@/test/files";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import {
  createPaidOrder,
  createTestPractitioner,
  driveOrder,
  escrowMismatches,
  LEDGER_SOUND,
  ledgerInvariants,
  NDA_PRICE_IDR,
  ndaOrder,
} from "@/test/orders";
import { raceOnOrderRow } from "@/test/races";

let database: TestDatabase;
let api: TestApi;
const clock = fixedClock("2026-11-26T03:00:00Z");
const deps = () => ({ db: database.prisma, clock });

/** The NDA service lists one official fee for these tests: a legalisation at Rp 100.000 at most. */
const LISTED_FEE = {
  code: "legalisasi_notaris",
  kind: "notaris",
  description: "Legalisasi tanda tangan oleh notaris",
  amountIdr: 100_000,
  per: "per dokumen",
  basis: "Tarif kantor notaris yang disepakati",
} as const;

const OTHER_COST: CostRequest = {
  kind: "lainnya",
  feeCode: null,
  description: "Meterai elektronik",
  amountIdr: 10_000n,
  basis: "UU 10/2020 tentang Bea Meterai",
};

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  await database.prisma.service.update({ where: { code: "perjanjian_kerahasiaan" }, data: { thirdPartyFees: [LISTED_FEE] } });
  api = await startTestApi(database.prisma, clock);
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

async function post(path: string, token: string, json: unknown, headers: Record<string, string> = {}) {
  const res = await api.call(path, { method: "POST", token, json, headers });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown> & { error?: { code: string; message: string } },
  };
}

const get = async (path: string, token: string) => (await (await api.call(path, { token })).json()) as Record<string, unknown>;

/** An order of `org` being worked on by a practitioner of its own, and that practitioner. */
async function workedOrder(org: TestOrg, until: "dikerjakan" | "diserahkan" = "dikerjakan") {
  const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"]);
  const order = await createPaidOrder(database.prisma, clock, org);
  await driveOrder(database.prisma, order.id, practitionerId, until, clock.now());
  return { order, practitionerId, by: await practitionerActorOf(database.prisma, practitionerId) };
}

const deposit = (org: TestOrg) => balanceOf(database.prisma, accounts.orgDeposit(org.id, true));
const escrow = (order: { id: string; organizationId: string }) =>
  balanceOf(database.prisma, accounts.orderEscrow({ ...order, livemode: true }));

async function moneyIsSound() {
  expect(await ledgerInvariants(database.prisma)).toEqual(LEDGER_SOUND);
  expect(await escrowMismatches(database.prisma)).toEqual([]);
}

/** The operator refunds a disputed order, as the console's decision does. */
const refundByOperator = (orderId: string) =>
  database.prisma.$transaction(async (tx) => {
    const row = await tx.order.findUniqueOrThrow({ where: { id: orderId } });
    return changeOrderStatus(tx, changeContextOf(deps()), row, "refund", operatorActor("usr_op"));
  });

const eventTypes = async (orderId: string) =>
  (await database.prisma.webhookEvent.findMany({ where: { orderId }, orderBy: { seq: "asc" }, select: { type: true } })).map((e) => e.type);

describe("a cost from request to receipt", () => {
  it("is asked for by the practitioner, approved by the agent into escrow, paid with its receipt and reimbursed; the order shows it and each step has its event", async () => {
    const org = await createTestOrg(database.prisma);
    const { order, practitionerId, by } = await workedOrder(org);
    const before = await deposit(org);
    const asked = await requestCost(deps(), {
      actor: by,
      orderId: order.id,
      input: {
        kind: "notaris",
        feeCode: LISTED_FEE.code,
        description: "Legalisasi NDA",
        amountIdr: 80_000n,
        basis: "",
      },
    });
    expect([asked.status, asked.kind, asked.basis]).toEqual(["diajukan", "notaris", LISTED_FEE.basis]);

    const approved = await post(`/v1/orders/${order.id}/costs/${asked.id}/approve`, org.token, {}, { "Idempotency-Key": "biaya-1" });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      id: asked.id,
      status: "disetujui",
      amount_idr: 80_000,
      fee_code: LISTED_FEE.code,
      receipt: null,
      paid_at: null,
    });
    expect(await deposit(org)).toBe(before - 80_000n);
    expect(await escrow(order)).toBe(BigInt(NDA_PRICE_IDR) + 80_000n);
    await moneyIsSound();

    const replay = await post(`/v1/orders/${order.id}/costs/${asked.id}/approve`, org.token, {}, { "Idempotency-Key": "biaya-1" });
    expect([replay.status, replay.headers.get("idempotent-replayed"), replay.body]).toEqual([200, "true", approved.body]);
    const again = await post(`/v1/orders/${order.id}/costs/${asked.id}/approve`, org.token, {});
    expect([again.status, again.body.error?.code]).toEqual([409, "INVALID_STATE"]);
    expect(await deposit(org)).toBe(before - 80_000n);

    const receipt = await uploadTestFile(deps(), { organizationId: org.id, livemode: true }, "kuitansi.pdf", undefined, {
      kind: "practitioner",
      practitionerId,
    });
    const paid = await payCost(deps(), {
      actor: by,
      orderId: order.id,
      costId: asked.id,
      receiptFileId: receipt.id,
    });
    expect([paid.status, paid.receiptFileId]).toEqual(["dilunasi", receipt.id]);
    expect(await balanceOf(database.prisma, accounts.practitionerPayable(practitionerId))).toBe(80_000n);
    expect(await escrow(order)).toBe(BigInt(NDA_PRICE_IDR));
    await moneyIsSound();

    // The practitioner was told to go and pay once the cost was approved.
    const practitioner = await database.prisma.practitioner.findUniqueOrThrow({ where: { id: practitionerId }, include: { user: true } });
    const told = await database.prisma.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `cost:${asked.id}:disetujui` } });
    expect([told.toAddress, told.subject]).toEqual([practitioner.user.email, `Biaya resmi disetujui: Legalisasi NDA (${order.id})`]);
    expect(told.text).toContain("unggah kuitansi resminya");

    const shown = (await get(`/v1/orders/${order.id}`, org.token)) as { costs: Array<Record<string, unknown>> };
    expect(shown.costs).toHaveLength(1);
    expect(shown.costs[0]).toMatchObject({ id: asked.id, status: "dilunasi", receipt: { id: receipt.id, filename: "kuitansi.pdf" } });
    expect((await eventTypes(order.id)).filter((type) => type.startsWith("cost."))).toEqual([
      "cost.diajukan",
      "cost.disetujui",
      "cost.dilunasi",
    ]);
    const event = await database.prisma.webhookEvent.findFirstOrThrow({ where: { orderId: order.id, type: "cost.dilunasi" } });
    expect(event.payload).toMatchObject({ order: { id: order.id, status: "dikerjakan" }, cost: { id: asked.id, status: "dilunasi" } });
  });

  it("is refused with the reason the practitioner reads, moving no money", async () => {
    const org = await createTestOrg(database.prisma);
    const { order, by } = await workedOrder(org);
    const asked = await requestCost(deps(), {
      actor: by,
      orderId: order.id,
      input: OTHER_COST,
    });
    const before = await deposit(org);
    const empty = await post(`/v1/orders/${order.id}/costs/${asked.id}/reject`, org.token, { reason: "  " });
    expect([empty.status, empty.body.error?.code]).toEqual([400, "VALIDATION"]);
    const refused = await post(`/v1/orders/${order.id}/costs/${asked.id}/reject`, org.token, { reason: "Meterai sudah kami sediakan." });
    expect([refused.status, refused.body.status, refused.body.reason]).toEqual([200, "ditolak", "Meterai sudah kami sediakan."]);
    const late = await post(`/v1/orders/${order.id}/costs/${asked.id}/approve`, org.token, {});
    expect([late.status, late.body.error?.code]).toEqual([409, "INVALID_STATE"]);
    expect(await deposit(org)).toBe(before);
    expect(await database.prisma.apiKeySpend.aggregate({ where: { apiKeyId: org.apiKeyId }, _sum: { spentIdr: true } })).toEqual({
      _sum: { spentIdr: BigInt(NDA_PRICE_IDR) },
    });
  });
});

describe("what a practitioner may ask for", () => {
  it("refuses a listed fee above its official amount, an unknown fee code, another cost without its basis, and an order not theirs or not being worked on", async () => {
    const org = await createTestOrg(database.prisma);
    const { order, by } = await workedOrder(org);
    const listed = { kind: "notaris", feeCode: LISTED_FEE.code, description: "Legalisasi", basis: "" } as const;
    await expect(
      requestCost(deps(), {
        actor: by,
        orderId: order.id,
        input: { ...listed, amountIdr: 100_001n },
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await expect(
      requestCost(deps(), {
        actor: by,
        orderId: order.id,
        input: { ...listed, feeCode: "pnbp_rekaan", amountIdr: 1n },
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await expect(
      requestCost(deps(), {
        actor: by,
        orderId: order.id,
        input: { ...OTHER_COST, basis: " " },
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
    });
    const stranger = await practitionerActorOf(database.prisma, await createTestPractitioner(database.prisma));
    await expect(
      requestCost(deps(), {
        actor: stranger,
        orderId: order.id,
        input: OTHER_COST,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const delivered = await workedOrder(org, "diserahkan");
    await expect(
      requestCost(deps(), {
        actor: delivered.by,
        orderId: delivered.order.id,
        input: OTHER_COST,
      }),
    ).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
    expect(await database.prisma.orderCost.count({ where: { orderId: { in: [order.id, delivered.order.id] } } })).toBe(0);
    const atCeiling = await requestCost(deps(), {
      actor: by,
      orderId: order.id,
      input: { ...listed, amountIdr: 100_000n },
    });
    expect(atCeiling.amountIdr).toBe(100_000n);
  });
});

describe("approval takes an order's checks", () => {
  it("waits for an admin above the organisation's threshold, counting against the budget at once; the admin's approval moves the money", async () => {
    const org = await createTestOrg(database.prisma, { thresholdIdr: 5_000_000n });
    const { order, by } = await workedOrder(org);
    const big = await requestCost(deps(), {
      actor: by,
      orderId: order.id,
      input: { ...OTHER_COST, amountIdr: 6_000_000n },
    });
    const before = await deposit(org);
    const held = await post(`/v1/orders/${order.id}/costs/${big.id}/approve`, org.token, {});
    expect(held.body.status).toBe("menunggu_persetujuan");
    expect(await deposit(org)).toBe(before);
    const balance = ((await get("/v1/balance", org.token)) as { key: { spent_this_month: number } }).key;
    expect(balance.spent_this_month).toBe(NDA_PRICE_IDR + 6_000_000);
    const agentAgain = await post(`/v1/orders/${order.id}/costs/${big.id}/approve`, org.token, {});
    expect([agentAgain.status, agentAgain.body.error?.code]).toEqual([409, "INVALID_STATE"]);
    const admin = adminActor("usr_admin", org.id, true);
    const decided = await decideCost(deps(), {
      actor: admin,
      orderId: order.id,
      costId: big.id,
      decision: { approve: true },
    });
    expect(decided.status).toBe("disetujui");
    expect(await deposit(org)).toBe(before - 6_000_000n);
    await moneyIsSound();
  });

  it("gives the budget back when the admin refuses a cost waiting for approval", async () => {
    const org = await createTestOrg(database.prisma, { thresholdIdr: 5_000_000n });
    const { order, by } = await workedOrder(org);
    const asked = await requestCost(deps(), {
      actor: by,
      orderId: order.id,
      input: { ...OTHER_COST, amountIdr: 6_000_000n },
    });
    await post(`/v1/orders/${order.id}/costs/${asked.id}/approve`, org.token, {});
    const admin = adminActor("usr_admin", org.id, true);
    const refused = await decideCost(deps(), {
      actor: admin,
      orderId: order.id,
      costId: asked.id,
      decision: { approve: false, reason: "Tidak perlu meterai." },
    });
    expect(refused.status).toBe("ditolak");
    expect(((await get("/v1/balance", org.token)) as { key: { spent_this_month: number } }).key.spent_this_month).toBe(NDA_PRICE_IDR);
  });

  it("refuses a cost beyond the monthly budget (402 BUDGET_EXCEEDED) or the deposit (402 INSUFFICIENT_DEPOSIT), and nothing moves", async () => {
    const org = await createTestOrg(database.prisma, { monthlyBudgetIdr: BigInt(NDA_PRICE_IDR) + 50_000n });
    const { order, by } = await workedOrder(org);
    const overBudget = await requestCost(deps(), {
      actor: by,
      orderId: order.id,
      input: { ...OTHER_COST, amountIdr: 60_000n },
    });
    const before = await deposit(org);
    const refused = await post(`/v1/orders/${order.id}/costs/${overBudget.id}/approve`, org.token, {});
    expect([refused.status, refused.body.error?.code]).toEqual([402, "BUDGET_EXCEEDED"]);

    const poor = await createTestOrg(database.prisma, { depositIdr: BigInt(NDA_PRICE_IDR) + 5_000n });
    const worked = await workedOrder(poor);
    const tooMuch = await requestCost(deps(), {
      actor: worked.by,
      orderId: worked.order.id,
      input: OTHER_COST,
    });
    const short = await post(`/v1/orders/${worked.order.id}/costs/${tooMuch.id}/approve`, poor.token, {});
    expect([short.status, short.body.error?.code]).toEqual([402, "INSUFFICIENT_DEPOSIT"]);

    expect(await deposit(org)).toBe(before);
    expect(await deposit(poor)).toBe(5_000n);
    for (const [cost, key] of [
      [overBudget.id, org.apiKeyId],
      [tooMuch.id, poor.apiKeyId],
    ] as const) {
      expect((await database.prisma.orderCost.findUniqueOrThrow({ where: { id: cost } })).status).toBe("diajukan");
      expect((await database.prisma.apiKeySpend.aggregate({ where: { apiKeyId: key }, _sum: { spentIdr: true } }))._sum.spentIdr).toBe(
        BigInt(NDA_PRICE_IDR),
      );
    }
    await moneyIsSound();
  });

  it("answers 404 for another organisation's order or cost, and 400 for a reason too long", async () => {
    const org = await createTestOrg(database.prisma);
    const other = await createTestOrg(database.prisma);
    const { order, by } = await workedOrder(org);
    const asked = await requestCost(deps(), {
      actor: by,
      orderId: order.id,
      input: OTHER_COST,
    });
    const foreign = await post(`/v1/orders/${order.id}/costs/${asked.id}/approve`, other.token, {});
    expect([foreign.status, foreign.body.error?.code]).toEqual([404, "NOT_FOUND"]);
    const wrongCost = await post(`/v1/orders/${order.id}/costs/cost_bukan/approve`, org.token, {});
    expect([wrongCost.status, wrongCost.body.error?.code]).toEqual([404, "NOT_FOUND"]);
    const long = await post(`/v1/orders/${order.id}/costs/${asked.id}/reject`, org.token, { reason: "x".repeat(1_001) });
    expect([long.status, long.body.error?.code]).toEqual([400, "VALIDATION"]);
    expect((await database.prisma.orderCost.findUniqueOrThrow({ where: { id: asked.id } })).status).toBe("diajukan");
  });
});

describe("when the order ends", () => {
  it("a cancelled or refunded order cancels its open costs and refunds the approved one; a paid cost stays paid", async () => {
    const org = await createTestOrg(database.prisma);
    const { order, practitionerId, by } = await workedOrder(org);
    const paid = await requestCost(deps(), {
      actor: by,
      orderId: order.id,
      input: OTHER_COST,
    });
    const approved = await requestCost(deps(), {
      actor: by,
      orderId: order.id,
      input: { ...OTHER_COST, amountIdr: 20_000n },
    });
    const open = await requestCost(deps(), {
      actor: by,
      orderId: order.id,
      input: { ...OTHER_COST, amountIdr: 30_000n },
    });
    await post(`/v1/orders/${order.id}/costs/${paid.id}/approve`, org.token, {});
    await post(`/v1/orders/${order.id}/costs/${approved.id}/approve`, org.token, {});
    const receipt = await uploadTestFile(deps(), { organizationId: org.id, livemode: true }, "kuitansi.pdf", undefined, {
      kind: "practitioner",
      practitionerId,
    });
    await payCost(deps(), {
      actor: by,
      orderId: order.id,
      costId: paid.id,
      receiptFileId: receipt.id,
    });
    const before = await deposit(org);

    const disputed = await post(`/v1/orders/${order.id}/dispute`, org.token, { reason: "Tidak sesuai." });
    expect(disputed.status).toBe(200);
    await refundByOperator(order.id);
    const statuses = await database.prisma.orderCost.findMany({
      where: { orderId: order.id },
      orderBy: { createdAt: "asc" },
      select: { id: true, status: true },
    });
    expect(Object.fromEntries(statuses.map((c) => [c.id, c.status]))).toEqual({
      [paid.id]: "dilunasi",
      [approved.id]: "dibatalkan",
      [open.id]: "dibatalkan",
    });
    expect(await deposit(org)).toBe(before + BigInt(NDA_PRICE_IDR) + 20_000n);
    expect(await escrow(order)).toBe(0n);
    expect(await balanceOf(database.prisma, accounts.practitionerPayable(practitionerId))).toBe(10_000n);
    // The paid cost still counts as spent; the refunded order and cost no longer do.
    expect(((await get("/v1/balance", org.token)) as { key: { spent_this_month: number } }).key.spent_this_month).toBe(10_000);
    await moneyIsSound();
  });

  it("the operator refunds an approved cost whose receipt never came", async () => {
    const org = await createTestOrg(database.prisma);
    const { order, by } = await workedOrder(org);
    const asked = await requestCost(deps(), {
      actor: by,
      orderId: order.id,
      input: OTHER_COST,
    });
    await post(`/v1/orders/${order.id}/costs/${asked.id}/approve`, org.token, {});
    const before = await deposit(org);
    await expect(
      cancelCostByOperator(deps(), {
        actor: TEST_OPERATOR,
        orderId: order.id,
        costId: asked.id,
        reason: "",
      }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    const cancelled = await cancelCostByOperator(deps(), {
      actor: TEST_OPERATOR,
      orderId: order.id,
      costId: asked.id,
      reason: "Kuitansi tidak diunggah.",
    });
    expect([cancelled.status, cancelled.reason]).toEqual(["dibatalkan", "Kuitansi tidak diunggah."]);
    expect(await deposit(org)).toBe(before + 10_000n);
    await expect(
      payCost(deps(), {
        actor: by,
        orderId: order.id,
        costId: asked.id,
        receiptFileId: "file_x",
      }),
    ).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
    await moneyIsSound();
  });
});

describe("the sandbox", () => {
  it("lets a test key have the simulated practitioner ask for a cost and pay it with a receipt, and refuses live keys", async () => {
    const org = await createTestOrg(database.prisma, { mode: "test" });
    await post("/v1/test_helpers/deposit/top_up", org.token, { amount_idr: 10_000_000 });
    const created = await post("/v1/orders", org.token, ndaOrder());
    const id = created.body.id as string;
    for (const step of ["accept", "start"])
      expect((await post(`/v1/test_helpers/orders/${id}/${step}`, org.token, {})).status, step).toBe(200);
    const asked = await post(`/v1/test_helpers/orders/${id}/costs`, org.token, {
      kind: "notaris",
      fee_code: LISTED_FEE.code,
      description: "Legalisasi",
      amount_idr: 50_000,
    });
    expect([asked.status, asked.body.status, asked.body.basis]).toEqual([200, "diajukan", LISTED_FEE.basis]);
    const above = await post(`/v1/test_helpers/orders/${id}/costs`, org.token, {
      kind: "notaris",
      fee_code: LISTED_FEE.code,
      description: "Legalisasi",
      amount_idr: 150_000,
    });
    expect([above.status, above.body.error?.code]).toEqual([400, "VALIDATION"]);
    const costId = asked.body.id as string;
    expect((await post(`/v1/orders/${id}/costs/${costId}/approve`, org.token, {})).body.status).toBe("disetujui");
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(SAMPLE_FILES.pdf)], { type: "application/pdf" }), "kuitansi.pdf");
    const upload = await api.call("/v1/files", { method: "POST", token: org.token, body: form });
    const fileId = ((await upload.json()) as { id: string }).id;
    const paid = await post(`/v1/test_helpers/orders/${id}/costs/${costId}/receipt`, org.token, { file: fileId });
    expect([paid.status, paid.body.status, (paid.body.receipt as { id: string }).id]).toEqual([200, "dilunasi", fileId]);

    const live = await createTestOrg(database.prisma);
    const refused = await post(`/v1/test_helpers/orders/${id}/costs`, live.token, {
      kind: "lainnya",
      description: "x",
      amount_idr: 1,
      basis: "x",
    });
    expect([refused.status, refused.body.error?.code]).toEqual([403, "TEST_MODE_ONLY"]);
    await moneyIsSound();
  });
});

describe.runIf(testDatabaseKind === "postgres")("races on a cost, forced to overlap", () => {
  const race = <A, B>(orderId: string, first: () => Promise<A>, second: () => Promise<B>) =>
    raceOnOrderRow(database.url!, orderId, first, second);
  const codes = (results: PromiseSettledResult<unknown>[]) =>
    results.map((r) => (r.status === "fulfilled" ? "ok" : (r.reason as { code?: string }).code));

  it("two approvals of one cost: one moves the money, the other is INVALID_STATE", async () => {
    const org = await createTestOrg(database.prisma);
    const key = await agentKey(database.prisma, clock, org);
    for (let round = 0; round < 5; round++) {
      const { order, by } = await workedOrder(org);
      const asked = await requestCost(deps(), {
        actor: by,
        orderId: order.id,
        input: OTHER_COST,
      });
      const before = await deposit(org);
      const results = await race(
        order.id,
        () =>
          decideCost(deps(), {
            actor: agentActor(key),
            orderId: order.id,
            costId: asked.id,
            decision: { approve: true },
          }),
        () =>
          decideCost(deps(), {
            actor: agentActor(key),
            orderId: order.id,
            costId: asked.id,
            decision: { approve: true },
          }),
      );
      expect(codes(results).sort()).toEqual(["INVALID_STATE", "ok"]);
      expect(await deposit(org)).toBe(before - OTHER_COST.amountIdr);
    }
    await moneyIsSound();
  });

  it("approval against the order's cancellation: whichever comes first, the cost ends refunded or never paid, never stranded in escrow", async () => {
    const org = await createTestOrg(database.prisma);
    const key = await agentKey(database.prisma, clock, org);
    for (let round = 0; round < 5; round++) {
      // A cost can be asked for only on a taken order, which the agent cannot cancel: the order ends by the operator's refund of its dispute.
      const { order, by } = await workedOrder(org);
      const asked = await requestCost(deps(), {
        actor: by,
        orderId: order.id,
        input: OTHER_COST,
      });
      await post(`/v1/orders/${order.id}/dispute`, org.token, { reason: "Tidak sesuai." });
      const before = await deposit(org);
      const results = await race(
        order.id,
        () =>
          decideCost(deps(), {
            actor: agentActor(key),
            orderId: order.id,
            costId: asked.id,
            decision: { approve: true },
          }),
        () => refundByOperator(order.id),
      );
      const outcome = codes(results);
      const cost = await database.prisma.orderCost.findUniqueOrThrow({ where: { id: asked.id } });
      expect(cost.status).toBe("dibatalkan");
      expect(outcome[1]).toBe("ok");
      expect(["ok", "INVALID_STATE"]).toContain(outcome[0]);
      expect(await deposit(org)).toBe(before + BigInt(NDA_PRICE_IDR));
      expect(await escrow(order)).toBe(0n);
    }
    await moneyIsSound();
  });
});
