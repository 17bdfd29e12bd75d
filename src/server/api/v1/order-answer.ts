import type { FinancialDocument } from "@/generated/prisma/client";
import type { Page } from "@/server/domain/paging";
import { documentsOfOrders, orderDocuments } from "@/server/services/books";
import { publicUrlOf } from "@/server/services/deps";
import type { OrderWithMessages } from "@/server/services/order-engine";
import type { AgentContext } from "../agent-procedure";
import { type OrderReceipt, serializeOrderReceipt } from "../schemas/books/receipt";
import { serializeList } from "../schemas/list";
import { type OrderResponse, serializeOrder } from "../schemas/orders/order";

/*
 * An order as every /v1 answer carries it (GET, the list, each POST that answers the order, the
 * test helpers): with its receipts and credit notes, read after the change committed, so a
 * document the issuer wrote meanwhile is there. Webhook bodies carry no receipts: a snapshot at
 * the event would be older than the documents that follow it (docs/decisions/books-api.md).
 */

/** An order's documents as its answer lists them. */
export const receiptsOf = (ctx: AgentContext, documents: readonly FinancialDocument[]): OrderReceipt[] => {
  const publicUrl = publicUrlOf(ctx);
  return documents.map((document) => serializeOrderReceipt(document, publicUrl));
};

export async function orderAnswer(ctx: AgentContext, order: Omit<OrderWithMessages, "apiKey">): Promise<OrderResponse> {
  return serializeOrder(order, receiptsOf(ctx, await orderDocuments(ctx, { actor: ctx.actor, orderId: order.id })));
}

/** A page of orders, their documents read in one query for the whole page. */
export async function orderPageAnswer(ctx: AgentContext, page: Page<Omit<OrderWithMessages, "apiKey">>) {
  const byOrder = await documentsOfOrders(ctx, { actor: ctx.actor, orderIds: page.data.map((order) => order.id) });
  return serializeList(page, (order) => serializeOrder(order, receiptsOf(ctx, byOrder.get(order.id) ?? [])));
}
