import { type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { cursorRow, keyset, mapPage, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import { maskText } from "@/server/domain/text/masking";
import type { ServiceDeps } from "../deps";

/**
 * Every bid of one practitioner, newest first, with where its case stands: the outcomes list of
 * the case board (cases leave the open board once a bid is selected or they close). The case's
 * story and contact stay out of it; getCaseForPractitioner shows them, masked until selected.
 */
export async function listMyBids(deps: Pick<ServiceDeps, "db">, { actor, request }: { actor: PractitionerActor; request: PageRequest }) {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const { db } = deps;
  const at = await cursorRow(request, "bids", (id) =>
    db.bid.findFirst({ where: { id, practitionerId }, select: { id: true, createdAt: true } }),
  );
  const { after, orderBy } = keyset(request, "createdAt", at);
  const rows = await db.bid.findMany({
    where: { practitionerId, AND: after },
    orderBy,
    take: rowsToRead(request),
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
  return mapPage(pageFrom(rows, request), (bid) => {
    const selected = bid.case.selectedBidId === bid.id;
    return {
      id: bid.id,
      status: bid.status,
      etaDays: bid.etaDays,
      priceIdr: Number(bid.priceIdr),
      clientPaysIdr: Number(bid.clientPaysIdr),
      createdAt: bid.createdAt,
      case: {
        id: bid.case.id,
        status: bid.case.status,
        area: bid.case.area === null || selected ? bid.case.area : maskText(bid.case.area),
      },
      selected,
    };
  });
}
