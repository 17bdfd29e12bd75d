-- kuasa_record_event: the transactional outbox. Writes a "WebhookEvent" (jsonb row) and, when it
-- has somewhere to go, its "WebhookDelivery": delivery_url, else the webhook URL of the key the event
-- belongs to (set when the key is made, never changed); none when neither exists.
-- Refuses: nothing.
-- Called by: recordEvent in src/server/db/money-functions.ts (services/events/outbox.ts), and by
-- kuasa_place_order.

CREATE OR REPLACE FUNCTION "kuasa_record_event"(event_row jsonb, delivery_id text, delivery_url text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  e "WebhookEvent" := jsonb_populate_record(NULL::"WebhookEvent", event_row);
  target_url text := COALESCE(delivery_url, (SELECT k."webhookUrl" FROM "ApiKey" AS k WHERE k."id" = e."apiKeyId"));
BEGIN
  INSERT INTO "WebhookEvent" ("id", "organizationId", "livemode", "apiKeyId", "orderId", "caseId", "type", "payload", "createdAt")
  VALUES (e."id", e."organizationId", e."livemode", e."apiKeyId", e."orderId", e."caseId", e."type", e."payload", e."createdAt");
  IF target_url IS NOT NULL THEN
    INSERT INTO "WebhookDelivery" ("id", "eventId", "url", "nextAttemptAt", "createdAt", "updatedAt")
    VALUES (delivery_id, e."id", target_url, e."createdAt", e."createdAt", e."createdAt");
  END IF;
END
$$;
