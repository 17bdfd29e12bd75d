import { initTRPC } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { UserRole } from "@/generated/prisma/enums";
import type { Scope } from "@/server/domain/api-key";
import { AppError } from "@/server/domain/errors";
import { parseIdempotencyKey } from "@/server/domain/idempotency";
import { logger } from "@/server/log";
import { containsUnstorableText } from "@/server/domain/storable-text";
import type { AuthenticatedKey } from "@/server/domain/api-key";
import { requireScope } from "@/server/services/access";
import { type ClaimKey, runIdempotent } from "@/server/services/idempotency";
import type { AuditEntry } from "@/server/services/audit";
import { findPortalAccount } from "@/server/services/access";
import { rateLimitHeaders } from "@/server/services/access";
import { authenticateAgent } from "./agent-key";
import { statusOf, toApiError, TRPC_CODE_OF } from "./api-error";
import type { Context } from "./context";

/** Procedure metadata: OpenAPI route, the scope an agent key needs, and the success status. */
export type Meta = OpenApiMeta<{
  scope?: Scope;
  successStatus?: 200 | 201;
  /** The agent POST reads an Idempotency-Key header (every agent POST but the sandbox's test helpers). */
  idempotent?: boolean;
}>;

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Every face carries the spec's error in the shape; REST rewrites its body to exactly it. The
    // table also decides the tRPC code and status (the fetch adapter answers data.httpStatus), so an
    // AppError is never a 500, and the message is the table's, never a raw internal one.
    errorFormatter: ({ shape, error }) => {
      const apiError = toApiError(error);
      const code = TRPC_CODE_OF[apiError.code];
      return { ...shape, message: apiError.message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { ...shape.data, code, httpStatus: statusOf(apiError), stack: undefined, apiError } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every face's procedures start here. A mutation that succeeded has committed its change (orders
 * paid, events in the outbox), so the job engine is woken to look for due work now rather than
 * at its next sweep (a minute on Inngest).
 */
const baseProcedure = t.procedure.use(async ({ ctx, type, getRawInput, next }) => {
  // Refused here for every face; at the insert it would be a 500 (src/server/domain/storable-text.ts).
  if (containsUnstorableText(await getRawInput())) throw new AppError("VALIDATION", "Text must be well-formed Unicode without the NUL character (\\u0000).");
  const result = await next();
  if (type === "mutation" && result.ok) ctx.jobs?.wakeDue();
  return result;
});

/**
 * A visitor without a session whose only authority is a one-time secret in the input (the link of
 * an invitation): the procedure itself checks the token, and answers an unknown one NOT_FOUND.
 */
export const tokenProcedure = baseProcedure;

/**
 * Agent operations: the API key is authenticated and the scope named in the procedure's meta is
 * checked here, once, for REST and MCP alike. A procedure without a scope is a programming error.
 */
export const agentProcedure = baseProcedure.use(async ({ ctx, meta, path, next }) => {
  if (!meta?.scope) throw new Error("agent procedure declared without a scope");
  // A key the operation cannot honour is refused rather than ignored: a retry would act twice.
  if (!meta.idempotent && ctx.headers["idempotency-key"] !== undefined && meta.openapi?.method === "POST") {
    throw new AppError("VALIDATION", "This operation does not take an Idempotency-Key (the sandbox's test helpers act on every call); send it without one.");
  }
  const idempotencyKey = meta.idempotent ? parseIdempotencyKey(ctx.headers["idempotency-key"]) : null;
  const apiKey = await authenticateAgent(ctx, ctx.headers);
  requireScope(apiKey, meta.scope);
  if (ctx.rateLimiter) {
    const decision = await ctx.rateLimiter.consume(apiKey.id, meta.openapi?.method === "GET" ? "read" : "write");
    Object.assign(ctx.response.headers, rateLimitHeaders(decision));
    if (!decision.allowed) throw new AppError("RATE_LIMITED", `Too many requests for this API key; retry after ${decision.resetSeconds} s.`);
  }
  if (meta.successStatus) ctx.response.status = meta.successStatus;
  return next({ ctx: { ...ctx, apiKey, idempotency: idempotencyKey ? { key: idempotencyKey, operation: path } : null } });
});

type AgentContext = Context & { apiKey: AuthenticatedKey; idempotency: { key: string; operation: string } | null };

/**
 * An agent POST under its Idempotency-Key (when sent): `change` makes the change, claiming the key
 * inside its transaction; a replay answers `load(resourceId)` with 200 and `Idempotent-Replayed: true`.
 */
export async function idempotently<T>(ctx: AgentContext, input: unknown, change: (claim: ClaimKey) => Promise<T>, load: (resourceId: string) => Promise<T>): Promise<T> {
  const request = ctx.idempotency ? { owner: ctx.apiKey, key: ctx.idempotency.key, operation: ctx.idempotency.operation, input } : null;
  const { value, replayed } = await runIdempotent(ctx, request, change, load);
  if (replayed) {
    ctx.response.status = 200;
    ctx.response.headers["Idempotent-Replayed"] = "true";
  }
  return value;
}

/** What a person in the portal reads for a bug: no internals, but the id that finds the log line. */
export function portalInternalMessage(requestId: string): string {
  return `Terjadi kesalahan di sistem kami. Jika berulang, hubungi dukungan dengan kode permintaan ${requestId}.`;
}

/**
 * Portal operations: a signed-in user of one of `roles`. The session (a JWT that lives 12 hours) only
 * says who; what they are now is read on every call, so a removed user or deactivated practitioner
 * is refused at once, and the admins of an organisation that is not aktif may look but not act.
 * Ownership (this organisation's order, this practitioner's offer) is checked by the services,
 * which take the ids from the user read here. An unexpected error is logged in full here and
 * reaches the portal as a generic message.
 */
export function sessionProcedure<R extends UserRole>(...roles: R[]) {
  return baseProcedure.use(async ({ ctx, path, type, next }) => {
    const sessionUser = ctx.user;
    const account = sessionUser ? await findPortalAccount(ctx, { id: sessionUser.id }).catch((err: unknown) => Promise.reject(portalInternal(ctx.requestId, path, err))) : null;
    if (!account) throw new AppError("UNAUTHENTICATED", sessionUser ? "Sesi Anda tidak berlaku lagi. Silakan masuk kembali." : "Silakan masuk terlebih dahulu.");
    const { user, organizationStatus } = account;
    if (!roles.includes(user.role as R)) throw new AppError("FORBIDDEN", "Halaman ini bukan untuk peran Anda.");
    if (type === "mutation" && user.role === "org_admin" && organizationStatus !== "aktif") {
      throw new AppError("ORGANIZATION_NOT_ACTIVE", "Organisasi Anda sedang tidak aktif (belum disetujui atau ditangguhkan); Anda dapat melihat data, tetapi belum dapat mengubah apa pun.");
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

/** Who acted, as the audit log records it; every portal procedure has one on `ctx.actor`. */
export type PortalActor = Pick<AuditEntry, "actorType" | "actorId"> & { actorType: "org_admin" | "practitioner" | "operator"; actorId: string };

/**
 * An organisation's admin: `ctx.organizationId` is their organisation (the tenant every service call
 * is scoped to), `ctx.actor` the admin. Neither ever comes from the input.
 */
export const orgAdminProcedure = sessionProcedure("org_admin").use(({ ctx, next }) => {
  if (!ctx.user.organizationId) throw new Error("org_admin session without an organisation");
  const actor: PortalActor = { actorType: "org_admin", actorId: ctx.user.id };
  return next({ ctx: { ...ctx, organizationId: ctx.user.organizationId, actor } });
});

/** A practitioner: `ctx.practitionerId` is their profile (the tenant), `ctx.actor` the user. */
export const practitionerProcedure = sessionProcedure("practitioner").use(({ ctx, next }) => {
  if (!ctx.user.practitionerId) throw new Error("practitioner session without a practitioner profile");
  const actor: PortalActor = { actorType: "practitioner", actorId: ctx.user.id };
  return next({ ctx: { ...ctx, practitionerId: ctx.user.practitionerId, actor } });
});

/** The operator's team: no tenant (they see every organisation); `ctx.actor` is the operator. */
export const operatorProcedure = sessionProcedure("operator").use(({ ctx, next }) => {
  const actor: PortalActor = { actorType: "operator", actorId: ctx.user.id };
  return next({ ctx: { ...ctx, actor } });
});
