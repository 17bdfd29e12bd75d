import { z } from "zod";
import { CaseStatus } from "@/generated/prisma/enums";
import { endAllPortalSessions, inviteAdmin, listTeam, revokeInvitation } from "@/server/services/access";
import { auditLogVocabulary, listAuditLog } from "@/server/services/audit";
import { closeCase, listCasesForOperator } from "@/server/services/cases";
import { listServicesForOperator, serviceForOperator, updateService } from "@/server/services/catalog";
import { recordPayout } from "@/server/services/money";
import { offerToPractitioner, practitionersForOrder, restartOffering } from "@/server/services/offers";
import {
  cancelCostByOperator,
  listDisputes,
  listLateReceipts,
  listSlaBreaches,
  listStalledOrders,
  operatorOrderAction,
  operatorOrderCosts,
  operatorOrderDetail,
  operatorOverview,
  postOperatorMessage,
  revealClientData,
  searchOrders,
} from "@/server/services/orders";
import {
  createOrganization,
  organizationDetail,
  searchOrganizations,
  setOrganizationStatus,
  topUpDeposit,
} from "@/server/services/organizations";
import {
  bankAccountsForOperator,
  getPractitionerProfile,
  LICENSE_NUMBER_MAX,
  listPractitioners,
  registerPractitioner,
  setLicenseNumber,
  setPractitionerActive,
  updatePractitioner,
  verifyBankAccount,
} from "@/server/services/practitioners";
import { getTopUpInstructions, setTopUpInstructions } from "@/server/services/settings";
import { operatorProcedure as operator } from "../portal-procedure";
import { idSchema } from "../schemas/ids";
import { operatorTopUpInstructionsOutput, topUpInstructionsInput } from "../schemas/money/top-up";
import { cancelCostInput, costsOutput, costView, lateReceiptsOutput, portalCostSchema } from "../schemas/orders/cost-portal";
import {
  auditLogOutput,
  auditRowView,
  auditSearchInput,
  auditVocabularyOutput,
  bankAccountsOutput,
  byOrder,
  byOrganization,
  byPractitioner,
  byService,
  byUser,
  casesOutput,
  choosablePractitionersOutput,
  clientDataOutput,
  createdOutput,
  createOrganizationInput,
  createPractitionerInput,
  depositOutput,
  disputesOutput,
  offersWithdrawnOutput,
  offerToPractitionerInput,
  operatorInviteInput,
  operatorMessageInput,
  operatorRevokeInvitationInput,
  orderActionInput,
  orderDetailView,
  orderOutput,
  orderSearchInput,
  orderStatusOutput,
  ordersOutput,
  organizationOutput,
  organizationSearchInput,
  organizationsOutput,
  overviewOutput,
  payoutInput,
  payoutOutput,
  practitionersOutput,
  serviceOutput,
  serviceSearchInput,
  servicesOutput,
  sessionsEndedOutput,
  setOrganizationStatusInput,
  slaBreachesOutput,
  stalledOrdersOutput,
  topUpInput,
  updatePractitionerInput,
  updateServiceInput,
  verifyBankAccountInput,
} from "../schemas/portal/operator-portal";
import { invitationCreatedOutput, invitationCreatedView, teamOutput } from "../schemas/portal/organization-portal";
import { profileOutput } from "../schemas/portal/practitioner-portal";
import { router } from "../trpc";
import { pageView, portalPageInput, portalPageOf, samePage } from "./paging";

const blankToUndefined = (text: string | undefined) => (text ? text : undefined);

export const operatorRouter = router({
  /** The platform's bank transfer details for deposit top-ups, as the settings page edits them. */
  topUpInstructions: operator.output(operatorTopUpInstructionsOutput).query(({ ctx }) => getTopUpInstructions(ctx)),
  setTopUpInstructions: operator
    .input(topUpInstructionsInput)
    .output(z.void())
    .mutation(({ ctx, input }) => setTopUpInstructions(ctx, ctx.actor, input)),
  overview: operator.output(overviewOutput).query(({ ctx }) => operatorOverview(ctx)),

  // The lists: no input is the first page of everything.
  organizations: operator
    .input(organizationSearchInput.optional())
    .output(organizationsOutput)
    .query(async ({ ctx, input = {} }) =>
      samePage(await searchOrganizations(ctx, { q: blankToUndefined(input.q), status: input.status }, portalPageOf(input.page))),
    ),
  organization: operator
    .input(byOrganization)
    .output(organizationOutput)
    .query(({ ctx, input }) => organizationDetail(ctx, input.organizationId)),
  createOrganization: operator
    .input(createOrganizationInput)
    .output(createdOutput)
    .mutation(({ ctx, input }) =>
      createOrganization(ctx, ctx.actor, {
        name: input.name,
        status: input.status,
        approvalThresholdIdr: input.approvalThresholdIdr ?? null,
      }),
    ),
  setOrganizationStatus: operator
    .input(setOrganizationStatusInput)
    .output(z.void())
    .mutation(({ ctx, input }) => setOrganizationStatus(ctx, ctx.actor, input.organizationId, input.status)),
  /** An organisation's admins and invitations, as its own admins see them on their Tim page. */
  team: operator
    .input(byOrganization)
    .output(teamOutput)
    .query(({ ctx, input }) => listTeam(ctx, input.organizationId)),
  revokeInvitation: operator
    .input(operatorRevokeInvitationInput)
    .output(z.void())
    .mutation(({ ctx, input }) => revokeInvitation(ctx, ctx.actor, input.organizationId, input.invitationId)),
  inviteAdmin: operator
    .input(operatorInviteInput)
    .output(invitationCreatedOutput)
    .mutation(async ({ ctx, input }) =>
      invitationCreatedView(await inviteAdmin(ctx, ctx.actor, input.organizationId, { email: input.email })),
    ),
  topUp: operator
    .input(topUpInput)
    .output(depositOutput)
    .mutation(({ ctx, input }) => topUpDeposit(ctx, ctx.actor, input.organizationId, input.amountIdr, input.reference)),

  orders: operator
    .input(orderSearchInput.optional())
    .output(ordersOutput)
    .query(async ({ ctx, input = {} }) =>
      samePage(
        await searchOrders(
          ctx,
          {
            q: blankToUndefined(input.q),
            status: input.status,
            livemode: input.mode === undefined ? undefined : input.mode === "live",
            organizationId: input.organizationId,
            createdToday: input.createdToday,
          },
          portalPageOf(input.page),
        ),
      ),
    ),
  order: operator
    .input(byOrder)
    .output(orderOutput)
    .query(async ({ ctx, input }) => orderDetailView(await operatorOrderDetail(ctx, input.orderId))),
  /** A mutation: each reading of the client's data writes an audit row before the data is returned. */
  revealClientData: operator
    .input(byOrder)
    .output(clientDataOutput)
    .mutation(({ ctx, input }) => revealClientData(ctx, ctx.actor, input.orderId)),
  stalledOrders: operator.output(stalledOrdersOutput).query(({ ctx }) => listStalledOrders(ctx)),
  disputes: operator.output(disputesOutput).query(({ ctx }) => listDisputes(ctx)),
  slaBreaches: operator.output(slaBreachesOutput).query(({ ctx }) => listSlaBreaches(ctx)),
  sendMessage: operator
    .input(operatorMessageInput)
    .output(orderStatusOutput)
    .mutation(async ({ ctx, input }) => (await postOperatorMessage(ctx, ctx.actor, input.orderId, input.body)).status),
  practitionersForOrder: operator
    .input(byOrder)
    .output(choosablePractitionersOutput)
    .query(({ ctx, input }) => practitionersForOrder(ctx, input.orderId)),
  offerToPractitioner: operator
    .input(offerToPractitionerInput)
    .output(z.string())
    .mutation(({ ctx, input }) => offerToPractitioner(ctx, ctx.actor, input.orderId, input.practitionerId)),
  restartOffering: operator
    .input(byOrder)
    .output(z.string().nullable())
    .mutation(({ ctx, input }) => restartOffering(ctx, ctx.actor, input.orderId)),
  orderAction: operator
    .input(orderActionInput)
    .output(orderStatusOutput)
    .mutation(async ({ ctx, input }) => (await operatorOrderAction(ctx, ctx.actor, input)).status),
  orderCosts: operator
    .input(byOrder)
    .output(costsOutput)
    .query(async ({ ctx, input }) => (await operatorOrderCosts(ctx, input.orderId)).map(costView)),
  /** Approved costs whose receipt is later than COST_RECEIPT_DAYS, on live orders. */
  lateReceipts: operator
    .output(lateReceiptsOutput)
    .query(async ({ ctx }) =>
      (await listLateReceipts(ctx)).map((cost) => ({ ...costView(cost), order: cost.order, practitioner: cost.practitioner })),
    ),
  /** Cancels a cost (an approved one's amount back to the deposit), with the reason both sides read. */
  cancelCost: operator
    .input(cancelCostInput)
    .output(portalCostSchema)
    .mutation(async ({ ctx, input }) =>
      costView(await cancelCostByOperator(ctx, ctx.actor.actorId, input.orderId, input.costId, input.reason)),
    ),

  auditLog: operator
    .input(auditSearchInput.optional())
    .output(auditLogOutput)
    .query(async ({ ctx, input = {} }) =>
      pageView(
        await listAuditLog(
          ctx,
          { actorType: blankToUndefined(input.actorType), action: blankToUndefined(input.action), subjectId: input.subjectId },
          portalPageOf(input.page),
        ),
        auditRowView,
      ),
    ),
  auditVocabulary: operator.output(auditVocabularyOutput).query(({ ctx }) => auditLogVocabulary(ctx)),

  cases: operator.output(casesOutput).query(({ ctx }) => listCasesForOperator(ctx)),
  closeCase: operator
    .input(z.object({ caseId: idSchema }))
    .output(z.enum(CaseStatus))
    .mutation(async ({ ctx, input }) => (await closeCase(ctx, ctx.actor, input.caseId)).status),
  practitioners: operator
    .input(portalPageInput)
    .output(practitionersOutput)
    .query(async ({ ctx, input }) => samePage(await listPractitioners(ctx, portalPageOf(input)))),
  recordPayout: operator
    .input(payoutInput)
    .output(payoutOutput)
    .mutation(({ ctx, input }) =>
      recordPayout(ctx, ctx.actor, input.practitionerId, {
        amountIdr: input.amountIdr,
        reference: input.reference,
        confirmedRecentAccount: input.confirmedRecentAccount,
      }),
    ),
  bankAccounts: operator
    .input(byPractitioner)
    .output(bankAccountsOutput)
    .query(({ ctx, input }) => bankAccountsForOperator(ctx, input.practitionerId)),
  verifyBankAccount: operator
    .input(verifyBankAccountInput)
    .output(z.void())
    .mutation(({ ctx, input }) => verifyBankAccount(ctx, ctx.actor, input.practitionerId, input.bankAccountId)),
  createPractitioner: operator
    .input(createPractitionerInput)
    .output(createdOutput)
    .mutation(({ ctx, input }) => registerPractitioner(ctx, ctx.actor, input)),
  updatePractitioner: operator
    .input(updatePractitionerInput)
    .output(z.void())
    .mutation(({ ctx, input }) => updatePractitioner(ctx, ctx.actor, input.practitionerId, input)),
  /** Signs a user out everywhere at once (a lost laptop, a leaked cookie): every portal session of theirs ends. */
  endSessions: operator
    .input(byUser)
    .output(sessionsEndedOutput)
    .mutation(({ ctx, input }) => endAllPortalSessions(ctx, ctx.actor, input.userId)),
  setPractitionerActive: operator
    .input(byPractitioner.extend({ active: z.boolean() }))
    .output(offersWithdrawnOutput)
    .mutation(({ ctx, input }) => setPractitionerActive(ctx, ctx.actor, input.practitionerId, input.active)),
  services: operator
    .input(serviceSearchInput.optional())
    .output(servicesOutput)
    .query(({ ctx, input }) => listServicesForOperator(ctx, input ?? {})),
  service: operator
    .input(byService)
    .output(serviceOutput)
    .query(({ ctx, input }) => serviceForOperator(ctx, input.code)),
  updateService: operator
    .input(updateServiceInput)
    .output(serviceOutput)
    .mutation(({ ctx, input: { code, ...changes } }) => updateService(ctx, ctx.actor, code, changes)),
  /** The profile the practitioner keeps, with the verified data beside it (the practitioner's detail page). */
  practitionerProfile: operator
    .input(byPractitioner)
    .output(profileOutput)
    .query(({ ctx, input }) => getPractitionerProfile(ctx, input.practitionerId)),
  setLicenseNumber: operator
    .input(
      byPractitioner.extend({
        licenseNumber: z
          .string()
          .max(LICENSE_NUMBER_MAX * 2)
          .nullable(),
      }),
    )
    .output(z.void())
    .mutation(({ ctx, input }) => setLicenseNumber(ctx, ctx.actor, input.practitionerId, input.licenseNumber)),
});
