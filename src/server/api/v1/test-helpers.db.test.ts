import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { REST_ROUTES } from "@/server/api/routes";
import { SWEEPER, VISITOR } from "@/server/domain/access/actor";
import type { IntakeField } from "@/server/domain/catalog/intake";
import { fixedClock } from "@/server/domain/clock";
import { verifyWebhookSignature } from "@/server/domain/events/signature";
import { pageRequestOf } from "@/server/domain/paging";
import { practitionerActorOf, startPortalSession } from "@/server/services/access";
import { listOpenCasesForPractitioner } from "@/server/services/cases";
import { attemptDelivery, findDueDeliveries } from "@/server/services/events";
import { accounts, balanceOf, platformRevenueTotal } from "@/server/services/money";
import { ensureOffering, SIMULATED_ORDER_PRACTITIONER_ID, STALL_REASONS } from "@/server/services/offers";
import { listMyOffers } from "@/server/services/orders";
import { SIMULATED_ORDER_ACTIONS } from "@/server/services/sandbox";
import { TEST_OPERATOR } from "@/test/actors";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { SAMPLE_FILES } from "@/test/files";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import {
  createTestPractitioner,
  escrowMismatches,
  FULL_JOURNEY_EVENTS,
  LEDGER_SOUND,
  ledgerInvariants,
  NDA_CLIENT_PRICE_IDR,
  NDA_PRICE_IDR,
  ndaOrder,
  sampleIntake,
  sampleIntakeWithFiles,
} from "@/test/orders";
import { portalCaller } from "@/test/portal";
import { startReceiver, testWebhookSettings } from "@/test/webhooks";

let database: TestDatabase;
let api: TestApi;
const clock = fixedClock("2026-11-23T03:00:00Z");
const db = () => database.prisma;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(db());
  api = await startTestApi(db(), clock);
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

type Json = Record<string, unknown> & { id: string; status: string; livemode: boolean; error?: { code: string; message: string } };

async function call(method: "GET" | "POST", path: string, token: string, json?: unknown) {
  const res = await api.call(path, { method, token, json: method === "POST" ? (json ?? {}) : undefined });
  return { status: res.status, body: (await res.json()) as Json };
}
const post = (path: string, token: string, json?: unknown) => call("POST", path, token, json);
const get = (path: string, token: string) => call("GET", path, token);

async function ok(promise: ReturnType<typeof call>, status = 200): Promise<Json> {
  const { status: got, body } = await promise;
  expect(got, JSON.stringify(body)).toBe(status);
  return body;
}

const liveDeposit = (orgId: string) => balanceOf(db(), accounts.orgDeposit(orgId, true));
const testDeposit = (orgId: string) => balanceOf(db(), accounts.orgDeposit(orgId, false));

/** An organisation with a live key (Rp 20 jt live deposit) and a test key (Rp 10 jt test deposit, topped up by the helper). */
async function orgWithBothModes(
  options: { thresholdIdr?: bigint } = {},
): Promise<TestOrg & { testToken: string; testWebhookSecret: string }> {
  const org = await createTestOrg(db(), { thresholdIdr: options.thresholdIdr ?? null });
  const testKey = await addTestKey(db(), org.id, { mode: "test" });
  await ok(post("/v1/test_helpers/deposit/top_up", testKey.token, { amount_idr: 10_000_000 }));
  return { ...org, testToken: testKey.token, testWebhookSecret: testKey.webhookSecret };
}

const helper = (orderId: string, action: string) => `/v1/test_helpers/orders/${orderId}/${action}`;
const eventsOf = async (orderId: string) =>
  (await db().webhookEvent.findMany({ where: { orderId }, orderBy: { seq: "asc" } })).map((e) => e.type);

describe("an order in the sandbox", () => {
  it("runs to completion with test helpers alone, with the webhooks, ledger and statuses of a live order", async () => {
    const org = await orgWithBothModes();
    const receiver = await startReceiver();
    try {
      const created = await ok(post("/v1/orders", org.testToken, ndaOrder({ callback_url: `${receiver.url}/hook` })), 201);
      expect(created).toMatchObject({ status: "dibayar", livemode: false, price_idr: NDA_PRICE_IDR });
      expect(await testDeposit(org.id)).toBe(10_000_000n - BigInt(NDA_PRICE_IDR));
      expect(await liveDeposit(org.id)).toBe(20_000_000n);

      expect(await ok(post(helper(created.id, "accept"), org.testToken))).toMatchObject({ status: "diambil", livemode: false });
      expect((await ok(post(helper(created.id, "start"), org.testToken))).status).toBe("dikerjakan");
      const asked = await ok(
        post(helper(created.id, "request_input"), org.testToken, { question: "Siapa penandatangan dari pihak Anda?" }),
      );
      expect(asked.status).toBe("butuh_input_klien");
      expect(asked.messages).toEqual([expect.objectContaining({ role: "practitioner", body: "Siapa penandatangan dari pihak Anda?" })]);
      expect((await ok(post(`/v1/orders/${created.id}/messages`, org.testToken, { body: "Direktur Utama, Budi Santoso." }))).status).toBe(
        "dikerjakan",
      );
      const delivered = await ok(
        post(helper(created.id, "deliver"), org.testToken, { deliverable: "https://berkas.contoh.id/nda-uji.pdf" }),
      );
      expect(delivered).toMatchObject({ status: "diserahkan", deliverable: "https://berkas.contoh.id/nda-uji.pdf" });
      expect((await ok(post(`/v1/orders/${created.id}/accept`, org.testToken))).status).toBe("selesai");

      expect(await eventsOf(created.id)).toEqual([...FULL_JOURNEY_EVENTS]);
      // The simulated practitioner is paid in test money; the live books did not move.
      expect(await balanceOf(db(), accounts.practitionerPayable(SIMULATED_ORDER_PRACTITIONER_ID, false))).toBe(
        BigInt(NDA_CLIENT_PRICE_IDR),
      );
      expect(
        await platformRevenueTotal(
          { db: db() },
          {
            actor: TEST_OPERATOR,
            livemode: false,
          },
        ),
      ).toBe(BigInt(NDA_PRICE_IDR - NDA_CLIENT_PRICE_IDR));
      expect(await liveDeposit(org.id)).toBe(20_000_000n);

      // The webhooks go out signed with the test key's webhook secret, like live ones.
      for (const { id } of await findDueDeliveries(
        { db: db() },
        {
          actor: SWEEPER,
          cutoff: clock.now(),
          limit: 50,
        },
      ))
        await attemptDelivery(
          { db: db(), clock, webhooks: testWebhookSettings },
          {
            actor: SWEEPER,
            deliveryId: id,
          },
        );
      expect(receiver.requests.map((r) => (JSON.parse(r.body) as { event: string }).event)).toEqual(await eventsOf(created.id));
      for (const request of receiver.requests) {
        const verified = verifyWebhookSignature(org.testWebhookSecret, String(request.headers["x-kuasa-signature"]), request.body, {
          now: clock.now().getTime(),
        });
        expect(verified.ok).toBe(true);
      }
    } finally {
      await receiver.close();
    }
    expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
  });

  it("lets the offer time out and the order be released: both times it is offered again, never stalled", async () => {
    const org = await orgWithBothModes();
    const created = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    const timedOut = await ok(post(helper(created.id, "expire_offer"), org.testToken));
    expect(timedOut.status).toBe("ditawarkan");
    const offers = await db().offer.findMany({ where: { orderId: created.id }, orderBy: { offeredAt: "asc" } });
    expect(offers.map((o) => o.status)).toEqual(["kedaluwarsa", "aktif"]);

    await ok(post(helper(created.id, "accept"), org.testToken));
    const released = await ok(post(helper(created.id, "release"), org.testToken));
    expect(released.status).toBe("ditawarkan");
    expect(await db().offer.count({ where: { orderId: created.id, status: "aktif" } })).toBe(1);
    expect((await db().order.findUniqueOrThrow({ where: { id: created.id } })).offeringStalledAt).toBeNull();
    expect((await ok(post(helper(created.id, "accept"), org.testToken))).status).toBe("diambil");
  });

  it("disputes and refunds: the escrow goes back to the test deposit", async () => {
    const org = await orgWithBothModes();
    const created = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    await ok(post(helper(created.id, "accept"), org.testToken));
    expect((await ok(post(helper(created.id, "dispute"), org.testToken))).status).toBe("sengketa");
    expect((await ok(post(helper(created.id, "refund"), org.testToken))).status).toBe("direfund");
    expect(await testDeposit(org.id)).toBe(10_000_000n);
    expect(await eventsOf(created.id)).toEqual(["order.dibayar", "order.ditawarkan", "order.diambil", "order.sengketa", "order.direfund"]);
  });

  it("approves and rejects orders waiting for approval, as an org admin would", async () => {
    const org = await orgWithBothModes({ thresholdIdr: 1_000_000n });
    const waiting = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    expect(waiting.status).toBe("menunggu_bayar");
    expect(await testDeposit(org.id)).toBe(10_000_000n);
    expect((await ok(post(helper(waiting.id, "approve"), org.testToken))).status).toBe("dibayar");
    expect(await testDeposit(org.id)).toBe(10_000_000n - BigInt(NDA_PRICE_IDR));

    const other = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    expect((await ok(post(helper(other.id, "reject"), org.testToken))).status).toBe("dibatalkan");
    const again = await post(helper(other.id, "approve"), org.testToken);
    expect([again.status, again.body.error?.code]).toEqual([409, "INVALID_STATE"]);
  });

  it("answers a helper that does not fit the order's status with 409 and a next step, changing nothing", async () => {
    const org = await orgWithBothModes();
    const created = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    const early = await post(helper(created.id, "deliver"), org.testToken, { deliverable: "https://berkas.contoh.id/x.pdf" });
    expect([early.status, early.body.error?.code]).toEqual([409, "INVALID_STATE"]);
    expect(early.body.error?.message).toContain("/accept");
    const empty = await post(helper(created.id, "request_input"), org.testToken, { question: "  " });
    expect([empty.status, empty.body.error?.code]).toEqual([400, "VALIDATION"]);
    expect((await ok(get(`/v1/orders/${created.id}`, org.testToken))).status).toBe("dibayar");
  });
});

describe("the sandbox's practitioners and the credentials services require", () => {
  it("lists the signing province of pendirian_pt with its 38 options, and takes a test order of every service by a stand-in whose credentials cover it", async () => {
    const org = await orgWithBothModes();
    const company = await ok(get("/v1/services/pendirian_pt", org.testToken));
    expect(company.requires).toEqual(["notaris"]);
    const province = (company.intake as Array<{ type: string; options?: string[]; option_labels?: string[] }>).find(
      (f) => f.type === "provinsi",
    );
    expect(province?.options).toHaveLength(38);
    expect(province?.option_labels?.[province.options!.indexOf("31")]).toBe("DKI Jakarta");

    const { data: services } = (await ok(get("/v1/services", org.testToken))) as unknown as {
      data: Array<{ code: string; requires: string[]; price_idr: number; intake: IntakeField[] }>;
    };
    await ok(post("/v1/test_helpers/deposit/top_up", org.testToken, { amount_idr: 500_000_000 }));
    // A document an intake names (type berkas) is uploaded first, as an agent does.
    const upload = async () => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(SAMPLE_FILES.pdf)], { type: "application/pdf" }), "dokumen.pdf");
      const res = await api.call("/v1/files", { method: "POST", token: org.testToken, body: form });
      return ((await res.json()) as { id: string }).id;
    };
    for (const service of services) {
      const intake = await sampleIntakeWithFiles(service.intake, upload);
      const order = await ok(post("/v1/orders", org.testToken, { service: service.code, intake }), 201);
      await ok(post(helper(order.id, "accept"), org.testToken));
      const taken = await ok(get(`/v1/orders/${order.id}`, org.testToken));
      const practitioner = taken.practitioner as { label: string; credentials: Array<{ kind: string; verified_at: string | null }> };
      expect(
        practitioner.credentials.map((c) => c.kind),
        service.code,
      ).toEqual(expect.arrayContaining(service.requires));
      expect(practitioner.label).toContain("Sandbox Kuasa");
    }
  });

  it("offers test orders to a stand-in of the agent's choosing only where it qualifies, and stalls them otherwise with the live reason", async () => {
    const org = await orgWithBothModes();
    await ok(post("/v1/test_helpers/deposit/top_up", org.testToken, { amount_idr: 100_000_000 }));
    const { intake: companyFields } = (await ok(get("/v1/services/pendirian_pt", org.testToken))) as unknown as { intake: IntakeField[] };
    const { intake: letterFields } = (await ok(get("/v1/services/somasi", org.testToken))) as unknown as { intake: IntakeField[] };
    const company = (province: string) =>
      ok(
        post("/v1/orders", org.testToken, {
          service: "pendirian_pt",
          intake: { ...sampleIntake(companyFields), provinsi_penandatanganan: province },
        }),
        201,
      );
    const letter = (against: string) =>
      ok(post("/v1/orders", org.testToken, { service: "somasi", intake: { ...sampleIntake(letterFields), pihak_lawan: against } }), 201);
    const offering = async (orderId: string) =>
      (await ok(get(`/v1/orders/${orderId}`, org.testToken))).offering as { stalled_reason: string | null };

    const chosen = await ok(
      post("/v1/test_helpers/practitioner", org.testToken, {
        credentials: [{ kind: "advokat" }, { kind: "notaris", province: "31" }],
        conflicts: ["PT Seteru Lama"],
      }),
    );
    expect(chosen).toMatchObject({ label: "Advokat (Sandbox Kuasa) · Notaris — DKI Jakarta", conflicts: ["PT Seteru Lama"] });
    expect(await ok(get("/v1/test_helpers/practitioner", org.testToken))).toEqual(chosen);

    // A deed signed in Jawa Barat: the stand-in's working area is DKI Jakarta.
    const elsewhere = await company("32");
    const refusal = await post(helper(elsewhere.id, "accept"), org.testToken);
    expect(refusal.status).toBe(409);
    expect((await offering(elsewhere.id)).stalled_reason).toContain("Notaris wilayah Jawa Barat");
    await ok(post(helper(elsewhere.id, "refund_stalled"), org.testToken));
    expect(await eventsOf(elsewhere.id)).toContain("order.direfund");

    // A demand letter against a party on its conflict list.
    const conflicted = await letter("Seteru Lama Tbk");
    expect((await post(helper(conflicted.id, "accept"), org.testToken)).status).toBe(409);
    expect((await offering(conflicted.id)).stalled_reason).toBe(STALL_REASONS.allConflicted);

    // In its province it takes the order, and the order shows its credentials.
    const inJakarta = await company("31");
    const taken = await ok(post(helper(inJakarta.id, "accept"), org.testToken));
    expect(taken.practitioner).toMatchObject({
      id: chosen.id,
      credentials: expect.arrayContaining([expect.objectContaining({ kind: "notaris", province: "31" })]),
    });
    expect(taken.conflict_check).toMatchObject({ confirmed_at: clock.now().toISOString() });

    // Given back to the simulated practitioner, a deed anywhere is taken again.
    expect(await ok(post("/v1/test_helpers/practitioner/reset", org.testToken))).toMatchObject({ id: SIMULATED_ORDER_PRACTITIONER_ID });
    const anywhere = await company("32");
    expect(await ok(post(helper(anywhere.id, "accept"), org.testToken))).toMatchObject({ status: "diambil" });

    const invalid = await post("/v1/test_helpers/practitioner", org.testToken, { credentials: [{ kind: "advokat", province: "31" }] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: "VALIDATION" });
  });
});

describe("a case in the sandbox", () => {
  it("runs to completion with test helpers alone: simulated bids, selection, invoice paid from the test deposit", async () => {
    const org = await orgWithBothModes();
    const created = await ok(
      post("/v1/cases", org.testToken, {
        contact_name: "Sari Uji",
        contact_email: "sari@contoh.id",
        story: "Sengketa sewa ruko dengan pemilik yang menahan deposit sewa kami.",
      }),
      201,
    );
    expect(created).toMatchObject({ status: "terbuka", livemode: false, bids: [] });
    await ok(post(`/v1/test_helpers/cases/${created.id}/bids`, org.testToken, { price_idr: 2_000_000 }));
    const withBids = await ok(
      post(`/v1/test_helpers/cases/${created.id}/bids`, org.testToken, {
        price_idr: 3_000_000,
        eta_days: 3,
        scope: "Somasi dan negosiasi",
      }),
    );
    // Created in the same (fixed) millisecond, so sort by price rather than trust the order.
    const bids = (withBids.bids as Array<{ id: string; client_pays: number; status: string; livemode: boolean }>).sort(
      (x, y) => x.client_pays - y.client_pays,
    );
    expect(bids.map((b) => b.livemode)).toEqual([false, false]);
    expect(bids.map((b) => [b.status, b.client_pays])).toEqual([
      ["diajukan", 2_250_000],
      ["diajukan", 3_375_000],
    ]);

    const selection = (await ok(post(`/v1/cases/${created.id}/select`, org.testToken, { bid_id: bids[1]!.id }))) as unknown as {
      case: Json;
      invoice: { id: string; total_idr: number; status: string; livemode: boolean };
    };
    expect(selection.invoice).toMatchObject({ total_idr: 3_375_000, status: "belum_dibayar", livemode: false });
    const paid = await ok(post(`/v1/test_helpers/invoices/${selection.invoice.id}/pay`, org.testToken));
    expect(paid).toMatchObject({ id: selection.invoice.id, status: "dibayar", livemode: false });
    expect(await testDeposit(org.id)).toBe(10_000_000n - 3_375_000n);
    expect(await liveDeposit(org.id)).toBe(20_000_000n);
    expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
  });

  it("takes at most five simulated bids on one case, then answers 409 CONFLICT", async () => {
    const org = await orgWithBothModes();
    const created = await ok(
      post("/v1/cases", org.testToken, {
        contact_name: "Uji",
        contact_email: "uji@contoh.id",
        story: "Cerita kasus uji yang cukup panjang untuk papan kasus.",
      }),
      201,
    );
    for (let i = 0; i < 5; i++) await ok(post(`/v1/test_helpers/cases/${created.id}/bids`, org.testToken, { price_idr: 1_000_000 + i }));
    const sixth = await post(`/v1/test_helpers/cases/${created.id}/bids`, org.testToken, { price_idr: 1_000_000 });
    expect([sixth.status, sixth.body.error?.code]).toEqual([409, "CONFLICT"]);
  });
});

describe("live and test data never mix", () => {
  it("a live key never sees a test order or case, and a test key never sees a live one", async () => {
    const org = await orgWithBothModes();
    const testOrder = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    const liveOrder = await ok(post("/v1/orders", org.token, ndaOrder()), 201);
    expect(liveOrder.livemode).toBe(true);
    expect((await get(`/v1/orders/${testOrder.id}`, org.token)).status).toBe(404);
    expect((await get(`/v1/orders/${liveOrder.id}`, org.testToken)).status).toBe(404);
    expect((await post(`/v1/orders/${testOrder.id}/messages`, org.token, { body: "halo" })).status).toBe(404);
    expect((await post(`/v1/orders/${liveOrder.id}/accept`, org.testToken)).status).toBe(404);

    const story = { contact_name: "Uji", contact_email: "uji@contoh.id", story: "Cerita kasus uji yang cukup panjang untuk papan kasus." };
    const testCase = await ok(post("/v1/cases", org.testToken, story), 201);
    const liveCase = await ok(post("/v1/cases", org.token, story), 201);
    expect((await get(`/v1/cases/${testCase.id}`, org.token)).status).toBe(404);
    expect((await get(`/v1/cases/${liveCase.id}`, org.testToken)).status).toBe(404);
    // A simulated bid cannot be put on a live case, even through the test key of the same organisation.
    expect((await post(`/v1/test_helpers/cases/${liveCase.id}/bids`, org.testToken, { price_idr: 1_000_000 })).status).toBe(404);
  });

  it("one Idempotency-Key string names different orders in the two modes", async () => {
    const org = await orgWithBothModes();
    const headers = { "Idempotency-Key": "pesanan-yang-sama-1" };
    const inTest = await api.call("/v1/orders", { method: "POST", token: org.testToken, json: ndaOrder(), headers });
    const inLive = await api.call("/v1/orders", { method: "POST", token: org.token, json: ndaOrder(), headers });
    expect([inTest.status, inLive.status], await inTest.clone().text()).toEqual([201, 201]);
    const [a, b] = [(await inTest.json()) as Json, (await inLive.json()) as Json];
    expect(a.id).not.toBe(b.id);
    expect([a.livemode, b.livemode]).toEqual([false, true]);
    const replay = await api.call("/v1/orders", { method: "POST", token: org.testToken, json: ndaOrder(), headers });
    expect([replay.status, ((await replay.json()) as Json).id]).toEqual([200, a.id]);
  });

  it("each mode has its own deposit: GET /v1/balance shows the key's, test top-ups never reach the live one", async () => {
    const org = await orgWithBothModes();
    const testBalance = await ok(get("/v1/balance", org.testToken));
    const liveBalance = await ok(get("/v1/balance", org.token));
    expect([testBalance.livemode, testBalance.deposit_idr]).toEqual([false, 10_000_000]);
    expect([liveBalance.livemode, liveBalance.deposit_idr]).toEqual([true, 20_000_000]);
    const topped = await ok(post("/v1/test_helpers/deposit/top_up", org.testToken, { amount_idr: 5_000_000 }));
    expect(topped.deposit_idr).toBe(15_000_000);
    expect(await liveDeposit(org.id)).toBe(20_000_000n);
  });

  it("real practitioners are never offered a test order nor shown a test case; simulated ones never get live work", async () => {
    const practitionerId = await createTestPractitioner(db());
    const org = await orgWithBothModes();
    const testOrder = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    await ensureOffering(
      { db: db(), clock },
      {
        actor: SWEEPER,
        orderId: testOrder.id,
      },
    );
    const offers = await db().offer.findMany({ where: { orderId: testOrder.id } });
    expect(offers.map((o) => o.practitionerId)).toEqual([SIMULATED_ORDER_PRACTITIONER_ID]);
    expect(
      (
        await listMyOffers(
          { db: db(), clock },
          {
            actor: await practitionerActorOf(db(), practitionerId),
            request: pageRequestOf({}),
          },
        )
      ).data.map((o) => o.order.id),
    ).not.toContain(testOrder.id);

    const story = { contact_name: "Uji", contact_email: "uji@contoh.id", story: "Cerita kasus uji yang cukup panjang untuk papan kasus." };
    const testCase = await ok(post("/v1/cases", org.testToken, story), 201);
    const liveCase = await ok(post("/v1/cases", org.token, story), 201);
    const board = (
      await listOpenCasesForPractitioner(
        { db: db() },
        {
          actor: await practitionerActorOf(db(), practitionerId),
          request: pageRequestOf({}),
        },
      )
    ).data.map((c) => c.id);
    expect(board).toContain(liveCase.id);
    expect(board).not.toContain(testCase.id);

    const liveOrder = await ok(post("/v1/orders", org.token, ndaOrder()), 201);
    await ensureOffering(
      { db: db(), clock },
      {
        actor: SWEEPER,
        orderId: liveOrder.id,
      },
    );
    const liveOffers = await db().offer.findMany({ where: { orderId: liveOrder.id } });
    expect(liveOffers.map((o) => o.practitionerId)).not.toContain(SIMULATED_ORDER_PRACTITIONER_ID);
    expect(liveOffers.length).toBeGreaterThan(0);
  });

  it("every response object carries livemode: true for a live key, false for a test key", async () => {
    const org = await orgWithBothModes();
    for (const [token, livemode] of [
      [org.token, true],
      [org.testToken, false],
    ] as const) {
      const list = (await ok(get("/v1/services", token))) as unknown as { data: Json[] };
      expect(new Set(list.data.map((s) => s.livemode))).toEqual(new Set([livemode]));
      expect((await ok(get("/v1/services/perjanjian_kerahasiaan", token))).livemode).toBe(livemode);
      expect((await ok(get("/v1/balance", token))).livemode).toBe(livemode);
      const order = await ok(post("/v1/orders", token, ndaOrder()), 201);
      expect(order.livemode).toBe(livemode);
      expect((await ok(get(`/v1/orders/${order.id}`, token))).livemode).toBe(livemode);
      const noted = await ok(post(`/v1/orders/${order.id}/messages`, token, { body: "Catatan untuk praktisi." }));
      expect((noted.messages as Json[]).map((m) => m.livemode)).toEqual([livemode]);
      const story = {
        contact_name: "Uji",
        contact_email: "uji@contoh.id",
        story: "Cerita kasus uji yang cukup panjang untuk papan kasus.",
      };
      expect((await ok(post("/v1/cases", token, story), 201)).livemode).toBe(livemode);
    }
  });
});

describe("the order's exits and timers in the sandbox", () => {
  const delivered = async (token: string) => {
    const order = await ok(post("/v1/orders", token, ndaOrder()), 201);
    for (const [action, body] of [
      ["accept", {}],
      ["start", {}],
      ["deliver", { deliverable: "https://berkas.contoh.id/nda.pdf" }],
    ] as const)
      await ok(post(helper(order.id, action), token, body));
    return order;
  };

  it("stall_offering then refund_stalled: the order shows its stall, then is refunded in full with a system message", async () => {
    const org = await orgWithBothModes();
    const order = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    const stalled = await ok(post(helper(order.id, "stall_offering"), org.testToken));
    expect(stalled).toMatchObject({
      status: "ditawarkan",
      offering: { stalled_since: clock.now().toISOString(), refund_at: new Date(clock.now().getTime() + 24 * 3_600_000).toISOString() },
    });
    const refunded = await ok(post(helper(order.id, "refund_stalled"), org.testToken));
    expect(refunded).toMatchObject({ status: "direfund", offering: null, messages: [expect.objectContaining({ role: "system" })] });
    expect(await testDeposit(org.id)).toBe(10_000_000n);
    expect(await eventsOf(order.id)).toEqual(["order.dibayar", "order.ditawarkan", "order.direfund"]);
  });

  it("auto_accept makes a delivered order's acceptance come now; breach_sla sets sla_breached_at", async () => {
    const org = await orgWithBothModes();
    const order = await delivered(org.testToken);
    expect((await ok(get(`/v1/orders/${order.id}`, org.testToken))).auto_accept_at).toBe(
      new Date(clock.now().getTime() + 7 * 86_400_000).toISOString(),
    );
    const accepted = await ok(post(helper(order.id, "auto_accept"), org.testToken));
    expect(accepted).toMatchObject({ status: "selesai", auto_accept_at: null });
    expect((accepted.messages as Array<{ role: string }>).at(-1)?.role).toBe("system");

    const running = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    const breached = await ok(post(helper(running.id, "breach_sla"), org.testToken));
    expect(breached).toMatchObject({ status: "dibayar", sla_breached_at: clock.now().toISOString() });
  });

  it("refuses a timer in a status where it does not run, with 409 INVALID_STATE naming what it needs", async () => {
    const org = await orgWithBothModes();
    const order = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    for (const [action, needs] of [
      ["auto_accept", "a diserahkan order"],
      ["refund_stalled", "stall it first"],
    ] as const) {
      const answer = await post(helper(order.id, action), org.testToken);
      expect([answer.status, answer.body.error?.code]).toEqual([409, "INVALID_STATE"]);
      expect(answer.body.error?.message).toContain(needs);
    }
    expect((await ok(get(`/v1/orders/${order.id}`, org.testToken))).status).toBe("dibayar");
  });

  it("the agent's own cancel, revision and dispute work on test orders; the operator's outcomes are helpers", async () => {
    const org = await orgWithBothModes();
    const cancelled = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    expect((await ok(post(`/v1/orders/${cancelled.id}/cancel`, org.testToken))).status).toBe("dibatalkan");
    expect(await testDeposit(org.id)).toBe(10_000_000n);

    const settled = await delivered(org.testToken);
    expect((await ok(post(`/v1/orders/${settled.id}/revision`, org.testToken, { reason: "Ganti judul." }))).status).toBe("dikerjakan");
    expect((await ok(post(`/v1/orders/${settled.id}/dispute`, org.testToken, { reason: "Tidak sesuai." }))).status).toBe("sengketa");
    expect((await ok(post(helper(settled.id, "settle_dispute"), org.testToken))).status).toBe("selesai");

    const resumed = await delivered(org.testToken);
    await ok(post(`/v1/orders/${resumed.id}/dispute`, org.testToken, { reason: "Tidak sesuai." }));
    expect((await ok(post(helper(resumed.id, "resume_work"), org.testToken))).status).toBe("dikerjakan");
    expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
    expect(await escrowMismatches(db())).toEqual([]);
  });
});

describe("the practitioner's view of a test order", () => {
  type View = {
    order_id: string;
    status: string;
    taken: boolean;
    intake: Record<string, string>;
    messages: Array<{ role: string; body: string; created_at: string }>;
    attachments: unknown[];
    error?: { code: string };
  };
  const view = async (orderId: string, token: string) => {
    const res = await api.call(helper(orderId, "practitioner_view"), { token });
    return { status: res.status, body: (await res.json()) as View };
  };
  const CONTACT = "legal@satu.co.id";
  const PHONE = "0812-3456-7890";

  /** The simulated practitioner signed in to the portal, to compare with what the portal answers it. */
  async function simulatedPractitionerPortal() {
    const practitioner = await db().practitioner.update({
      where: { id: SIMULATED_ORDER_PRACTITIONER_ID },
      data: { active: true },
      include: { user: true },
    });
    const { user } = practitioner;
    const sessionId = await startPortalSession(
      { db: db(), clock },
      {
        actor: VISITOR,
        userId: user.id,
      },
    );
    return portalCaller(
      { db: db(), clock },
      {
        id: user.id,
        email: user.email,
        name: user.name,
        role: "practitioner",
        organizationId: null,
        practitionerId: practitioner.id,
        sessionId,
      },
    );
  }

  it("shows the intake and the messages masked while the order is offered and in clear once it is taken, with no attachments", async () => {
    const org = await orgWithBothModes();
    const created = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    expect((await view(created.id, org.testToken)).status).toBe(409);
    await ensureOffering(
      { db: db(), clock },
      {
        actor: SWEEPER,
        orderId: created.id,
      },
    );
    await ok(post(`/v1/orders/${created.id}/messages`, org.testToken, { body: `Telepon saya di ${PHONE} bila perlu.` }));

    const offered = await view(created.id, org.testToken);
    expect(offered.status).toBe(200);
    expect(offered.body).toMatchObject({ order_id: created.id, status: "ditawarkan", taken: false, attachments: [] });
    expect(Object.keys(offered.body.intake).sort()).toEqual(Object.keys(created.intake as object).sort());
    expect(JSON.stringify(offered.body)).not.toContain(CONTACT);
    expect(JSON.stringify(offered.body)).not.toContain(PHONE);
    expect(offered.body.messages.map((m) => m.role)).toContain("client");

    await ok(post(helper(created.id, "accept"), org.testToken));
    const taken = await view(created.id, org.testToken);
    expect(taken.body).toMatchObject({ order_id: created.id, status: "diambil", taken: true, attachments: [] });
    expect(taken.body.intake.email_kontak).toBe(CONTACT);
    expect(taken.body.messages.map((m) => m.body)).toContain(`Telepon saya di ${PHONE} bila perlu.`);
  });

  it("masks contacts written to get past a filter, in the intake and in the messages, in what the practitioner holding the offer sees", async () => {
    const org = await orgWithBothModes();
    const evasive = {
      email: [
        "budi.santoso7 [at] gmail [dot] com",
        "budi.santoso7 at gmail dot com",
        "budi.santoso7&#64;gmail.com",
        "b u d i 7 @ k a n t o r . i d",
      ],
      nik: ["3171  0115  0890  0001", "3171/0115/0890/0001", "3171\n0115\n0890\n0001"],
      phone: ["0812_3456_7890", "812-3456-7890", "0 8 1 2 3 4 5 6 7 8 9 0"],
    };
    const created = await ok(
      post(
        "/v1/orders",
        org.testToken,
        ndaOrder({ intake: { ...ndaOrder().intake, para_pihak: `PT Satu, surel ${evasive.email[0]}, NIK ${evasive.nik[0]}` } }),
      ),
      201,
    );
    await ensureOffering(
      { db: db(), clock },
      {
        actor: SWEEPER,
        orderId: created.id,
      },
    );
    for (const body of Object.values(evasive).flat())
      await ok(post(`/v1/orders/${created.id}/messages`, org.testToken, { body: `Hubungi: ${body}` }));

    const offered = await view(created.id, org.testToken);
    expect(offered.body.taken).toBe(false);
    const shown = JSON.stringify(offered.body).replace(/\\n/g, "\n");
    const digitsShown = shown.replace(/\D/g, "");
    expect({
      localParts: ["santoso7", "budi7"].filter((part) => shown.replace(/[^a-z0-9]/g, "").includes(part)),
      nik: digitsShown.includes("3171011508900001") || digitsShown.includes("31710115"),
      phone: digitsShown.includes("81234567890"),
    }).toEqual({ localParts: [], nik: false, phone: false });
    expect(offered.body.messages.filter((m) => m.role === "client")).toHaveLength(Object.values(evasive).flat().length);
  });

  it("equals what the practitioner portal answers the practitioner holding the offer, then the order", async () => {
    const org = await orgWithBothModes();
    const created = await ok(post("/v1/orders", org.testToken, ndaOrder()), 201);
    await ensureOffering(
      { db: db(), clock },
      {
        actor: SWEEPER,
        orderId: created.id,
      },
    );
    const portal = await simulatedPractitionerPortal();
    onTestFinished(async () => {
      await db().practitioner.update({ where: { id: SIMULATED_ORDER_PRACTITIONER_ID }, data: { active: false } });
    });
    const asHelperShows = (order: Omit<Awaited<ReturnType<typeof portal.practitioner.order>>, "dispute">) => ({
      order_id: order.id,
      status: order.status,
      taken: !order.masked,
      intake: order.intake,
      messages: order.messages.map((m) => ({ role: m.role, body: m.body, created_at: m.createdAt.toISOString() })),
      attachments: [],
    });

    const offer = (await portal.practitioner.offers()).data.find((o) => o.order.id === created.id)!;
    expect({ ...offer.order, dispute: null }).toEqual(await portal.practitioner.order({ orderId: created.id }));
    expect((await view(created.id, org.testToken)).body).toEqual(asHelperShows(offer.order));

    await ok(post(helper(created.id, "accept"), org.testToken));
    await ok(post(helper(created.id, "start"), org.testToken));
    await ok(post(helper(created.id, "request_input"), org.testToken, { question: "Siapa penandatangannya?" }));
    expect((await view(created.id, org.testToken)).body).toEqual(asHelperShows(await portal.practitioner.order({ orderId: created.id })));
  });

  it("answers another organisation's test order 404, a live key 403 TEST_MODE_ONLY, and a live order to a test key 404", async () => {
    const [mine, theirs] = [await orgWithBothModes(), await orgWithBothModes()];
    const order = await ok(post("/v1/orders", theirs.testToken, ndaOrder()), 201);
    await ensureOffering(
      { db: db(), clock },
      {
        actor: SWEEPER,
        orderId: order.id,
      },
    );
    expect((await view(order.id, theirs.testToken)).status).toBe(200);
    const foreign = await view(order.id, mine.testToken);
    expect([foreign.status, foreign.body.error?.code]).toEqual([404, "NOT_FOUND"]);
    const live = await view(order.id, theirs.token);
    expect([live.status, live.body.error?.code]).toEqual([403, "TEST_MODE_ONLY"]);
    const liveOrder = await ok(post("/v1/orders", theirs.token, ndaOrder()), 201);
    expect((await view(liveOrder.id, theirs.testToken)).status).toBe(404);
  });
});

describe("test helpers refuse live keys", () => {
  const helperRoutes = REST_ROUTES.filter((r) => r.path.startsWith("/v1/test_helpers/"));

  it("covers every helper: the practitioner's view, top-up, approve, reject, the simulated order actions and timers, costs and receipts, bids, invoice payment and the stand-in", () => {
    const orderActions = ["approve", "reject", ...SIMULATED_ORDER_ACTIONS];
    expect(helperRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        "GET /v1/test_helpers/orders/{id}/practitioner_view",
        "POST /v1/test_helpers/deposit/top_up",
        ...orderActions.map((a) => `POST /v1/test_helpers/orders/{id}/${a}`),
        "POST /v1/test_helpers/cases/{id}/bids",
        "POST /v1/test_helpers/invoices/{id}/pay",
        "POST /v1/test_helpers/orders/{id}/costs",
        "POST /v1/test_helpers/orders/{id}/costs/{cost_id}/receipt",
        "GET /v1/test_helpers/practitioner",
        "POST /v1/test_helpers/practitioner",
        "POST /v1/test_helpers/practitioner/reset",
      ].sort(),
    );
  });

  it("answers every helper called with a live key with 403 TEST_MODE_ONLY and changes nothing", async () => {
    const org = await orgWithBothModes({ thresholdIdr: 1_000_000n });
    const liveOrder = await ok(post("/v1/orders", org.token, ndaOrder()), 201);
    expect(liveOrder.status).toBe("menunggu_bayar");
    const before = {
      live: await liveDeposit(org.id),
      test: await testDeposit(org.id),
      events: await db().webhookEvent.count(),
      offers: await db().offer.count(),
    };
    const bodies: Record<string, unknown> = {
      top_up: { amount_idr: 1_000_000 },
      request_input: { question: "?" },
      deliver: { deliverable: "x" },
      bids: { price_idr: 1_000_000 },
      costs: { kind: "lainnya", description: "Meterai", amount_idr: 10_000, basis: "UU Bea Meterai" },
      receipt: { file: "file_x" },
      practitioner: { credentials: [{ kind: "advokat" }] },
    };
    for (const route of helperRoutes) {
      const last = route.path.split("/").at(-1)!;
      const path = route.path.replace("{id}", liveOrder.id).replace("{cost_id}", "cost_x");
      const answer = route.method === "GET" ? await get(path, org.token) : await post(path, org.token, bodies[last] ?? {});
      expect([route.path, answer.status, answer.body.error?.code]).toEqual([route.path, 403, "TEST_MODE_ONLY"]);
    }
    expect((await ok(get(`/v1/orders/${liveOrder.id}`, org.token))).status).toBe("menunggu_bayar");
    expect({
      live: await liveDeposit(org.id),
      test: await testDeposit(org.id),
      events: await db().webhookEvent.count(),
      offers: await db().offer.count(),
    }).toEqual(before);
  });

  it("answers a test key with another organisation's test order with 404", async () => {
    const [mine, theirs] = [await orgWithBothModes(), await orgWithBothModes()];
    const order = await ok(post("/v1/orders", theirs.testToken, ndaOrder()), 201);
    for (const action of ["accept", "expire_offer", "refund"])
      expect((await post(helper(order.id, action), mine.testToken)).status).toBe(404);
    expect((await ok(get(`/v1/orders/${order.id}`, theirs.testToken))).status).toBe("dibayar");
  });

  it("still checks the key's scope", async () => {
    const org = await createTestOrg(db(), { mode: "test", scopes: ["katalog:baca"] });
    const answer = await post("/v1/test_helpers/deposit/top_up", org.token, { amount_idr: 1_000 });
    expect([answer.status, answer.body.error?.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
  });
});
