export { listOrders } from "./agent-lists";
export { OPERATOR_ORDER_ACTIONS, operatorOrderAction, type OperatorOrderAction, operatorOrderDetail, operatorOverview, searchOrders } from "./operator-orders";
export { listDisputes, listSlaBreaches, listStalledOrders } from "./operator-queues";
export { autoAcceptMessage, autoAcceptOrder, markSlaBreached, ordersDueForAutoAccept, ordersPastSla } from "./order-timers";
export { acceptOrderResult, byKey, cancelOrder, decideApproval, openDispute, postClientMessage, requestRevision } from "./client-steps";
export { createOrder, type CreateOrderInput } from "./placement";
export { assertRoomForMessage, changeContextOf, changeOrderStatus, getOrder, ORDER_MESSAGE_LIMIT, type OrderWithMessages, type StatusChangeContext, type StatusChangeExtra } from "./status";
export { ADMIN_ORDER_ACTIONS, adminClientRef, getOrganizationOrder, listOrganizationOrders, pendingApprovalCounts } from "./organization-orders";
