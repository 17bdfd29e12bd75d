import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { agentActor, SWEEPER } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { pageRequestOf } from "@/server/domain/paging";
import { MASK } from "@/server/domain/text/masking";
import { practitionerActorOf } from "@/server/services/access";
import { agentKey } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, createTestPractitioner } from "@/test/orders";
import { acceptOffer, ensureOffering } from "../offers";
import { deliverResult, getMyOrder, listMyOffers, listMyOrders, listMyWithdrawnOffers, releaseOrder, requestRevision, startWork } from ".";

let database: TestDatabase;
let org: TestOrg;
const clock = fixedClock("2026-11-23T03:00:00Z");
const deps = () => ({ db: database.prisma, clock });
const firstPage = (limit?: number) => pageRequestOf({ limit });

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma, { depositIdr: 500_000_000n, monthlyBudgetIdr: 500_000_000n });
});

beforeEach(async () => {
  // Each test starts with its own practitioners as the only active ones.
  await database.prisma.practitioner.updateMany({ data: { active: false } });
});

afterAll(async () => {
  await database?.destroy();
});

/** A paid NDA order put on offer; returns its id and the live offer. */
async function offeredOrder(intake: Record<string, string> = {}) {
  const order = await createPaidOrder(database.prisma, clock, org);
  if (Object.keys(intake).length > 0) {
    // A value stored before the service's fields changed need not fit its field's type any more.
    await database.prisma.order.update({
      where: { id: order.id },
      data: { intake: { ...(order.intake as Record<string, string>), ...intake } },
    });
  }
  await ensureOffering(deps(), {
    actor: SWEEPER,
    orderId: order.id,
  });
  const offer = await database.prisma.offer.findFirstOrThrow({ where: { orderId: order.id, status: "aktif" } });
  return { orderId: order.id, offer };
}

describe("what an offer shows", () => {
  it("masks the intake by the service's field types: the e-mail field whole whatever it holds, free text but its contact data", async () => {
    const practitioner = await createTestPractitioner(database.prisma);
    const { orderId } = await offeredOrder({
      email_kontak: "hubungi Bu Sari di kantor",
      para_pihak: "PT Satu, Jakarta (telp 0812-3456-7890); PT Dua, Bandung",
    });
    const [offer] = (
      await listMyOffers(deps(), {
        actor: await practitionerActorOf(deps().db, practitioner),
        request: firstPage(),
      })
    ).data;
    expect(offer!.order.id).toBe(orderId);
    expect(offer!.order.intake.email_kontak).toBe(`${MASK.repeat(3)}@${MASK.repeat(3)}`);
    expect(offer!.order.intake.para_pihak).toBe(
      `PT Satu, Jakarta (telp 0${MASK.repeat(3)}-${MASK.repeat(4)}-${MASK.repeat(4)}); PT Dua, Bandung`,
    );
    expect(offer!.order.intake.sifat_nda).toBe("Timbal balik (mutual)");
  });

  it("masks contacts written by classes of characters (invisible characters, any separator, spelled digits, di and titik) in free text", async () => {
    const practitioner = await createTestPractitioner(database.prisma);
    const forms = [
      "0812\u200b3456\u20607890",
      "0812,3456,7890",
      "0812 • 3456 • 7890",
      "0812\n3456\n7890",
      "nol delapan satu dua tiga empat lima enam tujuh delapan sembilan nol",
      "3171|0115|0890|0001",
      "budi di gmail titik com",
      "budi*at*gmail*dot*com",
    ];
    await offeredOrder({ para_pihak: forms.join("; lalu ") });
    const [offer] = (
      await listMyOffers(deps(), {
        actor: await practitionerActorOf(deps().db, practitioner),
        request: firstPage(),
      })
    ).data;
    const shown = offer!.order.intake.para_pihak!;
    for (const secret of ["3456", "7890", "0115", "budi", "gmail", "empat lima"]) expect(shown).not.toContain(secret);
    expect(shown).toContain("; lalu ");
  });

  it("after a revision and a release, the next practitioner is offered the order without the earlier result, and takes it without it", async () => {
    const first = await createTestPractitioner(database.prisma);
    const { orderId, offer } = await offeredOrder();
    expect(offer.practitionerId).toBe(first);
    await acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, first), offerId: offer.id });
    await startWork(deps(), { actor: await practitionerActorOf(deps().db, first), orderId });
    await deliverResult(deps(), {
      actor: await practitionerActorOf(deps().db, first),
      orderId,
      deliverable: "https://berkas.contoh.id/nda-rahasia.pdf",
    });
    await requestRevision(deps(), {
      actor: agentActor(await agentKey(database.prisma, clock, org)),
      orderId,
      reason: "Ganti nama pihak kedua.",
    });
    const next = await createTestPractitioner(database.prisma);
    await releaseOrder(deps(), { actor: await practitionerActorOf(deps().db, first), orderId });

    const [offered] = (
      await listMyOffers(deps(), {
        actor: await practitionerActorOf(deps().db, next),
        request: firstPage(),
      })
    ).data;
    expect(offered!.order).toMatchObject({ id: orderId, masked: true, deliverable: null, revisionReason: null });
    expect(JSON.stringify(offered)).not.toContain("nda-rahasia");
    await acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, next), offerId: offered!.offerId });
    expect(
      (
        await getMyOrder(deps(), {
          actor: await practitionerActorOf(deps().db, next),
          orderId,
        })
      ).deliverable,
    ).toBeNull();
  });
});

describe("the practitioner's lists are paged", () => {
  it("pages live offers soonest to expire first and taken orders latest changed first, with no row twice or left out", async () => {
    const practitioner = await createTestPractitioner(database.prisma);
    const orderIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      orderIds.push((await offeredOrder()).orderId);
      clock.advance(60_000);
    }
    const offers1 = await listMyOffers(deps(), {
      actor: await practitionerActorOf(deps().db, practitioner),
      request: firstPage(2),
    });
    expect([offers1.data.map((o) => o.order.id), offers1.hasMore]).toEqual([orderIds.slice(0, 2), true]);
    const offers2 = await listMyOffers(deps(), {
      actor: await practitionerActorOf(deps().db, practitioner),
      request: pageRequestOf({ limit: 2, starting_after: offers1.data[1]!.offerId }),
    });
    expect([offers2.data.map((o) => o.order.id), offers2.hasMore]).toEqual([orderIds.slice(2), false]);

    for (const offer of [...offers1.data, ...offers2.data]) {
      await acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, practitioner), offerId: offer.offerId });
      clock.advance(1000);
    }
    await startWork(deps(), { actor: await practitionerActorOf(deps().db, practitioner), orderId: orderIds[0]! });
    const latestFirst = [orderIds[0], orderIds[2], orderIds[1]];
    const orders1 = await listMyOrders(
      { db: database.prisma },
      {
        actor: await practitionerActorOf(database.prisma, practitioner),
        request: firstPage(2),
      },
    );
    expect([orders1.data.map((o) => o.id), orders1.hasMore]).toEqual([latestFirst.slice(0, 2), true]);
    const orders2 = await listMyOrders(
      { db: database.prisma },
      {
        actor: await practitionerActorOf(database.prisma, practitioner),
        request: pageRequestOf({ limit: 2, starting_after: orders1.data[1]!.id }),
      },
    );
    expect([orders2.data.map((o) => o.id), orders2.hasMore]).toEqual([latestFirst.slice(2), false]);
  });

  it("refuses a cursor from another practitioner's list with VALIDATION", async () => {
    const [mine, theirs] = [await createTestPractitioner(database.prisma), await createTestPractitioner(database.prisma)];
    const { offer } = await offeredOrder();
    const other = offer.practitionerId === mine ? theirs : mine;
    const cursor = pageRequestOf({ starting_after: offer.id });
    await expect(
      listMyOffers(deps(), {
        actor: await practitionerActorOf(deps().db, other),
        request: cursor,
      }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(
      listMyWithdrawnOffers(deps(), {
        actor: await practitionerActorOf(deps().db, other),
        request: cursor,
      }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(
      listMyOrders(
        { db: database.prisma },
        {
          actor: await practitionerActorOf(database.prisma, other),
          request: pageRequestOf({ starting_after: offer.orderId }),
        },
      ),
    ).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });
});
