import { type AgentActor, requireActor } from "@/server/domain/access/actor";
import { caseTransition } from "@/server/domain/cases/case-state";
import type { ServiceDeps } from "../deps";
import { recordCaseEvent } from "../events";
import { type ClaimKey, NO_KEY } from "../idempotency";
import { CASE_INCLUDE, type CaseWithBids, caseForEvent, changedMeanwhile, endLiveBids, ownCase } from "./case-rows";

/** Takes a case off the board: live bids end; an unpaid invoice is cancelled, a paid one stays paid. */
/**
 * POST /v1/cases/{id}/cancel: the agent withdraws its own case while it is open (`terbuka`), before
 * any bid is selected: the case → ditutup and its live bids end, as when the operator closes it.
 * Once a bid is selected the work is committed by its invoice: 409 INVALID_STATE.
 */
export async function withdrawCase(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, caseId, claim = NO_KEY }: { actor: AgentActor; caseId: string; claim?: ClaimKey },
): Promise<CaseWithBids> {
  requireActor(actor, "agent");
  const { key } = actor;
  const { db, clock } = deps;
  const now = clock.now();
  return db.$transaction(async (tx) => {
    await claim(tx, caseId);
    const found = await ownCase(tx, key, caseId);
    const move = caseTransition(found.status, "withdraw", "agent");
    const withdrawn = await tx.case.updateMany({
      where: { id: found.id, status: found.status },
      data: { status: move.to, updatedAt: now },
    });
    if (withdrawn.count !== 1) throw changedMeanwhile("case", move.refusal);
    await endLiveBids(tx, found.id, now);
    const event = await caseForEvent(tx, found.id);
    await recordCaseEvent(tx, event.subject, { event: "case.ditutup", case: event.summary }, now);
    return tx.case.findUniqueOrThrow({ where: { id: found.id }, include: CASE_INCLUDE });
  });
}
