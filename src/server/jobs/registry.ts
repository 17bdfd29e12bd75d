import { booksIssueJob } from "./books-issue";
import { credentialExpiryJob, credentialReminderJob } from "./credential-timers";
import { emailDeliveryJob } from "./email-delivery";
import { expiredFileLinkJob, leftoverUploadJob, unattachedFileJob } from "./file-cleanup";
import { mcpSessionSweepJob } from "./mcp-session-sweep";
import { oauthExpiryJob, unusedOAuthClientJob } from "./oauth-expiry";
import { autoAcceptJob, idempotencyExpiryJob, offerExpiryJob, orderOfferingJob, slaBreachJob, stalledRefundJob } from "./order-timers";
import { passwordResetExpiryJob } from "./password-reset-expiry";
import { requestLogExpiryJob } from "./request-log-expiry";
import { serviceStatsJob } from "./service-stats";
import type { JobKind } from "./types";
import { webhookDeliveryJob } from "./webhook-delivery";

/** Every kind of timed work both engines run; adding a kind is one entry here. */
export const JOB_KINDS: readonly JobKind[] = [
  webhookDeliveryJob,
  orderOfferingJob,
  offerExpiryJob,
  autoAcceptJob,
  stalledRefundJob,
  slaBreachJob,
  idempotencyExpiryJob,
  emailDeliveryJob,
  leftoverUploadJob,
  unattachedFileJob,
  expiredFileLinkJob,
  passwordResetExpiryJob,
  oauthExpiryJob,
  unusedOAuthClientJob,
  requestLogExpiryJob,
  credentialExpiryJob,
  credentialReminderJob,
  mcpSessionSweepJob,
  serviceStatsJob,
  booksIssueJob,
];
