import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "@/generated/prisma/enums";
import { adminActor, agentActor, SWEEPER } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { verifyWebhookSignature } from "@/server/domain/events/signature";
import { newId } from "@/server/domain/ids";
import { payInvoice, selectBid } from "@/server/services/cases";
import { attemptDelivery, recordOrderEvent } from "@/server/services/events";
import { agentKey, bid, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { createTestPractitioner, ndaOrder } from "@/test/orders";
import { type Receiver, startReceiver, testWebhookSettings } from "@/test/webhooks";

/**
 * GET /v1/events through the real /v1 handler: the events are the webhooks actually signed and
 * sent, every one is reachable by paging in both directions, and nobody sees another
 * organisation's or another mode's events.
 */

let database: TestDatabase;
let api: TestApi;
const receivers: Receiver[] = [];
const START = "2026-11-23T03:00:00.000Z";
const clock = fixedClock(START);
const db = () => database.prisma;

type EventBody = { id: string; type: string; created_at: string; livemode: boolean; data: Record<string, unknown> & { event: string } };
type ListBody = { data: EventBody[]; has_more: boolean };
type ErrorBody = { error: { code: string; message: string } };

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(db());
  api = await startTestApi(db(), clock);
}, 60_000);

afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

async function get<T = ListBody>(path: string, token: string) {
  const res = await api.call(path, { token });
  return { status: res.status, body: (await res.json()) as T };
}

async function post(path: string, json: unknown, token: string) {
  const res = await api.call(path, { method: "POST", token, json });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as { id: string };
}

interface Owner {
  organizationId: string;
  apiKeyId: string;
  livemode: boolean;
  token: string;
}

const liveOwner = (org: TestOrg): Owner => ({ organizationId: org.id, apiKeyId: org.apiKeyId, livemode: true, token: org.token });

async function testModeOwner(org: TestOrg): Promise<Owner> {
  const key = await addTestKey(db(), org.id, { mode: "test" });
  return { organizationId: org.id, apiKeyId: key.apiKeyId, livemode: false, token: key.token };
}

/** `count` order events written through the outbox, as the order services write them; their ids, oldest first. */
async function addEvents(owner: Owner, count: number, options: { status?: OrderStatus; at?: Date } = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = options.at ?? clock.now();
    const order = await db().order.create({
      data: {
        id: newId("order"),
        organizationId: owner.organizationId,
        apiKeyId: owner.apiKeyId,
        livemode: owner.livemode,
        serviceCode: "perjanjian_kerahasiaan",
        status: options.status ?? "dibayar",
        priceIdr: 1_700_000n,
        clientPriceIdr: 1_490_000n,
        intake: {},
        createdAt: at,
        updatedAt: at,
      },
    });
    ids.push((await db().$transaction((tx) => recordOrderEvent(tx, order, at)))!);
  }
  return ids;
}

/** Every event of the key, newest first, walked with starting_after. */
async function listAll(token: string, query = ""): Promise<EventBody[]> {
  const all: EventBody[] = [];
  let after: string | undefined;
  for (;;) {
    const { status, body } = await get(`/v1/events?limit=100${query}${after ? `&starting_after=${after}` : ""}`, token);
    expect(status).toBe(200);
    all.push(...body.data);
    if (!body.has_more) return all;
    after = body.data.at(-1)!.id;
  }
}

const idsOf = (events: EventBody[]) => events.map((e) => e.id);

describe("GET /v1/events", () => {
  it("returns exactly the webhooks that were signed and sent: same ids, types and payloads", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const org = await createTestOrg(db());
    const key = await db().apiKey.update({
      where: { id: org.apiKeyId },
      data: { webhookUrl: `${receiver.url}/hooks` },
      select: { webhookSecret: true },
    });

    // Order events through the API; a case's bid, selection and paid invoice through the services.
    const kept = await post("/v1/orders", ndaOrder(), org.token);
    const cancelled = await post("/v1/orders", ndaOrder(), org.token);
    await post(`/v1/orders/${cancelled.id}/cancel`, { reason: "Klien berubah pikiran." }, org.token);
    const practitionerId = await createTestPractitioner(db(), ["properti"]);
    const created = await createTestCase(db(), clock, org);
    const offer = await bid(db(), clock, practitionerId, created.id);
    const { invoice } = await selectBid(
      { db: db(), clock },
      {
        actor: agentActor(await agentKey(db(), clock, org)),
        caseId: created.id,
        bidId: offer.id,
      },
    );
    await payInvoice({ db: db(), clock }, { actor: adminActor("usr_admin", org.id), invoiceId: invoice.id });

    const deliveries = await db().webhookDelivery.findMany({
      where: { event: { organizationId: org.id } },
      orderBy: { event: { seq: "asc" } },
      select: { id: true },
    });
    for (const delivery of deliveries) {
      expect(
        (
          await attemptDelivery(
            { db: db(), clock, webhooks: testWebhookSettings },
            {
              actor: SWEEPER,
              deliveryId: delivery.id,
            },
          )
        ).result,
      ).toBe("delivered");
    }

    const events = await listAll(org.token);
    expect(new Set(events.map((e) => e.type))).toEqual(
      // The paid invoice opens its order already taken: order.diambil.
      new Set(["order.dibayar", "order.dibatalkan", "case.bid_received", "case.selected", "invoice.dibayar", "order.diambil"]),
    );
    expect(events.some((e) => (e.data.order as { id: string } | undefined)?.id === kept.id)).toBe(true);
    expect(receiver.requests).toHaveLength(events.length);
    // Sent oldest first, listed newest first.
    expect(receiver.requests.map((r) => (JSON.parse(r.body) as { id: string }).id)).toEqual(idsOf(events).reverse());
    for (const request of receiver.requests) {
      expect(
        verifyWebhookSignature(key.webhookSecret, request.headers["x-kuasa-signature"] as string, request.body, {
          now: clock.now().getTime(),
        }).ok,
      ).toBe(true);
      const { id, sent_at, ...data } = JSON.parse(request.body) as Record<string, unknown>;
      expect(request.headers["x-kuasa-event-id"]).toBe(id);
      expect(sent_at).toBe(START);
      const event = events.find((e) => e.id === id)!;
      expect(event).toMatchObject({ type: data.event, livemode: true, created_at: START });
      // Same fields, same order: the one payload function wrote both.
      expect(JSON.stringify(event.data)).toBe(JSON.stringify(data));
      expect(await get<EventBody>(`/v1/events/${id as string}`, org.token)).toEqual({ status: 200, body: event });
    }
  });

  it("has the events of a key without a webhook URL, though nothing was sent", async () => {
    const org = await createTestOrg(db());
    const order = await post("/v1/orders", ndaOrder(), org.token);

    const events = await listAll(org.token);
    expect(events.map((e) => e.type)).toContain("order.dibayar");
    expect(events.every((e) => (e.data.order as { id: string }).id === order.id)).toBe(true);
    expect(await db().webhookDelivery.count({ where: { eventId: { in: idsOf(events) } } })).toBe(0);
  });

  it("catches up after missed webhooks with ending_before=<last delivered id>, oldest missed event first", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const org = await createTestOrg(db());
    const owner = liveOwner(org);
    await addEvents(owner, 3);
    await db().webhookDelivery.createMany({
      data: (await db().webhookEvent.findMany({ where: { organizationId: org.id } })).map((e) => ({
        id: newId("delivery"),
        eventId: e.id,
        url: receiver.url,
        nextAttemptAt: clock.now(),
      })),
    });
    for (const delivery of await db().webhookDelivery.findMany({
      where: { event: { organizationId: org.id } },
      orderBy: { event: { seq: "asc" } },
    })) {
      await attemptDelivery(
        { db: db(), clock, webhooks: testWebhookSettings },
        {
          actor: SWEEPER,
          deliveryId: delivery.id,
        },
      );
    }
    const lastSeen = (JSON.parse(receiver.requests.at(-1)!.body) as { id: string }).id;
    const missed = await addEvents(owner, 5);

    const caughtUp: string[] = [];
    let cursor = lastSeen;
    for (;;) {
      const { status, body } = await get(`/v1/events?limit=2&ending_before=${cursor}`, org.token);
      expect(status).toBe(200);
      // Each page is newest first; read it backwards to handle events in the order they happened.
      caughtUp.push(...idsOf(body.data).reverse());
      if (!body.has_more) break;
      cursor = body.data[0]!.id;
    }
    expect(caughtUp).toEqual(missed);
    // The other direction leads back into what was already delivered.
    const older = await get(`/v1/events?starting_after=${lastSeen}`, org.token);
    expect(idsOf(older.body.data)).toEqual(
      receiver.requests
        .slice(0, -1)
        .map((r) => (JSON.parse(r.body) as { id: string }).id)
        .reverse(),
    );
  });
});

describe("paging", () => {
  it("walks to older events with starting_after, each exactly once, while new events arrive", async () => {
    const org = await createTestOrg(db());
    const owner = liveOwner(org);
    const before = await addEvents(owner, 23);

    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const { status, body } = await get(`/v1/events?limit=5${after ? `&starting_after=${after}` : ""}`, org.token);
      expect(status).toBe(200);
      expect(body.data.length).toBeLessThanOrEqual(5);
      seen.push(...idsOf(body.data));
      if (!body.has_more) break;
      after = body.data.at(-1)!.id;
      await addEvents(owner, 1);
    }
    // Events added during the walk are newer than the first page: they are not in this walk.
    expect(seen).toEqual([...before].reverse());
  });

  it("walks to newer events with ending_before, each exactly once, including those added during the walk", async () => {
    const org = await createTestOrg(db());
    const owner = liveOwner(org);
    const [oldest, ...rest] = await addEvents(owner, 17);
    const added: string[] = [];

    const seen: string[] = [];
    let before = oldest!;
    for (;;) {
      const { status, body } = await get(`/v1/events?limit=4&ending_before=${before}`, org.token);
      expect(status).toBe(200);
      expect(body.data.length).toBeLessThanOrEqual(4);
      const newestFirst = idsOf(body.data);
      seen.push(...[...newestFirst].reverse());
      if (!body.has_more) break;
      before = body.data[0]!.id;
      added.push(...(await addEvents(owner, 1)));
    }
    expect(added.length).toBeGreaterThan(0);
    expect(seen).toEqual([...rest, ...added]);
  });

  it("orders events written in the same millisecond by insertion", async () => {
    const org = await createTestOrg(db());
    const ids = await addEvents(liveOwner(org), 6, { at: new Date(START) });
    const { body } = await get("/v1/events?limit=3", org.token);
    expect(idsOf(body.data)).toEqual(ids.slice(3).reverse());
    expect(body.has_more).toBe(true);
  });

  it("gives 20 by default and accepts 1–100; 0, 101 and both cursors are 400 VALIDATION", async () => {
    const org = await createTestOrg(db());
    const ids = await addEvents(liveOwner(org), 21);
    const page = await get("/v1/events", org.token);
    expect(page.body.data).toHaveLength(20);
    expect(page.body.has_more).toBe(true);
    expect((await get("/v1/events?limit=1", org.token)).body.data).toHaveLength(1);
    expect((await get("/v1/events?limit=100", org.token)).body).toMatchObject({ data: { length: 21 }, has_more: false });
    for (const query of ["limit=0", "limit=101", "limit=abc", `starting_after=${ids[5]}&ending_before=${ids[10]}`]) {
      const { status, body } = await get<ErrorBody>(`/v1/events?${query}`, org.token);
      expect({ query, status, code: body.error.code }).toEqual({ query, status: 400, code: "VALIDATION" });
    }
  });
});

describe("isolation", () => {
  it("shows each organisation and each mode only its own events, by list, by id and as a cursor", async () => {
    const orgA = await createTestOrg(db());
    const orgB = await createTestOrg(db());
    const owners = [liveOwner(orgA), await testModeOwner(orgA), liveOwner(orgB)];
    const ids = await Promise.all(owners.map((owner) => addEvents(owner, 3)));

    for (const [i, owner] of owners.entries()) {
      const listed = await listAll(owner.token);
      expect(idsOf(listed)).toEqual([...ids[i]!].reverse());
      expect(listed.every((e) => e.livemode === owner.livemode)).toBe(true);
      for (const [j, others] of ids.entries()) {
        if (j === i) continue;
        const byId = await get<ErrorBody>(`/v1/events/${others[0]}`, owner.token);
        expect({ status: byId.status, code: byId.body.error.code }).toEqual({ status: 404, code: "NOT_FOUND" });
        for (const cursor of ["starting_after", "ending_before"]) {
          const paged = await get<ErrorBody>(`/v1/events?${cursor}=${others[1]}`, owner.token);
          expect({ status: paged.status, code: paged.body.error.code }).toEqual({ status: 400, code: "VALIDATION" });
        }
      }
    }
    const unknown = await get<ErrorBody>("/v1/events?starting_after=evt_tidak_ada", orgA.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain("evt_tidak_ada");
    expect((await get<ErrorBody>("/v1/events/evt_tidak_ada", orgA.token)).status).toBe(404);
  });
});

describe("access", () => {
  it("needs status:baca (403 INSUFFICIENT_SCOPE without it) and a key (401)", async () => {
    const org = await createTestOrg(db());
    const [id] = await addEvents(liveOwner(org), 1);
    const writer = await addTestKey(db(), org.id, { scopes: ["order:buat", "kasus:buat"] });
    for (const path of ["/v1/events", `/v1/events/${id}`]) {
      const refused = await get<ErrorBody>(path, writer.token);
      expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 403, code: "INSUFFICIENT_SCOPE" });
      expect((await api.call(path)).status).toBe(401);
    }
  });
});

describe("filters", () => {
  const at = (minute: number) => new Date(Date.parse(START) + minute * 60_000);

  it("filters by type, also across pages", async () => {
    const org = await createTestOrg(db());
    const owner = liveOwner(org);
    const taken = [...(await addEvents(owner, 2, { status: "diambil" }))];
    await addEvents(owner, 2, { status: "selesai" });
    taken.push(...(await addEvents(owner, 1, { status: "diambil" })));

    const first = await get("/v1/events?type=order.diambil&limit=2", org.token);
    const second = await get(`/v1/events?type=order.diambil&limit=2&starting_after=${first.body.data[1]!.id}`, org.token);
    expect([...idsOf(first.body.data), ...idsOf(second.body.data)]).toEqual([...taken].reverse());
    expect([first.body.has_more, second.body.has_more]).toEqual([true, false]);
    expect((await get("/v1/events?type=case.selected", org.token)).body).toEqual({ data: [], has_more: false });
    for (const type of ["order.dibuat", "order.menunggu_bayar", "order.unknown"]) {
      expect((await get<ErrorBody>(`/v1/events?type=${type}`, org.token)).status).toBe(400);
    }
  });

  it("filters by created[gte] and created[lte], inclusive, with the brackets raw or percent-encoded", async () => {
    const org = await createTestOrg(db());
    const owner = liveOwner(org);
    const ids: string[] = [];
    for (let minute = 0; minute < 6; minute++) ids.push(...(await addEvents(owner, 1, { at: at(minute) })));

    const window = `created[gte]=${at(2).toISOString()}&created[lte]=${at(4).toISOString()}`;
    expect(idsOf((await get(`/v1/events?${window}`, org.token)).body.data)).toEqual(ids.slice(2, 5).reverse());
    const encoded = `created%5Bgte%5D=${encodeURIComponent("2026-11-23T10:03:00+07:00")}`;
    expect(idsOf((await get(`/v1/events?${encoded}`, org.token)).body.data)).toEqual(ids.slice(3).reverse());
    expect(idsOf((await get(`/v1/events?created[lte]=${at(1).toISOString()}`, org.token)).body.data)).toEqual(ids.slice(0, 2).reverse());
    expect((await get<ErrorBody>("/v1/events?created[gte]=kemarin", org.token)).status).toBe(400);
  });
});

describe.runIf(testDatabaseKind === "postgres")("on PostgreSQL", () => {
  it("reads a page from the (organizationId, livemode, seq) index", async () => {
    const org = await createTestOrg(db());
    await addEvents(liveOwner(org), 3);
    // A small table would be read whole; the plan with scans off shows the index serves the order.
    const plan = await db().$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<Array<{ "QUERY PLAN": string }>>(
        `EXPLAIN SELECT id FROM "WebhookEvent" WHERE "organizationId" = '${org.id}' AND livemode = true ORDER BY seq DESC LIMIT 21`,
      );
    });
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(
      /Index Scan Backward using "WebhookEvent_organizationId_livemode_seq_idx"/,
    );
  });
});
