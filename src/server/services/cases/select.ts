import type { Invoice } from "@/generated/prisma/client";
import type { Tx } from "@/server/db/client";
import { type AdminActor, type AgentActor, inMode, type OrganizationActor, ownerOf, requireActor } from "@/server/domain/access/actor";
import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import { bidTransition, caseTransition } from "@/server/domain/cases/case-state";
import type { DataOwner } from "@/server/domain/data-owner";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { recordCaseEvent } from "../events";
import { type ClaimKey, NO_KEY } from "../idempotency";
import { chargeKeySpend } from "../money";
import { type CaseWithBids, caseForEvent, changedMeanwhile, endLiveBids, ownCase } from "./case-rows";

export interface Selection {
  case: CaseWithBids;
  invoice: Invoice;
}

/** A key's spending limits: the agent's own key, or for the admin the key that submitted the case. */
type BudgetKey = Pick<AuthenticatedKey, "id" | "maxOrderIdr" | "monthlyBudgetIdr">;

/** Who selects: the agent with its key, or the organisation's admin on the case's own key. */
interface Selector {
  actor: OrganizationActor;
  /** The agent's key; null: the key that submitted the case (read in the transaction). */
  key: BudgetKey | null;
}

const selectionIn = async (tx: Tx, owner: DataOwner, caseId: string): Promise<Selection> => ({
  case: await ownCase(tx, owner, caseId),
  invoice: await tx.invoice.findUniqueOrThrow({ where: { caseId } }),
});

/**
 * POST /v1/cases/{id}/select. In one transaction: the case → dipilih with selected_bid_id, the
 * bid → dipilih, every other live bid → tidak_dipilih, and an invoice for the bid's client_pays.
 * The invoice total counts against the key's per-order maximum and monthly budget.
 */
export function selectBid(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, caseId, bidId, claim = NO_KEY }: { actor: AgentActor; caseId: string; bidId: string; claim?: ClaimKey },
): Promise<Selection> {
  requireActor(actor, "agent");
  const { key } = actor;
  return selectFor(deps, { actor, key }, caseId, bidId, claim);
}

/**
 * The organisation's admin selects a bid in the portal: the same transaction, rules and events as
 * the agent's select, counted against the per-order maximum and monthly budget of the key that
 * submitted the case. Selecting the bid that is already selected answers the selection again
 * (a second click or a retry), as a replayed Idempotency-Key does for the agent.
 */
export function selectBidAsAdmin(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, caseId, bidId }: { actor: AdminActor; caseId: string; bidId: string },
): Promise<Selection> {
  requireActor(actor, "admin");
  return selectFor(deps, { actor: inMode(actor, true), key: null }, caseId, bidId, NO_KEY);
}

async function selectFor(
  deps: Pick<ServiceDeps, "db" | "clock">,
  selector: Selector,
  caseId: string,
  bidId: string,
  claim: ClaimKey,
): Promise<Selection> {
  const { db, clock } = deps;
  const owner = ownerOf(selector.actor);
  const role = selector.actor.kind;
  const now = clock.now();
  return db.$transaction(async (tx) => {
    // Lock the case before reading it: Prisma reads the case and its bids in two statements, and a
    // concurrent select committing between them would show an open case with an already ended bid.
    await claim(tx, caseId);
    await tx.$queryRaw`SELECT "id" FROM "Case" WHERE "id" = ${caseId} AND "organizationId" = ${owner.organizationId} FOR UPDATE`;
    const found = await ownCase(tx, owner, caseId);
    // The admin has no Idempotency-Key: selecting the selected bid again (a second click, a retry) answers the selection.
    if (role === "admin" && found.selectedBidId === bidId) return selectionIn(tx, owner, caseId);
    const caseMove = caseTransition(found.status, "select_bid", role);
    const bid = found.bids.find((b) => b.id === bidId);
    if (!bid) throw new AppError("CONFLICT", `${bidId} is not a bid on case ${caseId}; select one of the case's bids.`);
    const bidMove = bidTransition(bid.status, "select", role);
    const key = selector.key ?? (await tx.apiKey.findUniqueOrThrow({ where: { id: found.apiKeyId } }));

    const totalIdr = bid.clientPaysIdr;
    if (totalIdr > key.maxOrderIdr) {
      throw new AppError(
        "BUDGET_EXCEEDED",
        `The invoice total Rp ${totalIdr} is above this key's per-order maximum Rp ${key.maxOrderIdr}.`,
      );
    }
    // One spending decision at a time per key (orders take the same lock), so two cannot both fit the monthly budget.
    const spend = await chargeKeySpend(tx, key, now, totalIdr, found.apiKeyId);
    if (!spend.charged) {
      throw new AppError(
        "BUDGET_EXCEEDED",
        `The invoice total Rp ${totalIdr} would take this key to Rp ${spend.spentBeforeIdr + totalIdr} this month, above its monthly budget Rp ${key.monthlyBudgetIdr}.`,
      );
    }

    const claimed = await tx.case.updateMany({
      where: { id: caseId, status: found.status },
      data: { status: caseMove.to, selectedBidId: bid.id, updatedAt: now },
    });
    if (claimed.count !== 1) throw changedMeanwhile("case", caseMove.refusal);
    const chosen = await tx.bid.updateMany({ where: { id: bid.id, status: bid.status }, data: { status: bidMove.to, updatedAt: now } });
    if (chosen.count !== 1) throw changedMeanwhile("bid", bidMove.refusal);
    await endLiveBids(tx, caseId, now);

    const invoice = await tx.invoice.create({
      data: {
        id: newId("invoice"),
        organizationId: owner.organizationId,
        caseId,
        bidId: bid.id,
        status: "belum_dibayar",
        livemode: found.livemode,
        totalIdr,
        // client_pays was priced by caseBidPrice when the bid came in; the fee is the difference.
        feeIdr: totalIdr - bid.priceIdr,
        createdAt: now,
        updatedAt: now,
      },
    });
    await audit(tx, {
      actor: selector.actor,
      action: "case.select_bid",
      subjectType: "case",
      subjectId: caseId,
      data: { bid_id: bid.id, invoice_id: invoice.id, total_idr: totalIdr.toString() },
    });
    const event = await caseForEvent(tx, caseId);
    await recordCaseEvent(tx, event.subject, { event: "case.selected", case: event.summary }, now);
    return { case: await ownCase(tx, owner, caseId), invoice };
  });
}
