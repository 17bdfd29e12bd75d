import { SWEEPER } from "@/server/domain/access/actor";
import { WEBHOOK_MAX_ATTEMPTS } from "@/server/domain/events/webhook-delivery";
import { attemptDelivery, deliverBatch, findDueDeliveries, WEBHOOK_DELIVERY_JOB } from "@/server/services/events";
import type { JobKind } from "./types";

/** Webhook delivery attempts; the delivery row carries attempts and next_attempt_at. */
export const webhookDeliveryJob: JobKind = {
  name: WEBHOOK_DELIVERY_JOB,
  findDue: findDueDeliveries,
  async handle(deps, id) {
    const outcome = await attemptDelivery(deps, {
      actor: SWEEPER,
      deliveryId: id,
    });
    return outcome.result !== "delivered" && outcome.retryAt ? { retryAt: outcome.retryAt } : undefined;
  },
  // A failed attempt's next one is on its row (nextAttemptAt), where findDue finds it when due.
  async handleBatch(deps, ids) {
    await deliverBatch(deps, {
      actor: SWEEPER,
      ids,
    });
  },
  inngestAttempts: WEBHOOK_MAX_ATTEMPTS,
};
