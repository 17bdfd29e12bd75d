import type { BidStatus, CaseStatus, InvoiceStatus } from "@/generated/prisma/enums";
import type { ThirdPartyFee } from "../catalog/third-party-fees";
import { COST_STATUSES, type CostStatus } from "../orders/cost-state";
import { ORDER_STATUSES, type OrderStatus } from "../orders/order-state";

/**
 * What a webhook event says (spec "Events → Payload" for orders; the case board's events follow
 * the same pattern), and the exact bytes sent. Pure. Messages and a case's contact data and story
 * are never in a payload: the receiver fetches the resource.
 */

/** The fields of an order an event carries. */
export interface OrderEventSource {
  id: string;
  status: OrderStatus;
  serviceCode: string;
  priceIdr: bigint;
  slaDueAt: Date | null;
  deliverable: string | null;
  updatedAt: Date;
}

interface OrderSummary {
  id: string;
  status: OrderStatus;
  service: string;
  price_idr: number;
  sla_due_at: string | null;
  deliverable: string | null;
  updated_at: string;
}

export interface CaseSummary {
  id: string;
  status: CaseStatus;
  area: string | null;
  selected_bid_id: string | null;
  /** The order that carries the selected bid's work, once its invoice is paid. */
  order_id: string | null;
  updated_at: string;
}

export interface BidSummary {
  id: string;
  status: BidStatus;
  price_idr: number;
  client_pays: number;
  eta_days: number;
  created_at: string;
}

export interface InvoiceSummary {
  id: string;
  status: InvoiceStatus;
  total_idr: number;
  case_id: string;
  order_id: string | null;
  updated_at: string;
}

/** A file as an event carries it (the File object of the API). */
export interface FileSummary {
  id: string;
  filename: string;
  size: number;
  content_type: string;
  sha256: string;
  created_at: string;
  livemode: boolean;
}

/** A third-party cost on an order: the Cost object of the API. */
export interface CostSummary {
  id: string;
  kind: ThirdPartyFee["kind"];
  fee_code: string | null;
  description: string;
  amount_idr: number;
  basis: string;
  status: CostStatus;
  receipt: FileSummary | null;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
  paid_at: string | null;
}

/** The fields of a cost (and its receipt) a Cost object and a cost event show. */
export interface CostSource {
  id: string;
  kind: ThirdPartyFee["kind"];
  feeCode: string | null;
  description: string;
  amountIdr: bigint;
  basis: string;
  status: CostStatus;
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  paidAt: Date | null;
  receipt: {
    id: string;
    filename: string;
    size: number;
    contentType: string;
    sha256: string;
    createdAt: Date;
    livemode: boolean;
  } | null;
}

export function fileSummary(file: NonNullable<CostSource["receipt"]>): FileSummary {
  return {
    id: file.id,
    filename: file.filename,
    size: file.size,
    content_type: file.contentType,
    sha256: file.sha256,
    created_at: file.createdAt.toISOString(),
    livemode: file.livemode,
  };
}

export function costSummary(cost: CostSource): CostSummary {
  return {
    id: cost.id,
    kind: cost.kind,
    fee_code: cost.feeCode,
    description: cost.description,
    amount_idr: Number(cost.amountIdr),
    basis: cost.basis,
    status: cost.status,
    receipt: cost.receipt && fileSummary(cost.receipt),
    reason: cost.reason,
    created_at: cost.createdAt.toISOString(),
    decided_at: cost.decidedAt?.toISOString() ?? null,
    paid_at: cost.paidAt?.toISOString() ?? null,
  };
}

/** A cost's events: one per status, each with the order it is on. */
const COST_EVENT_TYPES = COST_STATUSES.map((status) => `cost.${status}` as const);
type CostEventType = (typeof COST_EVENT_TYPES)[number];

/**
 * Money received into an organisation's deposit (a bank transfer credited by the operator or from
 * an imported statement; in test mode, the sandbox's top-up helper).
 */
interface DepositSummary {
  amount_idr: number;
  /** The deposit right after this top-up. */
  balance_idr: number;
  /** What the top-up was recorded with: the bank line ("BCA 03/11/2026 …") or the operator's note. */
  reference: string;
  topped_up_at: string;
}

const DEPOSIT_EVENT_TYPES = ["deposit.topped_up"] as const;

/** Case-board events: a bid arrived, one was selected, the operator closed the case, the invoice was paid. */
export const CASE_EVENT_TYPES = ["case.bid_received", "case.selected", "case.ditutup", "invoice.dibayar"] as const;
export type CaseEventType = (typeof CASE_EVENT_TYPES)[number];

/** The stored payload; `sent_at` is added at each attempt, just before signing. */
export type WebhookPayload =
  | { event: `order.${OrderStatus}`; order: OrderSummary }
  | { event: "case.bid_received"; case: CaseSummary; bid: BidSummary }
  | { event: "case.selected" | "case.ditutup"; case: CaseSummary }
  | { event: "invoice.dibayar"; invoice: InvoiceSummary }
  | { event: CostEventType; order: OrderSummary; cost: CostSummary }
  | { event: "deposit.topped_up"; deposit: DepositSummary };

export type OrderEventPayload = Extract<WebhookPayload, { event: `order.${OrderStatus}` }>;
export type CostEventPayload = Extract<WebhookPayload, { cost: CostSummary }>;

/** Status words that have an event (the spec lists none for `dibuat` and `menunggu_bayar`). */
export function hasEvent(status: OrderStatus): boolean {
  return status !== "dibuat" && status !== "menunggu_bayar";
}

/** Every event type there is: one per order status with an event, the case board's, the costs', then the deposit's. */
export const EVENT_TYPES = [
  ...ORDER_STATUSES.filter(hasEvent).map((status) => `order.${status}` as const),
  ...CASE_EVENT_TYPES,
  ...COST_EVENT_TYPES,
  ...DEPOSIT_EVENT_TYPES,
];
export type EventType = WebhookPayload["event"];

function orderSummary(order: OrderEventSource): OrderSummary {
  return {
    id: order.id,
    status: order.status,
    service: order.serviceCode,
    price_idr: Number(order.priceIdr),
    sla_due_at: order.slaDueAt?.toISOString() ?? null,
    deliverable: order.deliverable,
    updated_at: order.updatedAt.toISOString(),
  };
}

export function orderEventPayload(order: OrderEventSource): OrderEventPayload {
  return { event: `order.${order.status}`, order: orderSummary(order) };
}

/** A cost's event: `cost.<its status>`, with the order it is on. */
export function costEventPayload(order: OrderEventSource, cost: CostSource): CostEventPayload {
  return { event: `cost.${cost.status}`, order: orderSummary(order), cost: costSummary(cost) };
}

export function depositEventPayload(topUp: {
  amountIdr: bigint;
  balanceIdr: bigint;
  reference: string;
  at: Date;
}): Extract<WebhookPayload, { event: "deposit.topped_up" }> {
  return {
    event: "deposit.topped_up",
    deposit: {
      amount_idr: Number(topUp.amountIdr),
      balance_idr: Number(topUp.balanceIdr),
      reference: topUp.reference,
      topped_up_at: topUp.at.toISOString(),
    },
  };
}

export function caseSummary(row: {
  id: string;
  status: CaseStatus;
  area: string | null;
  selectedBidId: string | null;
  orderId: string | null;
  updatedAt: Date;
}): CaseSummary {
  return {
    id: row.id,
    status: row.status,
    area: row.area,
    selected_bid_id: row.selectedBidId,
    order_id: row.orderId,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function bidSummary(bid: {
  id: string;
  status: BidStatus;
  priceIdr: bigint;
  clientPaysIdr: bigint;
  etaDays: number;
  createdAt: Date;
}): BidSummary {
  return {
    id: bid.id,
    status: bid.status,
    price_idr: Number(bid.priceIdr),
    client_pays: Number(bid.clientPaysIdr),
    eta_days: bid.etaDays,
    created_at: bid.createdAt.toISOString(),
  };
}

export function invoiceSummary(invoice: {
  id: string;
  status: InvoiceStatus;
  totalIdr: bigint;
  caseId: string;
  orderId: string | null;
  updatedAt: Date;
}): InvoiceSummary {
  return {
    id: invoice.id,
    status: invoice.status,
    total_idr: Number(invoice.totalIdr),
    case_id: invoice.caseId,
    order_id: invoice.orderId,
    updated_at: invoice.updatedAt.toISOString(),
  };
}

// Field order of each object in the body. The stored payload is jsonb, which does not keep key order.
const FIELDS = {
  order: ["id", "status", "service", "price_idr", "sla_due_at", "deliverable", "updated_at"],
  case: ["id", "status", "area", "selected_bid_id", "order_id", "updated_at"],
  bid: ["id", "status", "price_idr", "client_pays", "eta_days", "created_at"],
  invoice: ["id", "status", "total_idr", "case_id", "order_id", "updated_at"],
  cost: [
    "id",
    "kind",
    "fee_code",
    "description",
    "amount_idr",
    "basis",
    "status",
    "receipt",
    "reason",
    "created_at",
    "decided_at",
    "paid_at",
  ],
  deposit: ["amount_idr", "balance_idr", "reference", "topped_up_at"],
} as const;

/**
 * What an event says, as both its webhook body and the events API carry it: `event`, then the
 * event's objects (for orders: `order` with its fields in the spec's order), rebuilt field by field
 * from the stored payload.
 */
export function webhookData(payload: WebhookPayload): WebhookPayload {
  const data: Record<string, unknown> = { event: payload.event };
  for (const [name, fields] of Object.entries(FIELDS)) {
    const object = (payload as unknown as Record<string, Record<string, unknown> | undefined>)[name];
    if (object) data[name] = Object.fromEntries(fields.map((field) => [field, object[field] ?? null]));
  }
  return data as WebhookPayload;
}

/**
 * The exact request body: the event's `id` (for deduplication, and the cursor to catch up from),
 * `event`, `sent_at`, then the event's objects as `webhookData` writes them; `render` gives it in
 * the receiving key's API version (domain/api-version.ts), as it is by default.
 */
export function webhookBody(
  eventId: string,
  payload: WebhookPayload,
  sentAt: Date,
  render: (event: Record<string, unknown>) => unknown = (event) => event,
): string {
  const { event, ...objects } = webhookData(payload);
  return JSON.stringify(render({ id: eventId, event, sent_at: sentAt.toISOString(), ...objects }));
}
