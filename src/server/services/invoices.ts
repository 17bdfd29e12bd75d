import type { Invoice } from "@/generated/prisma/client";
import { invoiceTransition } from "@/server/domain/case-state";
import type { Clock } from "@/server/domain/clock";
import type { DataOwner } from "@/server/domain/data-owner";
import { AppError } from "@/server/domain/errors";
import type { Db } from "@/server/db/client";
import { audit, type AuditEntry } from "./audit";
import { accounts, balanceOf, transfer } from "./ledger";

export interface PayInvoiceInput {
  owner: DataOwner;
  invoiceId: string;
  actor: Pick<AuditEntry, "actorType" | "actorId">;
}

/**
 * An org admin (or, on a test invoice, the test helper) pays a case-board invoice from the organisation's deposit, in one transaction:
 * the bid to the practitioner's payable account, the platform fee to revenue, the invoice
 * → dibayar. The conditional UPDATE comes first, so of two concurrent payments one pays and the
 * other fails before any money moves; a deposit that does not cover the total changes nothing.
 */
export async function payInvoice(db: Db, clock: Clock, input: PayInvoiceInput): Promise<Invoice> {
  const now = clock.now();
  return db.$transaction(async (tx) => {
    const invoice = await tx.invoice.findFirst({ where: { id: input.invoiceId, organizationId: input.owner.organizationId, livemode: input.owner.livemode } });
    if (!invoice) throw new AppError("NOT_FOUND", `No invoice ${input.invoiceId}.`);
    const move = invoiceTransition(invoice.status, "pay", "org_admin");
    const claimed = await tx.invoice.updateMany({ where: { id: invoice.id, status: invoice.status }, data: { status: move.to, paidAt: now, updatedAt: now } });
    if (claimed.count !== 1) throw new AppError(move.refusal, "The invoice was changed by another request meanwhile; read it again.");

    const deposit = accounts.orgDeposit(invoice.organizationId, invoice.livemode);
    const available = await balanceOf(tx, deposit);
    if (available < invoice.totalIdr) {
      throw new AppError("INSUFFICIENT_DEPOSIT", `The deposit (Rp ${available}) does not cover invoice ${invoice.id} (Rp ${invoice.totalIdr}); ask the operator to top it up.`);
    }
    const bid = await tx.bid.findUniqueOrThrow({ where: { id: invoice.bidId }, select: { practitionerId: true, priceIdr: true } });
    await transfer(tx, { from: deposit, to: accounts.practitionerPayable(bid.practitionerId, invoice.livemode), amountIdr: bid.priceIdr, kind: "invoice_payment", reference: invoice.id });
    await transfer(tx, { from: deposit, to: accounts.platformRevenue(invoice.livemode), amountIdr: invoice.feeIdr, kind: "invoice_fee", reference: invoice.id });
    await audit(tx, {
      ...input.actor,
      action: "invoice.pay",
      subjectType: "invoice",
      subjectId: invoice.id,
      data: { total_idr: invoice.totalIdr.toString(), fee_idr: invoice.feeIdr.toString() },
    });
    return tx.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
  });
}
