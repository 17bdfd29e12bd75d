/**
 * The settings of an order's life after payment (ORDER_AUTO_ACCEPT_DAYS, OFFER_STALL_HOURS,
 * ORDER_MAX_REVISIONS, COST_RECEIPT_DAYS, OFFER_CAP), and the deadlines they give. Pure; services take them from ServiceDeps.
 */
export interface OrderRules {
  /** A delivered result nobody accepted or disputed is accepted after this many days. */
  autoAcceptDays: number;
  /** An order whose offering stalled (everyone passed, or nobody is eligible) is refunded after this many hours. */
  offerStallHours: number;
  /** Revisions the client side (agent or org admin) may ask for per order; the operator is not limited. */
  maxRevisions: number;
  /** An approved third-party cost without its receipt this many days later goes to the operator's queue. */
  costReceiptDays: number;
  /**
   * Live offers one practitioner holds at most at once: an order whose eligible practitioners all
   * hold this many waits, on offer, for the first to answer one (never stalled for it).
   */
  offerCap: number;
}

export const DEFAULT_ORDER_RULES: OrderRules = {
  autoAcceptDays: 7,
  offerStallHours: 24,
  maxRevisions: 2,
  costReceiptDays: 14,
  offerCap: 3,
};

const HOUR_MS = 60 * 60 * 1000;

/** When a result delivered at `deliveredAt` is accepted on the client's behalf. */
export function autoAcceptAt(deliveredAt: Date, rules: OrderRules): Date {
  return new Date(deliveredAt.getTime() + rules.autoAcceptDays * 24 * HOUR_MS);
}

/** When an order whose offering stalled at `stalledAt` is refunded on its own. */
export function stalledRefundAt(stalledAt: Date, rules: OrderRules): Date {
  return new Date(stalledAt.getTime() + rules.offerStallHours * HOUR_MS);
}

/** Costs approved before this instant and still without their receipt are late (COST_RECEIPT_DAYS). */
export function receiptsDueBefore(now: Date, rules: OrderRules): Date {
  return new Date(now.getTime() - rules.costReceiptDays * 24 * HOUR_MS);
}
