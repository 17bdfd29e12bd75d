import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/server/db/client";
import { CATALOG_URI, orderUri } from "@/server/domain/mcp/resources";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { SAMPLE_FILES } from "@/test/files";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { readJson, resourceUpdates, startTestMcp, type TestMcp } from "@/test/mcp";
import { ndaOrder } from "@/test/orders";

/**
 * MCP resources and subscriptions on the remote face, proven with the SDK's own client over a real
 * loopback server: two app instances (each a /v1 and a /mcp handler with its own watcher, on its own
 * connection pool on PostgreSQL) share one database, as two processes do.
 */
let database: TestDatabase;
let secondDatabase: Database | undefined;
let first: { api: TestApi; mcp: TestMcp };
let second: { api: TestApi; mcp: TestMcp };
let org: TestOrg;
let tester: string;

const WATCH = { watchIntervalMs: 50 };

async function instance(db: Database["prisma"]) {
  return { api: await startTestApi(db), mcp: await startTestMcp(db, undefined, undefined, undefined, WATCH) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  // PGlite is one connection in this process: there the second instance shares it, with its own handlers and watcher.
  secondDatabase = database.url ? await openDatabase({ databaseUrl: database.url }) : undefined;
  first = await instance(database.prisma);
  second = await instance(secondDatabase?.prisma ?? database.prisma);
  org = await createTestOrg(database.prisma);
  tester = (await addTestKey(database.prisma, org.id, { mode: "test" })).token;
  await call(first.api, "/v1/test_helpers/deposit/top_up", { amount_idr: 20_000_000 });
});

afterAll(async () => {
  for (const { api, mcp } of [first, second]) {
    await mcp?.close();
    await api?.close();
  }
  await secondDatabase?.close();
  await database?.destroy();
});

type Json = Record<string, unknown>;
type Order = Json & { id: string; status: string };

/** A REST call with the test key that must succeed. */
async function call(api: TestApi, path: string, json?: unknown, token = tester): Promise<Json> {
  const res = await api.call(path, { method: json === undefined ? "GET" : "POST", token, json });
  const body = (await res.json()) as Json;
  expect(res.ok, `${path}: ${JSON.stringify(body)}`).toBe(true);
  return body;
}

async function upload(api: TestApi, filename: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(SAMPLE_FILES.text)]), filename);
  const res = await api.call("/v1/files", { method: "POST", token: tester, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const newOrder = async (api = first.api) => (await call(api, "/v1/orders", ndaOrder())) as Order;

/** The session a client's transport holds: initialize issued it. */
const sessionOf = (client: Client) => (client.transport as StreamableHTTPClientTransport).sessionId!;

describe("resources", () => {
  it("declares resources with subscriptions, lists the catalog and the newest orders, and reads them as the tools answer", async () => {
    const order = await newOrder();
    const client = await first.mcp.connect(tester);
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false }, resources: { subscribe: true, listChanged: false } });
    const { resources } = await client.listResources();
    expect(resources[0]).toMatchObject({ uri: CATALOG_URI, mimeType: "application/json" });
    expect(resources).toContainEqual(expect.objectContaining({ uri: orderUri(order.id), name: order.id, mimeType: "application/json" }));
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: "kuasa://orders/{id}", mimeType: "application/json" }),
    ]);
    expect(await readJson(client, orderUri(order.id))).toEqual(await call(first.api, `/v1/orders/${order.id}`));
    expect(await readJson(client, CATALOG_URI)).toEqual(await call(first.api, "/v1/services"));
    await expect(client.readResource({ uri: "kuasa://orders/ord_tidakada" })).rejects.toMatchObject({
      code: -32002,
      data: { error: { code: "NOT_FOUND" } },
    });
    await expect(client.readResource({ uri: "https://contoh.id/x" })).rejects.toMatchObject({ code: -32002 });
  });

  it("lists only the catalog to a key that may not read orders", async () => {
    const reader = await addTestKey(database.prisma, org.id, { mode: "test", scopes: ["katalog:baca"] });
    const client = await first.mcp.connect(reader.token);
    expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual([CATALOG_URI]);
  });
});

describe("subscriptions", () => {
  it("sends an update for every change of a subscribed order as the sandbox drives it, each shown by the next read", async () => {
    const order = await newOrder();
    const uri = orderUri(order.id);
    const client = await first.mcp.connect(tester);
    const updates = resourceUpdates(client);
    await client.subscribeResource({ uri });
    const changes: Array<[string, () => Promise<unknown>, (read: Json) => boolean]> = [
      ["taken", () => call(first.api, `/v1/test_helpers/orders/${order.id}/accept`, {}), (o) => o.status === "diambil"],
      ["started", () => call(first.api, `/v1/test_helpers/orders/${order.id}/start`, {}), (o) => o.status === "dikerjakan"],
      [
        "a question",
        () => call(first.api, `/v1/test_helpers/orders/${order.id}/request_input`, { question: "Siapa penandatangan PT Dua?" }),
        (o) => o.status === "butuh_input_klien",
      ],
      [
        "the answer with a file",
        async () =>
          call(first.api, `/v1/orders/${order.id}/messages`, {
            body: "Direktur Utama, Budi Santoso; akta terlampir.",
            attachments: [await upload(first.api, "akta.txt")],
          }),
        (o) => o.status === "dikerjakan" && (o.messages as Json[]).some((m) => (m.attachments as Json[]).length === 1),
      ],
      [
        "a cost asked",
        () =>
          call(first.api, `/v1/test_helpers/orders/${order.id}/costs`, {
            kind: "lainnya",
            description: "Meterai dua eksemplar",
            amount_idr: 20_000,
            basis: "UU No. 10 Tahun 2020 tentang Bea Meterai",
          }),
        (o) => (o.costs as Json[])[0]?.status === "diajukan",
      ],
      [
        "the cost approved",
        async () => {
          const [cost] = ((await call(first.api, `/v1/orders/${order.id}`)) as { costs: Json[] }).costs;
          return call(first.api, `/v1/orders/${order.id}/costs/${String(cost?.id)}/approve`, {});
        },
        (o) => (o.costs as Json[])[0]?.status === "disetujui",
      ],
      [
        "delivered with a file",
        async () =>
          call(first.api, `/v1/test_helpers/orders/${order.id}/deliver`, {
            deliverable: "NDA final terlampir.",
            files: [await upload(first.api, "nda-final.txt")],
          }),
        (o) => o.status === "diserahkan" && (o.deliverable_files as Json[]).length === 1,
      ],
      ["accepted", () => call(first.api, `/v1/orders/${order.id}/accept`, {}), (o) => o.status === "selesai"],
      ["reviewed", () => call(first.api, `/v1/orders/${order.id}/review`, { rating: 5 }), (o) => (o.review as Json | null)?.rating === 5],
    ];
    for (const [what, change, shows] of changes) {
      await change();
      expect(await updates.until(uri, shows), what).toEqual(await call(first.api, `/v1/orders/${order.id}`));
    }
    expect(new Set(updates.got)).toEqual(new Set([uri]));
  }, 60_000);

  it("tells a client whose stream is on one instance of a change made through another, subscribed through either", async () => {
    const [viaFirst, viaSecond] = [await newOrder(), await newOrder(second.api)];
    const client = await first.mcp.connect(tester);
    const updates = resourceUpdates(client);
    await client.subscribeResource({ uri: orderUri(viaFirst.id) });
    // The same session, resumed on the second instance: no initialize, so no stream there; it only POSTs.
    const resumed = new Client({ name: "kuasa-test", version: "1.0.0" });
    await resumed.connect(
      new StreamableHTTPClientTransport(new URL(second.mcp.url), {
        sessionId: sessionOf(client),
        requestInit: { headers: { Authorization: `Bearer ${tester}` } },
      }),
    );
    try {
      await resumed.subscribeResource({ uri: orderUri(viaSecond.id) });
      for (const order of [viaFirst, viaSecond]) {
        await call(second.api, `/v1/test_helpers/orders/${order.id}/accept`, {});
        await updates.until<Order>(orderUri(order.id), (read) => read.status === "diambil");
      }
    } finally {
      await resumed.close();
    }
  });

  it("stops the updates of a resource unsubscribed from, and keeps the others", async () => {
    const [left, kept] = [await newOrder(), await newOrder()];
    const client = await first.mcp.connect(tester);
    const updates = resourceUpdates(client);
    for (const order of [left, kept]) await client.subscribeResource({ uri: orderUri(order.id) });
    await client.unsubscribeResource({ uri: orderUri(left.id) });
    expect(await database.prisma.mcpSubscription.findMany({ where: { sessionId: sessionOf(client) }, select: { uri: true } })).toEqual([
      { uri: orderUri(kept.id) },
    ]);
    await call(first.api, `/v1/test_helpers/orders/${left.id}/accept`, {});
    // Two updates of the other order, the second claimed on a later look than any the first change could have had.
    for (const step of ["accept", "start"]) {
      await call(first.api, `/v1/test_helpers/orders/${kept.id}/${step}`, {});
      await updates.next(orderUri(kept.id));
    }
    expect(updates.got).not.toContain(orderUri(left.id));
  });

  it("sends the catalog's update once every instance's catalog copy shows the change", async () => {
    const client = await first.mcp.connect(tester);
    const updates = resourceUpdates(client);
    await client.subscribeResource({ uri: CATALOG_URI });
    // Read now, so this instance's catalog copy is the old one when the change is made.
    await readJson(client, CATALOG_URI);
    await database.prisma.service.update({ where: { code: "perjanjian_kerahasiaan" }, data: { slaLabel: "4 hari kerja" } });
    const read = await updates.until<{ data: Array<{ code: string; sla: unknown }> }>(CATALOG_URI, () => true);
    expect(JSON.stringify(read.data.find((service) => service.code === "perjanjian_kerahasiaan"))).toContain("4 hari kerja");
  }, 30_000);
});

describe("who may subscribe", () => {
  it("refuses another organisation's order as NOT_FOUND, and a key without status:baca, with the API's error and no subscription", async () => {
    const stranger = await createTestOrg(database.prisma, { mode: "test" });
    const theirs = await call(first.api, "/v1/test_helpers/deposit/top_up", { amount_idr: 5_000_000 }, stranger.token).then(() =>
      call(first.api, "/v1/orders", ndaOrder(), stranger.token),
    );
    const client = await first.mcp.connect(tester);
    await expect(client.subscribeResource({ uri: orderUri(String(theirs.id)) })).rejects.toMatchObject({
      code: -32002,
      data: { error: { code: "NOT_FOUND", request_id: expect.stringMatching(/^req_/) } },
    });
    const catalogOnly = await addTestKey(database.prisma, org.id, { mode: "test", scopes: ["katalog:baca"] });
    const reader = await first.mcp.connect(catalogOnly.token);
    const mine = await newOrder();
    await expect(reader.subscribeResource({ uri: orderUri(mine.id) })).rejects.toMatchObject({
      code: -32603,
      data: { error: { code: "INSUFFICIENT_SCOPE" } },
    });
    await reader.subscribeResource({ uri: CATALOG_URI });
    const rows = await database.prisma.mcpSubscription.findMany({
      where: { sessionId: { in: [sessionOf(client), sessionOf(reader)] } },
      select: { uri: true },
    });
    expect(rows).toEqual([{ uri: CATALOG_URI }]);
  });

  it("answers a session of another key, and one ended with DELETE, with 404 on POST and GET", async () => {
    const client = await first.mcp.connect(tester);
    const sessionId = sessionOf(client);
    const other = await createTestOrg(database.prisma);
    const post = (token: string, session: string) =>
      fetch(first.mcp.url, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          "Mcp-Session-Id": session,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    const get = (token: string, session: string) =>
      fetch(first.mcp.url, { headers: { Authorization: `Bearer ${token}`, "Mcp-Session-Id": session, Accept: "text/event-stream" } });
    for (const res of [await post(other.token, sessionId), await get(other.token, sessionId)]) {
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([404, "NOT_FOUND"]);
    }
    expect((await post(tester, sessionId)).status).toBe(200);
    const notStreamed = await fetch(first.mcp.url, { headers: { Authorization: `Bearer ${tester}`, "Mcp-Session-Id": sessionId } });
    expect(notStreamed.status).toBe(406);
    await client.subscribeResource({ uri: CATALOG_URI });
    const ended = await fetch(first.mcp.url, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${tester}`, "Mcp-Session-Id": sessionId },
    });
    expect(ended.status).toBe(204);
    expect((await post(tester, sessionId)).status).toBe(404);
    expect(await database.prisma.mcpSubscription.count({ where: { sessionId } })).toBe(0);
  });

  it("serves a POST without a session statelessly, which may read but not subscribe", async () => {
    const order = await newOrder();
    const rpc = async (method: string, params: Json) => {
      const res = await fetch(first.mcp.url, {
        method: "POST",
        headers: { Authorization: `Bearer ${tester}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      });
      expect(res.headers.get("mcp-session-id")).toBeNull();
      return [res.status, await res.json()] as const;
    };
    const [status, answer] = await rpc("tools/call", { name: "status_order", arguments: { id: order.id } });
    expect([status, (answer as { result: { structuredContent: Order } }).result.structuredContent.id]).toEqual([200, order.id]);
    const [, read] = await rpc("resources/read", { uri: orderUri(order.id) });
    expect(JSON.parse((read as { result: { contents: Array<{ text: string }> } }).result.contents[0]!.text)).toMatchObject({
      id: order.id,
    });
    expect(await rpc("resources/subscribe", { uri: orderUri(order.id) })).toEqual([
      200,
      { jsonrpc: "2.0", id: 1, error: { code: -32600, message: expect.stringContaining("needs a session") } },
    ]);
  });
});
