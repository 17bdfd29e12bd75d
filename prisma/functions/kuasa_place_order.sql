-- kuasa_place_order: POST /v1/orders in one statement (services/orders/place.ts createOrder
-- decides every value), so its locks (the key's spend row, the organisation's deposit) are held
-- for microseconds.
-- In order: the Idempotency-Key claimed (claim_row, may be NULL), the "Order", the key's monthly
-- budget (kuasa_charge_key_spend), the deposit (debited through kuasa_transfer when pay, else only
-- checked to cover the price), and the outbox event (kuasa_record_event, when event_row is not NULL).
-- Refuses, writing nothing in every case:
--   answers 'IDEMPOTENCY_KEY_TAKEN' when another request holds the key (no error, so a replay is cheap);
--   raises SQLSTATE KU000 with the reason as MESSAGE and a figure as DETAIL:
--     APPROVAL_THRESHOLD_CHANGED  the organisation's threshold is not threshold_seen (DETAIL: the current one, '' for none)
--     BUDGET_EXCEEDED             the price would pass monthly_budget (DETAIL: the month's spend before it)
--     INSUFFICIENT_DEPOSIT        the deposit does not cover the price (DETAIL empty)
-- Answers NULL when the order is placed.
-- Called by: placeOrder in src/server/db/money-functions.ts (services/orders/place.ts createOrder).

CREATE OR REPLACE FUNCTION "kuasa_place_order"(
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
