import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SWEEPER } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { createTestPractitioner, driveOrder, ndaOrder } from "@/test/orders";
import { ensureOffering, OFFER_DURATION_MS } from "../offers";

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;
const clock = fixedClock("2026-11-23T03:00:00Z");
const PUBLIC_URL = "https://kuasa.contoh.id";
const deps = () => ({ db: database.prisma, clock, publicUrl: PUBLIC_URL });
/** Two practitioners for "kontrak", a first in the fair order. */
let a: string;
let b: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  api = await startTestApi(database.prisma, clock);
  org = await createTestOrg(database.prisma, { depositIdr: 500_000_000n, monthlyBudgetIdr: 500_000_000n });
});

beforeEach(async () => {
  // Earlier tests' practitioners leave the pool.
  await database.prisma.practitioner.updateMany({ data: { active: false } });
  a = await createTestPractitioner(database.prisma);
  b = await createTestPractitioner(database.prisma);
  await database.prisma.practitioner.update({ where: { id: a }, data: { lastOfferedAt: new Date("2026-01-01T00:00:00Z") } });
  await database.prisma.practitioner.update({ where: { id: b }, data: { lastOfferedAt: new Date("2026-01-02T00:00:00Z") } });
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

async function paidOrder(): Promise<string> {
  const res = await api.call("/v1/orders", { method: "POST", token: org.token, json: ndaOrder() });
  return ((await res.json()) as { id: string }).id;
}

const emailOf = async (practitionerId: string) =>
  (await database.prisma.practitioner.findUniqueOrThrow({ where: { id: practitionerId }, include: { user: true } })).user.email;
const mailTo = async (practitionerId: string) =>
  database.prisma.emailMessage.findMany({ where: { toAddress: await emailOf(practitionerId) }, orderBy: { createdAt: "asc" } });

describe("the availability switch", () => {
  it("skips a practitioner who is not taking new offers, and offers them again once they are", async () => {
    await database.prisma.practitioner.update({ where: { id: a }, data: { available: false } });
    const first = await paidOrder();
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId: first,
    });
    expect((await database.prisma.offer.findFirstOrThrow({ where: { orderId: first, status: "aktif" } })).practitionerId).toBe(b);

    await database.prisma.practitioner.update({ where: { id: a }, data: { available: true } });
    const second = await paidOrder();
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId: second,
    });
    expect((await database.prisma.offer.findFirstOrThrow({ where: { orderId: second, status: "aktif" } })).practitionerId).toBe(a);
  });
});

describe("e-mail on a new offer", () => {
  it("queues one e-mail to the offered practitioner with the service, their pay, the deadline in WIB and the portal link; a second offering run queues none", async () => {
    const orderId = await paidOrder();
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId,
    });
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId,
    });
    const offer = await database.prisma.offer.findFirstOrThrow({ where: { orderId, status: "aktif" } });
    expect(offer.expiresAt.getTime() - clock.now().getTime()).toBe(OFFER_DURATION_MS);

    const mails = await mailTo(a);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ dedupeKey: `offer:${offer.id}`, status: "menunggu", attempts: 0 });
    // 03:30 UTC is 10.30 WIB.
    expect(mails[0]!.subject).toMatch(/^Tawaran baru: .+, jawab sebelum 10[.:]30 WIB$/);
    expect(mails[0]!.text).toContain("Rp\u00a01.490.000");
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/praktisi\n`);
    expect(mails[0]!.text).not.toContain("legal@satu.co.id");
    expect(await mailTo(b)).toEqual([]);
  });

  it("queues nothing for a practitioner who switched e-mail notifications off", async () => {
    await database.prisma.practitioner.update({ where: { id: a }, data: { emailNotifications: false } });
    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId: await paidOrder(),
    });
    expect(await database.prisma.offer.count({ where: { practitionerId: a, status: "aktif" } })).toBe(1);
    expect(await mailTo(a)).toEqual([]);
  });
});

describe("e-mail on the client's side of a taken order", () => {
  it("tells the order's practitioner of a client message and of a revision request, each linking the order", async () => {
    const orderId = await paidOrder();
    await driveOrder(database.prisma, orderId, a, "diserahkan", clock.now());
    await api.call(`/v1/orders/${orderId}/revision`, { method: "POST", token: org.token, json: { reason: "Ganti nama pihak kedua." } });
    await api.call(`/v1/orders/${orderId}/messages`, {
      method: "POST",
      token: org.token,
      json: { body: "Nama lengkap: PT Dua Sejahtera." },
    });

    const mails = await mailTo(a);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Permintaan revisi: .+ \(ord_/),
      expect.stringMatching(/^Pesan baru dari klien: .+ \(ord_/),
    ]);
    for (const mail of mails) {
      // The REST face's public address (startTestApi's), the one its OpenAPI document names.
      expect(mail.text).toContain(`http://localhost/praktisi/pesanan/${orderId}`);
      // What the client wrote stays in the portal.
      expect(mail.text).not.toContain("Dua Sejahtera");
      expect(mail.text).not.toContain("pihak kedua");
    }
  });

  it("sends nothing for a client message on an order nobody has taken", async () => {
    await database.prisma.practitioner.updateMany({ where: { id: { in: [a, b] } }, data: { active: false } });
    const orderId = await paidOrder();
    const before = await database.prisma.emailMessage.count();
    await api.call(`/v1/orders/${orderId}/messages`, {
      method: "POST",
      token: org.token,
      json: { body: "Apakah sudah ada yang mengambil?" },
    });
    expect(await database.prisma.emailMessage.count()).toBe(before);
  });
});
