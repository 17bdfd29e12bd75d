/**
 * The public import path for receivers of Kuasa webhooks (docs/webhooks.md):
 * `import { verifyWebhookSignature } from "<kuasa>/src/webhook-verifier"`.
 */
export {
  DEFAULT_TOLERANCE_SECONDS,
  signWebhook,
  verifyWebhookSignature,
  type RawBody,
  type VerifyFailure,
  type VerifyOptions,
  type VerifyResult,
} from "./server/domain/signature";
