/**
 * The one table of API error codes. Every error any face returns is one of these codes, with
 * its HTTP status; the OpenAPI document lists them from here too.
 */
export const ERROR_CODES = {
  VALIDATION: { status: 400, description: "The request is malformed: body, parameters, JSON or Idempotency-Key." },
  UNAUTHENTICATED: { status: 401, description: "Missing, malformed, unknown or revoked API key." },
  BUDGET_EXCEEDED: { status: 402, description: "The price is over max_budget, the key's per-order maximum or its monthly budget." },
  INSUFFICIENT_DEPOSIT: { status: 402, description: "The organisation's deposit does not cover the price." },
  INSUFFICIENT_SCOPE: { status: 403, description: "The API key lacks the scope this operation needs." },
  TEST_MODE_ONLY: { status: 403, description: "Test helpers (/v1/test_helpers) accept only test keys (`kk_test_…`)." },
  ORGANIZATION_NOT_ACTIVE: { status: 403, description: "The organisation is not approved by the operator, or is suspended." },
  FORBIDDEN: { status: 403, description: "The signed-in user may not do this." },
  NOT_FOUND: { status: 404, description: "No such resource (or it belongs to another organisation), or no such path." },
  METHOD_NOT_ALLOWED: { status: 405, description: "The path exists but not with this HTTP method." },
  INVALID_STATE: { status: 409, description: "The resource's current status does not allow this action." },
  CONFLICT: { status: 409, description: "The action conflicts with the resource's current data." },
  REVISION_LIMIT: { status: 409, description: "The order has had the most revisions allowed; accept the result or open a dispute." },
  PAYLOAD_TOO_LARGE: { status: 413, description: "The request body is larger than the limit." },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    description:
      "A request body must be sent as application/json (an upload as multipart/form-data), or an uploaded file's content is not an accepted type.",
  },
  IDEMPOTENCY_KEY_REUSED: { status: 422, description: "The Idempotency-Key was used within 24 hours with a different body." },
  RATE_LIMITED: { status: 429, description: "Too many requests; retry after the Retry-After seconds." },
  SERVICE_UNAVAILABLE: {
    status: 503,
    description:
      "The service is briefly too busy and changed nothing; retry after the Retry-After seconds (with the same Idempotency-Key).",
  },
  INTERNAL: { status: 500, description: "An unexpected error on our side; safe to retry with the same Idempotency-Key." },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; param?: string };
}

/** An error a service raises on purpose; its code decides the status on every face. */
export class AppError extends Error {
  override readonly name = "AppError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** A VALIDATION error about one field: its path as the client wrote it (`intake.sifat_nda`, `attachments[1]`). */
    readonly param?: string,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.param !== undefined && { param: this.param }) } };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
