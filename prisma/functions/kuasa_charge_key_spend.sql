-- kuasa_charge_key_spend: adds amount to a key's spend ("ApiKeySpend") in a month unless that
-- would pass budget. The row stays locked to the commit, so one key's spending decisions happen
-- one at a time. spent_before: the month's spend before this charge (as it stays when refused).
-- Refuses: a charge past the budget: charged = false, nothing written.
-- Called by: chargeKeySpend in src/server/db/money-functions.ts (services/money/balance.ts), and by
-- kuasa_place_order.

CREATE OR REPLACE FUNCTION "kuasa_charge_key_spend"(api_key_id text, spend_month timestamp(3), amount bigint, budget bigint, OUT charged boolean, OUT spent_before bigint)
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
