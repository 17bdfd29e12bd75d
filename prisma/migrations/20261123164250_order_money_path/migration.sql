-- CreateTable
CREATE TABLE "ApiKeySpend" (
    "apiKeyId" TEXT NOT NULL,
    "month" TIMESTAMP(3) NOT NULL,
    "spentIdr" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ApiKeySpend_pkey" PRIMARY KEY ("apiKeyId","month")
);

-- AddForeignKey
ALTER TABLE "ApiKeySpend" ADD CONSTRAINT "ApiKeySpend_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each key's spend per month, as the sums of its orders and invoices counted it until now
-- (services/balance.ts STATUSES_NOT_SPENT). A Jakarta month starts at 17:00 UTC the day before.
INSERT INTO "ApiKeySpend" ("apiKeyId", "month", "spentIdr")
SELECT "apiKeyId", date_trunc('month', "committedAt" + interval '7 hours') - interval '7 hours', SUM("amountIdr")
FROM (
  SELECT o."apiKeyId", o."createdAt" AS "committedAt", o."priceIdr" AS "amountIdr"
  FROM "Order" o
  WHERE o."caseId" IS NULL AND o."status"::text NOT IN ('dibatalkan', 'direfund')
  UNION ALL
  SELECT c."apiKeyId", i."createdAt", i."totalIdr"
  FROM "Invoice" i JOIN "Case" c ON c."id" = i."caseId" LEFT JOIN "Order" o ON o."id" = i."orderId"
  WHERE i."status"::text <> 'dibatalkan' AND (o."id" IS NULL OR o."status"::text NOT IN ('dibatalkan', 'direfund'))
) AS "committed"
GROUP BY 1, 2;

-- The money path's statements, each one round trip, each called by one function in
-- src/server/services (named below) and together by "kuasa_place_order". Every value is decided
-- there; these only write it, with the checks that must hold under concurrency. Rows come as
-- jsonb in the columns' names (src/server/db/sql-functions.ts).

-- services/idempotency.ts: claims an Idempotency-Key for one request. A live key of another
-- request wins (false); an expired one is taken over.
CREATE FUNCTION "kuasa_claim_idempotency_key"(claim_row jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
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

-- services/balance.ts: adds amount to a key's spend in a month unless that would pass budget;
-- the row stays locked to the commit, so a key's spending decisions happen one at a time.
-- spent_before: the month's spend before this charge (as it stays when refused).
CREATE FUNCTION "kuasa_charge_key_spend"(api_key_id text, spend_month timestamp(3), amount bigint, budget bigint, OUT charged boolean, OUT spent_before bigint)
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ApiKeySpend" AS s ("apiKeyId", "month", "spentIdr")
  SELECT api_key_id, spend_month, amount WHERE amount <= budget
  ON CONFLICT ("apiKeyId", "month") DO UPDATE SET "spentIdr" = s."spentIdr" + EXCLUDED."spentIdr"
    WHERE s."spentIdr" + EXCLUDED."spentIdr" <= budget
  RETURNING s."spentIdr" - amount INTO spent_before;
  charged := FOUND;
  IF NOT charged THEN
    spent_before := COALESCE((SELECT "spentIdr" FROM "ApiKeySpend" WHERE "apiKeyId" = api_key_id AND "month" = spend_month), 0);
  END IF;
END
$$;

-- services/ledger.ts: one transfer. Debits "from" only if it holds enough (the external funding
-- source may go below zero and is created on first use), credits "to" (created on first use),
-- and records the transfer with its two entries; false, with nothing written, when "from" falls
-- short. spec: {from, to: LedgerAccount rows, amountIdr, mayGoNegative, transfer: LedgerTransfer row, entryIds: [debit, credit]}.
CREATE FUNCTION "kuasa_transfer"(spec jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  amount bigint := (spec->>'amountIdr')::bigint;
  from_id text;
  to_id text;
BEGIN
  IF (spec->>'mayGoNegative')::boolean THEN
    INSERT INTO "LedgerAccount" ("id", "code", "kind", "livemode", "organizationId", "orderId", "practitionerId", "invoiceId", "balanceIdr")
    SELECT a."id", a."code", a."kind", a."livemode", a."organizationId", a."orderId", a."practitionerId", a."invoiceId", -amount
    FROM jsonb_populate_record(NULL::"LedgerAccount", spec->'from') AS a
    ON CONFLICT ("code") DO UPDATE SET "balanceIdr" = "LedgerAccount"."balanceIdr" + EXCLUDED."balanceIdr"
    RETURNING "id" INTO from_id;
  ELSE
    -- An account never credited does not exist yet and holds nothing: the debit matches no row.
    UPDATE "LedgerAccount" SET "balanceIdr" = "balanceIdr" - amount
    WHERE "code" = spec->'from'->>'code' AND "balanceIdr" >= amount
    RETURNING "id" INTO from_id;
    IF from_id IS NULL THEN
      RETURN false;
    END IF;
  END IF;
  INSERT INTO "LedgerAccount" ("id", "code", "kind", "livemode", "organizationId", "orderId", "practitionerId", "invoiceId", "balanceIdr")
  SELECT a."id", a."code", a."kind", a."livemode", a."organizationId", a."orderId", a."practitionerId", a."invoiceId", amount
  FROM jsonb_populate_record(NULL::"LedgerAccount", spec->'to') AS a
  ON CONFLICT ("code") DO UPDATE SET "balanceIdr" = "LedgerAccount"."balanceIdr" + EXCLUDED."balanceIdr"
  RETURNING "id" INTO to_id;
  INSERT INTO "LedgerTransfer" ("id", "kind", "reference", "description")
  SELECT t."id", t."kind", t."reference", t."description" FROM jsonb_populate_record(NULL::"LedgerTransfer", spec->'transfer') AS t;
  INSERT INTO "LedgerEntry" ("id", "transferId", "accountId", "amountIdr")
  VALUES (spec->'entryIds'->>0, spec->'transfer'->>'id', from_id, -amount), (spec->'entryIds'->>1, spec->'transfer'->>'id', to_id, amount);
  RETURN true;
END
$$;

-- services/ledger.ts: transfers in order, each as kuasa_transfer; the index (from 0) of the first
-- whose "from" falls short, or NULL when all moved. The caller rolls back on a refusal.
CREATE FUNCTION "kuasa_transfers"(specs jsonb) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 0 .. jsonb_array_length(specs) - 1 LOOP
    IF NOT "kuasa_transfer"(specs->i) THEN
      RETURN i;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;

-- services/outbox.ts: an event, and its delivery when it has somewhere to go: delivery_url, else the
-- webhook URL of the key the event belongs to (set when the key is made, never changed).
CREATE FUNCTION "kuasa_record_event"(event_row jsonb, delivery_id text, delivery_url text) RETURNS void LANGUAGE plpgsql AS $$
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

-- services/orders.ts createOrder: POST /v1/orders in one statement, so its locks (the key's
-- spend row, the organisation's deposit) are held for microseconds, not across round trips.
-- In the documented order: the Idempotency-Key claimed first, then the order, the key's monthly
-- budget, the deposit (debited when pay, else only checked), and the outbox event. Answers
-- 'IDEMPOTENCY_KEY_TAKEN' when another request holds the key (nothing written, so a replay costs
-- no error), else NULL. A refusal after that raises SQLSTATE KU000 with the reason as the message,
-- so the statement writes nothing. The approval threshold the caller decided with must still be
-- the organisation's (else it retries with the one in DETAIL).
CREATE FUNCTION "kuasa_place_order"(
  claim_row jsonb, order_row jsonb, threshold_seen bigint, spend_month timestamp(3), monthly_budget bigint,
  payment jsonb, pay boolean, event_row jsonb, delivery_id text
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  placed "Order" := jsonb_populate_record(NULL::"Order", order_row);
  threshold bigint;
  budget record;
BEGIN
  IF claim_row IS NOT NULL AND NOT "kuasa_claim_idempotency_key"(claim_row) THEN
    RETURN 'IDEMPOTENCY_KEY_TAKEN';
  END IF;
  SELECT o."approvalThresholdIdr" INTO threshold FROM "Organization" AS o WHERE o."id" = placed."organizationId";
  IF threshold IS DISTINCT FROM threshold_seen THEN
    RAISE EXCEPTION USING ERRCODE = 'KU000', MESSAGE = 'APPROVAL_THRESHOLD_CHANGED', DETAIL = COALESCE(threshold::text, '');
  END IF;
  INSERT INTO "Order" SELECT placed.*;
  SELECT * INTO budget FROM "kuasa_charge_key_spend"(placed."apiKeyId", spend_month, placed."priceIdr", monthly_budget);
  IF NOT budget.charged THEN
    RAISE EXCEPTION USING ERRCODE = 'KU000', MESSAGE = 'BUDGET_EXCEEDED', DETAIL = budget.spent_before::text;
  END IF;
  IF pay THEN
    IF NOT "kuasa_transfer"(payment) THEN
      RAISE EXCEPTION USING ERRCODE = 'KU000', MESSAGE = 'INSUFFICIENT_DEPOSIT';
    END IF;
  ELSIF COALESCE((SELECT a."balanceIdr" FROM "LedgerAccount" AS a WHERE a."code" = payment->'from'->>'code'), 0) < placed."priceIdr" THEN
    RAISE EXCEPTION USING ERRCODE = 'KU000', MESSAGE = 'INSUFFICIENT_DEPOSIT';
  END IF;
  IF event_row IS NOT NULL THEN
    PERFORM "kuasa_record_event"(event_row, delivery_id, placed."callbackUrl");
  END IF;
  RETURN NULL;
END
$$;
