export { chargeKeySpend, getBalance, type KeyBalance, releaseKeySpend, releaseOrderSpend, spentThisMonth, STATUSES_NOT_SPENT } from "./balance";
export { earningsStatement, earningsSummary,  payableBalances, recordPayout } from "./earnings";
export { accounts, balanceOf, platformRevenueTotal, statementPage, transfer, type TransferInput, transferSpec } from "./ledger";
export { monthlySpend } from "./spend";
