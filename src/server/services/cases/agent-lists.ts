import type { Case, Invoice, Prisma } from "@/generated/prisma/client";
import type { CaseStatus, InvoiceStatus } from "@/generated/prisma/enums";
import { type OrganizationActor, ownerOf, requireActor } from "@/server/domain/access/actor";
import { type CreatedWindow, cursorRow, keyset, type Page, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import type { ServiceDeps } from "../deps";
import { byParent, metadataMatches, POSITION, scopeOf } from "../keyset-lists";
import { PRACTITIONER_SEEN_BY_CLIENT } from "../orders";
import type { CaseWithBids } from "./cases";

/** The agent's lists of cases and invoices (GET /v1/cases, /v1/invoices), paged like the orders (orders/agent-lists.ts). */

export interface CaseListFilter {
  status?: CaseStatus;
  created?: CreatedWindow;
  metadata?: Record<string, string>;
}

export interface InvoiceListFilter {
  status?: InvoiceStatus;
  created?: CreatedWindow;
}

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
