import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "@/server/api/json-body";
import { fixedClock } from "@/server/domain/clock";
import { ApiRateLimiter } from "@/server/services/access";
import { bid, caseBody } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { keepAlivePool, startTestApi, TEST_PUBLIC_URL, type TestApi } from "@/test/http";
import { startTestMcp, type TestMcp, toolJson, withoutRequestId } from "@/test/mcp";
import { createTestPractitioner, driveOrder, NDA_PRICE_IDR, ndaOrder } from "@/test/orders";
import { INSTRUCTIONS } from "./server";
import { TOOLS, toolsFor } from "./tools";

let database: TestDatabase;
let api: TestApi;
let mcp: TestMcp;
let org: TestOrg;
let client: Client;
const clock = fixedClock("2026-11-23T03:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  api = await startTestApi(database.prisma, clock);
  mcp = await startTestMcp(database.prisma, clock);
  org = await createTestOrg(database.prisma, { depositIdr: 20_000_000n });
  client = await mcp.connect(org.token);
});

afterAll(async () => {
  await mcp?.close();
  await api?.close();
  await database?.destroy();
});

type ErrorBody = { error: { code: string; message: string; param?: string; request_id?: string; doc_url?: string } };
type Order = { id: string; status: string; price_idr: number };

async function rest(path: string, token: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  return withoutRequestId(await (await api.call(path, { token, ...init })).json());
}

/** Calls a tool and returns its error body (request_id left out), which must be exactly the REST shape. */
async function toolError(c: Client, name: string, args: Record<string, unknown>): Promise<ErrorBody> {
  const result = await c.callTool({ name, arguments: args });
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const body = toolJson(result) as ErrorBody;
  expect(Object.keys(body)).toEqual(["error"]);
  expect(Object.keys(body.error).sort()).toEqual(
    body.error.param === undefined ? ["code", "doc_url", "message", "request_id"] : ["code", "doc_url", "message", "param", "request_id"],
  );
  expect(body.error.request_id).toMatch(/^req_/);
  expect(body.error.doc_url).toBe(`${TEST_PUBLIC_URL}/docs#section/Errors/${body.error.code}`);
  return withoutRequestId(body) as ErrorBody;
}

describe("tools/list", () => {
  it("lists exactly the tool table, each with input and output object schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      "daftar_layanan",
      "detail_layanan",
      "buat_order",
      "status_order",
      "daftar_order",
      "kirim_pesan",
      "terima_hasil",
      "batalkan_order",
      "minta_revisi",
      "ajukan_sengketa",
      "beri_ulasan",
      "setujui_biaya",
      "tolak_biaya",
      "ajukan_kasus",
      "status_kasus",
      "daftar_kasus",
      "pilih_penawaran",
      "batalkan_kasus",
      "daftar_event",
      "detail_event",
      "daftar_invoice",
      "status_invoice",
      "daftar_kuitansi",
      "detail_kuitansi",
      "laporan_deposit",
      "unggah_berkas",
      "detail_berkas",
      "tautan_berkas",
      "saldo",
      "periksa_konten",
    ]);
    expect(tools.map((t) => t.name)).toEqual(toolsFor(true).tools.map((t) => t.name));
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(JSON.stringify(tool), tool.name).not.toContain("$ref");
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(Object.keys(byName.get("buat_order")!.inputSchema.properties ?? {}).sort()).toEqual([
      "attachments",
      "callback_url",
      "idempotency_key",
      "intake",
      "max_budget",
      "metadata",
      "service",
    ]);
    expect(byName.get("buat_order")!.inputSchema.required).toEqual(["service", "intake"]);
    expect(Object.keys(byName.get("kirim_pesan")!.inputSchema.properties ?? {}).sort()).toEqual([
      "attachments",
      "body",
      "id",
      "idempotency_key",
    ]);
    expect(Object.keys(byName.get("unggah_berkas")!.inputSchema.properties ?? {}).sort()).toEqual([
      "content_base64",
      "filename",
      "idempotency_key",
    ]);
    expect(byName.get("detail_layanan")!.inputSchema.required).toEqual(["code"]);
    expect(Object.keys(byName.get("pilih_penawaran")!.inputSchema.properties ?? {}).sort()).toEqual(["bid_id", "id", "idempotency_key"]);
    expect(byName.get("ajukan_kasus")!.inputSchema.required).toEqual(["contact_name", "contact_email", "story"]);
  });

  it("gives tools that behave alike the same hints: reads read-only, status moves idempotent, creations not, the irreversible destructive", async () => {
    const { tools } = await client.listTools();
    const annotations = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    const reads = ["daftar_layanan", "detail_layanan", "status_order", "daftar_order", "status_kasus", "daftar_kasus", "daftar_event"];
    for (const name of [
      ...reads,
      "detail_event",
      "daftar_invoice",
      "status_invoice",
      "daftar_kuitansi",
      "detail_kuitansi",
      "laporan_deposit",
      "saldo",
      "periksa_konten",
    ]) {
      expect(annotations[name]?.readOnlyHint, name).toBe(true);
    }
    // A second call finds the order or case moved on, changes nothing and answers INVALID_STATE.
    for (const [name, destructive] of [
      ["terima_hasil", true],
      ["batalkan_order", true],
      ["pilih_penawaran", true],
      ["batalkan_kasus", true],
      ["minta_revisi", false],
      ["ajukan_sengketa", false],
      ["beri_ulasan", false],
      ["setujui_biaya", true],
      ["tolak_biaya", true],
    ] as const) {
      expect(annotations[name], name).toEqual({
        readOnlyHint: false,
        idempotentHint: true,
        destructiveHint: destructive,
        openWorldHint: false,
      });
    }
    for (const name of ["buat_order", "kirim_pesan", "ajukan_kasus"]) {
      expect(annotations[name], name).toEqual({ readOnlyHint: false, idempotentHint: false, destructiveHint: false, openWorldHint: false });
    }
    for (const tool of tools) expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
  });

  it("describes every argument of every tool", async () => {
    const { tools } = await client.listTools();
    const undescribed = tools.flatMap((tool) =>
      Object.entries((tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>)
        .filter(([, schema]) => !schema.description)
        .map(([argument]) => `${tool.name}.${argument}`),
    );
    expect(undescribed).toEqual([]);
  });

  it("carries the content rules for agent clients in the server instructions", () => {
    const instructions = client.getInstructions();
    expect(instructions).toBe(INSTRUCTIONS);
    for (const rule of [
      "Never promise an outcome: not winning a case, not a permit being issued, not a deadline of a government body",
      "Never state that all practitioners are verified by one particular bar organisation; only the label shown on a practitioner's profile or on a service counts",
      "Never quote prices or services that are not in the catalog",
      "Never present AI answers, yours included, as legal advice",
    ]) {
      expect(instructions).toContain(rule);
    }
  });
});

describe("what a key is shown", () => {
  /** Every subschema of a JSON Schema, by the keywords that hold schemas (not `properties` maps or `enum` values). */
  function* subschemas(schema: unknown, path: string): Generator<[string, unknown]> {
    yield [path, schema];
    if (schema === null || typeof schema !== "object") return;
    const node = schema as Record<string, unknown>;
    for (const keyword of ["additionalProperties", "items", "propertyNames", "not", "contains", "if", "then", "else"])
      if (keyword in node) yield* subschemas(node[keyword], `${path}.${keyword}`);
    for (const keyword of ["anyOf", "allOf", "oneOf", "prefixItems"])
      for (const [i, item] of ((node[keyword] as unknown[]) ?? []).entries()) yield* subschemas(item, `${path}.${keyword}[${i}]`);
    for (const keyword of ["properties", "patternProperties", "definitions", "$defs"])
      for (const [key, item] of Object.entries((node[keyword] as Record<string, unknown>) ?? {}))
        yield* subschemas(item, `${path}.${keyword}.${key}`);
  }

  it("writes every tool's input and output schema, as tools/list gives them to a test key, without type arrays or empty schemas", async () => {
    const tester = await addTestKey(database.prisma, org.id, { mode: "test" });
    const { tools } = await (await mcp.connect(tester.token)).listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    const unportable = tools.flatMap((tool) =>
      [...subschemas(tool.inputSchema, `${tool.name}.input`), ...subschemas(tool.outputSchema, `${tool.name}.output`)].flatMap(
        ([path, schema]) => {
          if (schema !== null && typeof schema === "object" && Object.keys(schema).length === 0) return [`${path}: empty schema`];
          const type = (schema as { type?: unknown } | null)?.type;
          return Array.isArray(type) ? [`${path}: type ${JSON.stringify(type)}`] : [];
        },
      ),
    );
    expect(unportable).toEqual([]);
    // What the two kinds of finding were made of is still said, portably.
    const event = tools.find((t) => t.name === "detail_event")!.outputSchema!.properties!.data as { additionalProperties?: unknown };
    expect(event.additionalProperties).toBe(true);
    const order = tools.find((t) => t.name === "status_order")!.outputSchema!.properties!.deliverable;
    expect(order).toMatchObject({ anyOf: [{ type: "string" }, { type: "null" }], description: expect.any(String) });
  });

  it("lists the sandbox's uji_ tools to a test key only; a live key calling one gets the unknown tool's JSON-RPC error", async () => {
    const tester = await addTestKey(database.prisma, org.id, { mode: "test" });
    const sandbox = TOOLS.filter((t) => t.sandbox).map((t) => t.name);
    const listed = (await (await mcp.connect(tester.token)).listTools()).tools.map((t) => t.name);
    expect(listed.filter((name) => name.startsWith("uji_"))).toEqual(sandbox);
    expect(sandbox.length).toBe(25);
    const live = (await client.listTools()).tools.map((t) => t.name);
    expect(live.filter((name) => name.startsWith("uji_"))).toEqual([]);
    const unknown = async (name: string) => client.callTool({ name, arguments: { amount_idr: 1_000 } }).catch((err: unknown) => err);
    for (const name of ["uji_isi_deposit", "uji_tidak_ada"])
      expect(await unknown(name), name).toMatchObject({
        code: -32602,
        message: `MCP error -32602: Unknown tool ${name}; tools/list names the ${live.length} tools.`,
      });
  });

  it("declares tools and subscribable resources, lists that do not change, and answers prompts, completions and logging with -32601", async () => {
    const raw = (method: string, params: Record<string, unknown> = {}) =>
      fetch(mcp.url, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${org.token}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      }).then(async (res) => [res.status, await res.json()] as const);
    const [, initialized] = await raw("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "c", version: "1" },
    });
    const capabilities = { tools: { listChanged: false }, resources: { subscribe: true, listChanged: false } };
    expect((initialized as { result: { capabilities: unknown } }).result.capabilities).toEqual(capabilities);
    expect(client.getServerCapabilities()).toEqual(capabilities);
    for (const [method, params] of [
      ["prompts/list", {}],
      ["prompts/get", { name: "x" }],
      ["completion/complete", { ref: { type: "ref/prompt", name: "x" }, argument: { name: "a", value: "b" } }],
      ["logging/setLevel", { level: "info" }],
    ] as const) {
      expect(await raw(method, params), method).toEqual([
        200,
        { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } },
      ]);
    }
    // The SDK client's own calls get the same error.
    await expect(client.listPrompts()).rejects.toMatchObject({ code: -32601 });
  });
});

describe("reading tools answer what REST answers", () => {
  it.each([
    ["daftar_layanan", {}, "/v1/services"],
    ["detail_layanan", { code: "perjanjian_kerahasiaan" }, "/v1/services/perjanjian_kerahasiaan"],
    ["saldo", {}, "/v1/balance"],
  ])("%s", async (name, args, path) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBeFalsy();
    expect(toolJson(result)).toEqual(await rest(path, org.token));
  });

  it("answers an unknown tool with a JSON-RPC error, not a tool result, its message prefixed once", async () => {
    const error = await client.callTool({ name: "tidak_ada", arguments: {} }).catch((err: unknown) => err);
    expect(error).toMatchObject({
      code: -32602,
      message: `MCP error -32602: Unknown tool tidak_ada; tools/list names the ${toolsFor(true).tools.length} tools.`,
    });
  });

  it("status_order of an unknown order is NOT_FOUND, as REST says it", async () => {
    const body = await toolError(client, "status_order", { id: "ord_tidakada" });
    expect(body).toEqual(await rest("/v1/orders/ord_tidakada", org.token));
    expect(body.error.code).toBe("NOT_FOUND");
  });
});

describe("buat_order", () => {
  it("creates one order, and a retry with the same idempotency_key returns that same order", async () => {
    const buyer = await createTestOrg(database.prisma, { depositIdr: 5_000_000n });
    const agent = await mcp.connect(buyer.token);
    const args = { ...ndaOrder(), idempotency_key: "pesanan-nda-001" };
    const first = toolJson(await agent.callTool({ name: "buat_order", arguments: args })) as Order;
    expect(first).toMatchObject({ status: "dibayar", price_idr: NDA_PRICE_IDR });
    expect(first.id).toMatch(/^ord_/);
    expect(first).not.toHaveProperty("replayed");
    const retry = toolJson(await agent.callTool({ name: "buat_order", arguments: args })) as Order & { replayed?: boolean };
    expect(retry).toEqual({ replayed: true, ...first });
    expect(Object.keys(retry)[0]).toBe("replayed");
    expect(await database.prisma.order.count({ where: { organizationId: buyer.id } })).toBe(1);
    // The REST face sees the same key as already used by that order.
    const res = await api.call("/v1/orders", {
      method: "POST",
      token: buyer.token,
      json: ndaOrder(),
      headers: { "Idempotency-Key": "pesanan-nda-001" },
    });
    expect([res.status, res.headers.get("idempotent-replayed"), ((await res.json()) as Order).id]).toEqual([200, "true", first.id]);
    const reused = await toolError(agent, "buat_order", { ...ndaOrder({ max_budget: 9_000_000 }), idempotency_key: "pesanan-nda-001" });
    expect(reused.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("takes buat_order's and ajukan_kasus's metadata object as the REST body does, and lists by it", async () => {
    const buyer = await createTestOrg(database.prisma, { depositIdr: 5_000_000n });
    const agent = await mcp.connect(buyer.token);
    const metadata = { run: "mcp-45", tiket: "T-45" };
    const order = toolJson(await agent.callTool({ name: "buat_order", arguments: ndaOrder({ metadata }) })) as Order & {
      metadata: unknown;
    };
    expect(order.metadata).toEqual(metadata);
    expect(order).toEqual(await rest(`/v1/orders/${order.id}`, buyer.token));
    const kasus = toolJson(await agent.callTool({ name: "ajukan_kasus", arguments: caseBody({ metadata }) })) as {
      id: string;
      metadata: unknown;
    };
    expect(kasus.metadata).toEqual(metadata);
    const listed = toolJson(await agent.callTool({ name: "daftar_order", arguments: { metadata: { run: "mcp-45" } } })) as {
      data: Array<{ id: string }>;
    };
    expect(listed.data.map((o) => o.id)).toEqual([order.id]);
  });

  it("marks a replay of every kind of writing tool with replayed: true first, and a new call not at all", async () => {
    const buyer = await createTestOrg(database.prisma, { depositIdr: 5_000_000n });
    const agent = await mcp.connect(buyer.token);
    const twice = async (name: string, args: Record<string, unknown>) => {
      const call = { name, arguments: { ...args, idempotency_key: `${name}-ulang` } };
      const first = toolJson(await agent.callTool(call)) as Record<string, unknown>;
      const again = toolJson(await agent.callTool(call)) as Record<string, unknown>;
      expect(first, name).not.toHaveProperty("replayed");
      expect(Object.entries(again)[0], name).toEqual(["replayed", true]);
      return { first, again };
    };
    const order = (await twice("buat_order", ndaOrder())).first as Order;
    await twice("kirim_pesan", { id: order.id, body: "Mohon dikerjakan segera." });
    await twice("batalkan_order", { id: order.id, reason: "Tidak jadi." });
    const kasus = (await twice("ajukan_kasus", caseBody())).first as { id: string };
    const { first, again } = await twice("batalkan_kasus", { id: kasus.id });
    expect(again).toEqual({ replayed: true, ...first });
  });

  it("leaves an order above the approval threshold in menunggu_bayar", async () => {
    const buyer = await createTestOrg(database.prisma, { thresholdIdr: 1_000_000n });
    const order = toolJson(await (await mcp.connect(buyer.token)).callTool({ name: "buat_order", arguments: ndaOrder() })) as Order;
    expect(order.status).toBe("menunggu_bayar");
  });

  it("refuses a key without order:buat with INSUFFICIENT_SCOPE, exactly as REST does", async () => {
    const reader = await createTestOrg(database.prisma, { scopes: ["katalog:baca", "status:baca"] });
    const body = await toolError(await mcp.connect(reader.token), "buat_order", ndaOrder());
    expect(body.error.code).toBe("INSUFFICIENT_SCOPE");
    expect(body).toEqual(await rest("/v1/orders", reader.token, { method: "POST", json: ndaOrder() }));
  });

  it("refuses a price above max_budget with BUDGET_EXCEEDED and stores nothing", async () => {
    const buyer = await createTestOrg(database.prisma);
    const body = await toolError(await mcp.connect(buyer.token), "buat_order", ndaOrder({ max_budget: NDA_PRICE_IDR - 1 }));
    expect(body.error.code).toBe("BUDGET_EXCEEDED");
    expect(await database.prisma.order.count({ where: { organizationId: buyer.id } })).toBe(0);
  });

  it.each([
    ["a missing intake", { service: "perjanjian_kerahasiaan" }],
    ["a max_budget written as a string", ndaOrder({ max_budget: "2000000" })],
    ["an unknown argument", ndaOrder({ prioritas: "tinggi" })],
    ["an unknown service", ndaOrder({ service: "tidak_ada" })],
  ])("answers %s with VALIDATION in the words REST uses", async (_why, args) => {
    const body = await toolError(client, "buat_order", args);
    expect(body.error.code).toBe("VALIDATION");
    expect(body).toEqual(await rest("/v1/orders", org.token, { method: "POST", json: args }));
  });

  it("answers a malformed idempotency_key with VALIDATION", async () => {
    const body = await toolError(client, "buat_order", { ...ndaOrder(), idempotency_key: "dua kata" });
    expect(body.error).toMatchObject({ code: "VALIDATION", message: expect.stringContaining("Idempotency-Key") });
    expect((await toolError(client, "buat_order", { ...ndaOrder(), idempotency_key: 42 })).error.code).toBe("VALIDATION");
  });
});

describe("the order's later steps", () => {
  it("kirim_pesan answers butuh_input_klien; terima_hasil accepts a delivered result once", async () => {
    const practitionerId = await createTestPractitioner(database.prisma);
    const create = async () => toolJson(await client.callTool({ name: "buat_order", arguments: ndaOrder() })) as Order;

    const asked = await create();
    await driveOrder(database.prisma, asked.id, practitionerId, "butuh_input_klien", clock.now());
    const answered = toolJson(
      await client.callTool({ name: "kirim_pesan", arguments: { id: asked.id, body: "Alamat PT Dua: Jl. Asia Afrika 8, Bandung." } }),
    ) as Order & {
      messages: Array<{ role: string; body: string }>;
    };
    expect(answered.status).toBe("dikerjakan");
    expect(answered.messages.at(-1)).toMatchObject({ role: "client", body: "Alamat PT Dua: Jl. Asia Afrika 8, Bandung." });

    const delivered = await create();
    await driveOrder(database.prisma, delivered.id, practitionerId, "diserahkan", clock.now());
    expect((toolJson(await client.callTool({ name: "terima_hasil", arguments: { id: delivered.id } })) as Order).status).toBe("selesai");
    expect((await toolError(client, "terima_hasil", { id: delivered.id })).error.code).toBe("INVALID_STATE");
    expect(toolJson(await client.callTool({ name: "status_order", arguments: { id: delivered.id } }))).toEqual(
      await rest(`/v1/orders/${delivered.id}`, org.token),
    );
  });
});

describe("the order's exits", () => {
  it("batalkan_order cancels an order nobody took, the money back; a second call answers INVALID_STATE as REST does", async () => {
    const order = toolJson(await client.callTool({ name: "buat_order", arguments: ndaOrder() })) as Order;
    const cancelled = toolJson(
      await client.callTool({ name: "batalkan_order", arguments: { id: order.id, reason: "Tidak jadi." } }),
    ) as Order & { messages: Array<{ role: string }> };
    expect(cancelled).toMatchObject({ status: "dibatalkan", messages: [{ role: "client" }] });
    expect(cancelled).toEqual(await rest(`/v1/orders/${order.id}`, org.token));
    const again = await toolError(client, "batalkan_order", { id: order.id });
    expect(again).toEqual(await rest(`/v1/orders/${order.id}/cancel`, org.token, { method: "POST", json: {} }));
    expect(again.error.code).toBe("INVALID_STATE");
  });

  it("minta_revisi sends a delivered result back; ajukan_sengketa disputes it; each needs a reason like REST", async () => {
    const practitionerId = await createTestPractitioner(database.prisma);
    const order = toolJson(await client.callTool({ name: "buat_order", arguments: ndaOrder() })) as Order;
    await driveOrder(database.prisma, order.id, practitionerId, "diserahkan", clock.now());
    expect((await toolError(client, "minta_revisi", { id: order.id })).error.code).toBe("VALIDATION");
    const revised = toolJson(
      await client.callTool({ name: "minta_revisi", arguments: { id: order.id, reason: "Tambahkan klausul denda." } }),
    ) as Order & { revision_count: number };
    expect([revised.status, revised.revision_count]).toEqual(["dikerjakan", 1]);
    const disputed = toolJson(
      await client.callTool({ name: "ajukan_sengketa", arguments: { id: order.id, reason: "Tenggat terlewati." } }),
    ) as Order;
    expect(disputed.status).toBe("sengketa");
    expect((await toolError(client, "ajukan_sengketa", { id: order.id, reason: "Lagi." })).error.code).toBe("INVALID_STATE");
  });
});

describe("the case board", () => {
  it("ajukan_kasus, status_kasus and pilih_penawaran answer what REST answers", async () => {
    const created = toolJson(await client.callTool({ name: "ajukan_kasus", arguments: caseBody() })) as { id: string; status: string };
    expect(created).toMatchObject({ status: "terbuka" });
    expect(created.id).toMatch(/^kas_/);
    const practitionerId = await createTestPractitioner(database.prisma, ["properti"]);
    const offered = await bid(database.prisma, clock, practitionerId, created.id);
    const withBid = toolJson(await client.callTool({ name: "status_kasus", arguments: { id: created.id } })) as {
      bids: Array<{ id: string; client_pays: number }>;
    };
    expect(withBid).toEqual(await rest(`/v1/cases/${created.id}`, org.token));
    expect(withBid.bids.map((b) => b.id)).toEqual([offered.id]);

    const selection = toolJson(await client.callTool({ name: "pilih_penawaran", arguments: { id: created.id, bid_id: offered.id } })) as {
      case: { status: string; selected_bid_id: string };
      invoice: { total_idr: number };
    };
    expect(selection.case).toMatchObject({ status: "dipilih", selected_bid_id: offered.id });
    expect(selection.invoice.total_idr).toBe(withBid.bids[0]!.client_pays);
    expect((await toolError(client, "pilih_penawaran", { id: created.id, bid_id: offered.id })).error.code).toBe("INVALID_STATE");
  });

  it("answers a short story with the VALIDATION body REST sends", async () => {
    const args = caseBody({ story: "Terlalu singkat." });
    const body = await toolError(client, "ajukan_kasus", args);
    expect(body.error.code).toBe("VALIDATION");
    expect(body).toEqual(await rest("/v1/cases", org.token, { method: "POST", json: args }));
  });
});

describe("finding the way back", () => {
  type Page = { data: Array<{ id: string; type?: string }>; has_more: boolean };

  it("daftar_order pages, filters on metadata and answers what GET /v1/orders answers", async () => {
    const reader = await createTestOrg(database.prisma, { depositIdr: 20_000_000n });
    const agent = await mcp.connect(reader.token);
    const ids: string[] = [];
    for (const tiket of ["T-1", "T-2", "T-3"])
      ids.push(((await rest("/v1/orders", reader.token, { method: "POST", json: ndaOrder({ metadata: { tiket } }) })) as Order).id);
    const first = toolJson(await agent.callTool({ name: "daftar_order", arguments: { limit: 2 } })) as Page;
    expect(first).toEqual(await rest("/v1/orders?limit=2", reader.token));
    const rest2 = toolJson(
      await agent.callTool({ name: "daftar_order", arguments: { limit: 2, starting_after: first.data.at(-1)!.id } }),
    ) as Page;
    expect([...first.data, ...rest2.data].map((o) => o.id).sort()).toEqual([...ids].sort());
    expect([first.has_more, rest2.has_more]).toEqual([true, false]);
    const tagged = toolJson(await agent.callTool({ name: "daftar_order", arguments: { "metadata[tiket]": "T-2" } })) as Page;
    expect(tagged.data.map((o) => o.id)).toEqual([ids[1]]);
    const natural = toolJson(await agent.callTool({ name: "daftar_order", arguments: { metadata: { tiket: "T-2" } } })) as Page;
    expect(natural).toEqual(tagged);
    expect(toolJson(await agent.callTool({ name: "daftar_order", arguments: { metadata: { tiket: "T-9" } } }))).toEqual({
      data: [],
      has_more: false,
    });
    expect((await toolError(agent, "daftar_order", { limit: 101 })).error.code).toBe("VALIDATION");
  });

  it.each([
    ["daftar_layanan", {}],
    ["detail_layanan", { code: "perjanjian_kerahasiaan" }],
    ["status_order", { id: "ord_x" }],
    ["daftar_order", {}],
    ["status_kasus", { id: "kas_x" }],
    ["daftar_kasus", {}],
    ["daftar_event", {}],
    ["saldo", {}],
  ])("%s refuses an argument it does not take with VALIDATION naming it, as REST refuses an unknown parameter", async (name, args) => {
    const agent = await mcp.connect(org.token);
    const { error } = await toolError(agent, name, { ...args, prioritas: "tinggi" });
    expect([error.code, error.message]).toEqual(["VALIDATION", expect.stringContaining("prioritas")]);
  });

  it("refuses the reserved metadata keys in daftar_order and daftar_kasus filters and in buat_order and ajukan_kasus metadata", async () => {
    const agent = await mcp.connect(org.token);
    const before = { orders: await database.prisma.order.count(), cases: await database.prisma.case.count() };
    for (const key of ["__proto__", "constructor", "prototype"]) {
      for (const name of ["daftar_order", "daftar_kasus"]) {
        const { error } = await toolError(agent, name, { [`metadata[${key}]`]: "1" });
        expect([error.code, error.message], name).toEqual(["VALIDATION", expect.stringContaining(key)]);
      }
    }
    for (const key of ["constructor", "prototype"]) {
      expect((await toolError(agent, "buat_order", ndaOrder({ metadata: { [key]: "x" } }))).error).toMatchObject({ code: "VALIDATION" });
      expect((await toolError(agent, "ajukan_kasus", caseBody({ metadata: { [key]: "x" } }))).error).toMatchObject({ code: "VALIDATION" });
    }
    // `__proto__` as an own key, as JSON carries it: the whole message is refused with the REST error body.
    const call = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"buat_order","arguments":${JSON.stringify(
      ndaOrder({ metadata: { tiket: "T-9" } }),
    ).replace('"tiket"', '"__proto__":"x","tiket"')}}}`;
    const res = await fetch(mcp.url, {
      method: "POST",
      headers: { Authorization: `Bearer ${org.token}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: call,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({ code: "VALIDATION", message: expect.stringContaining("__proto__") });
    expect({ orders: await database.prisma.order.count(), cases: await database.prisma.case.count() }).toEqual(before);
  });

  it("daftar_kasus and daftar_event answer what GET /v1/cases and GET /v1/events answer", async () => {
    const reader = await createTestOrg(database.prisma, { depositIdr: 20_000_000n });
    const agent = await mcp.connect(reader.token);
    await rest("/v1/cases", reader.token, { method: "POST", json: caseBody() });
    await rest("/v1/orders", reader.token, { method: "POST", json: ndaOrder() });
    expect(toolJson(await agent.callTool({ name: "daftar_kasus", arguments: {} }))).toEqual(await rest("/v1/cases", reader.token));
    const events = toolJson(await agent.callTool({ name: "daftar_event", arguments: { type: "order.dibayar" } })) as Page;
    expect(events).toEqual(await rest("/v1/events?type=order.dibayar", reader.token));
    expect(events.data.map((e) => e.type)).toEqual(["order.dibayar"]);
  });
});

describe("limits shared with REST", () => {
  it("answers a tool call over the key's rate limit with RATE_LIMITED", async () => {
    const limited = await startTestMcp(
      database.prisma,
      clock,
      new ApiRateLimiter({ kind: "memory" }, { reads: 2, writes: 1, windowSeconds: 60 }),
    );
    try {
      // The handshake's two messages fill the MCP window; the two reads are the procedure's.
      const agent = await limited.connect(org.token);
      expect((await agent.callTool({ name: "saldo", arguments: {} })).isError).toBeFalsy();
      expect((await agent.callTool({ name: "saldo", arguments: {} })).isError).toBeFalsy();
      expect((await toolError(agent, "saldo", {})).error.code).toBe("RATE_LIMITED");
    } finally {
      await limited.close();
    }
  });
});

describe("HTTP before MCP", () => {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
  };
  const post = (headers: Record<string, string>, body: string = JSON.stringify(initialize)) =>
    fetch(mcp.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
      body,
    });

  it.each([
    ["no key", {}],
    ["a malformed key", { Authorization: "Bearer bukan-kunci" }],
    ["an unknown key", { Authorization: "Bearer key_tidakada.rahasia" }],
  ])("answers %s with HTTP 401 and the API's error body", async (_why, headers) => {
    const res = await post(headers);
    expect(res.status).toBe(401);
    expect(res.headers.get("x-request-id")).toMatch(/\S/);
    const body = (await res.json()) as ErrorBody;
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error).toMatchObject({
      code: "UNAUTHENTICATED",
      request_id: res.headers.get("x-request-id"),
      doc_url: `${TEST_PUBLIC_URL}/docs#section/Errors/UNAUTHENTICATED`,
    });
  });

  it("answers a key of an organisation that is not active with HTTP 403", async () => {
    const pending = await createTestOrg(database.prisma, { status: "menunggu_persetujuan" });
    const res = await post({ Authorization: `Bearer ${pending.token}` });
    expect([res.status, ((await res.json()) as ErrorBody).error.code]).toEqual([403, "ORGANIZATION_NOT_ACTIVE"]);
  });

  it("fails the SDK client's connect without a valid key", async () => {
    // The SDK's StreamableHTTPError carries the HTTP status as `code`.
    await expect(mcp.connect()).rejects.toMatchObject({ code: 401, message: expect.stringContaining("UNAUTHENTICATED") });
    await expect(mcp.connect("key_tidakada.rahasia")).rejects.toMatchObject({ code: 401 });
  });

  it("answers GET and DELETE without a session with 400 naming Mcp-Session-Id, and other methods with 405", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(mcp.url, { method, headers: { Authorization: `Bearer ${org.token}`, Accept: "text/event-stream" } });
      expect([res.status, ((await res.json()) as ErrorBody).error]).toEqual([
        400,
        expect.objectContaining({ code: "VALIDATION", param: "Mcp-Session-Id" }),
      ]);
    }
    for (const method of ["PUT", "PATCH"]) {
      const res = await fetch(mcp.url, { method, headers: { Authorization: `Bearer ${org.token}` } });
      expect([res.status, res.headers.get("allow")]).toEqual([405, "GET, POST, DELETE"]);
      expect(((await res.json()) as ErrorBody).error.code).toBe("METHOD_NOT_ALLOWED");
    }
  });

  it("answers a body that is not JSON with HTTP 400 and the JSON-RPC parse error -32700", async () => {
    const res = await post({ Authorization: `Bearer ${org.token}` }, "{");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: expect.stringMatching(/^Parse error/) },
    });
  });

  it.each([
    ["a number", "42"],
    ["a string", '"tools/list"'],
    ["null", "null"],
  ])("answers a body that is JSON but %s, not a message, with HTTP 400 and -32600", async (_what, body) => {
    const res = await post({ Authorization: `Bearer ${org.token}` }, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
  });

  it("answers a body of another content type with 415 UNSUPPORTED_MEDIA_TYPE, as REST does", async () => {
    const res = await fetch(mcp.url, {
      method: "POST",
      headers: { Authorization: `Bearer ${org.token}`, "Content-Type": "text/plain", Accept: "application/json, text/event-stream" },
      body: JSON.stringify(initialize),
    });
    expect([res.status, ((await res.json()) as ErrorBody).error.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
  });

  it("gives a tool's error the /mcp answer's X-Request-Id as request_id, its code's doc_url, and a bad argument's name as param", async () => {
    const call = (id: number, name: string, args: Record<string, unknown>) =>
      post(
        { Authorization: `Bearer ${org.token}` },
        JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } }),
      );
    for (const [id, name, args, error] of [
      [1, "buat_order", ndaOrder({ attachments: [42] }), { code: "VALIDATION", param: "attachments[0]" }],
      [2, "buat_order", ndaOrder({ intake: { ...ndaOrder().intake, sifat_nda: "" } }), { code: "VALIDATION", param: "intake.sifat_nda" }],
      [3, "status_order", { id: "ord_tidakada" }, { code: "NOT_FOUND" }],
    ] as const) {
      const res = await call(id, name, args);
      const result = ((await res.json()) as { result: { isError: boolean; content: Array<{ text: string }> } }).result;
      expect(result.isError).toBe(true);
      const body = JSON.parse(result.content[0]!.text) as ErrorBody;
      expect(body.error).toMatchObject(error);
      expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
      expect(body.error.doc_url).toBe(`${TEST_PUBLIC_URL}/docs#section/Errors/${error.code}`);
      if (!("param" in error)) expect(body.error.param).toBeUndefined();
    }
  });

  it("serves an initialize with a plain JSON answer, a request id and a new session of the key", async () => {
    const res = await post({ Authorization: `Bearer ${org.token}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("x-request-id")).toMatch(/\S/);
    const sessionId = res.headers.get("mcp-session-id") ?? "";
    expect(sessionId).toMatch(/^mcps_[0-9A-Za-z]{22}$/);
    expect(await database.prisma.mcpSession.findUnique({ where: { id: sessionId }, select: { apiKeyId: true } })).toEqual({
      apiKeyId: org.apiKeyId,
    });
    expect(((await res.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe("kuasa");
  });
});

describe("one request, one message, under the key's limit", () => {
  const message = (id: number, method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", id, method, params });
  const initialize = message(1, "initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "curl", version: "1" },
  });
  const postTo = (url: string, token: string, body: string) =>
    fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body,
    });

  it("refuses a JSON-RPC batch with HTTP 400 and -32600, building no answer for its messages", async () => {
    const batch = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/list" })));
    expect(batch.length).toBeLessThan(MAX_BODY_BYTES);
    const res = await postTo(mcp.url, org.token, batch);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { jsonrpc: string; id: null; error: { code: number; message: string } };
    expect(body).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: expect.stringContaining("batches are not supported") },
    });
  });

  it("counts initialize and tools/list against the key and answers the one over the limit with HTTP 429 RATE_LIMITED", async () => {
    const limited = await startTestMcp(
      database.prisma,
      clock,
      new ApiRateLimiter({ kind: "memory" }, { reads: 2, writes: 1, windowSeconds: 60 }),
    );
    try {
      expect((await postTo(limited.url, org.token, JSON.stringify(initialize))).status).toBe(200);
      expect((await postTo(limited.url, org.token, JSON.stringify(message(2, "tools/list")))).status).toBe(200);
      const refused = await postTo(limited.url, org.token, JSON.stringify(message(3, "tools/list")));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const body = (await refused.json()) as ErrorBody;
      expect(Object.keys(body)).toEqual(["error"]);
      expect(body.error.code).toBe("RATE_LIMITED");
      // Another key has its own allowance.
      const other = await createTestOrg(database.prisma);
      expect((await postTo(limited.url, other.token, JSON.stringify(initialize))).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("counts a tool call once, by its procedure, not also as a protocol message", async () => {
    const limited = await startTestMcp(
      database.prisma,
      clock,
      new ApiRateLimiter({ kind: "memory" }, { reads: 4, writes: 1, windowSeconds: 60 }),
    );
    try {
      const agent = await limited.connect(org.token);
      // The handshake (initialize, its notification and the session's stream) took three of the four MCP messages; the four tool reads are still there.
      for (let i = 0; i < 4; i++) expect((await agent.callTool({ name: "saldo", arguments: {} })).isError).toBeFalsy();
      expect((await toolError(agent, "saldo", {})).error.code).toBe("RATE_LIMITED");
      expect((await agent.listTools()).tools.length).toBe(toolsFor(true).tools.length);
    } finally {
      await limited.close();
    }
  });

  it.each([
    ["an unknown tool", { name: "tidak_ada", arguments: {} }],
    ["invalid arguments", { name: "status_order", arguments: { id: 42 } }],
  ])("counts a tool call with %s against the key's limit and refuses the one over it with HTTP 429", async (_what, params) => {
    const limited = await startTestMcp(
      database.prisma,
      clock,
      new ApiRateLimiter({ kind: "memory" }, { reads: 3, writes: 1, windowSeconds: 60 }),
    );
    try {
      const statuses: number[] = [];
      for (let id = 1; id <= 4; id++) {
        statuses.push((await postTo(limited.url, org.token, JSON.stringify(message(id, "tools/call", params)))).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      // A notification is a message too.
      const other = await createTestOrg(database.prisma);
      const notifications = [];
      for (let i = 0; i < 4; i++) {
        const notification = { jsonrpc: "2.0", method: "notifications/initialized" };
        notifications.push((await postTo(limited.url, other.token, JSON.stringify(notification))).status);
      }
      expect(notifications).toEqual([202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });

  it("answers a 2 MB body with 413 and Connection: close, and the pool's next request is answered", async () => {
    const pool = keepAlivePool(mcp.url, {
      Authorization: `Bearer ${org.token}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    });
    const send = (body: string) => pool.send(mcp.url, { method: "POST", body });
    try {
      const refused = await send(JSON.stringify({ ...initialize, pad: "x".repeat(2 * 1024 * 1024) }));
      expect([refused.status, refused.headers.connection]).toEqual([413, "close"]);
      expect((await send(JSON.stringify(initialize))).status).toBe(200);
    } finally {
      pool.close();
    }
  });

  it.each([
    ["an initialize", () => postTo(mcp.url, org.token, JSON.stringify(initialize)), 200],
    ["a missing key", () => postTo(mcp.url, "", JSON.stringify(initialize)), 401],
    ["a PUT", () => fetch(mcp.url, { method: "PUT" }), 405],
  ])("answers %s with nosniff, no-referrer, a CSP that allows nothing, and Cache-Control: no-store", async (_what, request, status) => {
    const res = await request();
    expect(res.status).toBe(status);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
