import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VISITOR } from "@/server/domain/access/actor";
import { CLIENT_ADDRESS_HEADER } from "@/server/domain/access/client-address";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg } from "@/test/fixtures";
import { TEST_PASSWORD_HASHING } from "@/test/passwords";
import { codeOf, portalCaller, portalUser, practitionerUser } from "@/test/portal";
import { findPasswordReset, PASSWORD_RESET_MINUTES, requestPasswordReset, resetPassword } from "./password-reset";
import { verifyPassword } from "./passwords";
import { findPortalAccount, findSessionAccount } from "./portal-users";
import { ApiRateLimiter } from "./rate-limit";
import { startPortalSession } from "./sessions";

let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
const PUBLIC_URL = "https://kuasa.contoh.id";
const LINK = /https:\/\/kuasa\.contoh\.id\/atur-ulang-sandi\/([A-Za-z0-9_-]{43})\b/;
const newPassword = "kata-sandi-baru-yang-panjang";

const deps = () => ({ db: database.prisma, clock, publicUrl: PUBLIC_URL, passwordHashing: TEST_PASSWORD_HASHING });

let admin: PortalUser;
let practitioner: PortalUser;
let operator: PortalUser;

beforeAll(async () => {
  database = await createTestDatabase();
  const org = await createTestOrg(database.prisma);
  admin = await portalUser(database.prisma, "org_admin", org.id);
  practitioner = await practitionerUser(database.prisma);
  operator = await portalUser(database.prisma, "operator");
});

afterAll(async () => {
  await database?.destroy();
});

/** The e-mails queued to `email`, oldest first. */
const outbox = (email: string) => database.prisma.emailMessage.findMany({ where: { toAddress: email }, orderBy: { createdAt: "asc" } });

/** Asks for a link for `email` and reads its token from the newest e-mail queued to it. */
async function requestToken(email: string): Promise<string> {
  await requestPasswordReset(deps(), {
    actor: VISITOR,
    email,
  });
  const sent = await outbox(email);
  const token = sent.at(-1)?.text.match(LINK)?.[1];
  if (!token) throw new Error(`no reset link e-mailed to ${email}`);
  return token;
}

describe("asking for a password reset", () => {
  it("answers an address without an account exactly as one with an account, as slowly, and sends it nothing", async () => {
    const caller = portalCaller({ ...deps() }, null);
    const emailsBefore = await database.prisma.emailMessage.count();
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await caller.passwordReset.request({ email });
      return { answer, ms: performance.now() - started };
    };
    const unknown = await timed("tidak-ada@contoh.id");
    const known = await timed(admin.email.toUpperCase());
    expect(unknown.answer).toEqual(known.answer);
    // Both are held to the same floor, so neither is measurably quicker.
    expect(unknown.ms).toBeGreaterThanOrEqual(390);
    expect(known.ms).toBeGreaterThanOrEqual(390);
    expect(await outbox("tidak-ada@contoh.id")).toEqual([]);
    expect(await database.prisma.emailMessage.count()).toBe(emailsBefore + 1);
    expect((await outbox(admin.email)).at(-1)?.subject).toBe("Atur ulang kata sandi Kuasa");
  });

  it("sends a deactivated practitioner nothing: they could not sign in with a new password anyway", async () => {
    const deactivated = await practitionerUser(database.prisma);
    await database.prisma.practitioner.update({ where: { id: deactivated.practitionerId! }, data: { active: false } });
    await requestPasswordReset(deps(), {
      actor: VISITOR,
      email: deactivated.email,
    });
    expect(await outbox(deactivated.email)).toEqual([]);
  });

  it("refuses a flood per e-mail (known or not, from any address) and per client address, before anything is written", async () => {
    const rateLimiter = new ApiRateLimiter(
      { kind: "memory" },
      { reads: 1_000, writes: 1_000, windowSeconds: 60, resetsPerEmail: 2, resetsPerAddress: 5, resetWindowSeconds: 3_600 },
    );
    const from = (address: string) => portalCaller({ ...deps(), rateLimiter }, null, { [CLIENT_ADDRESS_HEADER]: address });
    const ask = (address: string, email: string) => from(address).passwordReset.request({ email });
    const target = await portalUser(database.prisma, "operator");

    await ask("203.0.113.1", target.email);
    await ask("203.0.113.2", target.email);
    expect(await codeOf(ask("203.0.113.3", target.email))).toBe("RATE_LIMITED");
    expect(await outbox(target.email)).toHaveLength(2);
    // An address without an account is refused at the same count, so a refusal tells nothing either.
    await ask("203.0.113.4", "bukan-akun@contoh.id");
    await ask("203.0.113.5", "bukan-akun@contoh.id");
    expect(await codeOf(ask("203.0.113.6", "bukan-akun@contoh.id"))).toBe("RATE_LIMITED");

    for (let i = 0; i < 5; i++) await ask("198.51.100.7", `coba-${i}@contoh.id`);
    const refusal = ask("198.51.100.7", "coba-lagi@contoh.id");
    expect(await codeOf(refusal)).toBe("RATE_LIMITED");
    await expect(ask("198.51.100.7", "coba-lagi@contoh.id")).rejects.toThrow(/coba lagi dalam 60 menit/);
  }, 30_000);
});

describe("the reset link", () => {
  it("is e-mailed to each kind of portal user and sets their password once: the link is spent, then shown as used", async () => {
    for (const user of [admin, practitioner, operator]) {
      const token = await requestToken(user.email);
      expect(
        await findPasswordReset(deps(), {
          actor: VISITOR,
          token,
        }),
      ).toEqual({
        status: "berlaku",
        expiresAt: new Date(clock.now().getTime() + PASSWORD_RESET_MINUTES * 60_000),
        minPasswordLength: 10,
      });
      expect(
        await resetPassword(deps(), {
          actor: VISITOR,
          token,
          password: newPassword,
        }),
      ).toEqual({ email: user.email });
      const account = await findPortalAccount(deps(), { email: user.email });
      expect(await verifyPassword(deps(), { stored: account!.passwordHash, password: newPassword })).toBe(true);

      expect(
        await codeOf(
          resetPassword(deps(), {
            actor: VISITOR,
            token,
            password: "kata-sandi-lain-lagi",
          }),
        ),
      ).toBe("INVALID_STATE");
      expect(
        (
          await findPasswordReset(deps(), {
            actor: VISITOR,
            token,
          })
        ).status,
      ).toBe("terpakai");
      const after = await findPortalAccount(deps(), { email: user.email });
      expect(await verifyPassword(deps(), { stored: after!.passwordHash, password: newPassword })).toBe(true);
      expect(
        await database.prisma.auditLog.count({
          where: { action: "user.password_reset", subjectId: user.id, actorId: user.id, actorType: user.role },
        }),
      ).toBe(1);
    }
  });

  it("works until 30 minutes have passed, then is expired and changes nothing", async () => {
    const user = await portalUser(database.prisma, "operator");
    const token = await requestToken(user.email);
    const at = clock.now();
    try {
      clock.advance(PASSWORD_RESET_MINUTES * 60_000 - 1);
      expect(
        (
          await findPasswordReset(deps(), {
            actor: VISITOR,
            token,
          })
        ).status,
      ).toBe("berlaku");
      clock.advance(1);
      expect(
        (
          await findPasswordReset(deps(), {
            actor: VISITOR,
            token,
          })
        ).status,
      ).toBe("kedaluwarsa");
      expect(
        await codeOf(
          resetPassword(deps(), {
            actor: VISITOR,
            token,
            password: newPassword,
          }),
        ),
      ).toBe("INVALID_STATE");
      const account = await findPortalAccount(deps(), { email: user.email });
      expect(await verifyPassword(deps(), { stored: account!.passwordHash, password: newPassword })).toBe(false);
    } finally {
      clock.set(at);
    }
  });

  it("is voided by a newer request, whose link works", async () => {
    const user = await portalUser(database.prisma, "org_admin", (await createTestOrg(database.prisma)).id);
    const older = await requestToken(user.email);
    const newer = await requestToken(user.email);
    expect(newer).not.toBe(older);
    expect(
      (
        await findPasswordReset(deps(), {
          actor: VISITOR,
          token: older,
        })
      ).status,
    ).toBe("kedaluwarsa");
    expect(
      await codeOf(
        resetPassword(deps(), {
          actor: VISITOR,
          token: older,
          password: newPassword,
        }),
      ),
    ).toBe("INVALID_STATE");
    await resetPassword(deps(), {
      actor: VISITOR,
      token: newer,
      password: newPassword,
    });
  });

  it("ends every portal session of the user, wherever they signed in", async () => {
    const user = await portalUser(database.prisma, "operator");
    const other = await startPortalSession(deps(), {
      actor: VISITOR,
      userId: user.id,
    });
    const bystander = await portalUser(database.prisma, "operator");
    await resetPassword(deps(), {
      actor: VISITOR,
      token: await requestToken(user.email),
      password: newPassword,
    });
    expect(await findSessionAccount(deps(), { sessionId: user.sessionId! })).toBeNull();
    expect(await findSessionAccount(deps(), { sessionId: other })).toBeNull();
    expect(await findSessionAccount(deps(), { sessionId: bystander.sessionId! })).not.toBeNull();
    const [entry] = await database.prisma.auditLog.findMany({ where: { action: "user.password_reset", subjectId: user.id } });
    expect(entry?.data).toMatchObject({ sessions_ended: 2 });
  });

  it("refuses a short password and an unknown token, without spending the link", async () => {
    const user = await portalUser(database.prisma, "operator");
    const token = await requestToken(user.email);
    expect(
      await codeOf(
        resetPassword(deps(), {
          actor: VISITOR,
          token,
          password: "pendek",
        }),
      ),
    ).toBe("VALIDATION");
    expect(
      await codeOf(
        resetPassword(deps(), {
          actor: VISITOR,
          token: `${token}x`,
          password: newPassword,
        }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      await codeOf(
        findPasswordReset(deps(), {
          actor: VISITOR,
          token: "tidak-dikenal",
        }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      (
        await findPasswordReset(deps(), {
          actor: VISITOR,
          token,
        })
      ).status,
    ).toBe("berlaku");
  });

  it("is kept nowhere in the database in clear: only its hash, and the link in the e-mail's text", async () => {
    const user = await portalUser(database.prisma, "operator");
    const token = await requestToken(user.email);
    const tables = await database.prisma.$queryRaw<Array<{ name: string }>>`
      SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
    const holding: string[] = [];
    for (const { name } of tables) {
      // Identifiers come from the catalog above; the token is a bound parameter.
      const rows = await database.prisma.$queryRawUnsafe<Array<{ j: string }>>(
        `SELECT to_jsonb(t)::text AS j FROM "${name}" t WHERE strpos(to_jsonb(t)::text, $1) > 0`,
        token,
      );
      holding.push(...rows.map(() => name));
    }
    expect(holding).toEqual(["EmailMessage"]);
    const [email] = await outbox(user.email);
    expect(email!.subject).not.toContain(token);
    expect(email!.text.split(token)).toHaveLength(2);
    expect(email!.text).toContain(`${PUBLIC_URL}/atur-ulang-sandi/${token}\n`);
  });
});
