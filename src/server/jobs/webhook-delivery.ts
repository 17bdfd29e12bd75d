import { WEBHOOK_MAX_ATTEMPTS } from "@/server/domain/webhook-delivery";
import { attemptDelivery, findDueDeliveries, WEBHOOK_DELIVERY_JOB } from "@/server/services/webhooks";
import type { JobKind } from "./types";

/** One attempt of one webhook delivery; the delivery row carries attempts and next_attempt_at. */
export const webhookDeliveryJob: JobKind = {
  name: WEBHOOK_DELIVERY_JOB,
  findDue: findDueDeliveries,
  async handle(deps, id) {
    const outcome = await attemptDelivery(deps, id);
    return outcome.result !== "delivered" && outcome.retryAt ? { retryAt: outcome.retryAt } : undefined;
  },
  inngestAttempts: WEBHOOK_MAX_ATTEMPTS,
};
