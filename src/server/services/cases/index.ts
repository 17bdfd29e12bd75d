export { listCases, listInvoices } from "./agent-lists";
export {
  type CaseWithBids,
  type CreateCaseInput,
  closeCase,
  createCase,
  getCase,
  getCaseForPractitioner,
  getSelection,
  listCasesForOperator,
  listOpenCasesForPractitioner,
  type PractitionerCaseView,
  placeBid,
  type Selection,
  selectBid,
  selectBidAsAdmin,
  submitBid,
  withdrawBid,
  withdrawCase,
} from "./cases";
export { getInvoice, payInvoice } from "./invoices";
export { listOrganizationCases } from "./organization-cases";
export { listMyBids } from "./practitioner-bids";
