-- Issue 25: a target refused or not reached before connecting is one phrase in the delivery log
-- (services/events/webhooks-transport.ts, RECEIVER_UNREACHABLE). Attempts logged before named the
-- blocked address or the host whose DNS lookup failed, which tells an admin whether an internal
-- host name resolves: they now read the same phrase.
UPDATE "WebhookAttempt"
SET "error" = 'receiver not reachable: the address is not public, does not resolve or refuses connections'
WHERE "error" LIKE 'blocked: %'
   OR "error" LIKE 'DNS lookup failed%'
   OR "error" = 'connection refused'
   OR "error" = 'host unreachable';
