-- kuasa_transfer: one ledger transfer. Debits "from" only if it holds enough (the external
-- funding source may go below zero and is created on first use), credits "to" (created on first
-- use), and records the "LedgerTransfer" with its two "LedgerEntry" rows.
-- spec: {from, to: LedgerAccount rows, amountIdr, mayGoNegative, transfer: LedgerTransfer row, entryIds: [debit, credit]}.
-- Refuses: "from" holds less than amountIdr (or does not exist yet): false, nothing written.
-- Called by: kuasa_transfers and kuasa_place_order (and `transfer` in src/server/db/money-functions.ts,
-- for tests); services go through kuasa_transfers.

CREATE OR REPLACE FUNCTION "kuasa_transfer"(spec jsonb) RETURNS boolean LANGUAGE plpgsql AS $$
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
