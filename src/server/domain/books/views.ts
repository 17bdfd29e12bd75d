import type { FinancialDocumentKind } from "./numbering";

/**
 * What each financial PDF prints, assembled by services/books and rendered by
 * services/books/pdf: the renderers take these and nothing else, so a document's content is
 * decided in one place and its layout in another.
 */

/** A buyer or seller as printed: NPWP and address are optional on the buyer's side. */
export interface Party {
  name: string;
  address: string | null;
  npwp: string | null;
}

/** A receipt, credit note or deposit receipt (FinancialDocument). */
export interface FinancialDocumentView {
  number: string;
  kind: FinancialDocumentKind;
  livemode: boolean;
  issuedAt: Date;
  paidAt: Date;
  description: string;
  orderId: string | null;
  amountIdr: bigint;
  practitionerFeeIdr: bigint;
  platformFeeIdr: bigint;
  vatBaseIdr: bigint;
  vatIdr: bigint;
  passThroughIdr: bigint;
  /** The rule the VAT was computed with; null when the document has no platform fee. */
  tax: { vatRateBasisPoints: number; vatBaseNumerator: number; vatBaseDenominator: number } | null;
  buyer: Party;
  seller: Party;
  /** The receipt a credit note corrects. */
  corrects: { number: string; issuedAt: Date } | null;
}

/** A case-board invoice (Invoice): the accepted bid plus the platform's fee, VAT inside it. */
export interface InvoiceView {
  id: string;
  livemode: boolean;
  issuedAt: Date;
  status: "belum_dibayar" | "dibayar" | "dibatalkan";
  paidAt: Date | null;
  caseTitle: string;
  practitionerName: string | null;
  bidIdr: bigint;
  platformFeeIdr: bigint;
  vatBaseIdr: bigint;
  vatIdr: bigint;
  totalIdr: bigint;
  tax: { vatRateBasisPoints: number; vatBaseNumerator: number; vatBaseDenominator: number };
  buyer: Party;
  seller: Party;
  /** The receipt of its payment, once paid. */
  receiptNumber: string | null;
}

/** One movement of a deposit in a month. */
export interface DepositStatementLine {
  at: Date;
  /** The ledger transfer's kind (deposit_topup, order_payment, cost_refund, …). */
  kind: string;
  /** The kind in words (domain/money/ledger-labels.ts). */
  label: string;
  /** What it concerns: the order, the cost, the bank reference of a top-up. */
  reference: string | null;
  /** The receipt, credit note or deposit receipt issued for it; null only in the seconds before it is issued. */
  documentNumber: string | null;
  /** Signed: into the deposit positive. */
  amountIdr: bigint;
  /** The deposit after this movement. */
  balanceIdr: bigint;
}

/** An organisation's deposit over one Jakarta month, in one mode. */
export interface DepositStatementView {
  month: string;
  /** The month is not over: the closing balance is the deposit now. */
  monthSoFar: boolean;
  livemode: boolean;
  organization: Party & { id: string };
  seller: Party;
  generatedAt: Date;
  openingBalanceIdr: bigint;
  closingBalanceIdr: bigint;
  /** What came in and what went out over the month, each a positive figure (the lines are signed). */
  totalInIdr: bigint;
  totalOutIdr: bigint;
  lines: DepositStatementLine[];
}

/** One movement of what the platform owes a practitioner. */
export interface EarningsStatementLine {
  at: Date;
  /** escrow_release, split_release, cost_reimbursement, practitioner_payout, … */
  kind: string;
  label: string;
  orderId: string | null;
  /** A payout's bank transfer reference. */
  bankReference: string | null;
  amountIdr: bigint;
  balanceIdr: bigint;
}

/** A practitioner's earnings over one Jakarta month (live money only: test money is never theirs). */
export interface EarningsStatementView {
  month: string;
  monthSoFar: boolean;
  practitioner: { id: string; name: string };
  seller: Party;
  generatedAt: Date;
  openingBalanceIdr: bigint;
  /** Fees earned (escrow releases and split shares). */
  feesEarnedIdr: bigint;
  /** Official costs reimbursed, apart from fees. */
  reimbursedCostsIdr: bigint;
  /** Payouts made (a positive figure). */
  payoutsIdr: bigint;
  /** What the platform owes at the month's end (or now). */
  balanceDueIdr: bigint;
  lines: EarningsStatementLine[];
}
