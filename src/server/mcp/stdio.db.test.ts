import { spawn } from "node:child_process";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_URI, orderUri } from "@/server/domain/mcp/resources";
import { caseBody } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, TEST_PUBLIC_URL, type TestApi } from "@/test/http";
import { connectStdio, KUASA_MCP_BIN, readJson, resourceUpdates, toolJson, withoutRequestId } from "@/test/mcp";
import { NDA_PRICE_IDR, ndaOrder } from "@/test/orders";
import { TOOLS, toolsFor } from "./tools";

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;
let client: Client;
const clients: Client[] = [];

/** The bin as a child process pointed at the REST test server, as an MCP client would start it. */
async function stdioClient(token: string, baseUrl = api.url, env: Record<string, string> = {}) {
  const stdio = await connectStdio({ KUASA_API_KEY: token, KUASA_BASE_URL: baseUrl, ...env });
  clients.push(stdio);
  return stdio;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  api = await startTestApi(database.prisma);
  org = await createTestOrg(database.prisma, { depositIdr: 20_000_000n });
  client = await stdioClient(org.token);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await api?.close();
  await database?.destroy();
});

type ErrorBody = { error: { code: string; message: string; param?: string; request_id?: string; doc_url?: string } };

/** The bin run to its exit with only `env` (and PATH), its output collected. */
async function runBin(env: Record<string, string>) {
  const child = spawn(process.execPath, [KUASA_MCP_BIN], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout, stderr };
}

async function rest(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  return withoutRequestId(await (await api.call(path, { token, ...init })).json());
}

async function toolError(c: Client, name: string, args: Record<string, unknown>): Promise<ErrorBody> {
  const result = await c.callTool({ name, arguments: args });
  expect(result.isError).toBe(true);
  return toolJson(result) as ErrorBody;
}

describe("kuasa-mcp over stdio", () => {
  it("serves the same tool table as the remote face, the sandbox's tools to a test key only", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(toolsFor(true).tools.map((t) => t.name));
    const tester = await stdioClient((await addTestKey(database.prisma, org.id, { mode: "test" })).token);
    expect((await tester.listTools()).tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    expect(tester.getServerCapabilities()).toEqual({ tools: { listChanged: false }, resources: { subscribe: true, listChanged: false } });
    await expect(tester.listPrompts()).rejects.toMatchObject({ code: -32601 });
    const topUp = toolJson(await tester.callTool({ name: "uji_isi_deposit", arguments: { amount_idr: 1_000 } }));
    expect(topUp).toMatchObject({ livemode: false });
    await expect(client.callTool({ name: "uji_isi_deposit", arguments: { amount_idr: 1_000 } })).rejects.toMatchObject({ code: -32602 });
  });

  it("takes a test key without the read scope as a test key, from its id", async () => {
    const tester = await stdioClient((await addTestKey(database.prisma, org.id, { mode: "test", scopes: ["order:buat"] })).token);
    expect((await tester.listTools()).tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
  });

  it("daftar_layanan answers what GET /v1/services answers", async () => {
    expect(toolJson(await client.callTool({ name: "daftar_layanan", arguments: {} }))).toEqual(await rest("/v1/services", org.token));
  });

  it("detail_layanan puts the code in the path", async () => {
    const result = await client.callTool({ name: "detail_layanan", arguments: { code: "perjanjian_kerahasiaan" } });
    expect(toolJson(result)).toEqual(await rest("/v1/services/perjanjian_kerahasiaan", org.token));
  });

  it("buat_order creates one order and replays it for the same idempotency_key", async () => {
    const buyer = await createTestOrg(database.prisma);
    const agent = await stdioClient(buyer.token);
    const args = { ...ndaOrder(), idempotency_key: "stdio-nda-1" };
    const first = toolJson(await agent.callTool({ name: "buat_order", arguments: args })) as {
      id: string;
      status: string;
      price_idr: number;
    };
    expect(first).toMatchObject({ status: "dibayar", price_idr: NDA_PRICE_IDR });
    const retry = toolJson(await agent.callTool({ name: "buat_order", arguments: args })) as { id: string };
    expect(first).not.toHaveProperty("replayed");
    expect(retry).toEqual({ replayed: true, ...first });
    expect(await database.prisma.order.count({ where: { organizationId: buyer.id } })).toBe(1);
    const status = toolJson(await agent.callTool({ name: "status_order", arguments: { id: first.id } }));
    expect(status).toEqual(await rest(`/v1/orders/${first.id}`, buyer.token));
  });

  it("sends buat_order's and ajukan_kasus's metadata object in the JSON body, as REST takes it", async () => {
    const metadata = { run: "stdio-45" };
    const order = toolJson(await client.callTool({ name: "buat_order", arguments: ndaOrder({ metadata }) })) as {
      id: string;
      metadata: unknown;
    };
    expect(order.metadata).toEqual(metadata);
    expect(order).toEqual(await rest(`/v1/orders/${order.id}`, org.token));
    const kasus = toolJson(await client.callTool({ name: "ajukan_kasus", arguments: caseBody({ metadata }) })) as { metadata: unknown };
    expect(kasus.metadata).toEqual(metadata);
  });

  it("daftar_order puts its arguments in the query string, metadata filters included", async () => {
    const created = (await rest("/v1/orders", org.token, { method: "POST", json: ndaOrder({ metadata: { tiket: "stdio-7" } }) })) as {
      id: string;
    };
    const page = toolJson(await client.callTool({ name: "daftar_order", arguments: { limit: 1, "metadata[tiket]": "stdio-7" } }));
    expect(page).toEqual(await rest("/v1/orders?limit=1&metadata%5Btiket%5D=stdio-7", org.token));
    expect((page as { data: Array<{ id: string }> }).data.map((o) => o.id)).toEqual([created.id]);
  });

  it("passes REST error bodies through unchanged, with the REST request's id and the server's doc_url", async () => {
    const budget = await toolError(client, "buat_order", ndaOrder({ max_budget: NDA_PRICE_IDR - 1 }));
    expect(budget.error.code).toBe("BUDGET_EXCEEDED");
    expect(budget.error.request_id).toMatch(/^req_/);
    expect(budget.error.doc_url).toBe(`${TEST_PUBLIC_URL}/docs#section/Errors/BUDGET_EXCEEDED`);
    expect(withoutRequestId(budget)).toEqual(
      await rest("/v1/orders", org.token, { method: "POST", json: ndaOrder({ max_budget: NDA_PRICE_IDR - 1 }) }),
    );
    const missing = await toolError(client, "status_order", { id: "ord_tidakada" });
    expect(withoutRequestId(missing)).toEqual(await rest("/v1/orders/ord_tidakada", org.token));
    expect(missing.error.code).toBe("NOT_FOUND");
  });

  it("answers invalid arguments with the VALIDATION body REST would send, without a request id: no request was made", async () => {
    const args = ndaOrder({ max_budget: "2000000" });
    const body = await toolError(client, "buat_order", args);
    expect(body.error).toMatchObject({ code: "VALIDATION", param: "max_budget" });
    expect(body.error.request_id).toBeUndefined();
    // Its doc_url is in the docs of the server it would have asked, KUASA_BASE_URL (the test API's
    // own address, where REST's is its PUBLIC_URL); the rest is REST's body.
    expect(body.error.doc_url).toBe(`${api.url}/docs#section/Errors/VALIDATION`);
    const answered = (await rest("/v1/orders", org.token, { method: "POST", json: args })) as ErrorBody;
    expect({ ...body.error, doc_url: answered.error.doc_url }).toEqual(answered.error);
  });

  it("answers a key without order:buat with INSUFFICIENT_SCOPE", async () => {
    const reader = await createTestOrg(database.prisma, { scopes: ["katalog:baca"] });
    const agent = await stdioClient(reader.token);
    expect((await toolError(agent, "buat_order", ndaOrder())).error.code).toBe("INSUFFICIENT_SCOPE");
    expect((await toolError(agent, "saldo", {})).error.code).toBe("INSUFFICIENT_SCOPE");
  });

  it("exits at start with the API's words on stderr when the API refuses the key", async () => {
    const { code, stdout, stderr } = await runBin({ KUASA_API_KEY: "key_tidakada.rahasia", KUASA_BASE_URL: api.url });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^kuasa-mcp: KUASA_API_KEY was refused by http:\/\/127\.0\.0\.1:\d+: \S/);
  });

  it("exits at start with the API's words on stderr when the API knows no KUASA_API_VERSION", async () => {
    const { code, stdout, stderr } = await runBin({ KUASA_API_KEY: org.token, KUASA_BASE_URL: api.url, KUASA_API_VERSION: "2025-01-01" });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(
      /^kuasa-mcp: KUASA_API_VERSION was refused by http:\/\/127\.0\.0\.1:\d+: Kuasa-Version 2025-01-01 is not a known version; the known versions are 2026-11-28\.\n$/,
    );
  });

  it("says clearly when the API cannot be reached", async () => {
    const agent = await stdioClient(org.token, "http://127.0.0.1:9");
    const body = await toolError(agent, "saldo", {});
    expect(body.error).toMatchObject({
      code: "INTERNAL",
      message: expect.stringContaining("Could not reach the Kuasa API at http://127.0.0.1:9"),
      doc_url: "http://127.0.0.1:9/docs#section/Errors/INTERNAL",
    });
  });

  it("exits with a message on stderr when KUASA_API_KEY is missing", async () => {
    const { code, stdout, stderr } = await runBin({});
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("KUASA_API_KEY is not set");
  });
});

describe("kuasa-mcp's resources and subscriptions", () => {
  type Order = { id: string; status: string };
  let tester: string;

  beforeAll(async () => {
    tester = (await addTestKey(database.prisma, org.id, { mode: "test" })).token;
    expect(
      (await api.call("/v1/test_helpers/deposit/top_up", { method: "POST", token: tester, json: { amount_idr: 10_000_000 } })).status,
    ).toBe(200);
  });

  const newOrder = async () => (await (await api.call("/v1/orders", { method: "POST", token: tester, json: ndaOrder() })).json()) as Order;
  const helper = async (id: string, action: string, json: Record<string, unknown> = {}) =>
    expect((await api.call(`/v1/test_helpers/orders/${id}/${action}`, { method: "POST", token: tester, json })).status).toBe(200);

  it("reads orders and the catalog as REST answers them, and polls a subscribed order until every change is told", async () => {
    const order = await newOrder();
    const uri = orderUri(order.id);
    const agent = await stdioClient(tester, api.url, { KUASA_POLL_INTERVAL_MS: "100" });
    expect((await agent.listResources()).resources.map((resource) => resource.uri)).toEqual(expect.arrayContaining([CATALOG_URI, uri]));
    expect(await readJson(agent, CATALOG_URI)).toEqual(await rest("/v1/services", tester));
    expect(await readJson(agent, uri)).toEqual(await rest(`/v1/orders/${order.id}`, tester));
    const updates = resourceUpdates(agent);
    await agent.subscribeResource({ uri });
    for (const [action, json, status] of [
      ["accept", {}, "diambil"],
      ["start", {}, "dikerjakan"],
      ["deliver", { deliverable: "NDA final terlampir." }, "diserahkan"],
    ] as const) {
      await helper(order.id, action, json);
      expect(await updates.until<Order>(uri, (read) => read.status === status)).toEqual(await rest(`/v1/orders/${order.id}`, tester));
    }
  }, 60_000);

  it("stops polling a resource unsubscribed from, and refuses another organisation's order with the API's NOT_FOUND", async () => {
    const [left, kept] = [await newOrder(), await newOrder()];
    const agent = await stdioClient(tester, api.url, { KUASA_POLL_INTERVAL_MS: "100" });
    const updates = resourceUpdates(agent);
    for (const order of [left, kept]) await agent.subscribeResource({ uri: orderUri(order.id) });
    await agent.unsubscribeResource({ uri: orderUri(left.id) });
    await helper(left.id, "accept");
    // Each round of polls reads the left order before the kept one: the kept one's second update comes from a later round than its
    // first, which read the left order after its change, so an update of the left order would have come before it.
    for (const action of ["accept", "start"]) {
      await helper(kept.id, action);
      await updates.next(orderUri(kept.id));
    }
    expect(updates.got).not.toContain(orderUri(left.id));
    const stranger = await createTestOrg(database.prisma);
    const theirs = (await (await api.call("/v1/orders", { method: "POST", token: stranger.token, json: ndaOrder() })).json()) as Order;
    await expect(agent.subscribeResource({ uri: orderUri(theirs.id) })).rejects.toMatchObject({
      code: -32002,
      data: { error: { code: "NOT_FOUND" } },
    });
  }, 60_000);
});
