import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { caseBody } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { startTestMcp, type TestMcp, toolJson } from "@/test/mcp";
import { createPaidOrder, createTestPractitioner, driveOrder, ndaOrder } from "@/test/orders";
import { portalCaller, portalUser } from "@/test/portal";
import { FINDING_EXCERPT_MAX } from ".";

/**
 * What an agent says to practitioners (an order's message, a case's story) is checked and its
 * findings recorded in the same transaction, while the API answers exactly as it would without
 * them: nothing is refused or changed, and a replay records nothing again.
 */

let database: TestDatabase;
let api: TestApi;
let mcp: TestMcp;
let org: TestOrg;
let practitionerId: string;
const clock = fixedClock("2026-11-23T03:00:00Z");
const db = () => database.prisma;

const PROMISE = "Kami pastikan perkara ini pasti menang di pengadilan.";
const PLAIN = "Alamat lengkap PT Dua: Jl. Braga No. 10, Bandung.";

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma, { depositIdr: 50_000_000n });
  practitionerId = await createTestPractitioner(database.prisma, ["kontrak"]);
  api = await startTestApi(database.prisma, clock);
  mcp = await startTestMcp(database.prisma, clock);
});

afterAll(async () => {
  await mcp?.close();
  await api?.close();
  await database?.destroy();
});

async function post(path: string, json: unknown, token = org.token, headers: Record<string, string> = {}) {
  const res = await api.call(path, { method: "POST", token, json, headers });
  return { res, body: (await res.json()) as Record<string, unknown> & { messages?: Array<{ role: string; body: string }> } };
}

/** An order of `owner` being worked, its practitioner asking a question (butuh_input_klien) unless told otherwise. */
async function workedOrder(until: "dikerjakan" | "butuh_input_klien" = "butuh_input_klien", owner = org) {
  const order = await createPaidOrder(db(), clock, owner);
  await driveOrder(db(), order.id, practitionerId, until, clock.now());
  return order.id;
}

const findingsOf = (where: { orderId?: string; caseId?: string }) =>
  db().contentFinding.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

describe("an agent's message to the practitioner", () => {
  it("is taken as sent and answered as usual, its finding recorded once, and not again on a replay", async () => {
    const orderId = await workedOrder();
    const headers = { "Idempotency-Key": "jawaban-1" };
    const first = await post(`/v1/orders/${orderId}/messages`, { body: PROMISE }, org.token, headers);
    expect(first.res.status).toBe(200);
    expect(first.body.status).toBe("dikerjakan");
    expect(first.body.messages?.at(-1)).toMatchObject({ role: "client", body: PROMISE });
    const stored = await findingsOf({ orderId });
    expect(stored).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^cf_[0-9A-Za-z]{22}$/),
        organizationId: org.id,
        livemode: true,
        apiKeyId: org.apiKeyId,
        source: "order_message",
        orderId,
        caseId: null,
        rule: "outcome_promise",
        excerpt: expect.stringContaining("pasti menang"),
        createdAt: clock.now(),
      }),
    ]);
    expect(PROMISE).toContain(stored[0]!.excerpt);
    expect(stored[0]!.excerpt.length).toBeLessThanOrEqual(FINDING_EXCERPT_MAX);

    const replay = await post(`/v1/orders/${orderId}/messages`, { body: PROMISE }, org.token, headers);
    expect(replay.res.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await findingsOf({ orderId })).toHaveLength(1);
  });

  it("records nothing for a compliant note, one row per note that breaks a rule, and nothing for a message refused", async () => {
    const orderId = await workedOrder("dikerjakan");
    const plain = await post(`/v1/orders/${orderId}/messages`, { body: PLAIN });
    expect(plain.res.status).toBe(200);
    expect(await findingsOf({ orderId })).toEqual([]);
    const note = await post(`/v1/orders/${orderId}/messages`, { body: PROMISE });
    expect(note.res.status).toBe(200);
    expect(note.body.messages?.at(-1)).toMatchObject({ role: "client", body: PROMISE });
    expect(await findingsOf({ orderId })).toHaveLength(1);

    const cancelled = (await createPaidOrder(db(), clock, org)).id;
    expect((await post(`/v1/orders/${cancelled}/cancel`, {})).res.status).toBe(200);
    const refused = await post(`/v1/orders/${cancelled}/messages`, { body: PROMISE });
    expect(refused.res.status).toBe(409);
    expect(await findingsOf({ orderId: cancelled })).toEqual([]);
  });

  it("is recorded through MCP kirim_pesan too, which runs the same procedure", async () => {
    const orderId = await workedOrder();
    const agent = await mcp.connect(org.token);
    const result = await agent.callTool({ name: "kirim_pesan", arguments: { id: orderId, body: PROMISE, idempotency_key: "mcp-1" } });
    expect(result.isError).toBeFalsy();
    expect(toolJson(result)).toMatchObject({ status: "dikerjakan" });
    await agent.callTool({ name: "kirim_pesan", arguments: { id: orderId, body: PROMISE, idempotency_key: "mcp-1" } });
    expect((await findingsOf({ orderId })).map((f) => [f.source, f.rule])).toEqual([["order_message", "outcome_promise"]]);
  });

  it("is recorded in the key's mode: a test key's finding is a test finding", async () => {
    const test = await addTestKey(db(), org.id, { mode: "test" });
    await post("/v1/test_helpers/deposit/top_up", { amount_idr: 5_000_000 }, test.token);
    const placed = await post("/v1/orders", ndaOrder(), test.token);
    expect(placed.res.status).toBe(201);
    const orderId = placed.body.id as string;
    const sent = await post(`/v1/orders/${orderId}/messages`, { body: PROMISE }, test.token);
    expect(sent.res.status).toBe(200);
    expect(await findingsOf({ orderId })).toEqual([expect.objectContaining({ livemode: false, apiKeyId: test.apiKeyId })]);
  });

  it("is not checked when an organisation's admin writes in the portal: the rules bind agents", async () => {
    const orderId = await workedOrder();
    const admin = await portalUser(db(), "org_admin", org.id);
    expect(await portalCaller({ db: db(), clock }, admin).organization.sendMessage({ orderId, body: PROMISE })).toBe("dikerjakan");
    expect(await findingsOf({ orderId })).toEqual([]);
  });
});

describe("a case's story", () => {
  it("is stored as sent with the case answered as usual, its finding recorded once, and not again on a replay", async () => {
    const story = `Sengketa sewa ruko di Bekasi. ${PROMISE}`;
    const headers = { "Idempotency-Key": "kasus-1" };
    const first = await post("/v1/cases", caseBody({ story }), org.token, headers);
    expect(first.res.status).toBe(201);
    const caseId = first.body.id as string;
    expect((await db().case.findUniqueOrThrow({ where: { id: caseId } })).story).toBe(story);
    expect(await findingsOf({ caseId })).toEqual([
      expect.objectContaining({ source: "case_story", caseId, orderId: null, rule: "outcome_promise", organizationId: org.id }),
    ]);
    const replay = await post("/v1/cases", caseBody({ story }), org.token, headers);
    expect(replay.res.status).toBe(200);
    expect(replay.body.id).toBe(caseId);
    expect(await findingsOf({ caseId })).toHaveLength(1);
  });

  it("records nothing for a story that keeps the rules", async () => {
    const { res, body } = await post("/v1/cases", caseBody({ story: "Penyewa ruko kami menunggak sewa enam bulan; butuh somasi." }));
    expect(res.status).toBe(201);
    expect(await findingsOf({ caseId: body.id as string })).toEqual([]);
  });
});
