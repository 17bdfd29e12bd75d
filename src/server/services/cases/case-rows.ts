import type { Prisma } from "@/generated/prisma/client";
import type { DbOrTx, Tx } from "@/server/db/client";
import { bidTransition } from "@/server/domain/cases/case-state";
import type { DataOwner } from "@/server/domain/data-owner";
import { AppError, type ErrorCode } from "@/server/domain/errors";
import { caseSummary } from "@/server/domain/events/webhook-event";
import { PRACTITIONER_SEEN_BY_CLIENT } from "../order-engine";

/**
 * The case board (spec flow 2): an agent submits a case, practitioners bid, the agent selects one
 * bid and an invoice is created. Status changes follow domain/cases/case-state.ts and are made with
 * conditional UPDATEs, so of two concurrent changes exactly one applies. This file holds what the
 * verbs beside it share: the case as read, its event, the refusal of a lost race.
 */

/** A case as the agent reads it: its bids with their practitioners, its order and invoice ids. */
export const CASE_INCLUDE = {
  bids: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { practitioner: PRACTITIONER_SEEN_BY_CLIENT } },
  order: { select: { id: true } },
  invoice: { select: { id: true } },
} as const satisfies Prisma.CaseInclude;

export type CaseWithBids = Prisma.CaseGetPayload<{ include: typeof CASE_INCLUDE }>;

/** The error when a conditional UPDATE found the row changed by another request. */
export function changedMeanwhile(entity: "case" | "bid" | "invoice", code: ErrorCode): AppError {
  return new AppError(code, `The ${entity} was changed by another request meanwhile; read it again.`);
}

/** A case as its events describe it: its own row, and the order its paid invoice opened. */
export async function caseForEvent(tx: Tx, caseId: string) {
  const row = await tx.case.findUniqueOrThrow({ where: { id: caseId }, include: { order: { select: { id: true } } } });
  return {
    summary: caseSummary({ ...row, orderId: row.order?.id ?? null }),
    subject: { caseId: row.id, owner: { organizationId: row.organizationId, livemode: row.livemode, apiKeyId: row.apiKeyId } },
  };
}

/** getCase in the caller's transaction. */
export async function ownCase(tx: DbOrTx, owner: DataOwner, caseId: string): Promise<CaseWithBids> {
  const found = await tx.case.findFirst({
    where: { id: caseId, organizationId: owner.organizationId, livemode: owner.livemode },
    include: CASE_INCLUDE,
  });
  if (!found) throw new AppError("NOT_FOUND", `No case ${caseId}.`);
  return found;
}

/** Every bid still `diajukan` on the case ends as not selected. */
export async function endLiveBids(tx: Tx, caseId: string, now: Date): Promise<void> {
  const ending = bidTransition("diajukan", "not_selected", "system");
  await tx.bid.updateMany({ where: { caseId, status: { in: [...ending.from] } }, data: { status: ending.to, updatedAt: now } });
}

/** The practitioner and their categories: 404 when unknown, 403 when not active. */
export async function activePractitioner(db: DbOrTx, practitionerId: string) {
  const practitioner = await db.practitioner.findUnique({
    where: { id: practitionerId },
    select: { id: true, categories: true, active: true },
  });
  if (!practitioner) throw new AppError("NOT_FOUND", `No practitioner ${practitionerId}.`);
  if (!practitioner.active) throw new AppError("FORBIDDEN", "Your practitioner account is not active; contact the operator.");
  return practitioner;
}
