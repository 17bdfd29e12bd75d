import type { Bid } from "@/generated/prisma/client";
import type { CaseStatus } from "@/generated/prisma/enums";
import { type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { assertCaseOpen, bidTransition } from "@/server/domain/cases/case-state";
import { AppError } from "@/server/domain/errors";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { activePractitioner, changedMeanwhile } from "./case-rows";

/** Withdraws the practitioner's own live bid while the case is open. */
export async function withdrawBid(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, bidId }: { actor: PractitionerActor; bidId: string },
): Promise<Bid> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const { db, clock } = deps;
  const now = clock.now();
  return db.$transaction(async (tx) => {
    await activePractitioner(tx, practitionerId);
    const bid = await tx.bid.findFirst({ where: { id: bidId, practitionerId } });
    if (!bid) throw new AppError("NOT_FOUND", `No bid ${bidId} of yours.`);
    const [target] = await tx.$queryRaw<Array<{ status: CaseStatus }>>`SELECT "status" FROM "Case" WHERE "id" = ${bid.caseId} FOR SHARE`;
    assertCaseOpen(target!.status, "withdraw a bid");
    const move = bidTransition(bid.status, "withdraw", "practitioner");
    const withdrawn = await tx.bid.updateMany({ where: { id: bid.id, status: bid.status }, data: { status: move.to, updatedAt: now } });
    if (withdrawn.count !== 1) throw changedMeanwhile("bid", move.refusal);
    await audit(tx, {
      actor,
      action: "bid.withdraw",
      subjectType: "case",
      subjectId: bid.caseId,
      data: { bid_id: bid.id },
    });
    return tx.bid.findUniqueOrThrow({ where: { id: bid.id } });
  });
}
