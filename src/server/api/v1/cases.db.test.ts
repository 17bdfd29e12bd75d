import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActor, SWEEPER } from "@/server/domain/access/actor";
import type { Scope } from "@/server/domain/access/api-key";
import { fixedClock } from "@/server/domain/clock";
import { verifyWebhookSignature } from "@/server/domain/events/signature";
import { caseBidPrice } from "@/server/domain/money/pricing";
import { practitionerActorOf } from "@/server/services/access";
import { payInvoice, withdrawBid } from "@/server/services/cases";
import { attemptDelivery, findDueDeliveries } from "@/server/services/events";
import { bid, caseBody } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, TEST_PUBLIC_URL, type TestApi } from "@/test/http";
import { createTestPractitioner, NDA_PRICE_IDR, ndaOrder } from "@/test/orders";
import { startReceiver, testWebhookSettings } from "@/test/webhooks";

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;
const clock = fixedClock("2026-11-23T03:00:00Z");
const db = () => database.prisma;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma);
  api = await startTestApi(database.prisma, clock);
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

type Json = Record<string, unknown> & { error?: { code: string; message: string; param?: string } };
type CaseJson = {
  id: string;
  status: string;
  selected_bid_id: string | null;
  bids: Array<Record<string, unknown> & { id: string; status: string }>;
} & Json;

async function call(method: string, path: string, token: string | undefined, json?: unknown) {
  const res = await api.call(path, { method, token, json });
  return { res, body: (await res.json()) as Json };
}
const post = (path: string, token: string | undefined, json: unknown) => call("POST", path, token, json);
const get = (path: string, token: string | undefined) => call("GET", path, token);

async function expectError(answer: { res: Response; body: Json }, status: number, code: string) {
  expect(answer.res.status).toBe(status);
  expect(Object.keys(answer.body)).toEqual(["error"]);
  expect(answer.body.error?.code).toBe(code);
  expect(answer.body.error?.message.length).toBeGreaterThan(0);
  return answer.body.error!;
}

async function newCase(token = org.token, overrides: Record<string, unknown> = {}): Promise<CaseJson> {
  const { res, body } = await post("/v1/cases", token, caseBody(overrides));
  expect(res.status).toBe(201);
  return body as CaseJson;
}

// Practitioners are shared between cases (one bid each per case): creating one hashes a password.
const practitioners: string[] = [];
async function practitioner(index: number): Promise<string> {
  while (practitioners.length <= index) practitioners.push(await createTestPractitioner(db(), ["properti"]));
  return practitioners[index]!;
}

/** A case with one live bid per price, each from another practitioner, one second apart (bids list oldest first). */
async function caseWithBids(token: string, prices: number[]) {
  const created = await newCase(token);
  const bids = [];
  for (const [index, price] of prices.entries()) {
    clock.advance(1000);
    bids.push(await bid(db(), clock, await practitioner(index), created.id, price));
  }
  return { caseId: created.id, bids };
}

const keyWith = async (organizationId: string, scopes: Scope[]) => (await addTestKey(db(), organizationId, { scopes })).token;

describe("POST /v1/cases", () => {
  it("creates an open case: 201 with exactly the spec's Case fields", async () => {
    const { res, body } = await post("/v1/cases", org.token, caseBody());
    expect(res.status).toBe(201);
    expect(Object.keys(body).sort()).toEqual([
      "area",
      "bids",
      "budget_range",
      "counterparties",
      "created_at",
      "id",
      "invoice_id",
      "livemode",
      "metadata",
      "order_id",
      "selected_bid_id",
      "status",
      "urgency",
    ]);
    expect(body).toEqual({
      id: expect.stringMatching(/^kas_[0-9A-Za-z]{22}$/),
      status: "terbuka",
      area: "properti",
      urgency: "minggu ini",
      budget_range: "Rp 5.000.000 - Rp 15.000.000",
      counterparties: [],
      selected_bid_id: null,
      invoice_id: null,
      order_id: null,
      metadata: {},
      livemode: true,
      bids: [],
      created_at: clock.now().toISOString(),
    });
    const stored = await db().case.findUniqueOrThrow({ where: { id: body.id as string } });
    expect(stored).toMatchObject({
      organizationId: org.id,
      apiKeyId: org.apiKeyId,
      contactEmail: "budi.santoso@contoh.co.id",
      story: caseBody().story,
    });
    expect(await db().auditLog.count({ where: { action: "case.create", subjectId: body.id as string } })).toBe(1);
  });

  it("takes the optional fields as absent: area null, urgency and budget_range empty", async () => {
    const { contact_name, contact_email, story } = caseBody();
    const { res, body } = await post("/v1/cases", org.token, { contact_name, contact_email, story });
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ area: null, urgency: "", budget_range: "" });
    expect((await db().case.findUniqueOrThrow({ where: { id: body.id as string } })).contactPhone).toBeNull();
  });

  it("takes only an area of the catalog's categories, and says which they are", async () => {
    for (const area of ["", "  ", "Properti", "pidana"]) {
      const error = await expectError(await post("/v1/cases", org.token, caseBody({ area })), 400, "VALIDATION");
      expect(error.message).toContain(
        "area: must be one of the catalog's categories: korporasi, kekayaan_intelektual, kontrak, ketenagakerjaan, perizinan, sengketa, properti, keluarga",
      );
    }
    expect((await newCase(org.token, { area: "keluarga" })).area).toBe("keluarga");
  });

  it("accepts a story of exactly 30 characters (after trimming)", async () => {
    expect((await post("/v1/cases", org.token, caseBody({ story: `  ${"a".repeat(30)}  ` }))).res.status).toBe(201);
  });

  describe("validation: 400 VALIDATION naming the field, and nothing stored", () => {
    const invalid: Array<[string, Record<string, unknown>, string]> = [
      ["a missing contact_name", { contact_name: undefined }, "contact_name"],
      ["a blank contact_name", { contact_name: "   " }, "contact_name"],
      ["a contact_name with a right-to-left override (U+202E)", { contact_name: "Budi Santoso\u202Ekaj" }, "contact_name"],
      ["a missing contact_email", { contact_email: undefined }, "contact_email"],
      ["a contact_email that is not an address", { contact_email: "budi-at-contoh" }, "contact_email"],
      ["a missing story", { story: undefined }, "story"],
      ["a story of 29 characters", { story: "a".repeat(29) }, "story"],
      ["a story padded to 30 with spaces", { story: `${"a".repeat(28)}    ` }, "story"],
      ["a story over 10,000 characters", { story: "a".repeat(10_001) }, "story"],
      ["a story that is not a string", { story: 12345 }, "story"],
      ["an area outside the catalog's categories", { area: "a".repeat(101) }, "area"],
      ["an urgency that is not a string", { urgency: 3 }, "urgency"],
      ["a contact_phone over 50 characters", { contact_phone: "0".repeat(51) }, "contact_phone"],
      ["an unknown field", { prioritas: "tinggi" }, "prioritas"],
    ];
    for (const [what, change, field] of invalid) {
      it(`refuses ${what}`, async () => {
        const before = await db().case.count();
        const error = await expectError(await post("/v1/cases", org.token, caseBody(change)), 400, "VALIDATION");
        expect(error.message).toContain(field);
        expect(error.param).toBe(field);
        expect(await db().case.count()).toBe(before);
      });
    }
  });

  it("refuses a request without a key with 401", async () => {
    await expectError(await post("/v1/cases", undefined, caseBody()), 401, "UNAUTHENTICATED");
  });

  it("refuses a key without kasus:buat with 403", async () => {
    const error = await expectError(
      await post("/v1/cases", await keyWith(org.id, ["status:baca", "order:buat"]), caseBody()),
      403,
      "INSUFFICIENT_SCOPE",
    );
    expect(error.message).toContain("kasus:buat");
  });
});

describe("GET /v1/cases/{id}", () => {
  it("returns the case with every bid, each showing the practitioner's price and what the client pays", async () => {
    const { caseId, bids } = await caseWithBids(org.token, [8_000_000, 500_000]);
    const { res, body } = await get(`/v1/cases/${caseId}`, org.token);
    expect(res.status).toBe(200);
    const found = body as CaseJson;
    expect(found.bids).toEqual([
      {
        id: bids[0]!.id,
        scope: "Somasi, negosiasi dan gugatan bila perlu",
        eta_days: 14,
        note: "Termasuk satu pertemuan.",
        status: "diajukan",
        price_idr: 8_000_000,
        client_pays: 9_000_000,
        practitioner: null,
        livemode: true,
        created_at: bids[0]!.createdAt.toISOString(),
      },
      expect.objectContaining({ id: bids[1]!.id, price_idr: 500_000, client_pays: 600_000 }),
    ]);
    expect(found.bids[0]!.client_pays).toBe(caseBidPrice(8_000_000).clientPaysIdr);
  });

  it("shows withdrawn bids with their status", async () => {
    const created = await newCase();
    const withdrawn = await withdrawBid(
      { db: db(), clock },
      {
        actor: await practitionerActorOf(db(), await practitioner(0)),
        bidId: (await bid(db(), clock, await practitioner(0), created.id)).id,
      },
    );
    expect(((await get(`/v1/cases/${created.id}`, org.token)).body as CaseJson).bids.map((b) => [b.id, b.status])).toEqual([
      [withdrawn.id, "ditarik"],
    ]);
  });

  it("answers another organisation's case with 404, never 403", async () => {
    const created = await newCase();
    const stranger = await createTestOrg(db());
    await expectError(await get(`/v1/cases/${created.id}`, stranger.token), 404, "NOT_FOUND");
    await expectError(await get("/v1/cases/kas_tidak_ada", org.token), 404, "NOT_FOUND");
  });

  it("needs status:baca (403 without it) and a key (401)", async () => {
    const created = await newCase();
    await expectError(await get(`/v1/cases/${created.id}`, await keyWith(org.id, ["kasus:buat"])), 403, "INSUFFICIENT_SCOPE");
    await expectError(await get(`/v1/cases/${created.id}`, undefined), 401, "UNAUTHENTICATED");
  });
});

describe("POST /v1/cases/{id}/select", () => {
  it("selects a bid: case dipilih, the others tidak_dipilih, and an invoice for client_pays", async () => {
    const own = await createTestOrg(db());
    const { caseId, bids } = await caseWithBids(own.token, [8_000_000, 6_000_000, 7_000_000]);
    await withdrawBid(
      { db: db(), clock },
      {
        actor: await practitionerActorOf(db(), bids[2]!.practitionerId),
        bidId: bids[2]!.id,
      },
    );
    const { res, body } = await post(`/v1/cases/${caseId}/select`, own.token, { bid_id: bids[0]!.id });
    expect(res.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["case", "invoice"]);
    const selected = body.case as CaseJson;
    expect(selected).toMatchObject({ id: caseId, status: "dipilih", selected_bid_id: bids[0]!.id });
    expect(selected.bids.map((b) => b.status)).toEqual(["dipilih", "tidak_dipilih", "ditarik"]);
    // Who does the work is named once a bid is selected, as on an order; the other bidders stay unnamed.
    const chosen = await db().practitioner.findUniqueOrThrow({ where: { id: bids[0]!.practitionerId } });
    expect(selected.bids.map((b) => b.practitioner)).toEqual([
      {
        id: chosen.id,
        name: chosen.displayName ?? chosen.name,
        label: "Advokat (PERADI)",
        license_number: "12.00123",
        credentials: [
          { kind: "advokat", issuer: "PERADI", number: "12.00123", valid_until: null, province: null, verified_at: expect.any(String) },
        ],
      },
      null,
      null,
    ]);
    expect(body.invoice).toEqual({
      id: expect.stringMatching(/^inv_/),
      total_idr: 9_000_000,
      status: "belum_dibayar",
      order_id: null,
      case_id: caseId,
      livemode: true,
      paid_at: null,
      created_at: clock.now().toISOString(),
      pdf_url: `${TEST_PUBLIC_URL}/v1/invoices/${(body.invoice as { id: string }).id}/pdf`,
    });

    const invoice = await db().invoice.findUniqueOrThrow({ where: { id: (body.invoice as { id: string }).id } });
    expect(invoice).toMatchObject({ organizationId: own.id, caseId, bidId: bids[0]!.id, totalIdr: 9_000_000n, feeIdr: 1_000_000n });
    expect(await db().auditLog.count({ where: { action: "case.select_bid", subjectId: caseId } })).toBe(1);
    expect((await get(`/v1/cases/${caseId}`, own.token)).body).toEqual(selected);
    expect(((await get("/v1/balance", own.token)).body.key as { spent_this_month: number }).spent_this_month).toBe(9_000_000);
  });

  it("refuses to select twice with 409 INVALID_STATE and keeps the first selection", async () => {
    const { caseId, bids } = await caseWithBids(org.token, [3_000_000, 4_000_000]);
    expect((await post(`/v1/cases/${caseId}/select`, org.token, { bid_id: bids[0]!.id })).res.status).toBe(200);
    for (const again of [bids[0]!, bids[1]!]) {
      const error = await expectError(await post(`/v1/cases/${caseId}/select`, org.token, { bid_id: again.id }), 409, "INVALID_STATE");
      expect(error.message).toMatch(/The case is dipilih/);
    }
    expect(await db().invoice.count({ where: { caseId } })).toBe(1);
    expect((await db().case.findUniqueOrThrow({ where: { id: caseId } })).selectedBidId).toBe(bids[0]!.id);
  });

  it("refuses a withdrawn bid with 409 CONFLICT and changes nothing", async () => {
    const { caseId, bids } = await caseWithBids(org.token, [3_000_000]);
    await withdrawBid(
      { db: db(), clock },
      {
        actor: await practitionerActorOf(db(), bids[0]!.practitionerId),
        bidId: bids[0]!.id,
      },
    );
    const error = await expectError(await post(`/v1/cases/${caseId}/select`, org.token, { bid_id: bids[0]!.id }), 409, "CONFLICT");
    expect(error.message).toMatch(/The bid is ditarik/);
    expect((await db().case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe("terbuka");
    expect(await db().invoice.count({ where: { caseId } })).toBe(0);
  });

  it("refuses a bid of another case, or no bid at all, with 409 CONFLICT", async () => {
    const { caseId } = await caseWithBids(org.token, [3_000_000]);
    const elsewhere = await caseWithBids(org.token, [3_000_000]);
    await expectError(await post(`/v1/cases/${caseId}/select`, org.token, { bid_id: elsewhere.bids[0]!.id }), 409, "CONFLICT");
    await expectError(await post(`/v1/cases/${caseId}/select`, org.token, { bid_id: "bid_tidak_ada" }), 409, "CONFLICT");
    expect((await db().case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe("terbuka");
  });

  it("answers another organisation's case with 404", async () => {
    const { caseId, bids } = await caseWithBids(org.token, [3_000_000]);
    const stranger = await createTestOrg(db());
    await expectError(await post(`/v1/cases/${caseId}/select`, stranger.token, { bid_id: bids[0]!.id }), 404, "NOT_FOUND");
    expect((await db().bid.findUniqueOrThrow({ where: { id: bids[0]!.id } })).status).toBe("diajukan");
  });

  it("validates the body: bid_id is required and nothing else is allowed", async () => {
    const { caseId, bids } = await caseWithBids(org.token, [3_000_000]);
    expect((await expectError(await post(`/v1/cases/${caseId}/select`, org.token, {}), 400, "VALIDATION")).message).toContain("bid_id");
    expect((await expectError(await post(`/v1/cases/${caseId}/select`, org.token, { bid_id: "" }), 400, "VALIDATION")).message).toContain(
      "bid_id",
    );
    const extra = await expectError(
      await post(`/v1/cases/${caseId}/select`, org.token, { bid_id: bids[0]!.id, harga: 1 }),
      400,
      "VALIDATION",
    );
    expect(extra.message).toContain("harga");
  });

  it("needs kasus:buat (403 without it) and a key (401)", async () => {
    const { caseId, bids } = await caseWithBids(org.token, [3_000_000]);
    await expectError(
      await post(`/v1/cases/${caseId}/select`, await keyWith(org.id, ["status:baca"]), { bid_id: bids[0]!.id }),
      403,
      "INSUFFICIENT_SCOPE",
    );
    await expectError(await post(`/v1/cases/${caseId}/select`, undefined, { bid_id: bids[0]!.id }), 401, "UNAUTHENTICATED");
  });

  describe("budgets: 402 BUDGET_EXCEEDED and nothing changed", () => {
    async function expectBudgetRefusal(token: string, caseId: string, bidId: string, reason: RegExp) {
      const error = await expectError(await post(`/v1/cases/${caseId}/select`, token, { bid_id: bidId }), 402, "BUDGET_EXCEEDED");
      expect(error.message).toMatch(reason);
      expect((await db().case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe("terbuka");
      expect(await db().invoice.count({ where: { caseId } })).toBe(0);
    }

    it("refuses an invoice total above the key's per-order maximum, though the bid alone fits", async () => {
      // Bid Rp 9.000.000 fits a Rp 10.000.000 maximum; client_pays Rp 10.125.000 does not.
      const own = await createTestOrg(db(), { maxOrderIdr: 10_000_000n });
      const { caseId, bids } = await caseWithBids(own.token, [9_000_000]);
      await expectBudgetRefusal(own.token, caseId, bids[0]!.id, /per-order maximum Rp 10000000/);
    });

    it("accepts an invoice total exactly at the per-order maximum", async () => {
      const own = await createTestOrg(db(), { maxOrderIdr: 10_125_000n });
      const { caseId, bids } = await caseWithBids(own.token, [9_000_000]);
      expect((await post(`/v1/cases/${caseId}/select`, own.token, { bid_id: bids[0]!.id })).res.status).toBe(200);
    });

    it("refuses an invoice that would take the key's month over its budget, counting its orders and invoices", async () => {
      const own = await createTestOrg(db(), { depositIdr: 20_000_000n, monthlyBudgetIdr: 11_000_000n });
      expect((await post("/v1/orders", own.token, ndaOrder())).res.status).toBe(201);
      const first = await caseWithBids(own.token, [4_000_000]);
      expect((await post(`/v1/cases/${first.caseId}/select`, own.token, { bid_id: first.bids[0]!.id })).res.status).toBe(200);
      // Spent: the NDA order (Rp 1.700.000) + Rp 4.500.000; another Rp 5.625.000 would pass Rp 11.000.000.
      expect(((await get("/v1/balance", own.token)).body.key as { spent_this_month: number }).spent_this_month).toBe(
        NDA_PRICE_IDR + 4_500_000,
      );
      const second = await caseWithBids(own.token, [5_000_000]);
      await expectBudgetRefusal(own.token, second.caseId, second.bids[0]!.id, /monthly budget Rp 11000000/);
    });

    it("counts invoices against the monthly budget of orders too", async () => {
      const own = await createTestOrg(db(), { depositIdr: 20_000_000n, monthlyBudgetIdr: 6_000_000n });
      const { caseId, bids } = await caseWithBids(own.token, [4_000_000]);
      expect((await post(`/v1/cases/${caseId}/select`, own.token, { bid_id: bids[0]!.id })).res.status).toBe(200);
      await expectError(await post("/v1/orders", own.token, ndaOrder()), 402, "BUDGET_EXCEEDED");
    });
  });
});

describe("POST /v1/cases/{id}/cancel", () => {
  it("withdraws an open case: ditutup, live bids end, case.ditutup recorded; a selected case is 409 and another organisation's 404", async () => {
    const own = await createTestOrg(db());
    const { caseId, bids } = await caseWithBids(own.token, [6_000_000, 7_000_000]);
    await withdrawBid(
      { db: db(), clock },
      {
        actor: await practitionerActorOf(db(), bids[1]!.practitionerId),
        bidId: bids[1]!.id,
      },
    );
    const other = await createTestOrg(db());
    await expectError(await post(`/v1/cases/${caseId}/cancel`, other.token, {}), 404, "NOT_FOUND");
    const { res, body } = await post(`/v1/cases/${caseId}/cancel`, own.token, {});
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ id: caseId, status: "ditutup", selected_bid_id: null, invoice_id: null });
    expect((body as CaseJson).bids.map((b) => b.status)).toEqual(["tidak_dipilih", "ditarik"]);
    expect(await db().webhookEvent.count({ where: { caseId, type: "case.ditutup" } })).toBe(1);
    await expectError(await post(`/v1/cases/${caseId}/cancel`, own.token, {}), 409, "INVALID_STATE");

    const chosen = await caseWithBids(own.token, [5_000_000]);
    const selected = await post(`/v1/cases/${chosen.caseId}/select`, own.token, { bid_id: chosen.bids[0]!.id });
    expect((selected.body.case as { invoice_id: string }).invoice_id).toBe((selected.body.invoice as { id: string }).id);
    await expectError(await post(`/v1/cases/${chosen.caseId}/cancel`, own.token, {}), 409, "INVALID_STATE");
    expect((await get(`/v1/cases/${chosen.caseId}`, own.token)).body).toMatchObject({ status: "dipilih" });
  });
});

describe("the OpenAPI document", () => {
  it("describes the three case endpoints with their scopes, 201 for creation and the Case schema", async () => {
    const doc = (await (await api.call("/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security: Array<Record<string, string[]>> }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.paths["/v1/cases"]?.post?.security).toEqual([{ bearerAuth: [] }, { oauth2: ["kasus:buat"] }]);
    expect(doc.paths["/v1/cases"]?.post?.responses["201"]).toBeDefined();
    expect(doc.paths["/v1/cases"]?.post?.responses["200"]).toMatchObject({ description: expect.stringContaining("Idempotent replay") });
    expect(doc.paths["/v1/cases/{id}"]?.get?.security).toEqual([{ bearerAuth: [] }, { oauth2: ["status:baca"] }]);
    expect(doc.paths["/v1/cases/{id}/select"]?.post?.security).toEqual([{ bearerAuth: [] }, { oauth2: ["kasus:buat"] }]);
    for (const schema of ["Case", "Bid", "CaseStatus", "BidStatus", "InvoiceSummary"]) expect(doc.components.schemas[schema]).toBeDefined();
  });
});

describe.runIf(testDatabaseKind === "postgres")("concurrency on PostgreSQL", () => {
  it("two concurrent selects of different bids on one case, by two keys: exactly one succeeds, one invoice", async () => {
    // Two keys, so the per-key budget lock does not queue them: the case row decides.
    const tokens = [org.token, await keyWith(org.id, ["kasus:buat", "status:baca"])];
    for (let round = 0; round < 5; round++) {
      const { caseId, bids } = await caseWithBids(org.token, [3_000_000, 4_000_000]);
      const answers = await Promise.all(bids.map((b, i) => post(`/v1/cases/${caseId}/select`, tokens[i], { bid_id: b.id })));
      expect(answers.map((a) => a.res.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.res.status === 409)?.body.error?.code).toBe("INVALID_STATE");
      const winner = answers.find((a) => a.res.status === 200)!.body.case as CaseJson;
      const stored = await db().case.findUniqueOrThrow({ where: { id: caseId }, include: { bids: true } });
      expect(stored.selectedBidId).toBe(winner.selected_bid_id);
      expect(stored.bids.filter((b) => b.status === "dipilih").map((b) => b.id)).toEqual([winner.selected_bid_id]);
      expect(await db().invoice.count({ where: { caseId } })).toBe(1);
    }
  });

  it("concurrent selects on different cases of one key never pass its monthly budget together", async () => {
    const own = await createTestOrg(db(), { monthlyBudgetIdr: 10_000_000n });
    const cases = await Promise.all([
      caseWithBids(own.token, [4_000_000]),
      caseWithBids(own.token, [4_000_000]),
      caseWithBids(own.token, [4_000_000]),
    ]);
    const answers = await Promise.all(cases.map((c) => post(`/v1/cases/${c.caseId}/select`, own.token, { bid_id: c.bids[0]!.id })));
    // Rp 4.500.000 each: two fit Rp 10.000.000, the third does not.
    expect(answers.map((a) => a.res.status).sort()).toEqual([200, 200, 402]);
  });
});

describe("after selection: the work as an order, and the case's webhooks", () => {
  it("paying the invoice opens an order the case and invoice name; the case events go signed to the key's webhook URL", async () => {
    const receiver = await startReceiver();
    try {
      const hooked = await createTestOrg(db(), { depositIdr: 50_000_000n });
      const key = await db().apiKey.update({
        where: { id: hooked.apiKeyId },
        data: { webhookUrl: `${receiver.url}/kuasa` },
        select: { webhookSecret: true },
      });
      const { caseId, bids } = await caseWithBids(hooked.token, [8_000_000]);
      const selected = await post(`/v1/cases/${caseId}/select`, hooked.token, { bid_id: bids[0]!.id });
      const invoiceId = (selected.body.invoice as { id: string }).id;
      const invoice = await payInvoice({ db: db(), clock }, { actor: adminActor("usr_admin", hooked.id), invoiceId });

      const kase = (await get(`/v1/cases/${caseId}`, hooked.token)).body as CaseJson & { order_id: string };
      expect(kase.order_id).toBe(invoice.orderId);
      const order = (await get(`/v1/orders/${invoice.orderId}`, hooked.token)).body;
      expect(order).toMatchObject({ status: "diambil", service: "kasus", price_idr: 9_000_000, case_id: caseId, intake: {} });

      const deps = { db: db(), clock, webhooks: testWebhookSettings };
      for (const { id } of await findDueDeliveries(
        { db: db() },
        {
          actor: SWEEPER,
          cutoff: clock.now(),
          limit: 50,
        },
      ))
        await attemptDelivery(deps, {
          actor: SWEEPER,
          deliveryId: id,
        });
      const received = receiver.requests.map(
        (r) =>
          JSON.parse(r.body) as {
            event: string;
            case?: { id: string; order_id: string | null };
            invoice?: { id: string; order_id: string };
          },
      );
      expect(received.map((r) => r.event)).toEqual([
        "case.bid_received",
        "case.selected",
        "order.dibayar",
        "order.diambil",
        "invoice.dibayar",
      ]);
      expect(received[1]!.case).toMatchObject({ id: caseId, order_id: null });
      expect(received[4]!.invoice).toMatchObject({ id: invoiceId, order_id: invoice.orderId });
      for (const request of receiver.requests) {
        expect(
          verifyWebhookSignature(key.webhookSecret, String(request.headers["x-kuasa-signature"]), request.body, {
            now: clock.now().getTime(),
          }).ok,
        ).toBe(true);
      }
      // The case's events never carry its contact data or story.
      for (const request of receiver.requests) expect(request.body).not.toMatch(/budi|0812|Bekasi/i);
    } finally {
      await receiver.close();
    }
  });
});
