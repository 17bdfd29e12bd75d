import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentActor, operatorActor } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { newId } from "@/server/domain/ids";
import { practitionerActorOf } from "@/server/services/access";
import { agentKey } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { createPaidOrder, createTestPractitioner, driveOrder } from "@/test/orders";
import { raceOnOrderRow } from "@/test/races";
import { ORDER_MESSAGE_LIMIT } from "../order-engine";
import { askClient, postClientMessage, postOperatorMessage } from ".";

/**
 * One order holds at most ORDER_MESSAGE_LIMIT messages before the client's notes and the
 * practitioner's questions are refused; an answer to an open question is still taken.
 */

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;
const clock = fixedClock("2026-11-23T03:00:00Z");
const deps = () => ({ db: database.prisma, clock });

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  api = await startTestApi(database.prisma, clock);
  org = await createTestOrg(database.prisma, { depositIdr: 100_000_000n, monthlyBudgetIdr: 100_000_000n });
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

/** An order in work (or waiting on a question) whose thread already holds `count` messages. */
async function orderHolding(count: number, until: "dikerjakan" | "butuh_input_klien" = "dikerjakan") {
  const order = await createPaidOrder(database.prisma, clock, org);
  const practitionerId = await createTestPractitioner(database.prisma);
  await driveOrder(database.prisma, order.id, practitionerId, until, clock.now());
  const held = await messageCount(order.id);
  await database.prisma.orderMessage.createMany({
    data: Array.from({ length: count - held }, (_, i) => ({
      id: newId("message"),
      orderId: order.id,
      role: "client",
      body: `Catatan ${i + 1}.`,
      createdAt: clock.now(),
    })),
  });
  return { orderId: order.id, practitionerId };
}

const messageCount = (orderId: string) => database.prisma.orderMessage.count({ where: { orderId } });
const statusOf = async (orderId: string) => (await database.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status;

describe("messages per order", () => {
  it("takes a client's note up to the limit, then answers 409 CONFLICT in the error shape and stores nothing", async () => {
    const { orderId } = await orderHolding(ORDER_MESSAGE_LIMIT - 1);
    const post = () =>
      api.call(`/v1/orders/${orderId}/messages`, { method: "POST", token: org.token, json: { body: "Satu catatan lagi." } });
    expect((await post()).status).toBe(200);
    expect(await messageCount(orderId)).toBe(ORDER_MESSAGE_LIMIT);

    const refused = await post();
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("CONFLICT");
    expect(body.error.message).toContain(`(${ORDER_MESSAGE_LIMIT})`);
    expect(await messageCount(orderId)).toBe(ORDER_MESSAGE_LIMIT);
  });

  it("refuses the practitioner's question at the limit with CONFLICT, leaving the order in work", async () => {
    const { orderId, practitionerId } = await orderHolding(ORDER_MESSAGE_LIMIT);
    await expect(
      askClient(deps(), {
        actor: await practitionerActorOf(deps().db, practitionerId),
        orderId,
        question: "Siapa direkturnya?",
      }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await statusOf(orderId)).toBe("dikerjakan");
    expect(await messageCount(orderId)).toBe(ORDER_MESSAGE_LIMIT);
  });

  it("still takes the client's answer to an open question at the limit, so the order never waits on an answer it cannot get", async () => {
    const { orderId } = await orderHolding(ORDER_MESSAGE_LIMIT, "butuh_input_klien");
    const answered = await api.call(`/v1/orders/${orderId}/messages`, {
      method: "POST",
      token: org.token,
      json: { body: "PT Dua Sejahtera, Bandung." },
    });
    expect(answered.status).toBe(200);
    expect(await statusOf(orderId)).toBe("dikerjakan");
    expect(await messageCount(orderId)).toBe(ORDER_MESSAGE_LIMIT + 1);
  });
});

describe.runIf(testDatabaseKind === "postgres")("messages per order, racing", () => {
  it("a client's note and a practitioner's question for the last place: exactly one is stored, the other is CONFLICT", async () => {
    const key = await agentKey(database.prisma, clock, org);
    for (let round = 0; round < 5; round++) {
      const { orderId, practitionerId } = await orderHolding(ORDER_MESSAGE_LIMIT - 1);
      const holder = await practitionerActorOf(database.prisma, practitionerId);
      const results = await raceOnOrderRow(
        database.url!,
        orderId,
        () =>
          postClientMessage(deps(), {
            actor: agentActor(key),
            orderId,
            input: { body: "Catatan terakhir." },
          }),
        () =>
          askClient(deps(), {
            actor: holder,
            orderId,
            question: "Pertanyaan terakhir?",
          }),
      );
      const codes = results.map((r) => (r.status === "fulfilled" ? "ok" : (r.reason as { code?: string }).code));
      expect(codes.sort(), codes.join()).toEqual(["CONFLICT", "ok"]);
      expect(await messageCount(orderId)).toBe(ORDER_MESSAGE_LIMIT);
    }
  });
});

describe("the operator writes on an order's thread", () => {
  it("adds an operator message both sides read, audited, and mails the practitioner; an empty one changes nothing", async () => {
    const order = await createPaidOrder(database.prisma, clock, org);
    const practitionerId = await createTestPractitioner(database.prisma);
    await driveOrder(database.prisma, order.id, practitionerId, "dikerjakan", clock.now());
    const operator = operatorActor("usr_op");
    await expect(postOperatorMessage(deps(), { actor: operator, orderId: order.id, body: "  " })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    const written = await postOperatorMessage(deps(), {
      actor: operator,
      orderId: order.id,
      body: "Mohon unggah kuitansi PNBP paling lambat besok.",
    });
    expect(written.messages.at(-1)).toMatchObject({ role: "operator", body: "Mohon unggah kuitansi PNBP paling lambat besok." });
    expect(await database.prisma.auditLog.count({ where: { action: "order.operator_message", subjectId: order.id } })).toBe(1);
    const practitioner = await database.prisma.practitioner.findUniqueOrThrow({ where: { id: practitionerId }, include: { user: true } });
    const mail = await database.prisma.emailMessage.findFirst({
      where: { toAddress: practitioner.user.email, subject: { startsWith: "Pesan dari tim operator Kuasa" } },
    });
    expect(mail?.text).toContain(`/praktisi/pesanan/${order.id}`);
    await expect(postOperatorMessage(deps(), { actor: operator, orderId: "ord_bukan", body: "Halo." })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
