import { type AdminActor, requireActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";

/**
 * The org admin's view of its case board: every live case the organisation's agents submitted, its
 * bids with who offers them (name, label and licence number, as the operator verified them: what
 * the admin weighs when selecting one in the portal) and the invoice of a selected bid.
 * Payment itself is payInvoice in pay-invoice.ts.
 */
export async function listOrganizationCases(deps: Pick<ServiceDeps, "db">, { actor, limit = 100 }: { actor: AdminActor; limit?: number }) {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const { db } = deps;
  const rows = await db.case.findMany({
    where: { organizationId, livemode: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: {
      bids: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        include: { practitioner: { select: { name: true, label: true } } },
      },
      invoice: true,
    },
  });
  return rows.map((c) => ({
    id: c.id,
    status: c.status,
    contactName: c.contactName,
    story: c.story,
    area: c.area,
    urgency: c.urgency,
    budgetRange: c.budgetRange,
    selectedBidId: c.selectedBidId,
    createdAt: c.createdAt,
    bids: c.bids.map((b) => ({
      id: b.id,
      status: b.status,
      scope: b.scope,
      etaDays: b.etaDays,
      note: b.note,
      priceIdr: Number(b.priceIdr),
      clientPaysIdr: Number(b.clientPaysIdr),
      createdAt: b.createdAt,
      practitioner: b.practitioner,
    })),
    invoice: c.invoice && {
      id: c.invoice.id,
      status: c.invoice.status,
      totalIdr: Number(c.invoice.totalIdr),
      feeIdr: Number(c.invoice.feeIdr),
      paidAt: c.invoice.paidAt,
      createdAt: c.invoice.createdAt,
      /** The order its payment opened: the work, in escrow until accepted. */
      orderId: c.invoice.orderId,
    },
  }));
}
