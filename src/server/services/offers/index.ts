export {
  acceptOffer,
  declineOffer,
  ensureOffering,
  ensureOfferings,
  expireOffer,
  expireOffers,
  OFFER_DURATION_MS,
  offerNext,
  offersDueToExpire,
  ordersNeedingOffer,
  refundStalledOrder,
  restartOffering,
  STALL_REASONS,
  STALL_REFUND_MESSAGE,
  stalledOrdersDueForRefund,
} from "./offers";
export { ensureSimulatedPractitioners, nextSimulatedBidder, SIMULATED_ORDER_PRACTITIONER_ID } from "./simulated-practitioners";
