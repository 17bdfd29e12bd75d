import type { components } from "./generated/schema.js";

type ErrorBody = components["schemas"]["Error"]["error"];

/** Every code the API document lists; decide by it, never by the message. */
export type ErrorCode = ErrorBody["code"];

/**
 * An error answer of the Kuasa API (its `{ error: { … } }` body). `code` is one of the document's
 * codes, so `err.code === "NOT_FOUND"` is checked by the compiler; a code added by a newer server
 * comes through as sent.
 */
export class KuasaError extends Error {
  override readonly name = "KuasaError";
  readonly code: ErrorCode;
  /** The HTTP status. */
  readonly status: number;
  /** On a `VALIDATION` caused by one field: its path as sent (`intake.sifat_nda`, `attachments[1]`). */
  readonly param: string | undefined;
  /** The answer's `X-Request-Id`: quote it to support. */
  readonly requestId: string;
  /** The code's entry in the server's API reference. */
  readonly docUrl: string;

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.param = body.param;
    this.requestId = body.request_id;
    this.docUrl = body.doc_url;
  }
}

/**
 * No answer from the Kuasa API itself: the connection failed or timed out (after the retries the
 * request allowed), or something in between, such as a proxy, answered with a body that is not the
 * API's error (`status` is then that answer's).
 */
export class KuasaConnectionError extends Error {
  override readonly name = "KuasaConnectionError";
  readonly status: number | undefined;

  constructor(message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}

function isErrorBody(value: unknown): value is { error: ErrorBody } {
  const error = (value as { error?: Record<string, unknown> } | null)?.error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof error.code === "string" &&
    typeof error.message === "string" &&
    typeof error.request_id === "string" &&
    typeof error.doc_url === "string"
  );
}

/** The error a non-2xx answer means, its body read. */
export async function errorOf(answer: Response, what: string): Promise<KuasaError | KuasaConnectionError> {
  const body: unknown = await answer.json().catch(() => undefined);
  if (isErrorBody(body)) return new KuasaError(answer.status, body.error);
  return new KuasaConnectionError(`${what}: HTTP ${answer.status} without the API's error body`, { status: answer.status });
}
