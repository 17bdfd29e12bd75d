import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { lockRow } from "@/server/db/row-lock";
import { type Actor, adminActor, requireActingFor, requireActor, type SystemActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { publicLink } from "@/server/domain/public-url";
import { audit } from "../audit";
import { publicUrlOf, type ServiceDeps } from "../deps";
import { enqueueEmail } from "../notifications";
import { hashPassword } from "./passwords";
import { MIN_PASSWORD_LENGTH } from "./users";

/**
 * An organisation's admins invite more admins by e-mail: a one-time link (its token is stored only
 * as a SHA-256 hash) that lets the invitee pick a name and password and become an org_admin.
 */

const INVITATION_VALID_DAYS = 7;

/**
 * Invitations one organisation may send in any 24 hours (INVITATIONS_PER_DAY), revoked ones
 * included: each is an e-mail Kuasa sends to an address the admin chose, so without a cap an admin
 * account could be made to spam. Twenty is far above a team's needs in one day.
 */
export const DEFAULT_INVITATIONS_PER_DAY = 20;
const DAY_MS = 24 * 3_600_000;

export type InvitationStatus = "menunggu" | "diterima" | "kedaluwarsa" | "dicabut";

const emailSchema = z.email();

export const tokenHashOf = (token: string) => createHash("sha256").update(token).digest("hex");

function invitationStatus(invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date): InvitationStatus {
  if (invitation.acceptedAt) return "diterima";
  if (invitation.revokedAt) return "dicabut";
  return invitation.expiresAt <= now ? "kedaluwarsa" : "menunggu";
}

/** The organisation's admins and the invitations sent, newest first; an unknown organisation is NOT_FOUND. */
export async function listTeam(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    organizationId,
  }: {
    actor: Actor;
    organizationId: string;
  },
) {
  requireActor(actor, "admin", "operator");
  requireActingFor(actor, organizationId);
  const now = deps.clock.now();
  const [organization, members, invitations] = await Promise.all([
    deps.db.organization.findUnique({ where: { id: organizationId }, select: { id: true } }),
    deps.db.membership.findMany({
      where: { organizationId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      include: { user: { select: { id: true, name: true, email: true } } },
    }),
    deps.db.invitation.findMany({ where: { organizationId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 100 }),
  ]);
  if (!organization) throw new AppError("NOT_FOUND", `No organisation ${organizationId}.`);
  return {
    members: members.map((m) => ({ userId: m.user.id, name: m.user.name, email: m.user.email, since: m.createdAt })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      status: invitationStatus(i, now),
      expiresAt: i.expiresAt,
      acceptedAt: i.acceptedAt,
      revokedAt: i.revokedAt,
      createdAt: i.createdAt,
    })),
  };
}

/**
 * Invites `email` as an admin of the organisation: the invitation and its e-mail (with the link)
 * are written in one transaction. The token is returned once, for the admin to pass on by hand
 * when e-mail is not set up. An e-mail that already has an account, or a pending invitation
 * here, is refused.
 */
export async function inviteAdmin(
  deps: Pick<ServiceDeps, "db" | "clock" | "publicUrl" | "invitationsPerDay">,
  { actor, organizationId, input }: { actor: Actor; organizationId: string; input: { email: string } },
) {
  requireActor(actor, "admin", "operator");
  requireActingFor(actor, organizationId);
  const email = input.email.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw new AppError("VALIDATION", `"${input.email}" is not an e-mail address.`);
  const now = deps.clock.now();
  const token = randomBytes(32).toString("base64url");
  const id = newId("invitation");
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * 24 * 3_600_000);
  const link = publicLink(publicUrlOf(deps), `/undangan/${token}`);
  const perDay = deps.invitationsPerDay ?? DEFAULT_INVITATIONS_PER_DAY;
  await deps.db.$transaction(async (tx) => {
    // Invitations of one organisation queue on its row, so concurrent ones cannot all pass the count.
    await lockRow(tx, "Organization", organizationId);
    const org = await tx.organization.findUnique({ where: { id: organizationId }, select: { name: true } });
    if (!org) throw new AppError("NOT_FOUND", `No organisation ${organizationId}.`);
    const sent = await tx.invitation.count({ where: { organizationId, createdAt: { gt: new Date(now.getTime() - DAY_MS) } } });
    if (sent >= perDay) {
      throw new AppError(
        "RATE_LIMITED",
        `This organisation has sent ${perDay} invitations in the last 24 hours, the most allowed; try again tomorrow.`,
      );
    }
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
      throw new AppError("CONFLICT", `${email} already has a Kuasa account; an account belongs to one organisation or role.`);
    }
    const pending = await tx.invitation.findFirst({
      where: { organizationId, email, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      select: { id: true },
    });
    if (pending) throw new AppError("CONFLICT", `${email} already has a pending invitation; revoke it first to send a new one.`);
    const inviter = await tx.user.findUnique({ where: { id: actor.id }, select: { name: true } });
    await tx.invitation.create({
      data: { id, organizationId, email, tokenHash: tokenHashOf(token), invitedByUserId: actor.id, expiresAt, createdAt: now },
    });
    await enqueueEmail(tx, {
      to: email,
      subject: `Undangan menjadi admin ${org.name} di Kuasa`,
      text: [
        `${inviter?.name ?? "Tim Kuasa"} mengundang Anda menjadi admin organisasi ${org.name} di Kuasa.`,
        "",
        `Buka tautan ini untuk membuat akun Anda (berlaku ${INVITATION_VALID_DAYS} hari, sekali pakai):`,
        link,
        "",
        "Jika Anda tidak mengenal undangan ini, abaikan e-mail ini.",
      ].join("\n"),
      dedupeKey: `invitation:${id}`,
    });
    await audit(tx, {
      actor,
      action: "invitation.create",
      subjectType: "invitation",
      subjectId: id,
      data: { email, expires_at: expiresAt.toISOString() },
    });
  });
  return { id, email, expiresAt, token, link };
}

/** Revokes a pending invitation of the organisation; another organisation's is NOT_FOUND, a used or revoked one INVALID_STATE. */
export async function revokeInvitation(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, organizationId, invitationId }: { actor: Actor; organizationId: string; invitationId: string },
) {
  requireActor(actor, "admin", "operator");
  requireActingFor(actor, organizationId);
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    const invitation = await tx.invitation.findFirst({ where: { id: invitationId, organizationId }, select: { id: true } });
    if (!invitation) throw new AppError("NOT_FOUND", `No invitation ${invitationId}.`);
    const revoked = await tx.invitation.updateMany({
      where: { id: invitationId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    if (revoked.count === 0) throw new AppError("INVALID_STATE", `Invitation ${invitationId} was already accepted or revoked.`);
    await audit(tx, { actor, action: "invitation.revoke", subjectType: "invitation", subjectId: invitationId });
  });
}

function notPending(invitation: Parameters<typeof invitationStatus>[0], now: Date): AppError {
  return new AppError(
    "INVALID_STATE",
    `This invitation is ${invitationStatus(invitation, now) === "kedaluwarsa" ? "expired" : "no longer pending"}.`,
  );
}

/** What the invitation page shows before anyone signs in: the organisation, the e-mail and whether it can still be used. */
export async function findInvitation(
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
  const invitation = await deps.db.invitation.findUnique({
    where: { tokenHash: tokenHashOf(token) },
    include: { organization: { select: { name: true } } },
  });
  if (!invitation) throw new AppError("NOT_FOUND", "No such invitation.");
  return {
    organizationName: invitation.organization.name,
    email: invitation.email,
    expiresAt: invitation.expiresAt,
    status: invitationStatus(invitation, deps.clock.now()),
    minPasswordLength: MIN_PASSWORD_LENGTH,
  };
}

/**
 * Accepts an invitation: the org_admin user, their membership and the invitation's acceptedAt in
 * one transaction. The conditional update on a pending, unexpired invitation decides between
 * concurrent accepts (the loser waits on the row, then finds it accepted): one user, ever.
 */
export async function acceptInvitation(
  deps: Pick<ServiceDeps, "db" | "clock" | "passwordHashing">,
  {
    actor,
    token,
    input,
  }: {
    actor: SystemActor;
    token: string;
    input: { name: string; password: string };
  },
) {
  requireActor(actor, "system");
  const name = input.name.trim();
  if (!name) throw new AppError("VALIDATION", "Give your name.");
  if (input.password.length < MIN_PASSWORD_LENGTH)
    throw new AppError("VALIDATION", `A password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  const tokenHash = tokenHashOf(token);
  const now = deps.clock.now();
  // The token before the hash: a made-up or spent one costs an indexed read, never an argon2 hash.
  const found = await deps.db.invitation.findUnique({ where: { tokenHash } });
  if (!found) throw new AppError("NOT_FOUND", "No such invitation.");
  if (invitationStatus(found, now) !== "menunggu") throw notPending(found, now);
  // Hashed before the transaction: argon2 takes a while, and no lock should wait on it.
  const passwordHash = await hashPassword(deps, { password: input.password });
  return deps.db.$transaction(async (tx) => {
    const claimed = await tx.invitation.updateMany({
      where: { tokenHash, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { acceptedAt: now },
    });
    const invitation = await tx.invitation.findUnique({ where: { tokenHash } });
    if (!invitation) throw new AppError("NOT_FOUND", "No such invitation.");
    if (claimed.count === 0) throw notPending(invitation, now);
    if (await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true } })) {
      throw new AppError("CONFLICT", `${invitation.email} already has a Kuasa account.`);
    }
    const userId = newId("user");
    await tx.user.create({ data: { id: userId, email: invitation.email, name, passwordHash, role: "org_admin" } });
    await tx.membership.create({ data: { id: newId("membership"), userId, organizationId: invitation.organizationId, role: "admin" } });
    await audit(tx, {
      actor: adminActor(userId, invitation.organizationId),
      action: "invitation.accept",
      subjectType: "invitation",
      subjectId: invitation.id,
      data: { user_id: userId, organization_id: invitation.organizationId },
    });
    return { userId, email: invitation.email };
  });
}
