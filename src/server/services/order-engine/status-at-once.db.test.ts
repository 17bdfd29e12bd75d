import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "@/generated/prisma/client";
import { agentActor } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { NO_KEY } from "@/server/services/idempotency";
import { agentKey } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, createTestPractitioner, driveOrder, escrowMismatches, LEDGER_SOUND, ledgerInvariants } from "@/test/orders";
import { changedTables, snapshotTables } from "@/test/table-snapshot";
import { acceptOrderResult, postClientMessage } from "../orders";
import { changeContextOf, changeOrderStatusAtOnce } from ".";

/*
 * changeOrderStatusAtOnce (kuasa_change_order_status) leaves to changeOrderStatus, writing nothing,
 * whatever its one statement cannot do, and its callers then take that general path: a transition
 * with other effects, and an order written since it was read.
 */

let database: TestDatabase;
let org: TestOrg;
let practitionerId: string;
const clock = fixedClock("2026-11-26T03:00:00Z");
const deps = () => ({ db: database.prisma, clock });
const change = () => changeContextOf(deps());

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma, { depositIdr: 100_000_000n });
  practitionerId = await createTestPractitioner(database.prisma);
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

async function orderAt(until: "dibayar" | "diserahkan"): Promise<Order> {
  const order = await createPaidOrder(database.prisma, clock, org);
  if (until === "diserahkan") await driveOrder(database.prisma, order.id, practitionerId, "diserahkan", clock.now());
  return database.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
}

async function writesNothing(call: () => Promise<unknown>): Promise<unknown> {
  const before = await snapshotTables(database.prisma);
  const answer = await call();
  expect(changedTables(before, await snapshotTables(database.prisma))).toEqual([]);
  return answer;
}

describe("changeOrderStatusAtOnce", () => {
  it("answers false, writing nothing, for a transition its statement cannot make", async () => {
    const key = await agentKey(database.prisma, clock, org);
    const agent = agentActor(key);
    const delivered = await orderAt("diserahkan");
    // A dispute and a revision mail the practitioner (and a revision counts itself).
    const reason = { message: { role: "client" as const, body: "Tidak sesuai." } };
    expect(await writesNothing(() => changeOrderStatusAtOnce(database.prisma, change(), delivered, "dispute", agent, reason, NO_KEY))).toBe(
      false,
    );
    expect(
      await writesNothing(() => changeOrderStatusAtOnce(database.prisma, change(), delivered, "request_revision", agent, reason, NO_KEY)),
    ).toBe(false);
    // A paid order's cancellation refunds it, gives the key's spend back and ends its costs.
    const paid = await orderAt("dibayar");
    expect(await writesNothing(() => changeOrderStatusAtOnce(database.prisma, change(), paid, "cancel", agent, {}, NO_KEY))).toBe(false);
  });

  it("answers false, writing nothing, for an order written since it was read; the acceptance then goes through changeOrderStatus", async () => {
    const key = await agentKey(database.prisma, clock, org);
    const read = await orderAt("diserahkan");
    // A note a minute later: still diserahkan, but no longer the row the decision was made on.
    await postClientMessage(
      { ...deps(), clock: fixedClock(clock.now().getTime() + 60_000) },
      {
        actor: agentActor(key),
        orderId: read.id,
        input: {
          body: "Terima kasih.",
        },
      },
    );
    const accept = () => changeOrderStatusAtOnce(database.prisma, change(), read, "accept_result", agentActor(key), {}, NO_KEY);
    expect(await writesNothing(accept)).toBe(false);

    const accepted = await acceptOrderResult(deps(), {
      actor: agentActor(key),
      orderId: read.id,
    });
    expect(accepted.status).toBe("selesai");
    expect(accepted.messages.map((m) => m.body)).toEqual(["Terima kasih."]);
    expect(await database.prisma.ledgerTransfer.count({ where: { reference: read.id, kind: "escrow_release" } })).toBe(1);
    expect(await ledgerInvariants(database.prisma)).toEqual(LEDGER_SOUND);
    expect(await escrowMismatches(database.prisma)).toEqual([]);
  });
});
