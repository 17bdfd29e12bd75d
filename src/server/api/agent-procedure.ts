import { type AgentActor, agentActor } from "@/server/domain/access/actor";
import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import { currentVersion, renderForVersion } from "@/server/domain/api-version";
import { AppError } from "@/server/domain/errors";
import { parseIdempotencyKey } from "@/server/domain/idempotency/idempotency";
import { rateLimitHeaders, requireScope } from "@/server/services/access";
import { apiVersionsOf } from "@/server/services/deps";
import { discardUpload, type ReceivedUpload } from "@/server/services/files";
import { type ClaimKey, runIdempotent } from "@/server/services/idempotency";
import { authenticateAgent } from "./agent-key";
import { versionOfRequest } from "./answer-version";
import type { Context } from "./context";
import { baseProcedure, middleware } from "./trpc";

/**
 * Agent operations: the API key is authenticated, the API version of the answer chosen (the
 * request's Kuasa-Version, else the key's) and the scope named in the procedure's meta checked
 * here, once, for REST and MCP alike. A procedure without a scope is a programming error.
 */
const authenticateAndLimit = middleware(async ({ ctx, meta, path, next }) => {
  if (!meta?.scope) throw new Error("agent procedure declared without a scope");
  // A key the operation cannot honour is refused rather than ignored: a retry would act twice. A
  // POST that changes nothing has nothing to act twice on, so its key is ignored.
  const reads = meta.openapi?.method === "GET" || meta.readOnly === true;
  if (!meta.idempotent && !reads && ctx.headers["idempotency-key"] !== undefined && meta.openapi?.method === "POST") {
    throw new AppError(
      "VALIDATION",
      "This operation does not take an Idempotency-Key (the sandbox's test helpers act on every call); send it without one.",
    );
  }
  const idempotencyKey = meta.idempotent ? parseIdempotencyKey(ctx.headers["idempotency-key"]) : null;
  const apiKey = await authenticateAgent(ctx, ctx.headers, ctx.agentResource);
  ctx.response.apiKeyId = apiKey.id;
  const versions = apiVersionsOf(ctx);
  const version = versionOfRequest(versions, apiKey, ctx.headers, (headers) => Object.assign(ctx.response.headers, headers));
  requireScope(apiKey, meta.scope);
  if (ctx.rateLimiter) {
    const decision = await ctx.rateLimiter.consume(apiKey.id, reads ? "read" : "write");
    Object.assign(ctx.response.headers, rateLimitHeaders(decision));
    if (!decision.allowed)
      throw new AppError("RATE_LIMITED", `Too many requests for this API key; retry after ${decision.resetSeconds} s.`);
  }
  if (ctx.requestRefusal) throw ctx.requestRefusal;
  if (meta.successStatus) ctx.response.status = meta.successStatus;
  const result = await next({
    ctx: { ...ctx, apiKey, actor: agentActor(apiKey), idempotency: idempotencyKey ? { key: idempotencyKey, operation: path } : null },
  });
  // After the output schema (an inner middleware): the answer checked in the current shape, then given in the caller's.
  if (!result.ok || version === currentVersion(versions)) return result;
  return { ...result, data: renderForVersion(versions, path, result.data, version) };
});

export const agentProcedure = baseProcedure.use(authenticateAndLimit);

/**
 * An upload: the face has stored the bytes before the procedure runs (`input.file`). Bytes that do
 * not become this call's file (any refusal, from the key to the Idempotency-Key, or a replay that
 * answers an earlier file) are deleted now rather than by the sweeper an hour later.
 */
export const agentUploadProcedure = baseProcedure
  .use(async ({ ctx, getRawInput, next }) => {
    const result = await next();
    const upload = ((await getRawInput()) as { file?: ReceivedUpload } | undefined)?.file;
    const kept = result.ok && (result.data as { id?: unknown }).id === upload?.fileId;
    if (upload && !kept && ctx.files) await discardUpload({ ...ctx, files: ctx.files }, { storageKey: upload.storageKey });
    return result;
  })
  .use(authenticateAndLimit);

export type AgentContext = Context & {
  apiKey: AuthenticatedKey;
  actor: AgentActor;
  idempotency: { key: string; operation: string } | null;
};

/**
 * An agent POST under its Idempotency-Key (when sent): `change` makes the change, claiming the key
 * inside its transaction; a replay answers `load(resourceId)` with 200 and `Idempotent-Replayed: true`.
 */
export async function idempotently<T>(
  ctx: AgentContext,
  input: unknown,
  change: (claim: ClaimKey) => Promise<T>,
  load: (resourceId: string) => Promise<T>,
): Promise<T> {
  const request = ctx.idempotency ? { owner: ctx.apiKey, key: ctx.idempotency.key, operation: ctx.idempotency.operation, input } : null;
  const { value, replayed } = await runIdempotent(ctx, { request, change, load });
  if (replayed) {
    ctx.response.status = 200;
    ctx.response.headers["Idempotent-Replayed"] = "true";
  }
  return value;
}
