import { type Order, Prisma } from "@/generated/prisma/client";
import type { LedgerAccountKind } from "@/generated/prisma/enums";
import type { DbOrTx } from "./client";

/*
 * The money path's SQL functions (prisma/functions/kuasa_*.sql), one typed call each. This is the
 * only place that calls them: services pass typed rows and get typed answers; the jsonb encoding
 * (rowJson) and the decoding of refusals (SQLSTATE KU000, sqlRefusalOf) happen here.
 *
 * What is checked where, placing an order (and every other money move):
 * SQL checks only what must still hold when the row it depends on is locked, because a concurrent
 * request can change it between a read and the write: the organisation's approval threshold (the
 * caller's may be a few seconds old, from the key cache), the key's monthly budget (its spend row
 * for the month, updated in the statement that checks it), the deposit (debited only if it holds
 * enough, or read for an order that waits for approval), and an Idempotency-Key held by another
 * request. Everything decidable from the request and from cached reads is checked in TypeScript
 * first, before any lock is taken: the service is in the catalog, the intake fields, max_budget,
 * the key's per-order maximum (and scopes, mode, organisation status at authentication). SQL
 * decides nothing else: every value it writes (ids, prices, statuses, timestamps, the payment's
 * accounts) is computed in TypeScript and passed in, and a refusal comes back as a reason and a
 * figure that TypeScript turns into the API's error and message.
 */

/**
 * The functions take rows as jsonb and read them with jsonb_populate_record into a table's row type:
 * BigInt goes as a decimal string (a JSON number loses precision past 2^53) and Date as an ISO
 * string, read as the UTC wall time every timestamp column holds (PostgreSQL ignores the zone
 * in text read as a timestamp without time zone, whatever the session's time zone).
 */
function rowJson(row: unknown): string {
  return JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}

/** A refusal a function raised (SQLSTATE KU000): the reason is the message, a figure the detail. */
interface SqlRefusal {
  reason: string;
  detail: string;
}

function sqlRefusalOf(err: unknown): SqlRefusal | null {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return null;
  const cause = (err.meta as { driverAdapterError?: { cause?: { code?: string; message?: string; detail?: string } } } | undefined)
    ?.driverAdapterError?.cause;
  return cause?.code === "KU000" ? { reason: cause.message ?? "", detail: cause.detail ?? "" } : null;
}

/** An "IdempotencyKey" row as kuasa_claim_idempotency_key takes it. */
export interface IdempotencyKeyRow {
  id: string;
  organizationId: string;
  livemode: boolean;
  key: string;
  operation: string;
  requestHash: string;
  resourceId: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A "WebhookEvent" row as kuasa_record_event takes it. */
export interface WebhookEventRow {
  id: string;
  organizationId: string;
  livemode: boolean;
  apiKeyId: string;
  orderId: string | null;
  caseId: string | null;
  type: string;
  /** Any JSON value: stored as the event's exact payload. */
  payload: unknown;
  createdAt: Date;
}

/** A "LedgerAccount" row as kuasa_transfer creates it on first use (balance aside). */
export interface LedgerAccountRow {
  id: string;
  code: string;
  kind: LedgerAccountKind;
  livemode: boolean;
  organizationId: string | null;
  orderId: string | null;
  practitionerId: string | null;
  invoiceId: string | null;
}

/** One transfer as kuasa_transfer takes it. */
export interface TransferSpec {
  from: LedgerAccountRow;
  to: LedgerAccountRow;
  amountIdr: bigint;
  /** Only the external funding source may go below zero. */
  mayGoNegative: boolean;
  transfer: { id: string; kind: string; reference: string | null; description: string };
  /** The debit's entry id, then the credit's. */
  entryIds: [string, string];
}

/** The month's first instant as the spend row's key: a timestamp(3) in UTC. */
const monthParam = (month: Date): string => month.toISOString();

/** kuasa_claim_idempotency_key: true when claimed; false when a live key of another request holds it (nothing written). */
export async function claimIdempotencyKey(tx: DbOrTx, claim: IdempotencyKeyRow): Promise<boolean> {
  const [row] = await tx.$queryRaw<
    Array<{ claimed: boolean }>
  >`SELECT "kuasa_claim_idempotency_key"(${rowJson(claim)}::jsonb) AS "claimed"`;
  return row?.claimed === true;
}

export interface SpendCharge {
  /** false: the charge would pass the budget, and nothing was written. */
  charged: boolean;
  /** The month's spend before this charge (as it stays when refused). */
  spentBeforeIdr: bigint;
}

/** kuasa_charge_key_spend: adds amountIdr to the key's spend in `month` unless that passes budgetIdr; the row stays locked to the commit. */
export async function chargeKeySpend(
  tx: DbOrTx,
  input: { apiKeyId: string; month: Date; amountIdr: bigint; budgetIdr: bigint },
): Promise<SpendCharge> {
  const [row] = await tx.$queryRaw<Array<{ charged: boolean; spent_before: bigint }>>`
    SELECT "charged", "spent_before" FROM "kuasa_charge_key_spend"(${input.apiKeyId}, ${monthParam(input.month)}::timestamp(3), ${input.amountIdr}::bigint, ${input.budgetIdr}::bigint)`;
  return { charged: row!.charged, spentBeforeIdr: row!.spent_before };
}

/** kuasa_transfer: one transfer; false when "from" holds too little (nothing written). Services move money with `transfers`. */
export async function transfer(tx: DbOrTx, spec: TransferSpec): Promise<boolean> {
  const [row] = await tx.$queryRaw<Array<{ moved: boolean }>>`SELECT "kuasa_transfer"(${rowJson(spec)}::jsonb) AS "moved"`;
  return row?.moved === true;
}

/**
 * kuasa_transfers: the transfers in order. A refusal names the first whose "from" held too
 * little; the transfers before it ARE written, so the caller must roll its transaction back.
 */
export async function transfers(
  tx: DbOrTx,
  specs: TransferSpec[],
): Promise<{ moved: true } | { refused: "INSUFFICIENT_FUNDS"; index: number }> {
  const [row] = await tx.$queryRaw<Array<{ short: number | null }>>`SELECT "kuasa_transfers"(${rowJson(specs)}::jsonb) AS "short"`;
  const short = row?.short ?? null;
  return short === null ? { moved: true } : { refused: "INSUFFICIENT_FUNDS", index: short };
}

/** kuasa_record_event: the event, and its delivery to deliveryUrl (null: to its key's webhook URL, if the key has one). */
export async function recordEvent(tx: DbOrTx, event: WebhookEventRow, deliveryId: string, deliveryUrl: string | null): Promise<void> {
  await tx.$executeRaw`SELECT "kuasa_record_event"(${rowJson(event)}::jsonb, ${deliveryId}, ${deliveryUrl})`;
}

/** kuasa_record_event for many events in one statement, each with its delivery id and URL as recordEvent takes them. */
export async function recordEvents(
  tx: DbOrTx,
  events: ReadonlyArray<{ event: WebhookEventRow; deliveryId: string; deliveryUrl: string | null }>,
): Promise<void> {
  if (events.length === 0) return;
  const items = `[${events
    .map((e) => `{"event":${rowJson(e.event)},"deliveryId":${JSON.stringify(e.deliveryId)},"deliveryUrl":${JSON.stringify(e.deliveryUrl)}}`)
    .join(",")}]`;
  await tx.$executeRaw`
    SELECT "kuasa_record_event"(e."event", e."deliveryId", e."deliveryUrl")
    FROM jsonb_to_recordset(${items}::jsonb) AS e("event" jsonb, "deliveryId" text, "deliveryUrl" text)`;
}

export interface PlaceOrderInput {
  /** The request's Idempotency-Key, claimed first; null without one. */
  claim: IdempotencyKeyRow | null;
  /** The order as it is to be written (its status already the one it leaves `dibuat` for). */
  order: Order;
  /** The organisation's approval threshold the order was decided with (null: none). */
  thresholdSeenIdr: bigint | null;
  /** The month the price counts in (its first instant), and the key's monthly budget. */
  spendMonth: Date;
  monthlyBudgetIdr: bigint;
  /** The price from the deposit into escrow: made when `pay`, else only checked to be covered. */
  payment: TransferSpec;
  pay: boolean;
  /** The order's outbox event (to order.callbackUrl, else its key's webhook URL), if it has one. */
  event: { row: WebhookEventRow; deliveryId: string } | null;
}

/** What kuasa_place_order answers. On every refusal nothing was written. */
export type PlaceOrderAnswer =
  | { placed: true }
  | { refused: "IDEMPOTENCY_KEY_TAKEN" }
  /** The organisation's threshold is another by now: decide again with this one (null: none). */
  | { refused: "APPROVAL_THRESHOLD_CHANGED"; thresholdIdr: bigint | null }
  /** The price would pass the monthly budget; what the key had spent this month before it. */
  | { refused: "BUDGET_EXCEEDED"; spentBeforeIdr: bigint }
  | { refused: "INSUFFICIENT_DEPOSIT" };

/** kuasa_place_order: POST /v1/orders in one statement (outside any transaction: the statement is one). */
export async function placeOrder(db: DbOrTx, input: PlaceOrderInput): Promise<PlaceOrderAnswer> {
  const { claim, order, event } = input;
  let answer: Array<{ taken: string | null }>;
  try {
    answer = await db.$queryRaw`SELECT "kuasa_place_order"(
      ${claim && rowJson(claim)}::jsonb, ${rowJson(order)}::jsonb, ${input.thresholdSeenIdr}::bigint, ${monthParam(input.spendMonth)}::timestamp(3), ${input.monthlyBudgetIdr}::bigint,
      ${rowJson(input.payment)}::jsonb, ${input.pay}, ${event ? rowJson(event.row) : null}::jsonb, ${event?.deliveryId ?? null}) AS "taken"`;
  } catch (err) {
    const refusal = sqlRefusalOf(err);
    switch (refusal?.reason) {
      case "APPROVAL_THRESHOLD_CHANGED":
        return { refused: "APPROVAL_THRESHOLD_CHANGED", thresholdIdr: refusal.detail === "" ? null : BigInt(refusal.detail) };
      case "BUDGET_EXCEEDED":
        return { refused: "BUDGET_EXCEEDED", spentBeforeIdr: BigInt(refusal.detail) };
      case "INSUFFICIENT_DEPOSIT":
        return { refused: "INSUFFICIENT_DEPOSIT" };
    }
    throw err;
  }
  if (answer[0]?.taken === "IDEMPOTENCY_KEY_TAKEN") return { refused: "IDEMPOTENCY_KEY_TAKEN" };
  if (answer[0]?.taken) throw new Error(`kuasa_place_order answered an unknown refusal: ${answer[0].taken}`);
  return { placed: true };
}

/** An "OrderMessage" row as kuasa_change_order_status writes it (seq aside). */
export interface OrderMessageRow {
  id: string;
  orderId: string;
  role: string;
  body: string;
  trigger: string | null;
  createdAt: Date;
}

/** An "AuditLog" row as kuasa_change_order_status writes it. */
export interface AuditLogRow {
  id: string;
  actorType: string;
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  /** Any JSON value. */
  data: unknown;
  createdAt: Date;
}

export interface ChangeOrderStatusInput {
  /** The request's Idempotency-Key, claimed first; null without one. */
  claim: IdempotencyKeyRow | null;
  /** The order as the caller read it and decided on: changed only while its status and updatedAt are still these. */
  read: Pick<Order, "id" | "status" | "updatedAt">;
  /** The columns the transition sets, every key written. */
  columns: Partial<Order>;
  message: OrderMessageRow | null;
  /** The order's outbox event (to its callbackUrl, else its key's webhook URL), if it has one. */
  event: { row: WebhookEventRow; deliveryId: string } | null;
  audit: AuditLogRow | null;
  /** Made last, in order. */
  transfers: TransferSpec[];
}

/** What kuasa_change_order_status answers. On every refusal nothing was written. */
export type ChangeOrderStatusAnswer =
  | { changed: true }
  | { refused: "IDEMPOTENCY_KEY_TAKEN" }
  /** The row is not as read any more: read it and decide again. */
  | { refused: "ORDER_CHANGED" }
  /** The transfer at this index found its "from" short. */
  | { refused: "INSUFFICIENT_FUNDS"; index: number };

/** kuasa_change_order_status: a status change in one statement (outside any transaction: the statement is one). */
export async function changeOrderStatus(db: DbOrTx, input: ChangeOrderStatusInput): Promise<ChangeOrderStatusAnswer> {
  const { claim, read, message, event, audit } = input;
  let answer: Array<{ taken: string | null }>;
  try {
    answer = await db.$queryRaw`SELECT "kuasa_change_order_status"(
      ${claim && rowJson(claim)}::jsonb, ${read.id}, ${read.status}::"OrderStatus", ${read.updatedAt.toISOString()}::timestamp(3), ${rowJson(input.columns)}::jsonb,
      ${message && rowJson(message)}::jsonb, ${event ? rowJson(event.row) : null}::jsonb, ${event?.deliveryId ?? null}, ${audit && rowJson(audit)}::jsonb,
      ${rowJson(input.transfers)}::jsonb) AS "taken"`;
  } catch (err) {
    const refusal = sqlRefusalOf(err);
    switch (refusal?.reason) {
      case "ORDER_CHANGED":
        return { refused: "ORDER_CHANGED" };
      case "INSUFFICIENT_FUNDS":
        return { refused: "INSUFFICIENT_FUNDS", index: Number(refusal.detail) };
    }
    throw err;
  }
  if (answer[0]?.taken === "IDEMPOTENCY_KEY_TAKEN") return { refused: "IDEMPOTENCY_KEY_TAKEN" };
  if (answer[0]?.taken) throw new Error(`kuasa_change_order_status answered an unknown refusal: ${answer[0].taken}`);
  return { changed: true };
}
