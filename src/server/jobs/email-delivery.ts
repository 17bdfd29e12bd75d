import { SWEEPER } from "@/server/domain/access/actor";
import { deliverEmail, EMAIL_DELIVERY_JOB, EMAIL_MAX_ATTEMPTS, findDueEmails } from "@/server/services/notifications";
import type { JobKind } from "./types";

/** The e-mail outbox (EmailMessage): each queued message sent through SMTP, with retries on its row. */
export const emailDeliveryJob: JobKind = {
  name: EMAIL_DELIVERY_JOB,
  findDue: findDueEmails,
  async handle(deps, id) {
    const attempt = await deliverEmail(deps, {
      actor: SWEEPER,
      emailId: id,
    });
    // Only a failed send asks to be woken again; a skipped one (busy, or no SMTP) keeps its time on the row.
    return attempt.result === "failed" && attempt.retryAt ? { retryAt: attempt.retryAt } : undefined;
  },
  inngestAttempts: EMAIL_MAX_ATTEMPTS,
};
