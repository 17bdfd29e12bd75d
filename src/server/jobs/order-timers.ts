import { SWEEPER } from "@/server/domain/access/actor";
import { deleteExpiredIdempotencyKey, expiredIdempotencyKeys } from "@/server/services/idempotency";
import {
  ensureOffering,
  ensureOfferings,
  expireOffer,
  expireOffers,
  offersDueToExpire,
  ordersNeedingOffer,
  refundStalledOrder,
  stalledOrdersDueForRefund,
} from "@/server/services/offers";
import { autoAcceptOrder, markSlaBreached, ordersDueForAutoAccept, ordersPastSla } from "@/server/services/orders";
import type { JobKind } from "./types";

/** A paid order, or one whose offer ended, gets its next offer (or stalls into the operator queue). */
export const orderOfferingJob: JobKind = {
  name: "order-offering",
  findDue: ordersNeedingOffer,
  handle: async (deps, orderId) =>
    ensureOffering(deps, {
      actor: SWEEPER,
      orderId,
    }),
  handleBatch: (deps, ids) =>
    ensureOfferings(deps, {
      actor: SWEEPER,
      orderIds: ids,
    }),
  // A paid order's status change (event, outbox) is still a few statements of its own: short batches keep the transaction short.
  batchSize: 25,
};

/** A live offer past its 30 minutes expires and the next practitioner is offered. */
export const offerExpiryJob: JobKind = {
  name: "offer-expiry",
  findDue: offersDueToExpire,
  handle: async (deps, offerId) =>
    expireOffer(deps, {
      actor: SWEEPER,
      offerId,
    }),
  handleBatch: (deps, ids) =>
    expireOffers(deps, {
      actor: SWEEPER,
      offerIds: ids,
    }),
  deadline: true,
};

/** An order past its SLA before delivery is flagged once for the operator. */
export const slaBreachJob: JobKind = {
  name: "sla-breach",
  findDue: ordersPastSla,
  handle: async (deps, orderId) =>
    markSlaBreached(deps, {
      actor: SWEEPER,
      orderId,
    }),
  deadline: true,
};

/** Idempotency keys older than 24 hours are removed. */
export const idempotencyExpiryJob: JobKind = {
  name: "idempotency-expiry",
  findDue: expiredIdempotencyKeys,
  handle: async (deps, id) =>
    deleteExpiredIdempotencyKey(deps, {
      actor: SWEEPER,
      id,
    }),
};

/** A delivered result nobody accepted, revised or disputed in time is accepted and escrow released. */
export const autoAcceptJob: JobKind = {
  name: "order-auto-accept",
  findDue: ordersDueForAutoAccept,
  handle: async (deps, orderId) =>
    autoAcceptOrder(deps, {
      actor: SWEEPER,
      orderId,
    }),
  deadline: true,
};

/** An order whose offering stalled and that nobody re-offered in time is refunded. */
export const stalledRefundJob: JobKind = {
  name: "offering-stall-refund",
  findDue: stalledOrdersDueForRefund,
  handle: async (deps, orderId) =>
    refundStalledOrder(deps, {
      actor: SWEEPER,
      orderId,
    }),
  deadline: true,
};
