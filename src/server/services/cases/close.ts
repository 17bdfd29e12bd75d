import { type OperatorActor, requireActor, type SystemActor } from "@/server/domain/access/actor";
import { caseTransition, invoiceTransition } from "@/server/domain/cases/case-state";
import { AppError } from "@/server/domain/errors";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { recordCaseEvent } from "../events";
import { releaseKeySpend } from "../money";
import { CASE_INCLUDE, type CaseWithBids, caseForEvent, changedMeanwhile, endLiveBids } from "./case-rows";

/**
 * The operator (or `npm run ops`) closes a case: live bids end, an unpaid invoice is cancelled and
 * its budget given back to the key.
 */
export async function closeCase(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, caseId }: { actor: OperatorActor | SystemActor; caseId: string },
): Promise<CaseWithBids> {
  requireActor(actor, "operator", "system");
  const { db, clock } = deps;
  const now = clock.now();
  return db.$transaction(async (tx) => {
    const found = await tx.case.findUnique({ where: { id: caseId }, include: { invoice: true } });
    if (!found) throw new AppError("NOT_FOUND", `No case ${caseId}.`);
    const move = caseTransition(found.status, "close", "operator");
    const closed = await tx.case.updateMany({ where: { id: found.id, status: found.status }, data: { status: move.to, updatedAt: now } });
    if (closed.count !== 1) throw changedMeanwhile("case", move.refusal);
    await endLiveBids(tx, found.id, now);
    if (found.invoice?.status === "belum_dibayar") {
      const cancel = invoiceTransition(found.invoice.status, "cancel", "operator");
      const cancelled = await tx.invoice.updateMany({
        where: { id: found.invoice.id, status: found.invoice.status },
        data: { status: cancel.to, updatedAt: now },
      });
      if (cancelled.count !== 1) throw changedMeanwhile("invoice", cancel.refusal);
      await releaseKeySpend(tx, found.apiKeyId, found.invoice.createdAt, found.invoice.totalIdr);
    }
    await audit(tx, { actor, action: "case.close", subjectType: "case", subjectId: found.id, data: { from: found.status } });
    const event = await caseForEvent(tx, found.id);
    await recordCaseEvent(tx, event.subject, { event: "case.ditutup", case: event.summary }, now);
    return tx.case.findUniqueOrThrow({ where: { id: found.id }, include: CASE_INCLUDE });
  });
}
