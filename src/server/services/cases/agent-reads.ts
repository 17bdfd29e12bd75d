import type { Case, Invoice, Prisma } from "@/generated/prisma/client";
import type { CaseStatus, InvoiceStatus } from "@/generated/prisma/enums";
import { type OrganizationActor, ownerOf, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { type CreatedWindow, cursorRow, keyset, type Page, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import type { ServiceDeps } from "../deps";
import { byParent, metadataMatches, POSITION, scopeOf } from "../keyset-lists";
import { PRACTITIONER_SEEN_BY_CLIENT } from "../order-engine";
import { type CaseWithBids, ownCase } from "./case-rows";
import type { Selection } from "./select";

/** A case of this organisation in this mode with all its bids, or 404: another organisation's (or mode's) case is never acknowledged. */
export async function getCase(
  deps: Pick<ServiceDeps, "db">,
  { actor, caseId }: { actor: OrganizationActor; caseId: string },
): Promise<CaseWithBids> {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  return ownCase(deps.db, owner, caseId);
}

/** A case of this organisation with a selected bid, and its invoice: what a selection answered. */
export async function getSelection(
  deps: Pick<ServiceDeps, "db">,
  { actor, caseId }: { actor: OrganizationActor; caseId: string },
): Promise<Selection> {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  const { db } = deps;
  const found = await ownCase(db, owner, caseId);
  const invoice = await db.invoice.findUnique({ where: { caseId } });
  if (!invoice) throw new AppError("INVALID_STATE", `Case ${caseId} has no selected bid.`);
  return { case: found, invoice };
}

/** The agent's lists of cases and invoices (GET /v1/cases, /v1/invoices), paged like the orders (orders/agent-reads.ts). */

export interface CaseListFilter {
  status?: CaseStatus;
  created?: CreatedWindow;
  metadata?: Record<string, string>;
}

export interface InvoiceListFilter {
  status?: InvoiceStatus;
  created?: CreatedWindow;
}

/** GET /v1/cases: a page of the organisation's cases in the key's mode, filtered. */
export async function listCases(
  deps: Pick<ServiceDeps, "db">,
  { actor, request, filter = {} }: { actor: OrganizationActor; request: PageRequest; filter?: CaseListFilter },
): Promise<Page<CaseWithBids>> {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  const { db } = deps;
  const scope = scopeOf(owner);
  const at = await cursorRow(request, "cases", (id) => db.case.findFirst({ where: { id, ...scope }, select: POSITION }));
  const { after, orderBy } = keyset(request, "createdAt", at);
  const where: Prisma.CaseWhereInput = {
    ...scope,
    status: filter.status,
    createdAt: filter.created,
    AND: [...after, ...metadataMatches(filter.metadata)],
  };
  const page = pageFrom(await db.case.findMany({ where, orderBy, take: rowsToRead(request) }), request);
  // Bids, the invoice and the opened order are part of the Case object: one query each, for the cases shown only.
  const ids = page.data.map((row) => row.id);
  const [bids, orders, invoices] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db.bid.findMany({
            where: { caseId: { in: ids } },
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            include: { practitioner: PRACTITIONER_SEEN_BY_CLIENT },
          }),
          db.order.findMany({ where: { caseId: { in: ids } }, select: { id: true, caseId: true } }),
          db.invoice.findMany({ where: { caseId: { in: ids } }, select: { id: true, caseId: true } }),
        ]);
  const bidsOf = byParent(bids, (bid) => bid.caseId);
  const orderOf = new Map(orders.map((order) => [order.caseId, { id: order.id }]));
  const invoiceOf = new Map(invoices.map((invoice) => [invoice.caseId, { id: invoice.id }]));
  return {
    data: page.data.map((row: Case) => ({
      ...row,
      bids: bidsOf.get(row.id) ?? [],
      order: orderOf.get(row.id) ?? null,
      invoice: invoiceOf.get(row.id) ?? null,
    })),
    hasMore: page.hasMore,
  };
}

/** GET /v1/invoices: a page of the organisation's invoices in the key's mode. */
export async function listInvoices(
  deps: Pick<ServiceDeps, "db">,
  { actor, request, filter = {} }: { actor: OrganizationActor; request: PageRequest; filter?: InvoiceListFilter },
): Promise<Page<Invoice>> {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  const { db } = deps;
  const scope = scopeOf(owner);
  const at = await cursorRow(request, "invoices", (id) => db.invoice.findFirst({ where: { id, ...scope }, select: POSITION }));
  const { after, orderBy } = keyset(request, "createdAt", at);
  const where: Prisma.InvoiceWhereInput = { ...scope, status: filter.status, createdAt: filter.created, AND: after };
  return pageFrom(await db.invoice.findMany({ where, orderBy, take: rowsToRead(request) }), request);
}

/** An invoice of this organisation in this mode, or 404: another organisation's (or mode's) invoice is never acknowledged. */
export async function getInvoice(
  deps: Pick<ServiceDeps, "db">,
  { actor, invoiceId }: { actor: OrganizationActor; invoiceId: string },
): Promise<Invoice> {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  const { db } = deps;
  const invoice = await db.invoice.findFirst({ where: { id: invoiceId, organizationId: owner.organizationId, livemode: owner.livemode } });
  if (!invoice) throw new AppError("NOT_FOUND", `No invoice ${invoiceId}.`);
  return invoice;
}
