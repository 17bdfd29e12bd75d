export { type AgentEvent, getEvent, listEvents } from "./events";
export { orderEventRecord, recordCaseEvent, recordCostEvent, recordDepositEvent, recordOrderEvent, recordOrderEvents } from "./outbox";
export {
  attemptDelivery,
  deliverBatch,
  findDueDeliveries,
  listWebhookDeliveries,
  redeliver,
  WEBHOOK_DELIVERY_JOB,
  type WebhookSettings,
} from "./webhooks";
export { classifyNetworkError } from "./webhooks-transport";
