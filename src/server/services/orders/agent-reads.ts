import type { OrderMessage, Prisma } from "@/generated/prisma/client";
import type { OrderStatus } from "@/generated/prisma/enums";
import { type OrganizationActor, ownerOf, requireActor } from "@/server/domain/access/actor";
import { type CreatedWindow, cursorRow, keyset, type Page, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import type { ServiceDeps } from "../deps";
import type { AttachedFile } from "../files";
import { byParent, metadataMatches, POSITION, scopeOf } from "../keyset-lists";
import { ORDER_COSTS, type OrderWithMessages, ownOrderWithMessages, PRACTITIONER_SEEN_BY_CLIENT } from "../order-engine";

/**
 * The agent's reads of orders: one order (GET /v1/orders/{id}) and the list (GET /v1/orders; the cases and invoices are in cases/agent-reads.ts): one organisation in one mode,
 * newest first, keyset-paged on (createdAt, id) so that rows created while an agent pages
 * appear at the head and never shift a page it has yet to read. Each list is one indexed read
 * of the page (plus the cursor row) and one read per kind of child row, for the page's ids only.
 */

/** An order of this organisation in this mode with its messages and files, or 404. */
export async function getOrder(
  deps: Pick<ServiceDeps, "db">,
  { actor, id }: { actor: OrganizationActor; id: string },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  return ownOrderWithMessages(deps.db, owner, id);
}

export interface OrderListFilter {
  status?: OrderStatus;
  service?: string;
  created?: CreatedWindow;
  /** Every pair must match (AND). */
  metadata?: Record<string, string>;
}

/** An order as the agent's Order object shows it: its row, its messages, files, practitioner and review. */
export type ListedOrder = Omit<OrderWithMessages, "messages" | "files"> & { messages: OrderMessage[]; files: AttachedFile[] };

/** GET /v1/orders: a page of the organisation's orders in the key's mode, filtered. */
export async function listOrders(
  deps: Pick<ServiceDeps, "db">,
  { actor, request, filter = {} }: { actor: OrganizationActor; request: PageRequest; filter?: OrderListFilter },
): Promise<Page<ListedOrder>> {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
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
  const page = pageFrom(
    await db.order.findMany({
      where,
      orderBy,
      take: rowsToRead(request),
      include: { practitioner: PRACTITIONER_SEEN_BY_CLIENT, review: true, costs: ORDER_COSTS },
    }),
    request,
  );
  // Messages and files are part of the Order object: read in one query each, for the orders shown only.
  const ids = page.data.map((order) => order.id);
  const [messages, files] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db.orderMessage.findMany({ where: { orderId: { in: ids } }, orderBy: [{ orderId: "asc" }, { seq: "asc" }] }),
          db.fileAttachment.findMany({
            where: { orderId: { in: ids } },
            include: { file: true },
            orderBy: [{ orderId: "asc" }, { position: "asc" }],
          }),
        ]);
  const messagesOf = byParent(messages, (message) => message.orderId);
  const filesOf = byParent(files, (attachment) => attachment.orderId);
  return {
    data: page.data.map((order) => ({ ...order, messages: messagesOf.get(order.id) ?? [], files: filesOf.get(order.id) ?? [] })),
    hasMore: page.hasMore,
  };
}
