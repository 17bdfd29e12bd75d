import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminActor, adminActor, VISITOR } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg, type TestOrg } from "@/test/fixtures";
import { countingHasher, TEST_PASSWORD_HASHING } from "@/test/passwords";
import { codeOf, portalUser } from "@/test/portal";
import { raceBehindLock } from "@/test/races";
import { acceptInvitation, findInvitation, inviteAdmin, revokeInvitation, tokenHashOf } from "./invitations";
import { findPortalAccount } from "./portal-users";

let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
let org: TestOrg;
let inviter: AdminActor;

const deps = () => ({ db: database.prisma, clock, passwordHashing: TEST_PASSWORD_HASHING });
const password = "kata-sandi-panjang";

async function invite(email: string, at = clock) {
  const { link, id } = await inviteAdmin(
    { db: database.prisma, clock: at, publicUrl: "https://kuasa.contoh.id/" },
    {
      actor: inviter,
      organizationId: org.id,
      input: {
        email,
      },
    },
  );
  return { id, token: link.replace("https://kuasa.contoh.id/undangan/", "") };
}

beforeAll(async () => {
  database = await createTestDatabase();
  org = await createTestOrg(database.prisma);
  inviter = adminActor((await portalUser(database.prisma, "org_admin", org.id)).id, org.id);
});

afterAll(async () => {
  await database?.destroy();
});

describe("accepting an invitation", () => {
  it("shows the organisation before sign-in, then creates the org_admin and membership and marks it accepted, audited", async () => {
    const { id, token } = await invite("baru@contoh.id");
    expect(
      await findInvitation(deps(), {
        actor: VISITOR,
        token,
      }),
    ).toMatchObject({
      organizationName: "PT Uji Coba",
      email: "baru@contoh.id",
      status: "menunggu",
      minPasswordLength: 10,
    });
    const { userId } = await acceptInvitation(deps(), {
      actor: VISITOR,
      token,
      input: { name: " Rekan Baru ", password },
    });
    const account = await findPortalAccount({ db: database.prisma }, { email: "baru@contoh.id" });
    expect(account?.user.id).toBe(userId);
    expect(account?.user).toMatchObject({ email: "baru@contoh.id", name: "Rekan Baru", role: "org_admin", organizationId: org.id });
    expect(await database.prisma.invitation.findUniqueOrThrow({ where: { id } })).toMatchObject({ acceptedAt: clock.now() });
    expect(
      (
        await findInvitation(deps(), {
          actor: VISITOR,
          token,
        })
      ).status,
    ).toBe("diterima");
    expect(await database.prisma.auditLog.count({ where: { subjectId: id, action: "invitation.accept", actorId: userId } })).toBe(1);
  });

  it("a second accept, a revoked or an expired invitation is INVALID_STATE and creates nothing; an unknown token NOT_FOUND", async () => {
    const used = await invite("sekali@contoh.id");
    await acceptInvitation(deps(), {
      actor: VISITOR,
      token: used.token,
      input: { name: "Sekali", password },
    });
    expect(
      await codeOf(
        acceptInvitation(deps(), {
          actor: VISITOR,
          token: used.token,
          input: { name: "Dua kali", password },
        }),
      ),
    ).toBe("INVALID_STATE");

    const revoked = await invite("dicabut@contoh.id");
    await revokeInvitation(deps(), { actor: inviter, organizationId: org.id, invitationId: revoked.id });
    expect(
      await codeOf(
        acceptInvitation(deps(), {
          actor: VISITOR,
          token: revoked.token,
          input: { name: "X", password },
        }),
      ),
    ).toBe("INVALID_STATE");

    const old = await invite("lama@contoh.id", fixedClock("2026-11-15T03:00:00Z"));
    expect(
      (
        await findInvitation(deps(), {
          actor: VISITOR,
          token: old.token,
        })
      ).status,
    ).toBe("kedaluwarsa");
    expect(
      await codeOf(
        acceptInvitation(deps(), {
          actor: VISITOR,
          token: old.token,
          input: { name: "X", password },
        }),
      ),
    ).toBe("INVALID_STATE");

    expect(await database.prisma.user.count({ where: { email: { in: ["dicabut@contoh.id", "lama@contoh.id"] } } })).toBe(0);
    expect(await database.prisma.invitation.findUniqueOrThrow({ where: { id: revoked.id } })).toMatchObject({ acceptedAt: null });
    expect(
      await codeOf(
        acceptInvitation(deps(), {
          actor: VISITOR,
          token: "tidak-ada",
          input: { name: "X", password },
        }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      await codeOf(
        findInvitation(deps(), {
          actor: VISITOR,
          token: "tidak-ada",
        }),
      ),
    ).toBe("NOT_FOUND");
  });

  it("hashes no password for an unknown, used, revoked or expired token, and one for a pending invitation", async () => {
    const hasher = countingHasher();
    const counted = { ...deps(), passwordHashing: hasher };
    const used = await invite("terpakai@contoh.id");
    await acceptInvitation(deps(), {
      actor: VISITOR,
      token: used.token,
      input: { name: "Terpakai", password },
    });
    const revoked = await invite("dicabut-lagi@contoh.id");
    await revokeInvitation(deps(), { actor: inviter, organizationId: org.id, invitationId: revoked.id });
    const old = await invite("lama-lagi@contoh.id", fixedClock("2026-11-15T03:00:00Z"));
    expect(
      await codeOf(
        acceptInvitation(counted, {
          actor: VISITOR,
          token: "token-karangan",
          input: { name: "X", password: "p".repeat(200) },
        }),
      ),
    ).toBe("NOT_FOUND");
    for (const token of [used.token, revoked.token, old.token])
      expect(
        await codeOf(
          acceptInvitation(counted, {
            actor: VISITOR,
            token,
            input: { name: "X", password },
          }),
        ),
      ).toBe("INVALID_STATE");
    expect(hasher.hashes).toBe(0);
    const pending = await invite("menunggu@contoh.id");
    await acceptInvitation(counted, {
      actor: VISITOR,
      token: pending.token,
      input: { name: "Menunggu", password },
    });
    expect(hasher.hashes).toBe(1);
  });

  it("refuses a short password or a blank name before touching the invitation", async () => {
    const { id, token } = await invite("pendek@contoh.id");
    expect(
      await codeOf(
        acceptInvitation(deps(), {
          actor: VISITOR,
          token,
          input: { name: "X", password: "123456789" },
        }),
      ),
    ).toBe("VALIDATION");
    expect(
      await codeOf(
        acceptInvitation(deps(), {
          actor: VISITOR,
          token,
          input: { name: "  ", password },
        }),
      ),
    ).toBe("VALIDATION");
    expect(await database.prisma.invitation.findUniqueOrThrow({ where: { id } })).toMatchObject({ acceptedAt: null });
  });

  it.runIf(testDatabaseKind === "postgres")("two accepts of one invitation at the same moment create one user", async () => {
    const { token } = await invite("balapan@contoh.id");
    const results = await raceBehindLock(
      database.url!,
      { sql: `SELECT "id" FROM "Invitation" WHERE "tokenHash" = $1 FOR UPDATE`, params: [tokenHashOf(token)] },
      [
        () =>
          acceptInvitation(deps(), {
            actor: VISITOR,
            token,
            input: { name: "Pertama", password },
          }),
        () =>
          acceptInvitation(deps(), {
            actor: VISITOR,
            token,
            input: { name: "Kedua", password },
          }),
      ],
    );
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "INVALID_STATE" } });
    expect(await database.prisma.user.count({ where: { email: "balapan@contoh.id" } })).toBe(1);
    expect(await database.prisma.membership.count({ where: { user: { email: "balapan@contoh.id" } } })).toBe(1);
  });
});

describe("the daily cap on invitations", () => {
  const limited = (at: ReturnType<typeof fixedClock>) => ({ db: database.prisma, clock: at, invitationsPerDay: 3 });
  const send = (at: ReturnType<typeof fixedClock>, owner: TestOrg, email: string) =>
    inviteAdmin(limited(at), { actor: { ...inviter, organizationId: owner.id }, organizationId: owner.id, input: { email } });

  it("lets one organisation send INVITATIONS_PER_DAY in 24 hours, revoked ones counted, then RATE_LIMITED until the oldest is a day old", async () => {
    const at = fixedClock("2026-11-24T01:00:00Z");
    const capped = await createTestOrg(database.prisma);
    const first = await send(at, capped, "batas1@contoh.id");
    await revokeInvitation(
      { db: database.prisma, clock: at },
      { actor: { ...inviter, organizationId: capped.id }, organizationId: capped.id, invitationId: first.id },
    );
    at.advance(60 * 60_000);
    await send(at, capped, "batas2@contoh.id");
    await send(at, capped, "batas3@contoh.id");
    expect(await codeOf(send(at, capped, "batas4@contoh.id"))).toBe("RATE_LIMITED");
    expect(await database.prisma.invitation.count({ where: { organizationId: capped.id } })).toBe(3);
    expect(await database.prisma.emailMessage.count({ where: { toAddress: "batas4@contoh.id" } })).toBe(0);

    // Another organisation has its own allowance.
    const other = await createTestOrg(database.prisma);
    await send(at, other, "lain@contoh.id");

    // 24 hours after the first, one place is free again; the next one is not.
    at.set("2026-11-25T01:00:00.001Z");
    await send(at, capped, "batas4@contoh.id");
    expect(await codeOf(send(at, capped, "batas5@contoh.id"))).toBe("RATE_LIMITED");
  });

  it.runIf(testDatabaseKind === "postgres")("never lets concurrent invitations past the cap", async () => {
    const at = fixedClock("2026-11-24T01:00:00Z");
    const capped = await createTestOrg(database.prisma);
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => send(at, capped, `serentak${i}@contoh.id`)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await database.prisma.invitation.count({ where: { organizationId: capped.id } })).toBe(3);
  });
});
