import type { ServerResponse } from "node:http";
import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";
import { isDatabaseBusy } from "@/server/domain/database-busy";
import { AppError, ERROR_CODES, type ErrorCode } from "@/server/domain/errors";
import { challengeHeaders } from "./bearer-challenge";
import { errorDocUrl } from "./openapi-guide";

export interface ApiError {
  code: ErrorCode;
  message: string;
  /**
   * On a VALIDATION error caused by one field, the first such field's path as the client wrote it:
   * object keys joined by `.`, array positions as `[n]` (`intake.sifat_nda`, `attachments[1]`, `limit`).
   */
  param?: string;
}

/**
 * The error as every face writes it: `{ error: { code, message, param?, request_id, doc_url } }`,
 * request_id being the answer's X-Request-Id and doc_url where this server's API reference explains the code.
 */
export interface ApiErrorBody {
  error: ApiError & { request_id: string; doc_url: string };
}

/** `publicUrl`: the server's own address (PUBLIC_URL), under which /docs is served. */
export function errorBody(error: ApiError, requestId: string, publicUrl: string): ApiErrorBody {
  return { error: { ...error, request_id: requestId, doc_url: errorDocUrl(publicUrl, error.code) } };
}

// tRPC's own codes (raised by the adapter or the framework) in our table's terms.
const FROM_TRPC: Partial<Record<TRPCError["code"], ErrorCode>> = {
  PARSE_ERROR: "VALIDATION",
  BAD_REQUEST: "VALIDATION",
  UNAUTHORIZED: "UNAUTHENTICATED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_SUPPORTED: "METHOD_NOT_ALLOWED",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  TOO_MANY_REQUESTS: "RATE_LIMITED",
};

/**
 * Our table's codes in tRPC's terms, each with the same HTTP status, so the portal's tRPC answers
 * (status, `data.code`, `data.httpStatus`) say what the table says.
 */
export const TRPC_CODE_OF: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  VALIDATION: "BAD_REQUEST",
  UNAUTHENTICATED: "UNAUTHORIZED",
  BUDGET_EXCEEDED: "PAYMENT_REQUIRED",
  INSUFFICIENT_DEPOSIT: "PAYMENT_REQUIRED",
  INSUFFICIENT_SCOPE: "FORBIDDEN",
  TEST_MODE_ONLY: "FORBIDDEN",
  ORGANIZATION_NOT_ACTIVE: "FORBIDDEN",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_ALLOWED: "METHOD_NOT_SUPPORTED",
  INVALID_STATE: "CONFLICT",
  CONFLICT: "CONFLICT",
  REVISION_LIMIT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  IDEMPOTENCY_KEY_REUSED: "UNPROCESSABLE_CONTENT",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  INTERNAL: "INTERNAL_SERVER_ERROR",
};

/** What a SERVICE_UNAVAILABLE answer asks the client to wait (its Retry-After). */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** Headers an error answer carries whatever face it is on: when to come back from a busy moment. */
export function errorHeaders(error: ApiError): Record<string, string> {
  return error.code === "SERVICE_UNAVAILABLE" ? { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } : {};
}

/** A field's path as the client wrote it: `intake.nama`, `attachments[0]`, `items[0].qty`. */
function paramPath(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join("");
}

/** `intake.nama: Required; max_budget: Too small` — paths as the client wrote them. */
function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((issue) => `${issue.path.length ? paramPath(issue.path) : "body"}: ${issue.message}`)
    .join("; ");
}

/** A failed parse as the API's VALIDATION error: every issue in the message, the first one's field as `param` (none for the body as a whole). */
export function zodValidationError(error: ZodError): ApiError {
  const [issue] = error.issues;
  // An unknown key's issue sits on its object; the field the client wrote is the key itself.
  const path = issue ? (issue.code === "unrecognized_keys" ? [...issue.path, ...issue.keys.slice(0, 1)] : issue.path) : [];
  const param = paramPath(path);
  // No field (the body as a whole), or one whose name is empty (a query `?=1`): nothing to name.
  return { code: "VALIDATION", message: describeZodError(error), ...(param !== "" && { param }) };
}

/** The one mapping from anything thrown to the spec's `{ code, message, param? }`. */
export function toApiError(error: unknown): ApiError {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof AppError)
    return { code: cause.code, message: cause.message, ...(cause.param !== undefined && { param: cause.param }) };
  if (isDatabaseBusy(cause))
    return {
      code: "SERVICE_UNAVAILABLE",
      message: `The service is busy and nothing was changed; retry after ${BUSY_RETRY_AFTER_SECONDS} s with the same Idempotency-Key.`,
    };
  if (cause instanceof ZodError) {
    // Input parsing fails as BAD_REQUEST; a ZodError anywhere else is our own output bug.
    if (error instanceof TRPCError && error.code === "BAD_REQUEST") return zodValidationError(cause);
    return { code: "INTERNAL", message: "Internal error." };
  }
  if (error instanceof TRPCError) {
    const code = FROM_TRPC[error.code];
    if (error.code === "PARSE_ERROR") return { code: "VALIDATION", message: "The request body is not valid JSON." };
    if (code) return { code, message: error.message };
  }
  return { code: "INTERNAL", message: "Internal error. If it persists, contact support with the X-Request-Id of the response." };
}

export function statusOf(error: ApiError): number {
  return ERROR_CODES[error.code].status;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * Writes an error answer in the spec's shape with the table's status. Its request_id is the
 * X-Request-Id the answer already carries (requestContext set it before any face ran); its
 * doc_url is under `publicUrl`, the server's own address.
 */
export function sendError(res: ServerResponse, publicUrl: string, error: ApiError, headers: Record<string, string> = {}): void {
  sendJson(res, statusOf(error), errorBody(error, String(res.getHeader("X-Request-Id")), publicUrl), {
    ...challengeHeaders(res, statusOf(error)),
    ...headers,
  });
}
