export { acceptOrderResult } from "./accept-result";

export { getOrder, listOrders } from "./agent-reads";

export { askClient } from "./ask-client";

export { autoAcceptMessage, autoAcceptOrder, ordersDueForAutoAccept } from "./auto-accept";

export { markSlaBreached, ordersPastSla } from "./breach-sla";

export { cancelOrder } from "./cancel";

export { decideApproval } from "./decide-approval";

export { deliverResult } from "./deliver";

export { openDispute } from "./open-dispute";

export { OPERATOR_ORDER_ACTIONS, type OperatorOrderAction, operatorOrderAction } from "./operator-action";

export { listDisputes, listSlaBreaches, listStalledOrders, operatorOrderDetail, operatorOverview, searchOrders } from "./operator-reads";

export {
  ADMIN_ORDER_ACTIONS,
  adminOnOrder,
  getOrganizationOrder,
  listOrganizationOrders,
  type OrganizationOrderSearch,
  organizationAttention,
  pendingApprovalCounts,
} from "./organization-reads";

export { type CreateOrderInput, createOrder } from "./place";

export { postClientMessage, postOperatorMessage } from "./post-message";

export {
  getMyOrder,
  listMyOffers,
  listMyOrders,
  listMyWithdrawnOffers,
  PRACTITIONER_ACTIONS,
  type PractitionerAction,
  type PractitionerOrderView,
  practitionerReviews,
} from "./practitioner-reads";

export { releaseOrder } from "./release";

export { requestRevision } from "./request-revision";

export { revealClientData } from "./reveal-client-data";

export { reviewOrder } from "./review";

export { startWork } from "./start-work";
