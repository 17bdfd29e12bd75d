import { maskText } from "@/server/domain/masking";
import type { Db } from "@/server/db/client";

/**
 * Every bid of one practitioner, newest first, with where its case stands: the outcomes list of
 * the case board (cases leave the open board once a bid is selected or they close). The case's
 * story and contact stay out of it; getCaseForPractitioner shows them, masked until selected.
 */
export async function listMyBids(db: Db, practitionerId: string) {
  const bids = await db.bid.findMany({
    where: { practitionerId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      status: true,
      etaDays: true,
      priceIdr: true,
      clientPaysIdr: true,
      createdAt: true,
      case: { select: { id: true, status: true, area: true, selectedBidId: true } },
    },
  });
  return bids.map((bid) => {
    const selected = bid.case.selectedBidId === bid.id;
    return {
      id: bid.id,
      status: bid.status,
      etaDays: bid.etaDays,
      priceIdr: Number(bid.priceIdr),
      clientPaysIdr: Number(bid.clientPaysIdr),
      createdAt: bid.createdAt,
      case: { id: bid.case.id, status: bid.case.status, area: bid.case.area === null || selected ? bid.case.area : maskText(bid.case.area) },
      selected,
    };
  });
}
