export {
  deliverEmail,
  EMAIL_DELIVERY_JOB,
  EMAIL_MAX_ATTEMPTS,
  EMAIL_RETRY_DELAYS_MS,
  EMAIL_SEND_LEASE_MS,
  EMAIL_UNCONFIGURED_RECHECK_MS,
  type EmailSender,
  enqueueEmail,
  findDueEmails,
  smtpSender,
} from "./email";
export { notifyCostDecision, notifyDepositTopUp, notifyNewOffers, notifyOrderMessage } from "./notifications";
