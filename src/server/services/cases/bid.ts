import { type Bid, Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/server/db/client";
import { type Actor, type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { type BidInput, parseBid } from "@/server/domain/cases/case-board";
import { assertCaseOpen } from "@/server/domain/cases/case-state";
import { AppError } from "@/server/domain/errors";
import { bidSummary } from "@/server/domain/events/webhook-event";
import { newId } from "@/server/domain/ids";
import { caseBidPrice } from "@/server/domain/money/pricing";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { recordCaseEvent } from "../events";
import { activePractitioner, caseForEvent } from "./case-rows";
import { clearOfConflict, onBoardOf } from "./practitioner-reads";

/** Who bids, and which cases they may bid on. */
export interface Bidder {
  practitionerId: string;
  /** Where the case must be: on a real practitioner's board, or (sandbox) the key's test cases. */
  caseScope: Prisma.CaseWhereInput;
  /** Whether the case's parties leave the bidder free to act (practitioner-reads.ts clearOfConflict); the sandbox's stand-ins always are. */
  clear?: (row: Parameters<Awaited<ReturnType<typeof clearOfConflict>>>[0]) => boolean;
}

const ALREADY_BID = "You already have a bid on this case; one bid per practitioner per case, and a withdrawn bid cannot be resubmitted.";

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}

/**
 * A bid on an open case on the practitioner's board, confirming they have no conflict of interest
 * with its parties; a case whose parties conflict with their record is not on their board.
 * client_pays is priced here, once, by caseBidPrice. The case row is share-locked, so a selection
 * running at the same time either sees this bid (and ends it) or finishes first (and this bid is refused).
 */
export async function submitBid(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, caseId, input, noConflict }: { actor: PractitionerActor; caseId: string; input: BidInput; noConflict: boolean },
): Promise<Bid> {
  requireActor(actor, "practitioner");
  if (!noConflict)
    throw new AppError(
      "VALIDATION",
      "Nyatakan dahulu bahwa Anda tidak memiliki benturan kepentingan dengan pihak-pihak kasus ini.",
      "noConflict",
    );
  const { practitionerId } = actor;
  return placeBid(deps, {
    actor,
    caseId,
    input,
    bidderFor: async (tx) => {
      const practitioner = await activePractitioner(tx, practitionerId);
      return { practitionerId, caseScope: onBoardOf(practitioner.categories), clear: await clearOfConflict(tx, practitionerId) };
    },
  });
}

/** The one way a bid is stored; `bidderFor` runs in the transaction after the input is checked. */
export async function placeBid(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    caseId,
    input,
    bidderFor,
  }: {
    actor: Actor;
    caseId: string;
    input: BidInput;
    bidderFor: (tx: Tx) => Promise<Bidder>;
  },
): Promise<Bid> {
  const { db, clock } = deps;
  const bid = parseBid(input);
  const { clientPaysIdr } = caseBidPrice(bid.priceIdr);
  const now = clock.now();
  try {
    return await db.$transaction(async (tx) => {
      const { practitionerId, caseScope, clear = () => true } = await bidderFor(tx);
      await tx.$queryRaw`SELECT "id" FROM "Case" WHERE "id" = ${caseId} FOR SHARE`;
      const target = await tx.case.findFirst({
        where: { AND: [{ id: caseId }, caseScope] },
        select: { status: true, contactName: true, counterparties: true, organization: { select: { name: true } } },
      });
      if (!target || !clear({ ...target, bids: [] })) throw new AppError("NOT_FOUND", `No case ${caseId} on your board.`);
      assertCaseOpen(target.status, "bid");
      if (await tx.bid.findUnique({ where: { caseId_practitionerId: { caseId, practitionerId } }, select: { id: true } })) {
        throw new AppError("CONFLICT", ALREADY_BID);
      }
      const created = await tx.bid.create({
        data: {
          id: newId("bid"),
          caseId,
          practitionerId,
          status: "diajukan",
          scope: bid.scope,
          etaDays: bid.etaDays,
          note: bid.note,
          priceIdr: BigInt(bid.priceIdr),
          clientPaysIdr: BigInt(clientPaysIdr),
          conflictConfirmedAt: now,
          createdAt: now,
          updatedAt: now,
        },
      });
      await audit(tx, {
        actor,
        action: "bid.submit",
        subjectType: "case",
        subjectId: caseId,
        data: { bid_id: created.id },
      });
      const event = await caseForEvent(tx, caseId);
      await recordCaseEvent(tx, event.subject, { event: "case.bid_received", case: event.summary, bid: bidSummary(created) }, now);
      return created;
    });
  } catch (err) {
    // Two submits of the same practitioner at once: the unique index keeps one.
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", ALREADY_BID);
    throw err;
  }
}
