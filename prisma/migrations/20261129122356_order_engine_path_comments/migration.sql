-- From prisma/functions/kuasa_change_order_status.sql
-- kuasa_change_order_status: an order's status change in one statement, for the transitions that
-- move only its row, a message, the outbox event, the audit row and escrow (a result accepted, by
-- the client or on its own); services/order-engine/status.ts changeOrderStatusAtOnce decides every
-- value through the state machine, so the order's row and accounts are locked for microseconds.
-- In order: the Idempotency-Key claimed (claim_row, may be NULL), the "Order" row's `columns` (the
-- keys of a jsonb "Order" row, all of them written) set while it still has from_status and
-- read_updated_at (the row as the caller read it and decided on), the "OrderMessage" (message_row,
-- may be NULL), the outbox event (kuasa_record_event, to the order's callbackUrl, when event_row is
-- not NULL), the "AuditLog" row (audit_row, may be NULL) and the transfers (kuasa_transfers) last.
-- Refuses, writing nothing in every case:
--   answers 'IDEMPOTENCY_KEY_TAKEN' when another request holds the key (no error, so a replay is cheap);
--   raises SQLSTATE KU000 with the reason as MESSAGE and a figure as DETAIL:
--     ORDER_CHANGED       the row is not as read any more (DETAIL empty): the caller decides again
--     INSUFFICIENT_FUNDS  a transfer's "from" held too little (DETAIL: its index, from 0)
-- Answers NULL when the status changed.
-- Called by: changeOrderStatus in src/server/db/money-functions.ts (services/order-engine/status.ts
-- changeOrderStatusAtOnce).

CREATE OR REPLACE FUNCTION "kuasa_change_order_status"(
  claim_row jsonb, order_id text, from_status "OrderStatus", read_updated_at timestamp(3), columns jsonb,
  message_row jsonb, event_row jsonb, delivery_id text, audit_row jsonb, transfer_specs jsonb
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  callback_url text;
  changed integer;
  short integer;
BEGIN
  IF claim_row IS NOT NULL AND NOT "kuasa_claim_idempotency_key"(claim_row) THEN
    RETURN 'IDEMPOTENCY_KEY_TAKEN';
  END IF;
  -- The columns are whichever the transition sets (services/order-engine/status.ts transitionColumns).
  EXECUTE format(
    'UPDATE "Order" AS o SET %s FROM jsonb_populate_record(NULL::"Order", $1) AS n
     WHERE o."id" = $2 AND o."status" = $3 AND o."updatedAt" = $4 RETURNING o."callbackUrl"',
    (SELECT string_agg(format('%I = n.%I', c, c), ', ') FROM jsonb_object_keys(columns) AS c)
  ) INTO callback_url USING columns, order_id, from_status, read_updated_at;
  GET DIAGNOSTICS changed = ROW_COUNT;
  IF changed = 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'KU000', MESSAGE = 'ORDER_CHANGED';
  END IF;
  IF message_row IS NOT NULL THEN
    INSERT INTO "OrderMessage" ("id", "orderId", "role", "body", "trigger", "createdAt")
    SELECT m."id", m."orderId", m."role", m."body", m."trigger", m."createdAt"
    FROM jsonb_populate_record(NULL::"OrderMessage", message_row) AS m;
  END IF;
  IF event_row IS NOT NULL THEN
    PERFORM "kuasa_record_event"(event_row, delivery_id, callback_url);
  END IF;
  IF audit_row IS NOT NULL THEN
    INSERT INTO "AuditLog" ("id", "actorType", "actorId", "action", "subjectType", "subjectId", "data", "createdAt")
    SELECT a."id", a."actorType", a."actorId", a."action", a."subjectType", a."subjectId", a."data", a."createdAt"
    FROM jsonb_populate_record(NULL::"AuditLog", audit_row) AS a;
  END IF;
  short := "kuasa_transfers"(transfer_specs);
  IF short IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'KU000', MESSAGE = 'INSUFFICIENT_FUNDS', DETAIL = short::text;
  END IF;
  RETURN NULL;
END
$$;
