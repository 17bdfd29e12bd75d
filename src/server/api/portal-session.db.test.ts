import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VISITOR } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { startPortalSession } from "@/server/services/access";
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

describe("sessions that end", () => {
  /** The same user signed in a second time (another device): a second session record. */
  const elsewhere = async (user: PortalUser): Promise<PortalUser> => ({
    ...user,
    sessionId: await startPortalSession(
      { db: database.prisma, clock },
      {
        actor: VISITOR,
        userId: user.id,
      },
    ),
  });

  it("a password change ends every other session of the user at once and keeps the one that changed it", async () => {
    const here = await practitionerUser(database.prisma);
    const there = await elsewhere(here);
    expect(await as(there).practitioner.offers({})).toMatchObject({ data: [] });
    await as(here).practitioner.changePassword({ currentPassword: "rahasia-sekali-123", newPassword: "kata-sandi-baru-456" });
    expect(await codeOf(as(there).practitioner.offers({}))).toBe("UNAUTHENTICATED");
    expect(await as(here).practitioner.offers({})).toMatchObject({ data: [] });
  });

  it("the operator ends every session of a user: each is refused on its next call, and it is audited", async () => {
    const org = await createTestOrg(database.prisma);
    const admin = await portalUser(database.prisma, "org_admin", org.id);
    const other = await elsewhere(admin);
    const operator = await portalUser(database.prisma, "operator");
    expect(await as(operator).operator.endSessions({ userId: admin.id })).toEqual({ ended: 2 });
    expect(await codeOf(as(admin).organization.overview())).toBe("UNAUTHENTICATED");
    expect(await codeOf(as(other).organization.overview())).toBe("UNAUTHENTICATED");
    expect(await as(operator).operator.organizations()).toBeDefined();
    expect(
      await database.prisma.auditLog.count({ where: { action: "user.sessions_end", subjectId: admin.id, actorId: operator.id } }),
    ).toBe(1);
    expect(await codeOf(as(operator).operator.endSessions({ userId: "usr_tidak_ada" }))).toBe("NOT_FOUND");
    expect(await codeOf(as(admin).operator.endSessions({ userId: operator.id }))).toBe("UNAUTHENTICATED");
  });

  it("a session without a record, an expired one, or one claimed by another user gets nothing", async () => {
    const operator = await portalUser(database.prisma, "operator");
    expect(await codeOf(as({ ...operator, sessionId: undefined }).operator.organizations())).toBe("UNAUTHENTICATED");
    const someoneElse = await portalUser(database.prisma, "operator");
    expect(await codeOf(as({ ...operator, sessionId: someoneElse.sessionId }).operator.organizations())).toBe("UNAUTHENTICATED");
    const later = fixedClock(new Date(clock.now().getTime() + 12 * 3_600_000 + 1_000).toISOString());
    const old = {
      ...operator,
      sessionId: await startPortalSession(
        { db: database.prisma, clock },
        {
          actor: VISITOR,
          userId: operator.id,
        },
      ),
    };
    expect(await codeOf(portalCaller({ db: database.prisma, clock: later }, old).operator.organizations())).toBe("UNAUTHENTICATED");
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
