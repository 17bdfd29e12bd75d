export { listCases, listInvoices } from "./agent-lists";
export { type CaseWithBids, closeCase, createCase, type CreateCaseInput, getCase, getCaseForPractitioner, getSelection, listCasesForOperator, listOpenCasesForPractitioner, placeBid, type PractitionerCaseView, selectBid, type Selection, submitBid, withdrawBid } from "./cases";
export { getInvoice, payInvoice } from "./invoices";
export { listOrganizationCases } from "./organization-cases";
export { listMyBids } from "./practitioner-bids";
