export { listOrders } from "./agent-lists";
export { operatorOrderDetail, operatorOverview, searchOrders } from "./operator-orders";
export { listDisputes, listSlaBreaches, listStalledOrders } from "./operator-queues";
export { autoAcceptMessage, autoAcceptOrder, markSlaBreached, ordersDueForAutoAccept, ordersPastSla } from "./order-timers";
export { acceptOrderResult, assertRoomForMessage, byKey, cancelOrder, changeContextOf, changeOrderStatus, createOrder, type CreateOrderInput, decideApproval, getOrder, openDispute, OPERATOR_ORDER_ACTIONS, operatorOrderAction, type OperatorOrderAction, ORDER_MESSAGE_LIMIT, type OrderWithMessages, postClientMessage, requestRevision, type StatusChangeContext, type StatusChangeExtra } from "./orders";
export { ADMIN_ORDER_ACTIONS, adminClientRef, getOrganizationOrder, listOrganizationOrders, pendingApprovalCounts } from "./organization-orders";
