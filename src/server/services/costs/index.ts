export { cancelCostByOperator } from "./cancel";

export { type CostDecision, decideCost } from "./decide";

export { payCost } from "./pay";

export {
  getCost,
  listLateReceipts,
  listPractitionerCosts,
  listUndecidedCosts,
  operatorOrderCosts,
  organizationOrderCosts,
  type PractitionerOrderCosts,
  practitionerOrderCosts,
  undecidedCostCounts,
} from "./reads";

export { requestCost } from "./request";
