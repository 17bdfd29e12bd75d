import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/api/openapi";
import type { Db } from "@/server/db/client";
import { fixedClock } from "@/server/domain/clock";
import { newId } from "@/server/domain/ids";
import { payInvoice } from "@/server/services/cases";
import { adminOf } from "@/test/actors";
import { bid, caseBody } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, TEST_PUBLIC_URL, type TestApi } from "@/test/http";
import { companyIntake, createTestPractitioner, ndaOrder } from "@/test/orders";

/**
 * GET /v1/orders, /v1/cases, /v1/invoices through the real /v1 handler: newest first, keyset
 * paging that visits every row once whatever is created meanwhile, one organisation in one mode,
 * and each filter.
 */

let database: TestDatabase;
let api: TestApi;
const START = "2026-11-23T03:00:00.000Z";
const clock = fixedClock(START);
const db = () => database.prisma;

type Item = { id: string; status: string; created_at: string; livemode: boolean; messages?: unknown[]; bids?: unknown[] };
type ListBody = { data: Item[]; has_more: boolean; error?: { code: string; message: string } };

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(db());
  api = await startTestApi(db(), clock);
}, 60_000);

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

const richOrg = () => createTestOrg(db(), { depositIdr: 900_000_000n, monthlyBudgetIdr: 900_000_000n, maxOrderIdr: 900_000_000n });

async function get(path: string, token: string): Promise<{ status: number; body: ListBody }> {
  const res = await api.call(path, { token });
  return { status: res.status, body: (await res.json()) as ListBody };
}

async function list(path: string, token: string): Promise<ListBody> {
  const { status, body } = await get(path, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

async function expectError(path: string, token: string, status: number, code: string): Promise<string> {
  const answer = await get(path, token);
  expect([answer.status, answer.body.error?.code], path).toEqual([status, code]);
  return answer.body.error!.message;
}

async function newOrder(token: string, body: Record<string, unknown> = {}): Promise<Item> {
  const res = await api.call("/v1/orders", { method: "POST", token, json: ndaOrder(body) });
  expect(res.status).toBe(201);
  return (await res.json()) as Item;
}

async function newCase(token: string): Promise<Item> {
  const res = await api.call("/v1/cases", { method: "POST", token, json: caseBody() });
  expect(res.status).toBe(201);
  return (await res.json()) as Item;
}

/** `count` orders one second apart; ids newest first, as the list shows them. */
async function ordersOneSecondApart(token: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    clock.advance(1000);
    ids.unshift((await newOrder(token)).id);
  }
  return ids;
}

const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&")}`;

/**
 * Follows `starting_after` (older) or `ending_before` (newer) from `from` until has_more is
 * false, calling `between` after each page; answers the ids seen in walking order and each
 * page's has_more.
 */
async function walk(
  path: string,
  token: string,
  limit: number,
  direction: "older" | "newer",
  from?: string,
  between?: () => Promise<void>,
) {
  const seen: string[] = [];
  const hasMore: boolean[] = [];
  let cursor = from;
  for (;;) {
    const query: Record<string, string | number> = { limit };
    if (cursor) query[direction === "older" ? "starting_after" : "ending_before"] = cursor;
    const page = await list(withQuery(path, query), token);
    // Every page is shown newest first, whichever way it was walked.
    const ids = page.data.map((item) => item.id);
    seen.push(...(direction === "older" ? ids : [...ids].reverse()));
    hasMore.push(page.has_more);
    if (!page.has_more) return { seen, hasMore };
    cursor = direction === "older" ? ids.at(-1) : ids[0];
    await between?.();
  }
}

describe("paging", () => {
  it("walks every order exactly once, to older and to newer, has_more true on every page but the last", async () => {
    const org = await richOrg();
    const ids = await ordersOneSecondApart(org.token, 7);

    const firstPage = await list("/v1/orders", org.token);
    expect([firstPage.data.map((o) => o.id), firstPage.has_more]).toEqual([ids, false]);

    const older = await walk("/v1/orders", org.token, 3, "older");
    expect(older).toEqual({ seen: ids, hasMore: [true, true, false] });

    const newer = await walk("/v1/orders", org.token, 3, "newer", ids.at(-1));
    expect(newer).toEqual({ seen: [...ids.slice(0, -1)].reverse(), hasMore: [true, false] });
  });

  it("leaves a starting_after walk undisturbed by orders created meanwhile: they appear at the head, and ending_before catches up with them", async () => {
    const org = await richOrg();
    const ids = await ordersOneSecondApart(org.token, 6);
    const createdMeanwhile: string[] = [];

    const older = await walk("/v1/orders", org.token, 2, "older", undefined, async () => {
      clock.advance(1000);
      createdMeanwhile.unshift((await newOrder(org.token)).id);
    });
    expect(older).toEqual({ seen: ids, hasMore: [true, true, false] });
    expect(createdMeanwhile).toHaveLength(2);

    const head = await list("/v1/orders?limit=2", org.token);
    expect(head.data.map((o) => o.id)).toEqual(createdMeanwhile);
    const caughtUp = await walk("/v1/orders", org.token, 1, "newer", ids[0]);
    expect(caughtUp.seen).toEqual([...createdMeanwhile].reverse());
  });

  it("pages orders created in the same millisecond exactly once, ordered by id", async () => {
    const org = await richOrg();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await newOrder(org.token)).id);
    const newestFirst = [...ids].sort().reverse();
    expect(new Set((await list("/v1/orders", org.token)).data.map((o) => o.created_at)).size).toBe(1);

    expect((await walk("/v1/orders", org.token, 2, "older")).seen).toEqual(newestFirst);
    expect((await walk("/v1/orders", org.token, 2, "newer", newestFirst.at(-1))).seen).toEqual([...newestFirst.slice(0, -1)].reverse());
    expect((await walk("/v1/orders", org.token, 3, "older", newestFirst[2])).seen).toEqual(newestFirst.slice(3));
  });

  it("walks cases and invoices the same way", async () => {
    const org = await richOrg();
    const caseIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      caseIds.unshift((await newCase(org.token)).id);
    }
    expect(await walk("/v1/cases", org.token, 2, "older")).toEqual({ seen: caseIds, hasMore: [true, true, false] });
    expect((await walk("/v1/cases", org.token, 2, "newer", caseIds.at(-1))).seen).toEqual([...caseIds.slice(0, -1)].reverse());

    const invoiceIds: string[] = [];
    for (const caseId of [...caseIds].reverse()) {
      clock.advance(1000);
      invoiceIds.unshift(await selectedInvoice(org, caseId));
    }
    expect(await walk("/v1/invoices", org.token, 2, "older")).toEqual({ seen: invoiceIds, hasMore: [true, true, false] });
    expect((await walk("/v1/invoices", org.token, 4, "newer", invoiceIds.at(-1))).seen).toEqual([...invoiceIds.slice(0, -1)].reverse());
  });
});

let practitionerId: string | undefined;

/** Selects a fresh bid on the case (a simulated one on a test case): answers the invoice's id. */
async function selectedInvoice(org: { token: string }, caseId: string, mode: "live" | "test" = "live"): Promise<string> {
  let bidId: string;
  if (mode === "live") {
    practitionerId ??= await createTestPractitioner(db(), ["properti"]);
    bidId = (await bid(db(), clock, practitionerId, caseId)).id;
  } else {
    const res = await api.call(`/v1/test_helpers/cases/${caseId}/bids`, {
      method: "POST",
      token: org.token,
      json: { price_idr: 2_000_000 },
    });
    expect(res.status).toBe(200);
    bidId = ((await res.json()) as { bids: Array<{ id: string }> }).bids[0]!.id;
  }
  const res = await api.call(`/v1/cases/${caseId}/select`, { method: "POST", token: org.token, json: { bid_id: bidId } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { invoice: { id: string } }).invoice.id;
}

describe("isolation", () => {
  let org: TestOrg;
  let testToken: string;
  let stranger: TestOrg;
  const own = {
    live: { order: "", case: "", invoice: "" },
    test: { order: "", case: "", invoice: "" },
    stranger: { order: "", case: "", invoice: "" },
  };

  beforeAll(async () => {
    org = await richOrg();
    testToken = (await addTestKey(db(), org.id, { mode: "test" })).token;
    expect(
      (await api.call("/v1/test_helpers/deposit/top_up", { method: "POST", token: testToken, json: { amount_idr: 10_000_000 } })).status,
    ).toBe(200);
    stranger = await richOrg();
    for (const [side, token] of [
      ["live", org.token],
      ["test", testToken],
      ["stranger", stranger.token],
    ] as const) {
      own[side].order = (await newOrder(token)).id;
      own[side].case = (await newCase(token)).id;
      own[side].invoice = await selectedInvoice({ token }, own[side].case, side === "test" ? "test" : "live");
    }
  });

  it("lists only the key's organisation in the key's mode", async () => {
    for (const [side, token] of [
      ["live", org.token],
      ["test", testToken],
      ["stranger", stranger.token],
    ] as const) {
      expect((await list("/v1/orders", token)).data.map((o) => o.id)).toEqual([own[side].order]);
      expect((await list("/v1/cases", token)).data.map((c) => c.id)).toEqual([own[side].case]);
      expect((await list("/v1/invoices", token)).data.map((i) => i.id)).toEqual([own[side].invoice]);
    }
    expect((await list("/v1/orders", testToken)).data[0]!.livemode).toBe(false);
  });

  it("refuses a cursor from another organisation, the other mode, or nowhere with 400 VALIDATION", async () => {
    for (const [path, kind] of [
      ["/v1/orders", "order"],
      ["/v1/cases", "case"],
      ["/v1/invoices", "invoice"],
    ] as const) {
      for (const foreign of [own.stranger[kind], own.test[kind], `${kind}_tidak_ada`]) {
        for (const cursor of ["starting_after", "ending_before"]) {
          const message = await expectError(withQuery(path, { [cursor]: foreign }), org.token, 400, "VALIDATION");
          expect(message).toContain(foreign);
        }
      }
      expect((await list(withQuery(path, { starting_after: own.live[kind] }), org.token)).data).toEqual([]);
    }
  });

  it("answers GET /v1/invoices/{id} for the key's own invoice and 404 for another organisation's or mode's", async () => {
    const { status, body } = await get(`/v1/invoices/${own.live.invoice}`, org.token);
    expect(status).toBe(200);
    expect(body).toEqual({
      id: own.live.invoice,
      total_idr: expect.any(Number),
      status: "belum_dibayar",
      order_id: null,
      case_id: own.live.case,
      livemode: true,
      paid_at: null,
      created_at: expect.any(String),
      pdf_url: `${TEST_PUBLIC_URL}/v1/invoices/${own.live.invoice}/pdf`,
    });
    await expectError(`/v1/invoices/${own.stranger.invoice}`, org.token, 404, "NOT_FOUND");
    await expectError(`/v1/invoices/${own.test.invoice}`, org.token, 404, "NOT_FOUND");
    await expectError(`/v1/invoices/${own.live.invoice}`, testToken, 404, "NOT_FOUND");
  });
});

describe("filters", () => {
  let org: TestOrg;
  const at = (seconds: number) => new Date(Date.parse(START) + 86_400_000 + seconds * 1000).toISOString();

  beforeAll(async () => {
    org = await richOrg();
  });

  const ids = async (path: string) => (await list(path, org.token)).data.map((item) => item.id);

  it("filters orders by status, service, creation time and metadata", async () => {
    clock.set(at(0));
    const first = await newOrder(org.token);
    clock.set(at(10));
    const cancelled = await newOrder(org.token);
    expect((await api.call(`/v1/orders/${cancelled.id}/cancel`, { method: "POST", token: org.token, json: {} })).status).toBe(200);
    clock.set(at(20));
    const otherService = await newOrder(org.token, {
      service: "pendirian_pt",
      intake: companyIntake(),
    });
    await db().order.update({ where: { id: first.id }, data: { metadata: { customer: "c_1", team: "hukum" } } });
    await db().order.update({ where: { id: cancelled.id }, data: { metadata: { customer: "c_1", team: "pajak" } } });

    expect(await ids("/v1/orders?status=dibatalkan")).toEqual([cancelled.id]);
    expect(await ids("/v1/orders?status=dibayar")).toEqual([otherService.id, first.id]);
    expect(await ids("/v1/orders?service=pendirian_pt")).toEqual([otherService.id]);
    expect(await ids("/v1/orders?service=perjanjian_kerahasiaan&status=dibayar")).toEqual([first.id]);
    expect(await ids(withQuery("/v1/orders", { "created[gte]": at(10) }))).toEqual([otherService.id, cancelled.id]);
    expect(await ids(withQuery("/v1/orders", { "created[lte]": at(10) }))).toEqual([cancelled.id, first.id]);
    expect(await ids(withQuery("/v1/orders", { "created[gte]": at(5), "created[lte]": at(15) }))).toEqual([cancelled.id]);
    // The same instant written in Jakarta time.
    const jakarta = new Date(Date.parse(at(10)) + 7 * 3_600_000).toISOString().replace("Z", "+07:00");
    expect(await ids(withQuery("/v1/orders", { "created[gte]": jakarta }))).toEqual([otherService.id, cancelled.id]);
    expect(await ids(withQuery("/v1/orders", { "metadata[customer]": "c_1" }))).toEqual([cancelled.id, first.id]);
    expect(await ids(withQuery("/v1/orders", { "metadata[customer]": "c_1", "metadata[team]": "hukum" }))).toEqual([first.id]);
    expect(await ids(withQuery("/v1/orders", { "metadata[customer]": "c_2" }))).toEqual([]);
    expect(await ids(withQuery("/v1/orders", { "metadata[team]": "pajak", status: "dibatalkan" }))).toEqual([cancelled.id]);
    // A filter narrows a walk too: the cursor only says where to start.
    expect(await ids(withQuery("/v1/orders", { "metadata[customer]": "c_1", starting_after: otherService.id, limit: 1 }))).toEqual([
      cancelled.id,
    ]);
  });

  it("filters cases by status, creation time and metadata", async () => {
    clock.set(at(100));
    const open = await newCase(org.token);
    clock.set(at(110));
    const selected = await newCase(org.token);
    await selectedInvoice(org, selected.id);
    await db().case.update({ where: { id: open.id }, data: { metadata: { customer: "c_9", team: "hukum" } } });
    await db().case.update({ where: { id: selected.id }, data: { metadata: { customer: "c_9" } } });

    expect(await ids("/v1/cases?status=terbuka")).toEqual([open.id]);
    expect(await ids("/v1/cases?status=dipilih")).toEqual([selected.id]);
    expect(await ids(withQuery("/v1/cases", { "created[gte]": at(105) }))).toEqual([selected.id]);
    expect(await ids(withQuery("/v1/cases", { "created[lte]": at(105) }))).toEqual([open.id]);
    expect(await ids(withQuery("/v1/cases", { "metadata[customer]": "c_9" }))).toEqual([selected.id, open.id]);
    expect(await ids(withQuery("/v1/cases", { "metadata[customer]": "c_9", "metadata[team]": "hukum" }))).toEqual([open.id]);
    const withBids = (await list("/v1/cases?status=dipilih", org.token)).data[0]!;
    expect(withBids.bids).toHaveLength(1);
  });

  it("filters invoices by status and creation time", async () => {
    const invoiceOrg = await richOrg();
    clock.set(at(200));
    const unpaid = await selectedInvoice(invoiceOrg, (await newCase(invoiceOrg.token)).id);
    clock.set(at(210));
    const paid = await selectedInvoice(invoiceOrg, (await newCase(invoiceOrg.token)).id);
    await payInvoice({ db: db(), clock }, { actor: adminOf(invoiceOrg.id), invoiceId: paid });
    const invoiceIds = async (path: string) => (await list(path, invoiceOrg.token)).data.map((item) => item.id);

    expect(await invoiceIds("/v1/invoices?status=dibayar")).toEqual([paid]);
    expect(await invoiceIds("/v1/invoices?status=belum_dibayar")).toEqual([unpaid]);
    expect(await invoiceIds(withQuery("/v1/invoices", { "created[gte]": at(205) }))).toEqual([paid]);
    expect(await invoiceIds(withQuery("/v1/invoices", { "created[lte]": at(205) }))).toEqual([unpaid]);
    const paidInvoice = (await get(`/v1/invoices/${paid}`, invoiceOrg.token)).body as unknown as {
      order_id: string | null;
      paid_at: string | null;
    };
    expect(paidInvoice.order_id).toMatch(/^ord_/);
    expect(paidInvoice.paid_at).toBe(at(210));
  });

  it("refuses a status outside the resource's statuses, a bad time, an unknown parameter and an overlong metadata key", async () => {
    await expectError("/v1/orders?status=terbuka", org.token, 400, "VALIDATION");
    await expectError("/v1/cases?status=dibayar", org.token, 400, "VALIDATION");
    await expectError("/v1/invoices?status=selesai", org.token, 400, "VALIDATION");
    await expectError(withQuery("/v1/orders", { "created[gte]": "kemarin" }), org.token, 400, "VALIDATION");
    expect(await expectError("/v1/orders?colour=red", org.token, 400, "VALIDATION")).toContain("colour");
    expect(await expectError("/v1/invoices?metadata[customer]=c_1", org.token, 400, "VALIDATION")).toContain("metadata[customer]");
    await expectError(withQuery("/v1/orders", { [`metadata[${"k".repeat(41)}]`]: "v" }), org.token, 400, "VALIDATION");
    expect(await ids(withQuery("/v1/orders", { [`metadata[${"k".repeat(40)}]`]: "v" }))).toEqual([]);
  });

  it.each(["__proto__", "constructor", "prototype"])(
    "refuses the reserved metadata key %s with 400 naming it, in list filters and in order and case bodies, and stores nothing",
    async (key) => {
      for (const path of ["/v1/orders", "/v1/cases"]) {
        expect(await expectError(`${path}?metadata[${key}]=1`, org.token, 400, "VALIDATION")).toContain(`metadata[${key}]`);
      }
      const before = { orders: await db().order.count(), cases: await db().case.count() };
      // A JSON body, as an agent sends it: `__proto__` arrives as an own key of the parsed object.
      const metadata = `{"${key}":"x","tiket":"T-1"}`;
      for (const [path, body] of [
        ["/v1/orders", ndaOrder()],
        ["/v1/cases", caseBody()],
      ] as const) {
        const res = await api.call(path, {
          method: "POST",
          token: org.token,
          body: JSON.stringify({ ...body, metadata: "@" }).replace('"@"', metadata),
          headers: { "Content-Type": "application/json" },
        });
        const answer = (await res.json()) as ListBody;
        expect([res.status, answer.error?.code], path).toEqual([400, "VALIDATION"]);
        expect(answer.error!.message).toContain(key);
      }
      expect({ orders: await db().order.count(), cases: await db().case.count() }).toEqual(before);
    },
  );
});

describe("limit and cursors", () => {
  it("takes a limit of 1 to 100, 20 by default, and one cursor at a time", async () => {
    const org = await richOrg();
    const ids = await ordersOneSecondApart(org.token, 21);
    const firstPage = await list("/v1/orders", org.token);
    expect([firstPage.data.length, firstPage.has_more]).toEqual([20, true]);
    expect((await list("/v1/orders?limit=100", org.token)).data.map((o) => o.id)).toEqual(ids);
    expect((await list("/v1/orders?limit=1", org.token)).data.map((o) => o.id)).toEqual([ids[0]]);
    for (const path of ["/v1/orders", "/v1/cases", "/v1/invoices"]) {
      for (const limit of ["0", "101", "-1", "2.5", "banyak"]) await expectError(`${path}?limit=${limit}`, org.token, 400, "VALIDATION");
      const message = await expectError(withQuery(path, { starting_after: ids[0]!, ending_before: ids[1]! }), org.token, 400, "VALIDATION");
      expect(message).toContain("not both");
    }
  });

  it("needs the status:baca scope", async () => {
    const org = await richOrg();
    const writeOnly = (await addTestKey(db(), org.id, { scopes: ["order:buat"] })).token;
    for (const path of ["/v1/orders", "/v1/cases", "/v1/invoices", "/v1/invoices/inv_x"])
      await expectError(path, writeOnly, 403, "INSUFFICIENT_SCOPE");
  });
});

describe("cost of a page", () => {
  /** The same handler on a client that records every Prisma operation it runs. */
  async function countingApi() {
    const operations: string[] = [];
    const counted = db().$extends({
      query: {
        async $allOperations({ model, operation, args, query }) {
          operations.push(`${model ?? "$raw"}.${operation}`);
          return query(args);
        },
      },
    }) as unknown as Db;
    return { operations, api: await startTestApi(counted, clock) };
  }

  it("reads a page of 100 orders with their messages in as many queries as a page of 1, messages in one query for the page only", async () => {
    const org = await richOrg();
    const template = await db().order.findUniqueOrThrow({ where: { id: (await newOrder(org.token)).id } });
    const base = template.createdAt.getTime();
    // Copies of one real order, one second apart: the page's cost, not the orders' history, is measured.
    const orders = Array.from({ length: 120 }, (_, i) => ({
      ...template,
      id: newId("order"),
      caseId: null,
      createdAt: new Date(base + (i + 1) * 1000),
    }));
    await db().order.createMany({ data: orders as never });
    await db().orderMessage.createMany({
      data: orders.flatMap((order) =>
        [1, 2].map((n) => ({ id: newId("message"), orderId: order.id, role: "client", body: `Pesan ${n}`, createdAt: order.createdAt })),
      ),
    });

    const { operations, api: counting } = await countingApi();
    try {
      const pageOf = async (limit: number) => {
        operations.length = 0;
        const res = await counting.call(`/v1/orders?limit=${limit}&starting_after=${orders[110]!.id}`, { token: org.token });
        const body = (await res.json()) as ListBody;
        return { body, operations: [...operations] };
      };
      // Warm up first: authentication records the key's last use at most once a while.
      await pageOf(1);
      const one = await pageOf(1);
      const hundred = await pageOf(100);
      expect(hundred.body.data).toHaveLength(100);
      expect(hundred.body.data.every((order) => order.messages?.length === 2)).toBe(true);
      expect(hundred.operations).toEqual(one.operations);
      expect(hundred.operations.filter((op) => op.startsWith("OrderMessage."))).toEqual(["OrderMessage.findMany"]);
      expect(hundred.operations.filter((op) => op.startsWith("Order."))).toEqual(["Order.findFirst", "Order.findMany"]);
    } finally {
      await counting.close();
    }
  });
});

describe("the OpenAPI document", () => {
  it("documents each list's cursors and filters, the status filter as the resource's enum, metadata as one deepObject parameter", () => {
    const doc = buildOpenApiDocument("http://localhost") as unknown as {
      paths: Record<
        string,
        { get: { parameters: Array<{ name: string; in: string; style?: string; schema: { $ref?: string } }>; description: string } }
      >;
    };
    // The query's; every operation also takes the Kuasa-Version header.
    const paramsOf = (path: string) =>
      Object.fromEntries(doc.paths[path]!.get.parameters.filter((p) => p.in === "query").map((p) => [p.name, p]));
    const common = ["limit", "starting_after", "ending_before", "created[gte]", "created[lte]", "status"];
    expect(Object.keys(paramsOf("/v1/orders")).sort()).toEqual([...common, "service", "metadata"].sort());
    expect(Object.keys(paramsOf("/v1/cases")).sort()).toEqual([...common, "metadata"].sort());
    expect(Object.keys(paramsOf("/v1/invoices")).sort()).toEqual(common.sort());
    expect(paramsOf("/v1/orders").status!.schema.$ref).toBe("#/components/schemas/OrderStatus");
    expect(paramsOf("/v1/cases").status!.schema.$ref).toBe("#/components/schemas/CaseStatus");
    expect(paramsOf("/v1/invoices").status!.schema.$ref).toBe("#/components/schemas/InvoiceStatus");
    expect(paramsOf("/v1/orders").metadata!.style).toBe("deepObject");
    for (const path of ["/v1/orders", "/v1/cases", "/v1/invoices"])
      expect(doc.paths[path]!.get.description).toMatch(/newest first.*starting_after.*ending_before.*Filters/s);
    expect(doc.paths["/v1/invoices/{id}"]).toBeDefined();
  });
});
