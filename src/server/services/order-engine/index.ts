export { COST_INCLUDE, type CostWithReceipt, moveCost, ORDER_COSTS } from "./cost-moves";

export {
  addMessage,
  assertRoomForMessage,
  changeContextOf,
  changeOrderStatus,
  changeOrderStatusAtOnce,
  loadOrder,
  ORDER_MESSAGE_LIMIT,
  type OrderWithMessages,
  orderPayment,
  ownOrder,
  ownOrderWithMessages,
  PRACTITIONER_SEEN_BY_CLIENT,
  type StatusChangeContext,
  type StatusChangeExtra,
  startOfferings,
  transitionColumns,
} from "./status";
