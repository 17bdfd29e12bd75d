import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog } from "@/test/fixtures";
import { startTestMcp, type TestMcp, toolJson } from "@/test/mcp";
import { NDA_PRICE_IDR, ndaOrder } from "@/test/orders";

let database: TestDatabase;
let mcp: TestMcp;
const clock = fixedClock("2026-11-23T03:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  mcp = await startTestMcp(database.prisma, clock);
});

afterAll(async () => {
  await mcp?.close();
  await database?.destroy();
});

type Json = Record<string, unknown>;
type Order = Json & { id: string; status: string };

/** A tool call that must succeed; a failure shows the API's error body. */
async function use(agent: Client, name: string, args: Json): Promise<Json> {
  const result = await agent.callTool({ name, arguments: args });
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  return toolJson(result) as Json;
}

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("a test order through MCP alone", () => {
  it("runs from buat_order with metadata to beri_ulasan with the uji_ tools of a test key, a replayed buat_order saying so", async () => {
    const org = await createTestOrg(database.prisma);
    const agent = await mcp.connect((await addTestKey(database.prisma, org.id, { mode: "test" })).token);
    const step = (name: string, args: Json) => use(agent, name, args);

    expect(await step("uji_isi_deposit", { amount_idr: 5_000_000 })).toMatchObject({ livemode: false, deposit_idr: 5_000_000 });
    expect(await step("detail_layanan", { code: "perjanjian_kerahasiaan" })).toMatchObject({ price_idr: NDA_PRICE_IDR });
    const draft = await step("unggah_berkas", { filename: "draf-nda.txt", content_base64: base64("Draf NDA PT Satu dan PT Dua.\n") });

    const metadata = { run: "mcp-sandbox-45" };
    const ordering = { ...ndaOrder({ metadata, attachments: [draft.id] }), idempotency_key: "mcp-sandbox-45-order" };
    const order = (await step("buat_order", ordering)) as Order;
    expect(order).toMatchObject({ status: "dibayar", livemode: false, metadata, attachments: [{ id: draft.id }] });
    expect(order).not.toHaveProperty("replayed");
    expect(await step("buat_order", ordering)).toEqual({ replayed: true, ...order });
    const listed = (await step("daftar_order", { metadata })) as { data: Order[] };
    expect(listed.data.map((o) => o.id)).toEqual([order.id]);

    const id = order.id;
    expect(await step("uji_ambil_order", { id })).toMatchObject({ status: "diambil" });
    expect(await step("uji_tampilan_praktisi", { id })).toMatchObject({ taken: true });
    expect(await step("uji_mulai_kerja", { id })).toMatchObject({ status: "dikerjakan" });
    expect(await step("uji_minta_input", { id, question: "Siapa penandatangan PT Dua?" })).toMatchObject({
      status: "butuh_input_klien",
    });
    expect(await step("kirim_pesan", { id, body: "Direktur Utama PT Dua, Budi Santoso." })).toMatchObject({ status: "dikerjakan" });

    const cost = await step("uji_ajukan_biaya", {
      id,
      kind: "lainnya",
      description: "Meterai untuk dua eksemplar",
      amount_idr: 20_000,
      basis: "UU No. 10 Tahun 2020 tentang Bea Meterai",
    });
    expect(cost).toMatchObject({ status: "diajukan", amount_idr: 20_000 });
    expect(await step("setujui_biaya", { id, cost_id: cost.id })).toMatchObject({ status: "disetujui" });
    const receipt = await step("unggah_berkas", { filename: "kuitansi-meterai.txt", content_base64: base64("Kuitansi meterai.\n") });
    expect(await step("uji_lunasi_biaya", { id, cost_id: cost.id, file: receipt.id })).toMatchObject({ status: "dilunasi" });

    expect(await step("uji_serahkan_hasil", { id, deliverable: "NDA final terlampir, siap ditandatangani." })).toMatchObject({
      status: "diserahkan",
    });
    expect(await step("terima_hasil", { id })).toMatchObject({ status: "selesai" });
    expect(await step("beri_ulasan", { id, rating: 5, comment: "Cepat dan jelas." })).toMatchObject({ order_id: id, rating: 5 });

    expect(await step("status_order", { id })).toMatchObject({
      status: "selesai",
      metadata,
      review: { rating: 5 },
      costs: [{ id: cost.id, status: "dilunasi" }],
    });
    expect(await step("saldo", {})).toMatchObject({ livemode: false, deposit_idr: 5_000_000 - NDA_PRICE_IDR - 20_000 });
    const finished = (await step("daftar_event", { type: "order.selesai" })) as { data: Array<{ data: { order: { id: string } } }> };
    expect(finished.data.map((event) => event.data.order.id)).toEqual([id]);
  });
});
