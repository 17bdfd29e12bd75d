import { verify } from "@node-rs/argon2";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { PortalUser } from "@/server/auth/session";
import type { Db } from "@/server/db/client";

/** Wrong passwords are limited per e-mail and per address, so guessing is slow for both. */
const perEmail = new RateLimiterMemory({ keyPrefix: "signin-email", points: 5, duration: 15 * 60 });
const perAddress = new RateLimiterMemory({ keyPrefix: "signin-ip", points: 20, duration: 15 * 60 });

export type SignInResult = { ok: true; user: PortalUser } | { ok: false; reason: "invalid" | "rate_limited"; retryAfterSeconds?: number };

async function blockedFor(email: string, address: string): Promise<number | null> {
  const [byEmail, byAddress] = await Promise.all([perEmail.get(email), perAddress.get(address)]);
  const blocked = [byEmail, byAddress].filter((r) => r !== null && r.remainingPoints <= 0);
  if (blocked.length === 0) return null;
  return Math.ceil(Math.max(...blocked.map((r) => r!.msBeforeNext)) / 1000);
}

/** Checks e-mail and password; only failures count against the limits. */
export async function signIn(db: Db, email: string, password: string, address: string): Promise<SignInResult> {
  const normalised = email.trim().toLowerCase();
  const wait = await blockedFor(normalised, address);
  if (wait !== null) return { ok: false, reason: "rate_limited", retryAfterSeconds: wait };
  const user = await db.user.findUnique({ where: { email: normalised }, include: { memberships: { take: 1 }, practitioner: { select: { id: true, active: true } } } });
  // A stored value that is not an argon2 hash (simulated practitioners) never verifies.
  const valid = user !== null && (await verify(user.passwordHash, password).catch(() => false));
  if (!user || !valid || (user.role === "practitioner" && !user.practitioner?.active)) {
    await Promise.all([perEmail.penalty(normalised).catch(() => undefined), perAddress.penalty(address).catch(() => undefined)]);
    return { ok: false, reason: "invalid" };
  }
  return {
    ok: true,
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      organizationId: user.memberships[0]?.organizationId ?? null,
      practitionerId: user.practitioner?.id ?? null,
    },
  };
}
