/**
 * @kuasa/sdk: a typed client of the Kuasa agent API, generated from the OpenAPI document the
 * server serves (see README.md).
 */
import type { components } from "./generated/schema.js";

export { type ErrorCode, KuasaConnectionError, KuasaError } from "./errors.js";
export { API_VERSION, type ApiVersion, Kuasa, WEBHOOK_SIGNATURE_HEADER, type WebhookEvent } from "./generated/client.js";
export type { components, operations, paths, webhooks } from "./generated/schema.js";
export * from "./generated/webhook-verifier.js";
export { type ListCursors, type ListPage, paginate } from "./pagination.js";
export type { ClientOptions, IdempotentRequestOptions, ListMethod, RequestOptions } from "./transport.js";
export type { FileSource } from "./upload.js";

/** An object of the API by its schema's name: `Schema<"Order">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];
