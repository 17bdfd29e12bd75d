/**
 * The one table of API error codes. Every error any face returns is one of these codes, with
 * its HTTP status, what it means and what the caller should do about it; the OpenAPI document
 * lists them from here too, each with a heading of its own in its guide (api/openapi-guide.ts).
 */
export const ERROR_CODES = {
  VALIDATION: {
    status: 400,
    description: "The request is malformed: body, parameters, JSON or Idempotency-Key.",
    whatToDo: "Correct the request as the message says (`param` names the field when one caused it); sent unchanged, it fails again.",
  },
  UNAUTHENTICATED: {
    status: 401,
    description: "Missing, malformed, unknown or revoked API key.",
    whatToDo:
      "Send a valid key as `Authorization: Bearer <key_id>.<key_secret>`. A revoked key stays refused: an organisation admin makes a new one in the organisation portal.",
  },
  BUDGET_EXCEEDED: {
    status: 402,
    description: "The price is over max_budget, the key's per-order maximum or its monthly budget.",
    whatToDo:
      "Nothing was charged. Raise max_budget if the price is acceptable, or ask an organisation admin to raise the key's limit the message names.",
  },
  INSUFFICIENT_DEPOSIT: {
    status: 402,
    description: "The organisation's deposit does not cover the price.",
    whatToDo: "Nothing was charged. An organisation admin tops up the deposit (GET /v1/balance shows it); then send the request again.",
  },
  INSUFFICIENT_SCOPE: {
    status: 403,
    description: "The API key lacks the scope this operation needs.",
    whatToDo: "Use a key with the scope the message names; an organisation admin can add it to this key in the organisation portal.",
  },
  TEST_MODE_ONLY: {
    status: 403,
    description: "Test helpers (/v1/test_helpers) accept only test keys (`kk_test_…`).",
    whatToDo: "Call the test helpers with a test key; a live order is worked by a real practitioner.",
  },
  ORGANIZATION_NOT_ACTIVE: {
    status: 403,
    description: "The organisation is not approved by the operator, or is suspended.",
    whatToDo: "Retrying does not help until the operator approves or reinstates the organisation; an organisation admin asks the operator.",
  },
  FORBIDDEN: {
    status: 403,
    description: "The signed-in user may not do this.",
    whatToDo: "A portal answer only, never an API key's: sign in as a user who may, or ask the organisation's admin.",
  },
  NOT_FOUND: {
    status: 404,
    description: "No such resource (or it belongs to another organisation), or no such path.",
    whatToDo: "Check the id and the path, and that the key is of the organisation and the mode (live or test) the resource was made in.",
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    description: "The path exists but not with this HTTP method.",
    whatToDo: "Use one of the methods the answer's `Allow` header lists.",
  },
  INVALID_STATE: {
    status: 409,
    description: "The resource's current status does not allow this action.",
    whatToDo: "Read the resource again and act on its current status; the same request fails until the status allows it.",
  },
  CONFLICT: {
    status: 409,
    description: "The action conflicts with the resource's current data.",
    whatToDo:
      "Read the resource again; the message says what conflicts. A request that met another with the same Idempotency-Key may be retried as it is.",
  },
  REVISION_LIMIT: {
    status: 409,
    description: "The order has had the most revisions allowed.",
    whatToDo: "Accept the result or open a dispute.",
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    description: "The request body is larger than the limit.",
    whatToDo: "Send a body under the limit the message gives; the answer closes the connection.",
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    description:
      "A request body must be sent as application/json (an upload as multipart/form-data), or an uploaded file's content is not an accepted type.",
    whatToDo: "Send the body with the Content-Type the operation takes, or upload a file of an accepted type.",
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    description: "The Idempotency-Key was used within 24 hours with a different body.",
    whatToDo: "Use a new Idempotency-Key for a new request; a retry of the first one sends its original body.",
  },
  RATE_LIMITED: {
    status: 429,
    description: "Too many requests.",
    whatToDo: "Retry after the `Retry-After` seconds.",
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    description: "The service is briefly too busy and changed nothing.",
    whatToDo: "Retry after the `Retry-After` seconds, with the same Idempotency-Key.",
  },
  INTERNAL: {
    status: 500,
    description: "An unexpected error on our side.",
    whatToDo:
      "Retry with the same Idempotency-Key, which makes it safe (the request acts at most once); if it persists, contact support with the request_id.",
  },
} as const satisfies Record<string, { status: number; description: string; whatToDo: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

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
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
