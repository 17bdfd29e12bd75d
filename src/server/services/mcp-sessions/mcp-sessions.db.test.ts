import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentActor, agentActor, KUASA } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { CATALOG_URI, MCP_SUBSCRIPTIONS_PER_SESSION, orderUri } from "@/server/domain/mcp/resources";
import { agentKey } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder } from "@/test/orders";
import { claimResourceChanges, keepMcpSessionsAlive, openMcpSession, resumeMcpSession, returnResourceChange, subscribeToResource } from ".";

let database: TestDatabase;
let org: TestOrg;
let agent: AgentActor;
const clock = fixedClock("2026-11-29T03:00:00Z");
const deps = () => ({ db: database.prisma, clock });

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma);
  agent = agentActor(await agentKey(database.prisma, clock, org));
});

afterAll(async () => {
  await database?.destroy();
});

const lastSeen = async (id: string) => (await database.prisma.mcpSession.findUniqueOrThrow({ where: { id } })).lastSeenAt.toISOString();

describe("sessions", () => {
  it("are resumed by their key only, and written as seen at most once a minute", async () => {
    const sessionId = await openMcpSession(deps(), { actor: agent });
    const other = agentActor(await agentKey(database.prisma, clock, await createTestOrg(database.prisma)));
    await expect(resumeMcpSession(deps(), { actor: other, sessionId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(resumeMcpSession(deps(), { actor: agent, sessionId: "mcps_tidakada" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const opened = await lastSeen(sessionId);
    clock.advance(59_000);
    await resumeMcpSession(deps(), { actor: agent, sessionId });
    expect(await lastSeen(sessionId)).toBe(opened);
    clock.advance(1_000);
    await resumeMcpSession(deps(), { actor: agent, sessionId });
    expect(await lastSeen(sessionId)).toBe(clock.now().toISOString());
  });

  it("stay alive while streamed unless ended or their key revoked", async () => {
    const [kept, ended, revoked] = [
      await openMcpSession(deps(), { actor: agent }),
      await openMcpSession(deps(), { actor: agent }),
      await openMcpSession(deps(), { actor: agentActor(await agentKey(database.prisma, clock, await createTestOrg(database.prisma))) }),
    ];
    await database.prisma.mcpSession.delete({ where: { id: ended } });
    const { apiKeyId } = await database.prisma.mcpSession.findUniqueOrThrow({ where: { id: revoked } });
    await database.prisma.apiKey.update({ where: { id: apiKeyId }, data: { revokedAt: clock.now() } });
    clock.advance(3_600_000);
    expect(await keepMcpSessionsAlive(deps(), { actor: KUASA, sessionIds: [kept, ended, revoked] })).toEqual(new Set([kept]));
    expect(await lastSeen(kept)).toBe(clock.now().toISOString());
  });
});

describe("change marks", () => {
  it("change with each write an order's read shows, are taken once, and are put back when not sent", async () => {
    const order = await createPaidOrder(database.prisma, clock, org);
    const sessionId = await openMcpSession(deps(), { actor: agent });
    const uri = orderUri(order.id);
    await subscribeToResource(deps(), { actor: agent, sessionId, uri });
    const claim = () => claimResourceChanges(deps(), { actor: KUASA, sessionIds: [sessionId] });
    expect(await claim()).toEqual([]);
    // A message, written without touching the order's row.
    await database.prisma.orderMessage.create({ data: { id: "msg_mark_1", orderId: order.id, role: "system", body: "Catatan." } });
    const [change] = await claim();
    expect(change).toMatchObject({ sessionId, uri });
    expect(change!.mark).not.toBe(change!.previous);
    expect(await claim()).toEqual([]);
    await returnResourceChange(deps(), { actor: KUASA, change: change! });
    expect(await claim()).toEqual([change]);
    // An order's row changed in the same millisecond, as under a fixed clock: still a change.
    await database.prisma.order.update({ where: { id: order.id }, data: { deliverable: "Draf pertama.", updatedAt: order.updatedAt } });
    expect(await claim()).toHaveLength(1);
  });

  it("are taken by one of two instances looking at once", async () => {
    const order = await createPaidOrder(database.prisma, clock, org);
    const sessionId = await openMcpSession(deps(), { actor: agent });
    await subscribeToResource(deps(), { actor: agent, sessionId, uri: orderUri(order.id) });
    await database.prisma.orderMessage.create({ data: { id: "msg_mark_2", orderId: order.id, role: "system", body: "Catatan." } });
    const looks = await Promise.all([1, 2].map(() => claimResourceChanges(deps(), { actor: KUASA, sessionIds: [sessionId] })));
    expect(looks.flat()).toHaveLength(1);
  });

  it("keep the mark of a resource subscribed to again, and refuse a subscription past the session's limit", async () => {
    const sessionId = await openMcpSession(deps(), { actor: agent });
    await subscribeToResource(deps(), { actor: agent, sessionId, uri: CATALOG_URI });
    await database.prisma.service.update({ where: { code: "perjanjian_kerahasiaan" }, data: { slaLabel: "5 hari kerja" } });
    await subscribeToResource(deps(), { actor: agent, sessionId, uri: CATALOG_URI });
    expect(await claimResourceChanges(deps(), { actor: KUASA, sessionIds: [sessionId] })).toMatchObject([{ uri: CATALOG_URI }]);
    await database.prisma.mcpSubscription.createMany({
      data: Array.from({ length: MCP_SUBSCRIPTIONS_PER_SESSION - 1 }, (_, i) => ({ sessionId, uri: orderUri(`ord_${i}`), seenMark: "" })),
    });
    const order = await createPaidOrder(database.prisma, clock, org);
    await expect(subscribeToResource(deps(), { actor: agent, sessionId, uri: orderUri(order.id) })).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });
});
