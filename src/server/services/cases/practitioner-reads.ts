import type { Bid, Prisma } from "@/generated/prisma/client";
import type { CaseStatus } from "@/generated/prisma/enums";
import type { DbOrTx } from "@/server/db/client";
import { type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { caseMatterOf } from "@/server/domain/cases/case-board";
import { AppError } from "@/server/domain/errors";
import { cursorRow, keyset, mapPage, type Page, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import { type ConflictMatter, conflictsOf } from "@/server/domain/practitioners/conflicts";
import { maskEmailField, maskPhoneField, maskText } from "@/server/domain/text/masking";
import { conflictRecords } from "../conflicts";
import type { ServiceDeps } from "../deps";
import { activePractitioner } from "./case-rows";

export interface PractitionerCaseView {
  id: string;
  status: CaseStatus;
  area: string | null;
  urgency: string;
  budgetRange: string;
  story: string;
  contact: { name: string; email: string; phone: string | null };
  /** Whom the bidder confirms they have no conflict with: the organisation and the client, and the other side. */
  parties: ConflictMatter;
  /** This practitioner's bid was selected: story and contact data are shown as written. */
  selected: boolean;
  /** Only the practitioner's own bid; other bids on the case are not shown to them. */
  myBid: Bid | null;
  createdAt: Date;
}

type CaseWithOwnBid = Prisma.CaseGetPayload<{ include: { bids: true; organization: { select: { name: true } } } }>;

function practitionerView(row: CaseWithOwnBid, practitionerId: string): PractitionerCaseView {
  const myBid = row.bids.find((b) => b.practitionerId === practitionerId) ?? null;
  const selected = myBid !== null && row.selectedBidId === myBid.id;
  const text = selected ? (value: string) => value : maskText;
  return {
    id: row.id,
    status: row.status,
    area: row.area === null ? null : text(row.area),
    urgency: text(row.urgency),
    budgetRange: text(row.budgetRange),
    story: text(row.story),
    contact: selected
      ? { name: row.contactName, email: row.contactEmail, phone: row.contactPhone }
      : {
          name: maskText(row.contactName),
          email: maskEmailField(row.contactEmail),
          phone: row.contactPhone === null ? null : maskPhoneField(row.contactPhone),
        },
    parties: {
      clients: caseMatterOf(row).clients.map(text),
      counterparties: row.counterparties.map(text),
    },
    selected,
    myBid,
    createdAt: row.createdAt,
  };
}

/**
 * Cases on a practitioner's board: live cases whose area is one of their categories (ignoring
 * case), or that name no area, which puts them in front of every active practitioner.
 */
export function onBoardOf(categories: string[]): Prisma.CaseWhereInput {
  return { livemode: true, OR: [{ area: null }, { area: { in: categories, mode: "insensitive" } }] };
}

/**
 * Whether a case may be shown to the practitioner: they bid on it already, or none of its parties
 * conflicts with their record (docs/decisions/conflicts.md); read once per request.
 */
export async function clearOfConflict(db: DbOrTx, practitionerId: string) {
  const record = (await conflictRecords(db, [practitionerId])).get(practitionerId)!;
  return (row: CaseForConflicts & { bids: readonly unknown[] }) =>
    row.bids.length > 0 || conflictsOf(caseMatterOf(row), record).length === 0;
}

type CaseForConflicts = Parameters<typeof caseMatterOf>[0];

/**
 * The open cases in the practitioner's categories (and those without an area), newest first,
 * masked; cases whose parties conflict with their record are left out, reading on until the page
 * is full, so a page never ends early for them.
 */
export async function listOpenCasesForPractitioner(
  deps: Pick<ServiceDeps, "db">,
  { actor, request }: { actor: PractitionerActor; request: PageRequest },
): Promise<Page<PractitionerCaseView>> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const { db } = deps;
  const practitioner = await activePractitioner(db, practitionerId);
  const board: Prisma.CaseWhereInput = { status: "terbuka", ...onBoardOf(practitioner.categories) };
  const clear = await clearOfConflict(db, practitionerId);
  // A case that left the board since the last page still marks where that page ended.
  let at = await cursorRow(request, "open cases", (id) =>
    db.case.findFirst({ where: { id, ...onBoardOf(practitioner.categories) }, select: { id: true, createdAt: true } }),
  );
  const wanted = rowsToRead(request);
  const shown: CaseWithOwnBid[] = [];
  for (;;) {
    const { after, orderBy } = keyset(request, "createdAt", at);
    const rows = await db.case.findMany({
      where: { ...board, AND: after },
      include: { bids: { where: { practitionerId } }, organization: { select: { name: true } } },
      orderBy,
      take: wanted,
    });
    shown.push(...rows.filter(clear));
    if (rows.length < wanted || shown.length >= wanted) break;
    at = rows.at(-1)!;
  }
  return mapPage(pageFrom(shown.slice(0, wanted), request), (row) => practitionerView(row, practitionerId));
}

/**
 * One case as the practitioner sees it: an open case on their board (not one whose parties
 * conflict with their record), or any case they bid on. The real contact data and story only
 * once their bid is the selected one; masked otherwise.
 */
export async function getCaseForPractitioner(
  deps: Pick<ServiceDeps, "db">,
  { actor, caseId }: { actor: PractitionerActor; caseId: string },
): Promise<PractitionerCaseView> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const { db } = deps;
  const practitioner = await activePractitioner(db, practitionerId);
  const row = await db.case.findFirst({
    where: { id: caseId, OR: [{ status: "terbuka", ...onBoardOf(practitioner.categories) }, { bids: { some: { practitionerId } } }] },
    include: { bids: { where: { practitionerId } }, organization: { select: { name: true } } },
  });
  if (!row || !(await clearOfConflict(db, practitionerId))(row)) throw new AppError("NOT_FOUND", `No case ${caseId} on your board.`);
  return practitionerView(row, practitionerId);
}

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
