import type { Invoice } from "@/generated/prisma/client";
import { KUASA, type OrganizationActor, requireActor, sandboxAdminOf } from "@/server/domain/access/actor";
import { caseMatterOf } from "@/server/domain/cases/case-board";
import { invoiceTransition } from "@/server/domain/cases/case-state";
import { AppError } from "@/server/domain/errors";
import { invoiceSummary } from "@/server/domain/events/webhook-event";
import { newId } from "@/server/domain/ids";
import { partiesOfMatter } from "@/server/domain/practitioners/conflicts";
import { audit } from "../audit";
import { CASE_WORK_SERVICE_CODE } from "../catalog";
import type { ServiceDeps } from "../deps";
import { recordCaseEvent } from "../events";
import { accounts, balanceOf } from "../money";
import { changeContextOf, changeOrderStatus } from "../order-engine";

/**
 * An org admin (or, on a test invoice, the test helper) pays a case-board invoice. Paying credits
 * nobody yet: it opens an order for the selected practitioner, already taken (`diambil`), priced
 * at the invoice total, whose money sits in escrow and follows the order machinery (messages,
 * delivery, acceptance, revision, dispute, refund). On acceptance the practitioner is credited
 * the bid and the platform the fee, as for any order. One transaction; the invoice's conditional
 * UPDATE comes first, so of two concurrent payments one pays and the other changes nothing, and a
 * deposit that does not cover the total changes nothing either.
 */
export async function payInvoice(
  deps: ServiceDeps,
  { actor, invoiceId }: { actor: OrganizationActor; invoiceId: string },
): Promise<Invoice> {
  requireActor(actor, "admin", "agent");
  // An agent pays through the test helpers only, on a test invoice; live ones are paid by an admin.
  if (actor.kind === "agent" && actor.livemode) throw new AppError("FORBIDDEN", "An invoice is paid by an admin in the portal.");
  const change = changeContextOf(deps);
  const { now } = change;
  return deps.db.$transaction(async (tx) => {
    const invoice = await tx.invoice.findFirst({
      where: { id: invoiceId, organizationId: actor.organizationId, livemode: actor.livemode },
    });
    if (!invoice) throw new AppError("NOT_FOUND", `No invoice ${invoiceId}.`);
    const move = invoiceTransition(invoice.status, "pay", "admin");
    const claimed = await tx.invoice.updateMany({
      where: { id: invoice.id, status: invoice.status },
      data: { status: move.to, paidAt: now, updatedAt: now },
    });
    if (claimed.count !== 1) throw new AppError(move.refusal, "The invoice was changed by another request meanwhile; read it again.");

    const available = await balanceOf(tx, accounts.orgDeposit(invoice.organizationId, invoice.livemode));
    if (available < invoice.totalIdr) {
      throw new AppError(
        "INSUFFICIENT_DEPOSIT",
        `The deposit (Rp ${available}) does not cover invoice ${invoice.id} (Rp ${invoice.totalIdr}); ask the operator to top it up.`,
      );
    }
    const found = await tx.case.findUniqueOrThrow({
      where: { id: invoice.caseId },
      select: { id: true, apiKeyId: true, contactName: true, counterparties: true, organization: { select: { name: true } } },
    });
    const bid = await tx.bid.findUniqueOrThrow({
      where: { id: invoice.bidId },
      select: { practitionerId: true, priceIdr: true, etaDays: true, createdAt: true, conflictConfirmedAt: true },
    });
    const born = await tx.order.create({
      data: {
        id: newId("order"),
        organizationId: invoice.organizationId,
        apiKeyId: found.apiKeyId,
        serviceCode: CASE_WORK_SERVICE_CODE,
        status: "dibuat",
        priceIdr: invoice.totalIdr,
        // What the practitioner is credited on acceptance: their bid; the rest is the platform fee.
        clientPriceIdr: bid.priceIdr,
        intake: {},
        livemode: invoice.livemode,
        caseId: found.id,
        // The board hid the case from practitioners with a conflict, and the bid was checked when made.
        conflictParties: partiesOfMatter(caseMatterOf(found)),
        conflictCheckedAt: bid.createdAt,
        createdAt: now,
        updatedAt: now,
      },
    });
    // A test helper paying stands in for an org admin: the sandbox's admin.
    const payer = actor.kind === "admin" ? actor : sandboxAdminOf(actor);
    const paid = await changeOrderStatus(tx, change, born, "pay_invoice", payer, { slaDays: bid.etaDays });
    const order = await changeOrderStatus(tx, change, paid, "assign_selected_bidder", KUASA, {
      practitionerId: bid.practitionerId,
      conflictConfirmedAt: bid.conflictConfirmedAt ?? undefined,
    });
    const settled = await tx.invoice.update({ where: { id: invoice.id }, data: { orderId: order.id } });

    const owner = { organizationId: invoice.organizationId, livemode: invoice.livemode, apiKeyId: found.apiKeyId };
    await recordCaseEvent(tx, { caseId: found.id, owner }, { event: "invoice.dibayar", invoice: invoiceSummary(settled) }, now);
    await audit(tx, {
      actor,
      action: "invoice.pay",
      subjectType: "invoice",
      subjectId: invoice.id,
      data: { total_idr: invoice.totalIdr.toString(), fee_idr: invoice.feeIdr.toString(), order_id: order.id },
    });
    return settled;
  });
}
