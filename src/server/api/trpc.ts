import { initTRPC } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Scope } from "@/server/domain/access/api-key";
import { AppError, type ErrorCode } from "@/server/domain/errors";
import { containsUnstorableText } from "@/server/domain/text/storable-text";
import { publicUrlOf } from "@/server/services/deps";
import { errorBody, statusOf, TRPC_CODE_OF, toApiError } from "./api-error";
import type { Context } from "./context";

/** Procedure metadata: OpenAPI route, the scope an agent key needs, and the success status. */
export type Meta = OpenApiMeta<{
  scope?: Scope;
  successStatus?: 200 | 201;
  /** The agent POST reads an Idempotency-Key header (every agent POST but the sandbox's test helpers and the content check). */
  idempotent?: boolean;
  /**
   * A POST that changes nothing (POST /v1/content_checks: its input is too long for a query string):
   * counted in the key's read window, and an Idempotency-Key sent with it is ignored, since a repeat acts on nothing.
   */
  readOnly?: true;
  /** POST /v1/files: the REST face streams the multipart `file` part to storage and passes the received upload as `file`. */
  body?: "multipart";
  /**
   * The procedure answers a FileContent, which the REST face streams as bytes instead of JSON:
   * `"file"` an uploaded file of any accepted type; a media type, a document Kuasa makes as that type.
   */
  answer?: "file" | "application/pdf" | "text/csv";
  /** A GET agents poll: answered with an ETag of its body, and 304 Not Modified to a matching If-None-Match. */
  etag?: true;
  /**
   * The error codes of the operation's own logic (INVALID_STATE, BUDGET_EXCEEDED, …): the OpenAPI
   * document adds them to those the route's shape implies (key, input, path id, body, Idempotency-Key).
   * Documentation only; nothing at run time reads it.
   */
  errors?: ErrorCode[];
}>;

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Every tRPC answer carries the spec's error in the shape (REST writes the same toApiError as its whole body). The
    // table also decides the tRPC code and status (the fetch adapter answers data.httpStatus), so an
    // AppError is never a 500, and the message is the table's, never a raw internal one.
    // `apiError` is the REST body's error, request_id and doc_url included (absent only when the context itself was refused).
    errorFormatter: ({ shape, error, ctx }) => {
      const apiError = ctx ? errorBody(toApiError(error), ctx.requestId, publicUrlOf(ctx)).error : toApiError(error);
      const code = TRPC_CODE_OF[apiError.code];
      return {
        ...shape,
        message: apiError.message,
        code: TRPC_ERROR_CODES_BY_KEY[code],
        data: { ...shape.data, code, httpStatus: statusOf(apiError), stack: undefined, apiError },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Every face's procedures start here. A mutation that succeeded has committed its change (orders
 * paid, events in the outbox), so the job engine is woken to look for due work now rather than
 * at its next sweep (a minute on Inngest).
 */
export const baseProcedure = t.procedure.use(async ({ ctx, type, getRawInput, next }) => {
  // Refused here for every face; at the insert it would be a 500 (src/server/domain/text/storable-text.ts).
  if (containsUnstorableText(await getRawInput()))
    throw new AppError("VALIDATION", "Text must be well-formed Unicode without the NUL character (\\u0000).");
  const result = await next();
  if (type === "mutation" && result.ok) ctx.jobs?.wakeDue();
  return result;
});
