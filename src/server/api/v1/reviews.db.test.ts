import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { createPaidOrder, createTestPractitioner, driveOrder } from "@/test/orders";
import { portalCaller, practitionerUser } from "@/test/portal";

let database: TestDatabase;
let api: TestApi;
const clock = fixedClock("2026-11-26T03:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  api = await startTestApi(database.prisma, clock);
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

async function post(path: string, token: string, json: unknown) {
  const res = await api.call(path, { method: "POST", token, json });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code: string } } };
}

const get = async (path: string, token: string) => (await (await api.call(path, { token })).json()) as Record<string, unknown>;

describe("the practitioner on the order", () => {
  it("is null until a practitioner takes the order, then who does the work with the credentials that count and the label made of them", async () => {
    const org = await createTestOrg(database.prisma);
    const practitionerId = await createTestPractitioner(
      database.prisma,
      ["kontrak"],
      [
        { kind: "advokat", issuer: "PERADI", number: "PERADI 12.345", validUntil: "2099-12-31", province: null },
        { kind: "penerjemah_tersumpah", issuer: "Kementerian Hukum", number: "PT-1", validUntil: "2099-12-31", province: null },
      ],
    );
    // Expired, and one waiting for verification: neither is shown.
    await database.prisma.practitionerCredential.createMany({
      data: [
        {
          id: "krd_lama_1",
          practitionerId,
          kind: "notaris",
          issuer: "Kementerian Hukum",
          number: "LAMA",
          province: "31",
          status: "kedaluwarsa",
          updatedAt: new Date(),
        },
        { id: "krd_tunggu_1", practitionerId, kind: "ppat", issuer: "ATR/BPN", number: "TUNGGU", province: "31", updatedAt: new Date() },
      ],
    });
    const order = await createPaidOrder(database.prisma, clock, org);
    expect((await get(`/v1/orders/${order.id}`, org.token)).practitioner).toBeNull();
    await driveOrder(database.prisma, order.id, practitionerId, "diambil", clock.now());
    const taken = await get(`/v1/orders/${order.id}`, org.token);
    expect(taken.practitioner).toEqual({
      id: practitionerId,
      name: expect.any(String),
      label: "Advokat (PERADI) · Penerjemah Tersumpah",
      license_number: "PERADI 12.345",
      credentials: [
        {
          kind: "advokat",
          issuer: "PERADI",
          number: "PERADI 12.345",
          valid_until: "2099-12-31",
          province: null,
          verified_at: expect.any(String),
        },
        {
          kind: "penerjemah_tersumpah",
          issuer: "Kementerian Hukum",
          number: "PT-1",
          valid_until: "2099-12-31",
          province: null,
          verified_at: expect.any(String),
        },
      ],
    });
    const listed = (await get("/v1/orders?limit=1", org.token)) as { data: Array<{ practitioner: unknown }> };
    expect(listed.data[0]!.practitioner).toEqual(taken.practitioner);
  });

  it("names them by the display name they keep on their profile (the verified name with titles), the verified name until then", async () => {
    const org = await createTestOrg(database.prisma);
    const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"]);
    const order = await createPaidOrder(database.prisma, clock, org);
    await driveOrder(database.prisma, order.id, practitionerId, "diambil", clock.now());
    const { name } = await database.prisma.practitioner.findUniqueOrThrow({ where: { id: practitionerId } });
    expect(((await get(`/v1/orders/${order.id}`, org.token)).practitioner as { name: string }).name).toBe(name);
    await database.prisma.practitioner.update({ where: { id: practitionerId }, data: { displayName: `${name}, S.H., M.H.` } });
    expect(((await get(`/v1/orders/${order.id}`, org.token)).practitioner as { name: string }).name).toBe(`${name}, S.H., M.H.`);
  });
});

describe("POST /v1/orders/{id}/review", () => {
  it("takes one review of a finished order: 201, shown on the order; a second is 409 CONFLICT; a retry under its key replays it", async () => {
    const org = await createTestOrg(database.prisma);
    const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"]);
    const order = await createPaidOrder(database.prisma, clock, org);
    await driveOrder(database.prisma, order.id, practitionerId, "diserahkan", clock.now());
    const early = await post(`/v1/orders/${order.id}/review`, org.token, { rating: 5 });
    expect([early.status, early.body.error?.code]).toEqual([409, "INVALID_STATE"]);
    expect((await post(`/v1/orders/${order.id}/accept`, org.token, {})).status).toBe(200);

    const headers = { "Idempotency-Key": "ulasan-1" };
    const first = await api.call(`/v1/orders/${order.id}/review`, {
      method: "POST",
      token: org.token,
      json: { rating: 4, comment: "Rapi dan cepat." },
      headers,
    });
    const review = (await first.json()) as Record<string, unknown>;
    expect(first.status).toBe(201);
    expect(review).toMatchObject({ order_id: order.id, rating: 4, comment: "Rapi dan cepat.", livemode: true });
    const replay = await api.call(`/v1/orders/${order.id}/review`, {
      method: "POST",
      token: org.token,
      json: { rating: 4, comment: "Rapi dan cepat." },
      headers,
    });
    expect([replay.status, replay.headers.get("idempotent-replayed"), await replay.json()]).toEqual([200, "true", review]);
    const second = await post(`/v1/orders/${order.id}/review`, org.token, { rating: 1 });
    expect([second.status, second.body.error?.code]).toEqual([409, "CONFLICT"]);
    expect((await get(`/v1/orders/${order.id}`, org.token)).review).toEqual(review);
    expect(await database.prisma.orderReview.count({ where: { orderId: order.id } })).toBe(1);
    expect((await database.prisma.orderReview.findUniqueOrThrow({ where: { orderId: order.id } })).practitionerId).toBe(practitionerId);
  });

  it("refuses a rating outside 1–5, a comment over 1,000 characters and another organisation's order, changing nothing", async () => {
    const org = await createTestOrg(database.prisma);
    const other = await createTestOrg(database.prisma);
    const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"]);
    const order = await createPaidOrder(database.prisma, clock, org);
    await driveOrder(database.prisma, order.id, practitionerId, "diserahkan", clock.now());
    await post(`/v1/orders/${order.id}/accept`, org.token, {});
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: 5, comment: "x".repeat(1_001) }, {}]) {
      const refused = await post(`/v1/orders/${order.id}/review`, org.token, body);
      expect([refused.status, refused.body.error?.code], JSON.stringify(body).slice(0, 40)).toEqual([400, "VALIDATION"]);
    }
    const foreign = await post(`/v1/orders/${order.id}/review`, other.token, { rating: 5 });
    expect([foreign.status, foreign.body.error?.code]).toEqual([404, "NOT_FOUND"]);
    expect(await database.prisma.orderReview.count({ where: { orderId: order.id } })).toBe(0);
  });
});

describe("the practitioner's reviews on their profile", () => {
  it("shows the average, the count and the latest with their service, and never who wrote them", async () => {
    const org = await createTestOrg(database.prisma);
    const user = await practitionerUser(database.prisma, ["kontrak"]);
    const practitionerId = user.practitionerId!;
    const me = portalCaller({ db: database.prisma, clock }, user);
    expect(await me.practitioner.reviews()).toEqual({ count: 0, averageRating: null, latest: [] });
    for (const [rating, comment] of [
      [5, "Rapi dan cepat."],
      [4, null],
    ] as const) {
      const order = await createPaidOrder(database.prisma, clock, org);
      await driveOrder(database.prisma, order.id, practitionerId, "diserahkan", clock.now());
      await post(`/v1/orders/${order.id}/accept`, org.token, {});
      await post(`/v1/orders/${order.id}/review`, org.token, comment ? { rating, comment } : { rating });
    }
    const reviews = await me.practitioner.reviews();
    expect([reviews.count, reviews.averageRating]).toEqual([2, 4.5]);
    expect(reviews.latest.map((r) => [r.rating, r.comment, r.service])).toEqual(
      expect.arrayContaining([
        [5, "Rapi dan cepat.", "Perjanjian Kerahasiaan (NDA)"],
        [4, null, "Perjanjian Kerahasiaan (NDA)"],
      ]),
    );
    expect(JSON.stringify(reviews)).not.toContain(org.id);
    expect(JSON.stringify(reviews)).not.toContain(org.apiKeyId);
  });
});
