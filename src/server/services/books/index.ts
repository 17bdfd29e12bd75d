export { depositStatementCsv, earningsStatementCsv } from "@/server/domain/books/statement-csv";
export * from "./bank-import";
export * from "./documents";
export * from "./issue";
export { renderDepositStatement, renderEarningsStatement, renderFinancialDocument, renderInvoice } from "./pdf/render";
export * from "./settings";
export * from "./statements";
