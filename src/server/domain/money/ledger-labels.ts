/** The transfers that credit a practitioner their fee for an order (its reference): acceptance, or a dispute's split. */
export const PRACTITIONER_FEE_TRANSFER_KINDS: readonly string[] = ["escrow_release", "split_release"];

/**
 * What each ledger transfer kind is called in the portals (services/money/ledger.ts records the codes).
 * Kinds no longer written (invoice_payment, invoice_fee: the case board's first money path) stay,
 * so an old entry is never shown as its code.
 */
const LEDGER_KIND_LABEL: Record<string, string> = {
  deposit_topup: "Setoran deposit",
  order_payment: "Pembayaran pesanan",
  order_refund: "Pengembalian dana pesanan",
  escrow_release: "Pembayaran pesanan (escrow dilepas)",
  platform_fee: "Biaya platform",
  practitioner_payout: "Pencairan ke rekening",
  invoice_payment: "Pembayaran tagihan kasus",
  invoice_fee: "Biaya platform tagihan kasus",
  cost_payment: "Biaya resmi disetujui (ke escrow)",
  cost_reimbursement: "Penggantian biaya resmi",
  cost_refund: "Pengembalian biaya resmi",
  split_release: "Putusan sengketa: bagian praktisi",
  split_fee: "Putusan sengketa: biaya platform",
  split_refund: "Putusan sengketa: pengembalian ke deposit",
};

/** A transfer's label; a kind without one reads as a generic movement, never as its code. */
export function ledgerKindLabel(kind: string): string {
  return LEDGER_KIND_LABEL[kind] ?? "Mutasi saldo";
}
