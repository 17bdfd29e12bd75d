-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "previousWebhookSecret" TEXT,
ADD COLUMN     "previousWebhookSecretExpiresAt" TIMESTAMP(3);

-- Data: the delivery log used to keep up to 300 characters of a failed receiver's answer, and the
-- text of network errors, which let an organisation admin read what the URL answered
-- (docs/webhooks.md, "What the log keeps"). Keep only the status or the error's code:
-- "HTTP 500: <answer>" becomes "HTTP 500", "ERR_X: <message>" becomes "network error (ERR_X)".
UPDATE "WebhookAttempt" SET "error" = split_part("error", ': ', 1)
WHERE "error" ~ '^HTTP [0-9]{3}(, redirect not followed)?: ';
UPDATE "WebhookAttempt" SET "error" = 'network error (' || split_part("error", ': ', 1) || ')'
WHERE "error" ~ '^[A-Z0-9_]+: ';
