import type { Db } from "@/server/db/client";
import type { AgentCreate, ChaosSnapshot, ReceivedDelivery } from "./invariants";

/** The metadata field in which the chaos agents carry each create request's Idempotency-Key. */
export const CREATE_KEY_FIELD = "chaos_create_key";

/** Reads everything the invariants look at, in one repeatable-read transaction, once the server has stopped. */
export async function readSnapshot(db: Db, seen: { received: ReceivedDelivery[]; creates: AgentCreate[] }): Promise<ChaosSnapshot> {
  return db.$transaction(
    async (tx) => {
      const [accounts, transfers, entries, orders, costs, events, offers] = await Promise.all([
        tx.ledgerAccount.findMany({ select: { id: true, code: true, kind: true, livemode: true, orderId: true, balanceIdr: true } }),
        tx.ledgerTransfer.findMany({ select: { id: true, kind: true, reference: true } }),
        tx.ledgerEntry.findMany({ select: { transferId: true, accountId: true, amountIdr: true } }),
        tx.order.findMany({
          select: {
            id: true,
            status: true,
            livemode: true,
            priceIdr: true,
            caseId: true,
            offeringStalledAt: true,
            offeringRefundAt: true,
            metadata: true,
            _count: { select: { offers: { where: { status: "aktif" } } } },
          },
        }),
        tx.orderCost.findMany({ select: { id: true, orderId: true, status: true, amountIdr: true } }),
        tx.webhookEvent.findMany({ select: { id: true, orderId: true, type: true, _count: { select: { deliveries: true } } } }),
        tx.offer.findMany({
          select: { id: true, orderId: true, practitionerId: true, status: true, offeredAt: true, expiresAt: true, respondedAt: true },
        }),
      ]);
      return {
        accounts,
        transfers,
        entries,
        orders: orders.map(({ metadata, _count, ...order }) => {
          const createKey = (metadata as Record<string, unknown>)[CREATE_KEY_FIELD];
          return { ...order, hasActiveOffer: _count.offers > 0, createKey: typeof createKey === "string" ? createKey : null };
        }),
        costs,
        events: events.map(({ _count, ...event }) => ({ ...event, hasDelivery: _count.deliveries > 0 })),
        // Every answer, withdrawal and expiry stamps respondedAt; a row without it ended at its expiry.
        offers: offers.map((o) => ({
          id: o.id,
          orderId: o.orderId,
          practitionerId: o.practitionerId,
          offeredAt: o.offeredAt,
          endedAt: o.respondedAt ?? (o.status === "aktif" ? null : o.expiresAt),
        })),
        received: seen.received,
        creates: seen.creates,
      };
    },
    { isolationLevel: "RepeatableRead" },
  );
}
