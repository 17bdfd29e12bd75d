import { z } from "zod";
import type { Bid } from "@/generated/prisma/client";
import { BID_LIMITS } from "@/server/domain/case-board";
import { BID_TRANSITIONS } from "@/server/domain/case-state";
import { mapPage } from "@/server/domain/paging";
import { getCaseForPractitioner, listOpenCasesForPractitioner, type PractitionerCaseView, submitBid, withdrawBid } from "@/server/services/cases";
import { accountStatement, accounts } from "@/server/services/ledger";
import { acceptOffer, declineOffer } from "@/server/services/offers";
import { listMyBids } from "@/server/services/practitioner-bids";
import { askClient, deliverResult, getMyOrder, listMyOffers, listMyOrders, listMyWithdrawnOffers, releaseOrder, startWork } from "@/server/services/practitioner-work";
import { router, sessionProcedure } from "../trpc";
import { portalPageInput, portalPageOf } from "./paging";

const practitioner = sessionProcedure("practitioner");
const byOffer = z.object({ offerId: z.string().min(1).max(64) });
const byOrder = z.object({ orderId: z.string().min(1).max(64) });
const byCase = z.object({ caseId: z.string().min(1).max(64) });

/** The practitioner's id comes from the session, never from the input. */
function me(user: { practitionerId: string | null }): string {
  if (!user.practitionerId) throw new Error("practitioner session without a practitioner profile");
  return user.practitionerId;
}

/** Amounts as numbers: JSON (the browser's /api/trpc) has no BigInt. */
function bidView(bid: Bid) {
  return { id: bid.id, status: bid.status, scope: bid.scope, etaDays: bid.etaDays, note: bid.note, priceIdr: Number(bid.priceIdr), clientPaysIdr: Number(bid.clientPaysIdr), createdAt: bid.createdAt };
}

const WITHDRAWABLE = BID_TRANSITIONS.find((t) => t.trigger === "withdraw")!.from;

/**
 * With what the practitioner may do now, from the case-board rules (one bid per case, bids and
 * withdrawals only while the case is open), so the page offers only what the service accepts.
 */
function caseView(view: PractitionerCaseView) {
  const open = view.status === "terbuka";
  return {
    ...view,
    myBid: view.myBid && bidView(view.myBid),
    canBid: open && view.myBid === null,
    canWithdraw: open && view.myBid !== null && WITHDRAWABLE.includes(view.myBid.status),
  };
}

export const practitionerRouter = router({
  offers: practitioner.input(portalPageInput).query(({ ctx, input }) => listMyOffers(ctx, me(ctx.user), portalPageOf(input))),
  withdrawnOffers: practitioner.input(portalPageInput).query(({ ctx, input }) => listMyWithdrawnOffers(ctx, me(ctx.user), portalPageOf(input))),
  acceptOffer: practitioner.input(byOffer).mutation(async ({ ctx, input }) => (await acceptOffer(ctx, me(ctx.user), input.offerId)).id),
  declineOffer: practitioner.input(byOffer).mutation(({ ctx, input }) => declineOffer(ctx, me(ctx.user), input.offerId)),
  orders: practitioner.input(portalPageInput).query(({ ctx, input }) => listMyOrders(ctx.db, me(ctx.user), portalPageOf(input))),
  order: practitioner.input(byOrder).query(({ ctx, input }) => getMyOrder(ctx.db, me(ctx.user), input.orderId)),
  startWork: practitioner.input(byOrder).mutation(async ({ ctx, input }) => (await startWork(ctx, me(ctx.user), input.orderId)).status),
  askClient: practitioner
    .input(byOrder.extend({ question: z.string().trim().min(1).max(10_000) }))
    .mutation(async ({ ctx, input }) => (await askClient(ctx, me(ctx.user), input.orderId, input.question)).status),
  deliver: practitioner
    .input(byOrder.extend({ deliverable: z.string().trim().min(1).max(10_000) }))
    .mutation(async ({ ctx, input }) => (await deliverResult(ctx, me(ctx.user), input.orderId, input.deliverable)).status),
  release: practitioner.input(byOrder).mutation(async ({ ctx, input }) => (await releaseOrder(ctx, me(ctx.user), input.orderId)).status),
  earnings: practitioner.query(({ ctx }) => accountStatement(ctx.db, accounts.practitionerPayable(me(ctx.user)))),

  cases: practitioner.input(portalPageInput).query(async ({ ctx, input }) => mapPage(await listOpenCasesForPractitioner(ctx.db, me(ctx.user), portalPageOf(input)), caseView)),
  myBids: practitioner.input(portalPageInput).query(({ ctx, input }) => listMyBids(ctx.db, me(ctx.user), portalPageOf(input))),
  case: practitioner.input(byCase).query(async ({ ctx, input }) => caseView(await getCaseForPractitioner(ctx.db, me(ctx.user), input.caseId))),
  submitBid: practitioner
    .input(
      byCase.extend({
        scope: z.string().max(BID_LIMITS.scope),
        etaDays: z.number().int(),
        priceIdr: z.number().int(),
        note: z.string().max(BID_LIMITS.note).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { caseId, ...bid } = input;
      return bidView(await submitBid(ctx.db, ctx.clock, me(ctx.user), caseId, bid));
    }),
  withdrawBid: practitioner
    .input(z.object({ bidId: z.string().min(1).max(64) }))
    .mutation(async ({ ctx, input }) => bidView(await withdrawBid(ctx.db, ctx.clock, me(ctx.user), input.bidId))),
});
