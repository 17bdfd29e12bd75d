-- kuasa_transfers: several transfers in order, each as kuasa_transfer.
-- Refuses: at the first transfer whose "from" falls short it stops and answers its index (from 0);
-- the transfers before it are written, so the caller must roll its transaction back (services/money/ledger.ts
-- throws). NULL when all moved.
-- Called by: transfers in src/server/db/money-functions.ts (services/money/ledger.ts transfer).

CREATE OR REPLACE FUNCTION "kuasa_transfers"(specs jsonb) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 0 .. jsonb_array_length(specs) - 1 LOOP
    IF NOT "kuasa_transfer"(specs->i) THEN
      RETURN i;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
