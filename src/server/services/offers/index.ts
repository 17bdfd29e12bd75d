export { acceptOffer } from "./accept";
export { declineOffer, declineOfferIn } from "./decline";
export { ensureOffering, ensureOfferings, ordersNeedingOffer } from "./ensure-offering";

export { expireOffer, expireOffers, offersDueToExpire } from "./expire";
export { OFFER_DURATION_MS, offerNext, STALL_REASONS } from "./offer-next";
export { offerToPractitioner, practitionersForOrder } from "./offer-to";

export { refundStalledOrder, STALL_REFUND_MESSAGE, stalledOrdersDueForRefund } from "./refund-stalled";
export { restartOffering } from "./restart";
export {
  ensureSandboxStandIn,
  ensureSimulatedPractitioners,
  nextSimulatedBidder,
  SIMULATED_ORDER_PRACTITIONER_ID,
} from "./simulated-practitioners";
