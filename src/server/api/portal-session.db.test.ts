import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import type { PortalUser } from "@/server/domain/portal-user";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder } from "@/test/orders";
import { codeOf, portalCaller, portalUser, practitionerUser } from "@/test/portal";

/** sessionProcedure (portal-procedure.ts): the session says who; every call reads what they are now. */
let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
const as = (user: PortalUser | null) => portalCaller({ db: database.prisma, clock }, user);

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
});

afterAll(async () => {
  await database?.destroy();
});

describe("a session outlived by the account", () => {
  it("a practitioner deactivated by the operator is refused on their next call, with the same session", async () => {
    const practitioner = await practitionerUser(database.prisma);
    const operator = await portalUser(database.prisma, "operator");
    expect(await as(practitioner).practitioner.offers({})).toMatchObject({ data: [] });
    await as(operator).operator.setPractitionerActive({ practitionerId: practitioner.practitionerId!, active: false });
    expect(await codeOf(as(practitioner).practitioner.offers({}))).toBe("UNAUTHENTICATED");
    expect(await codeOf(as(practitioner).practitioner.declineOffer({ offerId: "ofr_x" }))).toBe("UNAUTHENTICATED");
  });

  it("a removed user is refused, and so is an admin taken out of their organisation", async () => {
    const org = await createTestOrg(database.prisma);
    const removed = await portalUser(database.prisma, "operator");
    await database.prisma.user.delete({ where: { id: removed.id } });
    expect(await codeOf(as(removed).operator.organizations())).toBe("UNAUTHENTICATED");
    const admin = await portalUser(database.prisma, "org_admin", org.id);
    await database.prisma.membership.deleteMany({ where: { userId: admin.id } });
    expect(await codeOf(as(admin).organization.overview())).toBe("UNAUTHENTICATED");
  });

  it("the role and organisation come from the database, not the session: a session claiming more gets nothing more", async () => {
    const [mine, theirs] = [await createTestOrg(database.prisma), await createTestOrg(database.prisma)];
    const admin = await portalUser(database.prisma, "org_admin", mine.id);
    expect(await codeOf(as({ ...admin, role: "operator" }).operator.organizations())).toBe("FORBIDDEN");
    const claimed = await as({ ...admin, organizationId: theirs.id }).organization.keys();
    expect(claimed.map((key) => key.id).sort()).toEqual(
      (await database.prisma.apiKey.findMany({ where: { organizationId: mine.id }, select: { id: true } })).map((k) => k.id).sort(),
    );
  });
});

describe("the admins of an organisation that is not aktif", () => {
  let org: TestOrg;
  let admin: PortalUser;

  beforeAll(async () => {
    // Threshold below the order's price: the order waits for the admin's approval.
    org = await createTestOrg(database.prisma, { depositIdr: 10_000_000n, thresholdIdr: 1_000_000n });
    admin = await portalUser(database.prisma, "org_admin", org.id);
  });

  it.each(["ditangguhkan", "menunggu_persetujuan"] as const)(
    "may not approve an order, pay an invoice or create a key while %s, and nothing changes",
    async (status) => {
      const waiting = await createPaidOrder(database.prisma, clock, org);
      expect(waiting.status).toBe("menunggu_bayar");
      await database.prisma.organization.update({ where: { id: org.id }, data: { status } });
      const keysBefore = await database.prisma.apiKey.count({ where: { organizationId: org.id } });

      expect(await codeOf(as(admin).organization.decide({ orderId: waiting.id, approve: true }))).toBe("ORGANIZATION_NOT_ACTIVE");
      // Refused before the invoice is even looked up.
      expect(await codeOf(as(admin).organization.payInvoice({ invoiceId: "inv_tidak_ada" }))).toBe("ORGANIZATION_NOT_ACTIVE");
      expect(
        await codeOf(
          as(admin).organization.createKey({
            name: "baru",
            scopes: ["katalog:baca"],
            maxOrderIdr: 1_000_000,
            monthlyBudgetIdr: 5_000_000,
            webhookUrl: null,
          }),
        ),
      ).toBe("ORGANIZATION_NOT_ACTIVE");

      expect((await database.prisma.order.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("menunggu_bayar");
      expect(await database.prisma.apiKey.count({ where: { organizationId: org.id } })).toBe(keysBefore);
      await database.prisma.organization.update({ where: { id: org.id }, data: { status: "aktif" } });
    },
  );

  it("may still look at their organisation, its orders and keys, to see where they stand", async () => {
    await database.prisma.organization.update({ where: { id: org.id }, data: { status: "ditangguhkan" } });
    try {
      expect(await as(admin).organization.overview()).toMatchObject({ status: "ditangguhkan" });
      await expect(as(admin).organization.orders({})).resolves.toBeDefined();
      await expect(as(admin).organization.keys()).resolves.toBeDefined();
    } finally {
      await database.prisma.organization.update({ where: { id: org.id }, data: { status: "aktif" } });
    }
  });

  it("approves once the operator makes the organisation aktif again", async () => {
    const waiting = await createPaidOrder(database.prisma, clock, org);
    expect(await as(admin).organization.decide({ orderId: waiting.id, approve: true })).toBe("dibayar");
  });
});
