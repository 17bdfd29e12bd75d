import type { Bid, Case, Invoice, Order, OrderMessage, Prisma } from "@/generated/prisma/client";
import type { CaseStatus, InvoiceStatus, OrderStatus } from "@/generated/prisma/enums";
import type { DataOwner } from "@/server/domain/data-owner";
import { type CreatedWindow, cursorRow, keyset, type Page, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import type { CaseWithBids } from "./cases";
import type { ServiceDeps } from "./deps";

/**
 * The agent's lists (GET /v1/orders, /v1/cases, /v1/invoices): one organisation in one mode,
 * newest first, keyset-paged on (createdAt, id) so that rows created while an agent pages
 * appear at the head and never shift a page it has yet to read. Each list is one indexed read
 * of the page (plus the cursor row) and one read per kind of child row, for the page's ids only.
 */

export interface OrderListFilter {
  status?: OrderStatus;
  service?: string;
  created?: CreatedWindow;
  /** Every pair must match (AND). */
  metadata?: Record<string, string>;
}

export interface CaseListFilter {
  status?: CaseStatus;
  created?: CreatedWindow;
  metadata?: Record<string, string>;
}

export interface InvoiceListFilter {
  status?: InvoiceStatus;
  created?: CreatedWindow;
}

type Scope = { organizationId: string; livemode: boolean };

const scopeOf = (owner: DataOwner): Scope => ({ organizationId: owner.organizationId, livemode: owner.livemode });

const POSITION = { createdAt: true, id: true } as const;

const metadataMatches = (metadata: Record<string, string> = {}) => Object.entries(metadata).map(([key, value]) => ({ metadata: { path: [key], equals: value } }));

/** Rows grouped by their parent's id, in the order read. */
function byParent<T>(rows: T[], parentOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const parent = parentOf(row);
    const group = groups.get(parent);
    if (group) group.push(row);
    else groups.set(parent, [row]);
  }
  return groups;
}

/** An order as the agent's Order object shows it: its row and its messages. */
export type ListedOrder = Order & { messages: OrderMessage[] };

export async function listOrders(deps: Pick<ServiceDeps, "db">, owner: DataOwner, request: PageRequest, filter: OrderListFilter = {}): Promise<Page<ListedOrder>> {
  const { db } = deps;
  const scope = scopeOf(owner);
  const at = await cursorRow(request, "orders", (id) => db.order.findFirst({ where: { id, ...scope }, select: POSITION }));
  const { after, orderBy } = keyset(request, "createdAt", at);
  const where: Prisma.OrderWhereInput = {
    ...scope,
    status: filter.status,
    serviceCode: filter.service,
    createdAt: filter.created,
    AND: [...after, ...metadataMatches(filter.metadata)],
  };
  const page = pageFrom(await db.order.findMany({ where, orderBy, take: rowsToRead(request) }), request);
  // Messages are part of the Order object: read in one query, for the orders shown only.
  const ids = page.data.map((order) => order.id);
  const messages = ids.length === 0 ? [] : await db.orderMessage.findMany({ where: { orderId: { in: ids } }, orderBy: [{ orderId: "asc" }, { seq: "asc" }] });
  const messagesOf = byParent(messages, (message) => message.orderId);
  return { data: page.data.map((order) => ({ ...order, messages: messagesOf.get(order.id) ?? [] })), hasMore: page.hasMore };
}

export async function listCases(deps: Pick<ServiceDeps, "db">, owner: DataOwner, request: PageRequest, filter: CaseListFilter = {}): Promise<Page<CaseWithBids>> {
  const { db } = deps;
  const scope = scopeOf(owner);
  const at = await cursorRow(request, "cases", (id) => db.case.findFirst({ where: { id, ...scope }, select: POSITION }));
  const { after, orderBy } = keyset(request, "createdAt", at);
  const where: Prisma.CaseWhereInput = { ...scope, status: filter.status, createdAt: filter.created, AND: [...after, ...metadataMatches(filter.metadata)] };
  const page = pageFrom(await db.case.findMany({ where, orderBy, take: rowsToRead(request) }), request);
  // Bids and the opened order are part of the Case object: one query each, for the cases shown only.
  const ids = page.data.map((row) => row.id);
  const [bids, orders] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db.bid.findMany({ where: { caseId: { in: ids } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
          db.order.findMany({ where: { caseId: { in: ids } }, select: { id: true, caseId: true } }),
        ]);
  const bidsOf = byParent<Bid>(bids, (bid) => bid.caseId);
  const orderOf = new Map(orders.map((order) => [order.caseId, { id: order.id }]));
  return { data: page.data.map((row: Case) => ({ ...row, bids: bidsOf.get(row.id) ?? [], order: orderOf.get(row.id) ?? null })), hasMore: page.hasMore };
}

export async function listInvoices(deps: Pick<ServiceDeps, "db">, owner: DataOwner, request: PageRequest, filter: InvoiceListFilter = {}): Promise<Page<Invoice>> {
  const { db } = deps;
  const scope = scopeOf(owner);
  const at = await cursorRow(request, "invoices", (id) => db.invoice.findFirst({ where: { id, ...scope }, select: POSITION }));
  const { after, orderBy } = keyset(request, "createdAt", at);
  const where: Prisma.InvoiceWhereInput = { ...scope, status: filter.status, createdAt: filter.created, AND: after };
  return pageFrom(await db.invoice.findMany({ where, orderBy, take: rowsToRead(request) }), request);
}
