import type { FinancialDocument } from "@/generated/prisma/client";
import { type Actor, ownerOf, requireActor } from "@/server/domain/access/actor";
import { normalizeDocumentNumber } from "@/server/domain/books/numbering";
import type { FinancialDocumentView, Party } from "@/server/domain/books/views";
import { AppError } from "@/server/domain/errors";
import { cursorRow, keyset, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import type { ServiceDeps } from "../deps";

/**
 * Reading the books' documents (services/books/issue.ts writes them). An organisation's side (its
 * agent, its admins) reads its own in its mode; the operator reads every one; any other document
 * is NOT_FOUND, never FORBIDDEN, so an id says nothing about another organisation.
 */

/** Who may read which documents. */
function scopeOf(actor: Actor): { organizationId?: string; livemode?: boolean } {
  requireActor(actor, "agent", "admin", "operator");
  if (actor.kind === "operator") return {};
  return ownerOf(actor);
}

const notFound = (what: string) => new AppError("NOT_FOUND", `No document ${what}.`);

/** One document by id, if the actor may read it. */
export async function getDocument(deps: Pick<ServiceDeps, "db">, { actor, id }: { actor: Actor; id: string }): Promise<FinancialDocument> {
  const document = await deps.db.financialDocument.findFirst({ where: { id, ...scopeOf(actor) } });
  if (!document) throw notFound(id);
  return document;
}

/** The operator's look-up by number, typed loosely ("kwt/2026/123"). */
export async function findDocumentByNumber(
  deps: Pick<ServiceDeps, "db">,
  { actor, number }: { actor: Actor; number: string },
): Promise<FinancialDocument | null> {
  requireActor(actor, "operator");
  const normalized = normalizeDocumentNumber(number);
  if (!normalized)
    throw new AppError("VALIDATION", "Nomor dokumen seperti KWT/2026/000123, NK/2026/000001 atau BST-UJI/2026/000001.", "number");
  return deps.db.financialDocument.findUnique({ where: { number: normalized } });
}

/** Every document of an order (receipts and credit notes of its payment, costs and refunds), oldest first. */
export async function orderDocuments(
  deps: Pick<ServiceDeps, "db">,
  { actor, orderId }: { actor: Actor; orderId: string },
): Promise<FinancialDocument[]> {
  return deps.db.financialDocument.findMany({
    where: { orderId, ...scopeOf(actor) },
    orderBy: [{ paidAt: "asc" }, { id: "asc" }],
  });
}

/** The documents of several orders at once (an order list), by order id. */
export async function documentsOfOrders(
  deps: Pick<ServiceDeps, "db">,
  { actor, orderIds }: { actor: Actor; orderIds: readonly string[] },
): Promise<Map<string, FinancialDocument[]>> {
  const byOrder = new Map<string, FinancialDocument[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await deps.db.financialDocument.findMany({
    where: { orderId: { in: [...orderIds] }, ...scopeOf(actor) },
    orderBy: [{ paidAt: "asc" }, { id: "asc" }],
  });
  for (const row of rows) byOrder.get(row.orderId!)?.push(row);
  return byOrder;
}

/**
 * An organisation's documents in its mode, newest first, a page at a time (the portal's "Dokumen
 * keuangan", the API's list); optionally one kind, one order's, or one Jakarta month's [from, to).
 */
export async function listOrganizationDocuments(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    page,
    kind,
    orderId,
    paidFrom,
    paidTo,
  }: {
    actor: Actor;
    page: PageRequest;
    kind?: FinancialDocument["kind"];
    orderId?: string;
    paidFrom?: Date;
    paidTo?: Date;
  },
) {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  const at = await cursorRow(page, "documents", (id) =>
    deps.db.financialDocument.findFirst({ where: { id, ...owner }, select: { id: true, paidAt: true } }),
  );
  const { after, orderBy } = keyset(page, "paidAt", at);
  const rows = await deps.db.financialDocument.findMany({
    where: {
      ...owner,
      ...(kind ? { kind } : {}),
      ...(orderId ? { orderId } : {}),
      ...(paidFrom || paidTo ? { paidAt: { ...(paidFrom ? { gte: paidFrom } : {}), ...(paidTo ? { lt: paidTo } : {}) } } : {}),
      AND: after,
    },
    orderBy,
    take: rowsToRead(page),
  });
  return pageFrom(rows, page);
}

/** What a document's PDF prints (domain/books/views.ts), from the row as frozen at issue. */
export async function documentView(deps: Pick<ServiceDeps, "db">, document: FinancialDocument): Promise<FinancialDocumentView> {
  const [setting, corrected] = await Promise.all([
    document.taxSettingId ? deps.db.taxSetting.findUnique({ where: { id: document.taxSettingId } }) : null,
    document.correctsId
      ? deps.db.financialDocument.findUnique({ where: { id: document.correctsId }, select: { number: true, issuedAt: true } })
      : null,
  ]);
  return {
    number: document.number,
    kind: document.kind,
    livemode: document.livemode,
    issuedAt: document.issuedAt,
    paidAt: document.paidAt,
    description: document.description,
    orderId: document.orderId,
    amountIdr: document.amountIdr,
    practitionerFeeIdr: document.practitionerFeeIdr,
    platformFeeIdr: document.platformFeeIdr,
    vatBaseIdr: document.vatBaseIdr,
    vatIdr: document.vatIdr,
    passThroughIdr: document.passThroughIdr,
    tax:
      setting && document.platformFeeIdr > 0n
        ? {
            vatRateBasisPoints: setting.vatRateBasisPoints,
            vatBaseNumerator: setting.vatBaseNumerator,
            vatBaseDenominator: setting.vatBaseDenominator,
          }
        : null,
    buyer: document.buyer as unknown as Party,
    seller: document.seller as unknown as Party,
    corrects: corrected,
  };
}
