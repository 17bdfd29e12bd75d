import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { agentPrice } from "@/server/domain/money/pricing";
import { CATALOG_SEED } from "@/server/services/catalog";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { startTestMcp, type TestMcp, toolJson } from "@/test/mcp";
import { portalCaller, portalUser } from "@/test/portal";
import { CONTENT_CHECK_EXAMPLES } from "../openapi-examples";
import { CONTENT_CHECK_TEXT_MAX, contentCheckSchema } from "../schemas/content-checks";

let database: TestDatabase;
let api: TestApi;
let mcp: TestMcp;
let org: TestOrg;
const clock = fixedClock("2026-11-23T03:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma);
  api = await startTestApi(database.prisma, clock);
  mcp = await startTestMcp(database.prisma, clock);
});

afterAll(async () => {
  await mcp?.close();
  await api?.close();
  await database?.destroy();
});

type Finding = { rule: string; start: number; end: number; excerpt: string; message: string; suggestion: string };
type Answer = { compliant?: boolean; findings?: Finding[]; error?: { code: string; param?: string } };

async function check(body: unknown, token = org.token, headers: Record<string, string> = {}) {
  const res = await api.call("/v1/content_checks", { method: "POST", token, json: body, headers });
  return { status: res.status, body: (await res.json()) as Answer };
}

const rupiah = (amount: number) => `Rp ${amount.toLocaleString("id-ID")}`;

const OUTCOME_PROMISE_ID = "Tenang saja, dengan advokat kami perkara Anda pasti menang.";
const OUTCOME_PROMISE_EN = "Don't worry: with our lawyers you will definitely win the case.";

describe("POST /v1/content_checks", () => {
  it("answers a compliant draft 200 with no findings, and stores nothing", async () => {
    const before = await database.prisma.contentFinding.count();
    const { status, body } = await check({ text: "Pasal 1320 KUHPerdata mengatur syarat sahnya perjanjian." });
    expect(status).toBe(200);
    expect(body).toEqual({ compliant: true, findings: [] });
    expect(await database.prisma.contentFinding.count()).toBe(before);
  });

  it("finds an outcome promise with offsets into the text as sent, a message and a suggestion", async () => {
    const text = `Halo Bu Sari,\n\n${OUTCOME_PROMISE_ID}`;
    const { status, body } = await check({ text });
    expect(status).toBe(200);
    expect(body.compliant).toBe(false);
    const [finding] = body.findings ?? [];
    expect(finding?.rule).toBe("outcome_promise");
    expect(finding!.start).toBeGreaterThanOrEqual(text.indexOf(OUTCOME_PROMISE_ID));
    expect(text.slice(finding!.start, finding!.end)).toBe(finding!.excerpt);
    expect(finding!.excerpt).toMatch(/pasti menang/);
    expect(finding!.message.length).toBeGreaterThan(0);
    expect(finding!.suggestion.length).toBeGreaterThan(0);
  });

  it("checks one language when told: an English promise is found under en and without a language, not under id", async () => {
    expect((await check({ text: OUTCOME_PROMISE_EN })).body.findings?.map((f) => f.rule)).toEqual(["outcome_promise"]);
    expect((await check({ text: OUTCOME_PROMISE_EN, language: "en" })).body.findings?.map((f) => f.rule)).toEqual(["outcome_promise"]);
    expect((await check({ text: OUTCOME_PROMISE_EN, language: "id" })).body).toEqual({ compliant: true, findings: [] });
  });

  it("takes 20,000 characters and refuses 20,001 with 400 VALIDATION naming text", async () => {
    const filler = "Pasal 1320 KUHPerdata mengatur syarat sahnya perjanjian. ";
    const longest = filler.repeat(Math.ceil(CONTENT_CHECK_TEXT_MAX / filler.length)).slice(0, CONTENT_CHECK_TEXT_MAX);
    expect(longest).toHaveLength(20_000);
    expect((await check({ text: longest })).status).toBe(200);
    const { status, body } = await check({ text: `${longest}x` });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "VALIDATION", param: "text" });
  });

  it.each([[""], ["   \n\t "]])("refuses an empty or blank text %j with 400 VALIDATION naming text", async (text) => {
    const { status, body } = await check({ text });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "VALIDATION", param: "text" });
  });

  it("refuses an unknown language and an unknown field with 400 VALIDATION naming them", async () => {
    expect((await check({ text: OUTCOME_PROMISE_ID, language: "jv" })).body.error).toMatchObject({ code: "VALIDATION", param: "language" });
    expect((await check({ text: OUTCOME_PROMISE_ID, bahasa: "id" })).body.error?.code).toBe("VALIDATION");
  });

  it("needs the scope katalog:baca: a key without it is 403 INSUFFICIENT_SCOPE", async () => {
    const { token } = await addTestKey(database.prisma, org.id, { scopes: ["order:buat", "status:baca"] });
    const { status, body } = await check({ text: OUTCOME_PROMISE_ID }, token);
    expect(status).toBe(403);
    expect(body.error?.code).toBe("INSUFFICIENT_SCOPE");
  });

  it("changes nothing, so an Idempotency-Key is ignored rather than refused", async () => {
    const first = await check({ text: OUTCOME_PROMISE_ID }, org.token, { "Idempotency-Key": "periksa-1" });
    const again = await check({ text: OUTCOME_PROMISE_ID }, org.token, { "Idempotency-Key": "periksa-1" });
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(await database.prisma.idempotencyKey.count({ where: { key: "periksa-1" } })).toBe(0);
  });

  it("compares prices with the live catalog: an operator's price change counts on the next call, and so does one made elsewhere", async () => {
    const somasi = CATALOG_SEED.find((entry) => entry.code === "somasi")!;
    const quote = (price: number) => `${somasi.name} di Kuasa biayanya ${rupiah(price)}.`;
    const before = agentPrice(somasi.clientPriceIdr);
    expect((await check({ text: quote(before) })).body).toEqual({ compliant: true, findings: [] });

    // The operator's edit in this process.
    const operator = portalCaller({ db: database.prisma, clock }, await portalUser(database.prisma, "operator")).operator;
    const edited = await operator.updateService({ code: "somasi", clientPriceIdr: somasi.clientPriceIdr + 1_000_000 });
    expect(edited.agentPriceIdr).not.toBe(before);
    expect((await check({ text: quote(before) })).body.findings?.map((f) => f.rule)).toEqual(["off_catalog"]);
    expect((await check({ text: quote(edited.agentPriceIdr) })).body).toEqual({ compliant: true, findings: [] });

    // An edit this process's catalog cache never heard of (another instance's): read at once all the same.
    const elsewhere = somasi.clientPriceIdr + 2_000_000;
    await database.prisma.service.update({ where: { code: "somasi" }, data: { clientPriceIdr: BigInt(elsewhere) } });
    expect((await check({ text: quote(agentPrice(elsewhere)) })).body).toEqual({ compliant: true, findings: [] });
    expect((await check({ text: quote(edited.agentPriceIdr) })).body.findings?.map((f) => f.rule)).toEqual(["off_catalog"]);
    await database.prisma.service.update({ where: { code: "somasi" }, data: { clientPriceIdr: BigInt(somasi.clientPriceIdr) } });
  });

  it("answers the document's examples as the document shows them", async () => {
    for (const example of Object.values(CONTENT_CHECK_EXAMPLES)) {
      const { status, body } = await check(example.request);
      expect(status).toBe(200);
      expect(body).toEqual(example.answer);
      expect(contentCheckSchema.safeParse(body).success).toBe(true);
    }
    expect(CONTENT_CHECK_EXAMPLES.compliant.answer.compliant).toBe(true);
    expect(new Set(CONTENT_CHECK_EXAMPLES.findings.answer.findings.map((f) => f.rule))).toEqual(
      new Set(["outcome_promise", "verification_claim", "off_catalog"]),
    );
  });
});

describe("MCP periksa_konten", () => {
  let agent: Client;
  beforeAll(async () => {
    agent = await mcp.connect(org.token);
  });

  it("answers exactly what POST /v1/content_checks answers, as a read-only tool", async () => {
    const { tools } = await agent.listTools();
    const tool = tools.find((t) => t.name === "periksa_konten");
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true });
    expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual(["language", "text"]);
    for (const args of [{ text: OUTCOME_PROMISE_ID }, { text: OUTCOME_PROMISE_EN, language: "id" }]) {
      const result = await agent.callTool({ name: "periksa_konten", arguments: args });
      expect(result.isError).toBeFalsy();
      expect(toolJson(result)).toEqual((await check(args)).body);
    }
  });

  it("refuses a text over the limit as REST does: VALIDATION naming text", async () => {
    const result = await agent.callTool({ name: "periksa_konten", arguments: { text: "a".repeat(CONTENT_CHECK_TEXT_MAX + 1) } });
    expect(result.isError).toBe(true);
    expect(toolJson(result)).toMatchObject({ error: { code: "VALIDATION", param: "text" } });
  });
});
