-- kuasa_claim_idempotency_key: claims an Idempotency-Key for one request (an "IdempotencyKey" row
-- as jsonb). An expired key of the same organisation and mode is taken over.
-- Refuses: a live key held by another request: answers false and writes nothing.
-- Called by: claimIdempotencyKey in src/server/db/money-functions.ts (services/idempotency/idempotency.ts,
-- the claim at the start of a transaction), and by kuasa_place_order.

CREATE OR REPLACE FUNCTION "kuasa_claim_idempotency_key"(claim_row jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  k "IdempotencyKey" := jsonb_populate_record(NULL::"IdempotencyKey", claim_row);
BEGIN
  INSERT INTO "IdempotencyKey" AS stored ("id", "organizationId", "livemode", "key", "operation", "requestHash", "resourceId", "createdAt", "expiresAt")
  VALUES (k."id", k."organizationId", k."livemode", k."key", k."operation", k."requestHash", k."resourceId", k."createdAt", k."expiresAt")
  ON CONFLICT ("organizationId", "livemode", "key") DO UPDATE
    SET "id" = EXCLUDED."id", "operation" = EXCLUDED."operation", "requestHash" = EXCLUDED."requestHash",
        "resourceId" = EXCLUDED."resourceId", "createdAt" = EXCLUDED."createdAt", "expiresAt" = EXCLUDED."expiresAt"
    WHERE stored."expiresAt" <= EXCLUDED."createdAt";
  RETURN FOUND;
END
$$;
