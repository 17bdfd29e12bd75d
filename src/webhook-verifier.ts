/**
 * The public import path for receivers of Kuasa webhooks (docs/webhooks.md):
 * `import { verifyWebhookSignature } from "<kuasa>/src/webhook-verifier"`.
 */
export {
  DEFAULT_TOLERANCE_SECONDS,
  type RawBody,
  signWebhook,
  type VerifyFailure,
  type VerifyOptions,
  type VerifyResult,
  verifyWebhookSignature,
} from "./server/domain/events/signature";
