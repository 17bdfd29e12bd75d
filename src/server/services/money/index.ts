export {
  chargeKeySpend,
  getBalance,
  type KeyBalance,
  releaseKeySpend,
  releaseOrderSpend,
  STATUSES_NOT_SPENT,
  spentThisMonth,
} from "./balance";
export { earningsStatement, earningsSummary, feesOfOrders, payableBalances, recordPayout } from "./earnings";
export {
  accounts,
  balanceOf,
  platformRevenueTotal,
  shortTransferError,
  statementPage,
  type TransferInput,
  transfer,
  transferSpec,
} from "./ledger";
export { monthlySpend } from "./spend";
