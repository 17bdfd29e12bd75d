import type { UserRole } from "@/generated/prisma/enums";
import { adminActor, operatorActor, practitionerActor } from "@/server/domain/access/actor";
import { CLIENT_ADDRESS_HEADER } from "@/server/domain/access/client-address";
import { AppError } from "@/server/domain/errors";
import { logger } from "@/server/log";
import { liveSessionAccount, type RateLimitClass } from "@/server/services/access";
import { toApiError } from "./api-error";
import type { Context } from "./context";
import { baseProcedure } from "./trpc";

/**
 * A visitor without a session whose only authority is a one-time secret in the input (the link of
 * an invitation): the procedure itself checks the token, and answers an unknown one NOT_FOUND.
 */
export const tokenProcedure = baseProcedure;

/**
 * A visitor without a session asking for something that needs no authority because it reaches
 * nobody but the account's owner (a reset link goes to the account's own inbox); the procedure
 * answers alike whether or not the account exists.
 */
export const visitorProcedure = baseProcedure;

/**
 * Before a visitor without a session may make the server hash a password: counted per client
 * address and per `target` (what the password is for, hashed), so neither one address nor many
 * aimed at one target can keep the hashing queue full.
 */
export function limitVisitorHashing(ctx: Context, target: string): Promise<void> {
  return limitVisitor(ctx, target, "hashing_address", "hashing_target");
}

/**
 * Before a visitor may have a password-reset e-mail sent: counted per client address and per
 * e-mail asked about (`subject`, hashed), whether or not it has an account, so a refusal says
 * nothing about the account and nobody can flood one inbox from many addresses.
 */
export function limitResetRequests(ctx: Context, subject: string): Promise<void> {
  return limitVisitor(ctx, subject, "reset_address", "reset_email");
}

async function limitVisitor(ctx: Context, target: string, byAddressClass: RateLimitClass, byTargetClass: RateLimitClass): Promise<void> {
  if (!ctx.rateLimiter) return;
  const written = ctx.headers[CLIENT_ADDRESS_HEADER];
  const address = typeof written === "string" && written ? written : "unknown";
  const [byAddress, byTarget] = await Promise.all([
    ctx.rateLimiter.consume(address, byAddressClass),
    ctx.rateLimiter.consume(target, byTargetClass),
  ]);
  const refused = [byAddress, byTarget].filter((decision) => !decision.allowed);
  if (refused.length > 0) {
    const seconds = Math.max(...refused.map((decision) => decision.resetSeconds));
    const wait = seconds > 90 ? `${Math.ceil(seconds / 60)} menit` : `${seconds} detik`;
    throw new AppError("RATE_LIMITED", `Terlalu banyak percobaan; coba lagi dalam ${wait}.`);
  }
}

/**
 * Runs `work` and answers no sooner than `ms` after it began, so an answer's timing cannot tell
 * which way `work` went (a reset e-mail written, or nothing to do); a slower `work` is not delayed.
 */
export async function answerAfter<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

/** What a person in the portal reads for a bug: no internals, but the id that finds the log line. */
function portalInternalMessage(requestId: string): string {
  return `Terjadi kesalahan di sistem kami. Jika berulang, hubungi dukungan dengan kode permintaan ${requestId}.`;
}

/**
 * Portal operations: a signed-in user of one of `roles`. The session (a JWT that lives 12 hours) only
 * says who and which session; the session record and what the user is now are read on every call,
 * so an ended session (signed out, password changed, ended by the operator), a removed user or a
 * deactivated practitioner is refused at once, and the admins of an organisation that is not aktif may look but not act.
 * Ownership (this organisation's order, this practitioner's offer) is checked by the services,
 * which take the ids from the user read here. An unexpected error is logged in full here and
 * reaches the portal as a generic message.
 */
function sessionProcedure<R extends UserRole>(...roles: R[]) {
  return baseProcedure.use(async ({ ctx, path, type, next }) => {
    const sessionUser = ctx.user;
    const account = await liveSessionAccount(ctx, sessionUser).catch((err: unknown) =>
      Promise.reject(portalInternal(ctx.requestId, path, err)),
    );
    if (!account)
      throw new AppError(
        "UNAUTHENTICATED",
        sessionUser ? "Sesi Anda tidak berlaku lagi. Silakan masuk kembali." : "Silakan masuk terlebih dahulu.",
      );
    const { user, organizationStatus } = account;
    if (!roles.includes(user.role as R)) throw new AppError("FORBIDDEN", "Halaman ini bukan untuk peran Anda.");
    if (type === "mutation" && user.role === "org_admin" && organizationStatus !== "aktif") {
      throw new AppError(
        "ORGANIZATION_NOT_ACTIVE",
        "Organisasi Anda sedang tidak aktif (belum disetujui atau ditangguhkan); Anda dapat melihat data, tetapi belum dapat mengubah apa pun.",
      );
    }
    const result = await next({ ctx: { ...ctx, user: user as typeof user & { role: R } } });
    if (!result.ok && !(result.error.cause instanceof AppError) && toApiError(result.error).code === "INTERNAL") {
      throw portalInternal(ctx.requestId, path, result.error.cause ?? result.error);
    }
    return result;
  });
}

/** An unexpected error in a portal call: logged in full, answered with the generic message. */
function portalInternal(requestId: string, path: string, cause: unknown): AppError {
  logger.error({ err: cause, requestId, procedure: path }, "portal internal error");
  return new AppError("INTERNAL", portalInternalMessage(requestId));
}

/**
 * An organisation's admin: `ctx.organizationId` is their organisation (the tenant every service call
 * is scoped to), `ctx.actor` the admin. Neither ever comes from the input.
 */
export const orgAdminProcedure = sessionProcedure("org_admin").use(({ ctx, next }) => {
  if (!ctx.user.organizationId) throw new Error("org_admin session without an organisation");
  const actor = adminActor(ctx.user.id, ctx.user.organizationId);
  return next({ ctx: { ...ctx, organizationId: ctx.user.organizationId, actor } });
});

/** A practitioner: `ctx.practitionerId` is their profile (the tenant), `ctx.actor` the user. */
export const practitionerProcedure = sessionProcedure("practitioner").use(({ ctx, next }) => {
  if (!ctx.user.practitionerId) throw new Error("practitioner session without a practitioner profile");
  const actor = practitionerActor(ctx.user.id, ctx.user.practitionerId);
  return next({ ctx: { ...ctx, practitionerId: ctx.user.practitionerId, actor } });
});

/** The operator's team: no tenant (they see every organisation); `ctx.actor` is the operator. */
export const operatorProcedure = sessionProcedure("operator").use(({ ctx, next }) => {
  const actor = operatorActor(ctx.user.id);
  return next({ ctx: { ...ctx, actor } });
});
