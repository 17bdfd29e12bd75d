import { z } from "zod";
import { getCaseForPractitioner, listMyBids, listOpenCasesForPractitioner, submitBid, withdrawBid } from "@/server/services/cases";
import { practitionerDeliveryFigures } from "@/server/services/catalog";
import { listPractitionerCosts, payCost, practitionerOrderCosts, requestCost } from "@/server/services/costs";
import { earningsStatement, earningsSummary } from "@/server/services/money";
import { acceptOffer, declineOffer } from "@/server/services/offers";
import {
  askClient,
  deliverResult,
  getMyOrder,
  listMyOffers,
  listMyOrders,
  listMyWithdrawnOffers,
  practitionerReviews,
  releaseOrder,
  startWork,
} from "@/server/services/orders";
import {
  addCredential,
  changePassword,
  conflictList,
  declareConflict,
  declineForConflict,
  getPractitionerProfile,
  myBankAccount,
  practitionerCredentials,
  removeConflict,
  setBankAccount,
  updatePractitionerProfile,
} from "@/server/services/practitioners";
import { practitionerProcedure as practitioner } from "../portal-procedure";
import {
  costView,
  payCostInput,
  portalCostSchema,
  practitionerCostsOutput,
  practitionerOrderCostsOutput,
  practitionerOrderCostsView,
  requestCostInput,
} from "../schemas/orders/cost-portal";
import {
  acceptOfferInput,
  askClientInput,
  bankAccountInput,
  bidOutput,
  bidView,
  byBid,
  byCase,
  byOffer,
  byOrder,
  caseOutput,
  casesOutput,
  caseView,
  deliverInput,
  deliveryFiguresOutput,
  earningsOutput,
  myBidsOutput,
  offersOutput,
  orderStatusOutput,
  ordersOutput,
  ownBankAccountSchema,
  passwordChangeInput,
  practitionerOrderDetailSchema,
  profileInput,
  profileOutput,
  reviewsOutput,
  statementInput,
  statementOutput,
  statementRowView,
  submitBidInput,
  withdrawnOffersOutput,
} from "../schemas/portal/practitioner-portal";
import {
  byConflict,
  conflictOutput,
  credentialInput,
  credentialOutput,
  credentialsOutput,
  credentialView,
  declareConflictInput,
  declineForConflictInput,
} from "../schemas/practitioners/credential-portal";
import { router } from "../trpc";
import { practitionerBooks } from "./books";
import { pageView, portalPageInput, portalPageOf, samePage } from "./paging";

/** The practitioner portal: `ctx.practitionerId` (the tenant) and `ctx.actor` come from the session, never from the input. */
export const practitionerRouter = router({
  ...practitionerBooks,
  offers: practitioner
    .input(portalPageInput)
    .output(offersOutput)
    .query(async ({ ctx, input }) =>
      samePage(
        await listMyOffers(ctx, {
          actor: ctx.actor,
          request: portalPageOf(input),
        }),
      ),
    ),
  withdrawnOffers: practitioner
    .input(portalPageInput)
    .output(withdrawnOffersOutput)
    .query(async ({ ctx, input }) =>
      samePage(
        await listMyWithdrawnOffers(ctx, {
          actor: ctx.actor,
          request: portalPageOf(input),
        }),
      ),
    ),
  acceptOffer: practitioner
    .input(acceptOfferInput)
    .output(z.string())
    .mutation(
      async ({ ctx, input }) =>
        (
          await acceptOffer(ctx, {
            actor: ctx.actor,
            offerId: input.offerId,
            noConflict: input.noConflict,
          })
        ).id,
    ),
  declineOffer: practitioner
    .input(byOffer)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      declineOffer(ctx, {
        actor: ctx.actor,
        offerId: input.offerId,
      }),
    ),
  /** Declines an offer for a conflict of interest: the party joins their conflict list. */
  declineOfferForConflict: practitioner
    .input(declineForConflictInput)
    .output(z.void())
    .mutation(({ ctx, input }) => declineForConflict(ctx, { actor: ctx.actor, offerId: input.offerId, party: input.party })),
  /** The parties they declared they may not act for or against, the newest first. */
  conflicts: practitioner.output(z.array(conflictOutput)).query(({ ctx }) => conflictList(ctx, { actor: ctx.actor })),
  declareConflict: practitioner
    .input(declareConflictInput)
    .output(conflictOutput)
    .mutation(({ ctx, input }) => declareConflict(ctx, { actor: ctx.actor, name: input.name, note: input.note })),
  removeConflict: practitioner
    .input(byConflict)
    .output(z.void())
    .mutation(({ ctx, input }) => removeConflict(ctx, { actor: ctx.actor, conflictId: input.conflictId })),
  orders: practitioner
    .input(portalPageInput)
    .output(ordersOutput)
    .query(async ({ ctx, input }) =>
      samePage(
        await listMyOrders(ctx, {
          actor: ctx.actor,
          request: portalPageOf(input),
        }),
      ),
    ),
  order: practitioner
    .input(byOrder)
    .output(practitionerOrderDetailSchema)
    .query(({ ctx, input }) =>
      getMyOrder(ctx, {
        actor: ctx.actor,
        orderId: input.orderId,
      }),
    ),
  startWork: practitioner
    .input(byOrder)
    .output(orderStatusOutput)
    .mutation(async ({ ctx, input }) => (await startWork(ctx, { actor: ctx.actor, orderId: input.orderId })).status),
  askClient: practitioner
    .input(askClientInput)
    .output(orderStatusOutput)
    .mutation(
      async ({ ctx, input }) =>
        (
          await askClient(ctx, {
            actor: ctx.actor,
            orderId: input.orderId,
            question: input.question,
            fileIds: input.files,
          })
        ).status,
    ),
  deliver: practitioner
    .input(deliverInput)
    .output(orderStatusOutput)
    .mutation(
      async ({ ctx, input }) =>
        (
          await deliverResult(ctx, {
            actor: ctx.actor,
            orderId: input.orderId,
            deliverable: input.deliverable,
            fileIds: input.files,
          })
        ).status,
    ),
  release: practitioner
    .input(byOrder)
    .output(orderStatusOutput)
    .mutation(async ({ ctx, input }) => (await releaseOrder(ctx, { actor: ctx.actor, orderId: input.orderId })).status),
  /** The order page's official costs: the service's listed fees, whether one may be asked for now, and the costs. */
  orderCosts: practitioner
    .input(byOrder)
    .output(practitionerOrderCostsOutput)
    .query(async ({ ctx, input }) =>
      practitionerOrderCostsView(
        await practitionerOrderCosts(ctx, {
          actor: ctx.actor,
          orderId: input.orderId,
        }),
      ),
    ),
  requestCost: practitioner
    .input(requestCostInput)
    .output(portalCostSchema)
    .mutation(async ({ ctx, input: { orderId, ...request } }) =>
      costView(
        await requestCost(ctx, {
          actor: ctx.actor,
          orderId,
          input: request,
        }),
      ),
    ),
  /** The receipt was uploaded onto the order first (/api/berkas?order=…). */
  payCost: practitioner
    .input(payCostInput)
    .output(portalCostSchema)
    .mutation(async ({ ctx, input }) =>
      costView(
        await payCost(ctx, {
          actor: ctx.actor,
          orderId: input.orderId,
          costId: input.costId,
          receiptFileId: input.receiptFileId,
        }),
      ),
    ),
  costs: practitioner.output(practitionerCostsOutput).query(async ({ ctx }) =>
    (
      await listPractitionerCosts(ctx, {
        actor: ctx.actor,
      })
    ).map((cost) => ({ ...costView(cost), order: cost.order })),
  ),

  earnings: practitioner.output(earningsOutput).query(({ ctx }) =>
    earningsSummary(ctx, {
      actor: ctx.actor,
    }),
  ),
  /** Their own delivery statistics over the last 90 days, by the catalog's definitions. */
  deliveryStats: practitioner.output(deliveryFiguresOutput).query(({ ctx }) =>
    practitionerDeliveryFigures(ctx, {
      actor: ctx.actor,
    }),
  ),
  statement: practitioner
    .input(statementInput)
    .output(statementOutput)
    .query(async ({ ctx, input }) =>
      pageView(
        await earningsStatement(ctx, {
          actor: ctx.actor,
          page: portalPageOf(input.page),
        }),
        statementRowView,
      ),
    ),

  /** Their credentials, newest first, each with whether it counts today. */
  credentials: practitioner
    .output(credentialsOutput)
    .query(async ({ ctx }) =>
      (await practitionerCredentials(ctx, { actor: ctx.actor, practitionerId: ctx.actor.practitionerId })).map(credentialView),
    ),
  /** A new or renewed credential: it waits for the operator's verification. */
  submitCredential: practitioner
    .input(credentialInput)
    .output(credentialOutput)
    .mutation(async ({ ctx, input }) =>
      credentialView(await addCredential(ctx, { actor: ctx.actor, practitionerId: ctx.actor.practitionerId, input })),
    ),
  profile: practitioner.output(profileOutput).query(({ ctx }) =>
    getPractitionerProfile(ctx, {
      actor: ctx.actor,
    }),
  ),
  reviews: practitioner.output(reviewsOutput).query(({ ctx }) =>
    practitionerReviews(ctx, {
      actor: ctx.actor,
    }),
  ),
  updateProfile: practitioner
    .input(profileInput)
    .output(profileOutput)
    .mutation(({ ctx, input }) => updatePractitionerProfile(ctx, { actor: ctx.actor, change: input })),
  bankAccount: practitioner.output(ownBankAccountSchema.nullable()).query(({ ctx }) =>
    myBankAccount(ctx, {
      actor: ctx.actor,
    }),
  ),
  setBankAccount: practitioner
    .input(bankAccountInput)
    .output(ownBankAccountSchema)
    .mutation(({ ctx, input }) => setBankAccount(ctx, { actor: ctx.actor, input })),
  changePassword: practitioner
    .input(passwordChangeInput)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      changePassword(ctx, { actor: ctx.actor, userId: ctx.actor.id, input, keepSessionId: ctx.user.sessionId ?? null }),
    ),

  cases: practitioner
    .input(portalPageInput)
    .output(casesOutput)
    .query(async ({ ctx, input }) =>
      pageView(
        await listOpenCasesForPractitioner(ctx, {
          actor: ctx.actor,
          request: portalPageOf(input),
        }),
        caseView,
      ),
    ),
  myBids: practitioner
    .input(portalPageInput)
    .output(myBidsOutput)
    .query(async ({ ctx, input }) =>
      samePage(
        await listMyBids(ctx, {
          actor: ctx.actor,
          request: portalPageOf(input),
        }),
      ),
    ),
  case: practitioner
    .input(byCase)
    .output(caseOutput)
    .query(async ({ ctx, input }) =>
      caseView(
        await getCaseForPractitioner(ctx, {
          actor: ctx.actor,
          caseId: input.caseId,
        }),
      ),
    ),
  submitBid: practitioner
    .input(submitBidInput)
    .output(bidOutput)
    .mutation(async ({ ctx, input }) => {
      const { caseId, noConflict, ...bid } = input;
      return bidView(
        await submitBid(ctx, {
          actor: ctx.actor,
          caseId,
          input: bid,
          noConflict,
        }),
      );
    }),
  withdrawBid: practitioner
    .input(byBid)
    .output(bidOutput)
    .mutation(async ({ ctx, input }) =>
      bidView(
        await withdrawBid(ctx, {
          actor: ctx.actor,
          bidId: input.bidId,
        }),
      ),
    ),
});
