import { type Bid, type Invoice, Prisma } from "@/generated/prisma/client";
import type { CaseStatus } from "@/generated/prisma/enums";
import type { DbOrTx, Tx } from "@/server/db/client";
import {
  type Actor,
  type AdminActor,
  type AgentActor,
  inMode,
  type OperatorActor,
  type OrganizationActor,
  ownerOf,
  type PractitionerActor,
  requireActor,
} from "@/server/domain/access/actor";
import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import { type BidInput, parseBid } from "@/server/domain/cases/case-board";
import { assertCaseOpen, bidTransition, caseTransition, invoiceTransition } from "@/server/domain/cases/case-state";
import type { DataOwner } from "@/server/domain/data-owner";
import { AppError, type ErrorCode } from "@/server/domain/errors";
import { bidSummary, caseSummary } from "@/server/domain/events/webhook-event";
import { newId } from "@/server/domain/ids";
import { caseBidPrice } from "@/server/domain/money/pricing";
import { cursorRow, keyset, mapPage, type Page, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import { maskEmailField, maskPhoneField, maskText } from "@/server/domain/text/masking";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { recordCaseEvent } from "../events";
import { type ClaimKey, NO_KEY } from "../idempotency";
import { chargeKeySpend, releaseKeySpend } from "../money";
import { PRACTITIONER_SEEN_BY_CLIENT } from "../orders";

/**
 * The case board (spec flow 2): an agent submits a case, practitioners bid, the agent selects one
 * bid and an invoice is created. Status changes follow domain/cases/case-state.ts and are made with
 * conditional UPDATEs, so of two concurrent changes exactly one applies.
 */

const CASE_INCLUDE = {
  bids: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { practitioner: PRACTITIONER_SEEN_BY_CLIENT } },
  order: { select: { id: true } },
  invoice: { select: { id: true } },
} as const satisfies Prisma.CaseInclude;

export type CaseWithBids = Prisma.CaseGetPayload<{ include: typeof CASE_INCLUDE }>;

function changedMeanwhile(entity: "case" | "bid" | "invoice", code: ErrorCode): AppError {
  return new AppError(code, `The ${entity} was changed by another request meanwhile; read it again.`);
}

/** A case as its events describe it: its own row, and the order its paid invoice opened. */
async function caseForEvent(tx: Tx, caseId: string) {
  const row = await tx.case.findUniqueOrThrow({ where: { id: caseId }, include: { order: { select: { id: true } } } });
  return {
    summary: caseSummary({ ...row, orderId: row.order?.id ?? null }),
    subject: { caseId: row.id, owner: { organizationId: row.organizationId, livemode: row.livemode, apiKeyId: row.apiKeyId } },
  };
}

// ---------------------------------------------------------------------------------------------
// The agent's side (/v1/cases)

export interface CreateCaseInput {
  contactName: string;
  contactEmail: string;
  contactPhone?: string | null;
  story: string;
  area?: string | null;
  urgency?: string;
  budgetRange?: string;
  metadata?: Record<string, string>;
}

/** POST /v1/cases; `claim` takes the request's Idempotency-Key as the transaction's first statement. */
export async function createCase(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, input, claim = NO_KEY }: { actor: AgentActor; input: CreateCaseInput; claim?: ClaimKey },
): Promise<CaseWithBids> {
  requireActor(actor, "agent");
  const { key } = actor;
  const { db, clock } = deps;
  const now = clock.now();
  const id = newId("case");
  return db.$transaction(async (tx) => {
    await claim(tx, id);
    const created = await tx.case.create({
      data: {
        id,
        organizationId: key.organizationId,
        apiKeyId: key.id,
        livemode: key.livemode,
        contactName: input.contactName,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone ?? null,
        story: input.story,
        area: input.area ?? null,
        urgency: input.urgency ?? "",
        budgetRange: input.budgetRange ?? "",
        metadata: input.metadata ?? {},
        createdAt: now,
        updatedAt: now,
      },
      include: CASE_INCLUDE,
    });
    await audit(tx, {
      actor,
      action: "case.create",
      subjectType: "case",
      subjectId: id,
      data: { area: created.area },
    });
    return created;
  });
}

/** A case of this organisation in this mode with all its bids, or 404: another organisation's (or mode's) case is never acknowledged. */
export async function getCase(
  deps: Pick<ServiceDeps, "db">,
  { actor, caseId }: { actor: OrganizationActor; caseId: string },
): Promise<CaseWithBids> {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  return ownCase(deps.db, owner, caseId);
}

/** getCase in the caller's transaction. */
async function ownCase(tx: DbOrTx, owner: DataOwner, caseId: string): Promise<CaseWithBids> {
  const found = await tx.case.findFirst({
    where: { id: caseId, organizationId: owner.organizationId, livemode: owner.livemode },
    include: CASE_INCLUDE,
  });
  if (!found) throw new AppError("NOT_FOUND", `No case ${caseId}.`);
  return found;
}

export interface Selection {
  case: CaseWithBids;
  invoice: Invoice;
}

/** A case of this organisation with a selected bid, and its invoice: what a selection answered. */
export async function getSelection(
  deps: Pick<ServiceDeps, "db">,
  { actor, caseId }: { actor: OrganizationActor; caseId: string },
): Promise<Selection> {
  requireActor(actor, "agent", "admin");
  const owner = ownerOf(actor);
  const { db } = deps;
  const found = await ownCase(db, owner, caseId);
  const invoice = await db.invoice.findUnique({ where: { caseId } });
  if (!invoice) throw new AppError("INVALID_STATE", `Case ${caseId} has no selected bid.`);
  return { case: found, invoice };
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

async function endLiveBids(tx: Tx, caseId: string, now: Date): Promise<void> {
  const ending = bidTransition("diajukan", "not_selected", "system");
  await tx.bid.updateMany({ where: { caseId, status: { in: [...ending.from] } }, data: { status: ending.to, updatedAt: now } });
}

// ---------------------------------------------------------------------------------------------
// The operator's side

/** Live cases the operator may close (not yet ditutup), newest first, with what is at stake on each. */
export async function listCasesForOperator(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    limit = 100,
  }: {
    actor: OperatorActor;
    limit?: number;
  },
) {
  requireActor(actor, "operator");
  const { db } = deps;
  const rows = await db.case.findMany({
    where: { livemode: true, status: { not: "ditutup" } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      status: true,
      area: true,
      urgency: true,
      createdAt: true,
      organization: { select: { id: true, name: true } },
      invoice: { select: { id: true, status: true, totalIdr: true, orderId: true } },
      _count: { select: { bids: { where: { status: "diajukan" } } } },
    },
  });
  return rows.map(({ _count, invoice, ...row }) => ({
    ...row,
    liveBids: _count.bids,
    invoice: invoice && { ...invoice, totalIdr: Number(invoice.totalIdr) },
  }));
}

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

export async function closeCase(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, caseId }: { actor: Actor; caseId: string },
): Promise<CaseWithBids> {
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

// ---------------------------------------------------------------------------------------------
// The practitioner's side (the portal will call these with the signed-in practitioner's id)

async function activePractitioner(db: DbOrTx, practitionerId: string) {
  const practitioner = await db.practitioner.findUnique({
    where: { id: practitionerId },
    select: { id: true, categories: true, active: true },
  });
  if (!practitioner) throw new AppError("NOT_FOUND", `No practitioner ${practitionerId}.`);
  if (!practitioner.active) throw new AppError("FORBIDDEN", "Your practitioner account is not active; contact the operator.");
  return practitioner;
}

/**
 * Cases on a practitioner's board: live cases whose area is one of their categories (ignoring
 * case), or that name no area, which puts them in front of every active practitioner.
 */
function onBoardOf(categories: string[]): Prisma.CaseWhereInput {
  return { livemode: true, OR: [{ area: null }, { area: { in: categories, mode: "insensitive" } }] };
}

export interface PractitionerCaseView {
  id: string;
  status: CaseStatus;
  area: string | null;
  urgency: string;
  budgetRange: string;
  story: string;
  contact: { name: string; email: string; phone: string | null };
  /** This practitioner's bid was selected: story and contact data are shown as written. */
  selected: boolean;
  /** Only the practitioner's own bid; other bids on the case are not shown to them. */
  myBid: Bid | null;
  createdAt: Date;
}

type CaseWithOwnBid = Prisma.CaseGetPayload<{ include: { bids: true } }>;

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
    selected,
    myBid,
    createdAt: row.createdAt,
  };
}

/** The open cases in the practitioner's categories (and those without an area), newest first, masked. */
export async function listOpenCasesForPractitioner(
  deps: Pick<ServiceDeps, "db">,
  { actor, request }: { actor: PractitionerActor; request: PageRequest },
): Promise<Page<PractitionerCaseView>> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const { db } = deps;
  const practitioner = await activePractitioner(db, practitionerId);
  const board: Prisma.CaseWhereInput = { status: "terbuka", ...onBoardOf(practitioner.categories) };
  // A case that left the board since the last page still marks where that page ended.
  const at = await cursorRow(request, "open cases", (id) =>
    db.case.findFirst({ where: { id, ...onBoardOf(practitioner.categories) }, select: { id: true, createdAt: true } }),
  );
  const { after, orderBy } = keyset(request, "createdAt", at);
  const rows = await db.case.findMany({
    where: { ...board, AND: after },
    include: { bids: { where: { practitionerId } } },
    orderBy,
    take: rowsToRead(request),
  });
  return mapPage(pageFrom(rows, request), (row) => practitionerView(row, practitionerId));
}

/**
 * One case as the practitioner sees it: an open case on their board, or any case they bid on.
 * The real contact data and story only once their bid is the selected one; masked otherwise.
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
    include: { bids: { where: { practitionerId } } },
  });
  if (!row) throw new AppError("NOT_FOUND", `No case ${caseId} on your board.`);
  return practitionerView(row, practitionerId);
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}

const ALREADY_BID = "You already have a bid on this case; one bid per practitioner per case, and a withdrawn bid cannot be resubmitted.";

/** Who bids, and which cases they may bid on. */
export interface Bidder {
  practitionerId: string;
  /** Where the case must be: on a real practitioner's board, or (sandbox) the key's test cases. */
  caseScope: Prisma.CaseWhereInput;
}

/**
 * A bid on an open case on the practitioner's board. client_pays is priced here, once, by
 * caseBidPrice. The case row is share-locked, so a selection running at the same time either
 * sees this bid (and ends it) or finishes first (and this bid is refused).
 */
export async function submitBid(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, caseId, input }: { actor: PractitionerActor; caseId: string; input: BidInput },
): Promise<Bid> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  return placeBid(deps, {
    actor,
    caseId,
    input,
    bidderFor: async (tx) => {
      const practitioner = await activePractitioner(tx, practitionerId);
      return { practitionerId, caseScope: onBoardOf(practitioner.categories) };
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
      const { practitionerId, caseScope } = await bidderFor(tx);
      await tx.$queryRaw`SELECT "id" FROM "Case" WHERE "id" = ${caseId} FOR SHARE`;
      const target = await tx.case.findFirst({ where: { AND: [{ id: caseId }, caseScope] }, select: { status: true } });
      if (!target) throw new AppError("NOT_FOUND", `No case ${caseId} on your board.`);
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
