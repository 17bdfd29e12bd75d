import { createHash, randomBytes } from "node:crypto";
import { portalActorOf, requireActor, type SystemActor } from "@/server/domain/access/actor";
import { deletionDueAt, expiredBefore } from "@/server/domain/access/expired-rows";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { publicLink } from "@/server/domain/public-url";
import { audit } from "../audit";
import { publicUrlOf, type ServiceDeps } from "../deps";
import { enqueueEmail } from "../notifications";
import { tokenHashOf } from "./invitations";
import { hashPassword } from "./passwords";
import { findPortalAccount } from "./portal-users";
import { endOtherPortalSessions } from "./sessions";
import { MIN_PASSWORD_LENGTH } from "./users";

/**
 * A forgotten password, reset through an e-mailed link. The link's token is 32 random bytes, kept
 * only as its SHA-256; it works once, for PASSWORD_RESET_MINUTES, and asking again voids the
 * links sent before. Whoever asks is answered the same whether or not the address has an account
 * (the portal procedure also makes both answers take as long and limits the asking).
 */

export const PASSWORD_RESET_MINUTES = 30;

/** How the reset page sees a link: usable, spent, or expired (also when a newer link replaced it). */
export type PasswordResetStatus = "berlaku" | "terpakai" | "kedaluwarsa";

const normalised = (email: string) => email.trim().toLowerCase();

/** The rate-limit subject for requests about `email`: hashed, so the limiter's store holds no mailbox addresses. */
export function passwordResetSubject(email: string): string {
  return createHash("sha256")
    .update(`reset:${normalised(email)}`)
    .digest("base64url")
    .slice(0, 32);
}

function statusOf(reset: { usedAt: Date | null; expiresAt: Date }, now: Date): PasswordResetStatus {
  if (reset.usedAt) return "terpakai";
  return reset.expiresAt <= now ? "kedaluwarsa" : "berlaku";
}

/**
 * Someone asks for a reset link for `email`. A user who may sign in (findPortalAccount: not a
 * deactivated practitioner, not an admin without an organisation) gets a new link by e-mail, their
 * older unused links voided, in one transaction; anyone else gets nothing, and the caller cannot
 * tell which happened.
 */
export async function requestPasswordReset(
  deps: Pick<ServiceDeps, "db" | "clock" | "publicUrl">,
  {
    actor,
    email,
  }: {
    actor: SystemActor;
    email: string;
  },
): Promise<void> {
  requireActor(actor, "system");
  const account = await findPortalAccount(deps, { email: normalised(email) });
  if (!account) return;
  const { user } = account;
  const now = deps.clock.now();
  const token = randomBytes(32).toString("base64url");
  const id = newId("passwordReset");
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000);
  const link = publicLink(publicUrlOf(deps), `/atur-ulang-sandi/${token}`);
  await deps.db.$transaction(async (tx) => {
    const voided = await tx.passwordReset.updateMany({
      where: { userId: user.id, usedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    await tx.passwordReset.create({ data: { id, userId: user.id, tokenHash: tokenHashOf(token), expiresAt, createdAt: now } });
    await enqueueEmail(tx, {
      to: user.email,
      subject: "Atur ulang kata sandi Kuasa",
      text: [
        `Halo ${user.name},`,
        "",
        "Seseorang (semoga Anda) meminta pengaturan ulang kata sandi akun Kuasa Anda.",
        `Buka tautan ini untuk membuat kata sandi baru (berlaku ${PASSWORD_RESET_MINUTES} menit, sekali pakai):`,
        link,
        "",
        "Setelah kata sandi diganti, semua sesi yang sedang masuk di perangkat lain akan keluar.",
        "Jika Anda tidak memintanya, abaikan e-mail ini; kata sandi Anda tidak berubah.",
      ].join("\n"),
      dedupeKey: `password-reset:${id}`,
    });
    await audit(tx, {
      actor,
      action: "user.password_reset_request",
      subjectType: "user",
      subjectId: user.id,
      data: { reset_id: id, voided: voided.count, expires_at: expiresAt.toISOString() },
    });
  });
}

/** What the link's page shows before the new password is typed; an unknown token is NOT_FOUND. */
export async function findPasswordReset(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    token,
  }: {
    actor: SystemActor;
    token: string;
  },
) {
  requireActor(actor, "system");
  const reset = await deps.db.passwordReset.findUnique({ where: { tokenHash: tokenHashOf(token) } });
  if (!reset) throw new AppError("NOT_FOUND", "No such password reset link.");
  return { status: statusOf(reset, deps.clock.now()), expiresAt: reset.expiresAt, minPasswordLength: MIN_PASSWORD_LENGTH };
}

/**
 * Sets the new password through a usable link: the link is spent (a conditional update decides
 * between two concurrent uses), the user's other unused links voided, and every portal session of
 * the user ended, since whoever knew the old password may be signed in. Answers the e-mail, for
 * the sign-in form.
 */
export async function resetPassword(
  deps: Pick<ServiceDeps, "db" | "clock" | "passwordHashing">,
  {
    actor,
    token,
    password,
  }: {
    actor: SystemActor;
    token: string;
    password: string;
  },
): Promise<{ email: string }> {
  requireActor(actor, "system");
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new AppError("VALIDATION", `A password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  const tokenHash = tokenHashOf(token);
  const now = deps.clock.now();
  // The token before the hash: a made-up or spent one costs an indexed read, never an argon2 hash.
  const found = await deps.db.passwordReset.findUnique({ where: { tokenHash } });
  if (!found) throw new AppError("NOT_FOUND", "No such password reset link.");
  if (statusOf(found, now) !== "berlaku") throw new AppError("INVALID_STATE", "This password reset link was used or has expired.");
  // Hashed before the transaction: argon2 takes a while, and no lock should wait on it.
  const passwordHash = await hashPassword(deps, { password });
  return deps.db.$transaction(async (tx) => {
    const claimed = await tx.passwordReset.updateMany({
      where: { id: found.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count === 0) throw new AppError("INVALID_STATE", "This password reset link was used or has expired.");
    const user = await tx.user.update({
      where: { id: found.userId },
      data: { passwordHash, updatedAt: now },
      select: {
        id: true,
        email: true,
        role: true,
        memberships: { select: { organizationId: true }, take: 1 },
        practitioner: { select: { id: true } },
      },
    });
    await tx.passwordReset.updateMany({ where: { userId: user.id, usedAt: null, expiresAt: { gt: now } }, data: { expiresAt: now } });
    const ended = await endOtherPortalSessions(tx, user.id, null, now);
    await audit(tx, {
      // The user acts, though signed out: their link proves who they are.
      actor:
        portalActorOf({
          ...user,
          organizationId: user.memberships[0]?.organizationId ?? null,
          practitionerId: user.practitioner?.id ?? null,
        }) ?? actor,
      action: "user.password_reset",
      subjectType: "user",
      subjectId: user.id,
      data: { reset_id: found.id, sessions_ended: ended },
    });
    return { email: user.email };
  });
}

/** Reset links a day past their expiry (domain/access/expired-rows.ts: until then the page says "expired" or "used", not "unknown"), the longest expired first (the sweeper deletes them). */
export async function expiredPasswordResets(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  const rows = await deps.db.passwordReset.findMany({
    where: { expiresAt: { lte: expiredBefore(cutoff) } },
    orderBy: { expiresAt: "asc" },
    take: limit,
    select: { id: true, expiresAt: true },
  });
  return rows.map((row) => ({ id: row.id, dueAt: deletionDueAt(row.expiresAt) }));
}

export async function deleteExpiredPasswordReset(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    resetId,
  }: {
    actor: SystemActor;
    resetId: string;
  },
): Promise<void> {
  requireActor(actor, "system");
  await deps.db.passwordReset.deleteMany({ where: { id: resetId, expiresAt: { lte: expiredBefore(deps.clock.now()) } } });
}
