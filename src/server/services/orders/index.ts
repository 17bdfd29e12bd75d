export { listOrders } from "./agent-lists";
export { acceptOrderResult, cancelOrder, decideApproval, openDispute, postClientMessage, requestRevision } from "./client-steps";
export type { CostWithReceipt } from "./cost-moves";
export {
  listLateReceipts,
  listPractitionerCosts,
  listUndecidedCosts,
  operatorOrderCosts,
  organizationOrderCosts,
  type PractitionerOrderCosts,
  practitionerOrderCosts,
  undecidedCostCounts,
} from "./cost-views";
export { type CostDecision, cancelCostByOperator, decideCost, getCost, payCost, requestCost } from "./costs";
export { revealClientData } from "./intake-view";
export {
  OPERATOR_ORDER_ACTIONS,
  type OperatorOrderAction,
  operatorOrderAction,
  operatorOrderDetail,
  operatorOverview,
  postOperatorMessage,
  searchOrders,
} from "./operator-orders";
export { listDisputes, listSlaBreaches, listStalledOrders } from "./operator-queues";
export { autoAcceptMessage, autoAcceptOrder, markSlaBreached, ordersDueForAutoAccept, ordersPastSla } from "./order-timers";
export {
  ADMIN_ORDER_ACTIONS,
  adminOnOrder,
  getOrganizationOrder,
  listOrganizationOrders,
  type OrganizationOrderSearch,
  organizationAttention,
  pendingApprovalCounts,
} from "./organization-orders";
export { type CreateOrderInput, createOrder } from "./placement";
export { practitionerReviews, REVIEW_LIMITS, reviewOrder } from "./reviews";
export {
  assertRoomForMessage,
  changeContextOf,
  changeOrderStatus,
  getOrder,
  ORDER_MESSAGE_LIMIT,
  type OrderWithMessages,
  PRACTITIONER_SEEN_BY_CLIENT,
  type StatusChangeContext,
  type StatusChangeExtra,
  startOfferings,
} from "./status";
