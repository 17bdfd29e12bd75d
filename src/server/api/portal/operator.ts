import { z } from "zod";
import { CaseStatus } from "@/generated/prisma/enums";
import { endAllPortalSessions, inviteAdmin, listTeam, revokeInvitation } from "@/server/services/access";
import { auditLogVocabulary, listAuditLog } from "@/server/services/audit";
import { closeCase, listCasesForOperator } from "@/server/services/cases";
import { listServicesForOperator, serviceForOperator, updateService } from "@/server/services/catalog";
import { contentFindingsOverview, listContentFindings, organizationContentFindings } from "@/server/services/content-checks";
import { cancelCostByOperator, listLateReceipts, operatorOrderCosts } from "@/server/services/costs";
import { recordPayout } from "@/server/services/money";
import { offerToPractitioner, practitionersForOrder, restartOffering } from "@/server/services/offers";
import {
  listDisputes,
  listSlaBreaches,
  listStalledOrders,
  operatorOrderAction,
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
  addCredential,
  bankAccountsForOperator,
  credentialQueue,
  decideCredential,
  getPractitionerProfile,
  listPractitioners,
  practitionerCredentials,
  registerPractitioner,
  setPractitionerActive,
  updatePractitioner,
  verifyBankAccount,
} from "@/server/services/practitioners";
import { getTopUpInstructions, setTopUpInstructions } from "@/server/services/settings";
import { operatorProcedure as operator } from "../portal-procedure";
import {
  findingsListInput,
  findingsListOutput,
  findingsOverviewInput,
  findingsOverviewOutput,
  livemodeOfMode,
  organizationFindingsInput,
  organizationFindingsOutput,
} from "../schemas/content-findings-portal";
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
import {
  addCredentialInput,
  credentialOutput,
  credentialQueueOutput,
  credentialsOutput,
  credentialView,
  decideCredentialInput,
} from "../schemas/practitioners/credential-portal";
import { router } from "../trpc";
import { operatorBankStatements } from "./bank-statements";
import { operatorBooks } from "./books";
import { pageView, portalPageInput, portalPageOf, samePage } from "./paging";

const blankToUndefined = (text: string | undefined) => (text ? text : undefined);

export const operatorRouter = router({
  ...operatorBooks,
  ...operatorBankStatements,
  /** The platform's bank transfer details for deposit top-ups, as the settings page edits them. */
  topUpInstructions: operator.output(operatorTopUpInstructionsOutput).query(({ ctx }) =>
    getTopUpInstructions(ctx, {
      actor: ctx.actor,
    }),
  ),
  setTopUpInstructions: operator
    .input(topUpInstructionsInput)
    .output(z.void())
    .mutation(({ ctx, input }) => setTopUpInstructions(ctx, { actor: ctx.actor, input })),
  overview: operator.output(overviewOutput).query(({ ctx }) =>
    operatorOverview(ctx, {
      actor: ctx.actor,
    }),
  ),

  // The lists: no input is the first page of everything.
  organizations: operator
    .input(organizationSearchInput.optional())
    .output(organizationsOutput)
    .query(async ({ ctx, input = {} }) =>
      samePage(
        await searchOrganizations(ctx, {
          actor: ctx.actor,
          search: { q: blankToUndefined(input.q), status: input.status },
          page: portalPageOf(input.page),
        }),
      ),
    ),
  organization: operator
    .input(byOrganization)
    .output(organizationOutput)
    .query(({ ctx, input }) =>
      organizationDetail(ctx, {
        actor: ctx.actor,
        organizationId: input.organizationId,
      }),
    ),
  createOrganization: operator
    .input(createOrganizationInput)
    .output(createdOutput)
    .mutation(({ ctx, input }) =>
      createOrganization(ctx, {
        actor: ctx.actor,
        input: {
          name: input.name,
          status: input.status,
          approvalThresholdIdr: input.approvalThresholdIdr ?? null,
        },
      }),
    ),
  setOrganizationStatus: operator
    .input(setOrganizationStatusInput)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      setOrganizationStatus(ctx, { actor: ctx.actor, organizationId: input.organizationId, status: input.status }),
    ),
  /** An organisation's admins and invitations, as its own admins see them on their Tim page. */
  team: operator
    .input(byOrganization)
    .output(teamOutput)
    .query(({ ctx, input }) =>
      listTeam(ctx, {
        actor: ctx.actor,
        organizationId: input.organizationId,
      }),
    ),
  revokeInvitation: operator
    .input(operatorRevokeInvitationInput)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      revokeInvitation(ctx, { actor: ctx.actor, organizationId: input.organizationId, invitationId: input.invitationId }),
    ),
  inviteAdmin: operator
    .input(operatorInviteInput)
    .output(invitationCreatedOutput)
    .mutation(async ({ ctx, input }) =>
      invitationCreatedView(
        await inviteAdmin(ctx, { actor: ctx.actor, organizationId: input.organizationId, input: { email: input.email } }),
      ),
    ),
  topUp: operator
    .input(topUpInput)
    .output(depositOutput)
    .mutation(({ ctx, input }) =>
      topUpDeposit(ctx, { actor: ctx.actor, organizationId: input.organizationId, amountIdr: input.amountIdr, reference: input.reference }),
    ),

  orders: operator
    .input(orderSearchInput.optional())
    .output(ordersOutput)
    .query(async ({ ctx, input = {} }) =>
      samePage(
        await searchOrders(ctx, {
          actor: ctx.actor,
          search: {
            q: blankToUndefined(input.q),
            status: input.status,
            livemode: input.mode === undefined ? undefined : input.mode === "live",
            organizationId: input.organizationId,
            createdToday: input.createdToday,
          },
          page: portalPageOf(input.page),
        }),
      ),
    ),
  order: operator
    .input(byOrder)
    .output(orderOutput)
    .query(async ({ ctx, input }) =>
      orderDetailView(
        await operatorOrderDetail(ctx, {
          actor: ctx.actor,
          orderId: input.orderId,
        }),
      ),
    ),
  /** A mutation: each reading of the client's data writes an audit row before the data is returned. */
  revealClientData: operator
    .input(byOrder)
    .output(clientDataOutput)
    .mutation(({ ctx, input }) => revealClientData(ctx, { actor: ctx.actor, orderId: input.orderId })),
  stalledOrders: operator.output(stalledOrdersOutput).query(({ ctx }) =>
    listStalledOrders(ctx, {
      actor: ctx.actor,
    }),
  ),
  disputes: operator.output(disputesOutput).query(({ ctx }) =>
    listDisputes(ctx, {
      actor: ctx.actor,
    }),
  ),
  slaBreaches: operator.output(slaBreachesOutput).query(({ ctx }) =>
    listSlaBreaches(ctx, {
      actor: ctx.actor,
    }),
  ),
  sendMessage: operator
    .input(operatorMessageInput)
    .output(orderStatusOutput)
    .mutation(
      async ({ ctx, input }) => (await postOperatorMessage(ctx, { actor: ctx.actor, orderId: input.orderId, body: input.body })).status,
    ),
  practitionersForOrder: operator
    .input(byOrder)
    .output(choosablePractitionersOutput)
    .query(({ ctx, input }) =>
      practitionersForOrder(ctx, {
        actor: ctx.actor,
        orderId: input.orderId,
      }),
    ),
  offerToPractitioner: operator
    .input(offerToPractitionerInput)
    .output(z.string())
    .mutation(({ ctx, input }) =>
      offerToPractitioner(ctx, { actor: ctx.actor, orderId: input.orderId, practitionerId: input.practitionerId }),
    ),
  restartOffering: operator
    .input(byOrder)
    .output(z.string().nullable())
    .mutation(({ ctx, input }) => restartOffering(ctx, { actor: ctx.actor, orderId: input.orderId })),
  orderAction: operator
    .input(orderActionInput)
    .output(orderStatusOutput)
    .mutation(async ({ ctx, input }) => (await operatorOrderAction(ctx, { actor: ctx.actor, input })).status),
  orderCosts: operator
    .input(byOrder)
    .output(costsOutput)
    .query(async ({ ctx, input }) =>
      (
        await operatorOrderCosts(ctx, {
          actor: ctx.actor,
          orderId: input.orderId,
        })
      ).map(costView),
    ),
  /** Approved costs whose receipt is later than COST_RECEIPT_DAYS, on live orders. */
  lateReceipts: operator.output(lateReceiptsOutput).query(async ({ ctx }) =>
    (
      await listLateReceipts(ctx, {
        actor: ctx.actor,
      })
    ).map((cost) => ({ ...costView(cost), order: cost.order, practitioner: cost.practitioner })),
  ),
  /** Cancels a cost (an approved one's amount back to the deposit), with the reason both sides read. */
  cancelCost: operator
    .input(cancelCostInput)
    .output(portalCostSchema)
    .mutation(async ({ ctx, input }) =>
      costView(
        await cancelCostByOperator(ctx, {
          actor: ctx.actor,
          orderId: input.orderId,
          costId: input.costId,
          reason: input.reason,
        }),
      ),
    ),

  auditLog: operator
    .input(auditSearchInput.optional())
    .output(auditLogOutput)
    .query(async ({ ctx, input = {} }) =>
      pageView(
        await listAuditLog(ctx, {
          actor: ctx.actor,
          search: { actorType: blankToUndefined(input.actorType), action: blankToUndefined(input.action), subjectId: input.subjectId },
          page: portalPageOf(input.page),
        }),
        auditRowView,
      ),
    ),
  auditVocabulary: operator.output(auditVocabularyOutput).query(({ ctx }) =>
    auditLogVocabulary(ctx, {
      actor: ctx.actor,
    }),
  ),

  /** Organisations whose agents broke a content rule in the last 90 days: counts per rule and per week. */
  contentFindingsOverview: operator
    .input(findingsOverviewInput)
    .output(findingsOverviewOutput)
    .query(({ ctx, input = {} }) => contentFindingsOverview(ctx, { actor: ctx.actor, search: { livemode: livemodeOfMode(input.mode) } })),
  organizationContentFindings: operator
    .input(organizationFindingsInput)
    .output(organizationFindingsOutput)
    .query(({ ctx, input }) =>
      organizationContentFindings(ctx, {
        actor: ctx.actor,
        organizationId: input.organizationId,
        search: { livemode: livemodeOfMode(input.mode) },
      }),
    ),
  /** One organisation's findings, newest first. */
  contentFindings: operator
    .input(findingsListInput)
    .output(findingsListOutput)
    .query(async ({ ctx, input }) =>
      samePage(
        await listContentFindings(ctx, {
          actor: ctx.actor,
          organizationId: input.organizationId,
          search: { rule: input.rule, livemode: livemodeOfMode(input.mode) },
          page: portalPageOf(input.page),
        }),
      ),
    ),

  cases: operator.output(casesOutput).query(({ ctx }) =>
    listCasesForOperator(ctx, {
      actor: ctx.actor,
    }),
  ),
  closeCase: operator
    .input(z.object({ caseId: idSchema }))
    .output(z.enum(CaseStatus))
    .mutation(async ({ ctx, input }) => (await closeCase(ctx, { actor: ctx.actor, caseId: input.caseId })).status),
  practitioners: operator
    .input(portalPageInput)
    .output(practitionersOutput)
    .query(async ({ ctx, input }) =>
      samePage(
        await listPractitioners(ctx, {
          actor: ctx.actor,
          request: portalPageOf(input),
        }),
      ),
    ),
  recordPayout: operator
    .input(payoutInput)
    .output(payoutOutput)
    .mutation(({ ctx, input }) =>
      recordPayout(ctx, {
        actor: ctx.actor,
        practitionerId: input.practitionerId,
        payout: {
          amountIdr: input.amountIdr,
          reference: input.reference,
          confirmedRecentAccount: input.confirmedRecentAccount,
        },
      }),
    ),
  bankAccounts: operator
    .input(byPractitioner)
    .output(bankAccountsOutput)
    .query(({ ctx, input }) =>
      bankAccountsForOperator(ctx, {
        actor: ctx.actor,
        practitionerId: input.practitionerId,
      }),
    ),
  verifyBankAccount: operator
    .input(verifyBankAccountInput)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      verifyBankAccount(ctx, { actor: ctx.actor, practitionerId: input.practitionerId, bankAccountId: input.bankAccountId }),
    ),
  createPractitioner: operator
    .input(createPractitionerInput)
    .output(createdOutput)
    .mutation(({ ctx, input }) => registerPractitioner(ctx, { actor: ctx.actor, input })),
  updatePractitioner: operator
    .input(updatePractitionerInput)
    .output(z.void())
    .mutation(({ ctx, input }) => updatePractitioner(ctx, { actor: ctx.actor, practitionerId: input.practitionerId, input })),
  /** Signs a user out everywhere at once (a lost laptop, a leaked cookie): every portal session of theirs ends. */
  endSessions: operator
    .input(byUser)
    .output(sessionsEndedOutput)
    .mutation(({ ctx, input }) => endAllPortalSessions(ctx, { actor: ctx.actor, userId: input.userId })),
  setPractitionerActive: operator
    .input(byPractitioner.extend({ active: z.boolean() }))
    .output(offersWithdrawnOutput)
    .mutation(({ ctx, input }) =>
      setPractitionerActive(ctx, { actor: ctx.actor, practitionerId: input.practitionerId, active: input.active }),
    ),
  services: operator
    .input(serviceSearchInput.optional())
    .output(servicesOutput)
    .query(({ ctx, input }) =>
      listServicesForOperator(ctx, {
        actor: ctx.actor,
        search: input ?? {},
      }),
    ),
  service: operator
    .input(byService)
    .output(serviceOutput)
    .query(({ ctx, input }) =>
      serviceForOperator(ctx, {
        actor: ctx.actor,
        code: input.code,
      }),
    ),
  updateService: operator
    .input(updateServiceInput)
    .output(serviceOutput)
    .mutation(({ ctx, input: { code, ...changes } }) => updateService(ctx, { actor: ctx.actor, code, changes })),
  /** The profile the practitioner keeps, with the verified data beside it (the practitioner's detail page). */
  practitionerProfile: operator
    .input(byPractitioner)
    .output(profileOutput)
    .query(({ ctx, input }) => getPractitionerProfile(ctx, { actor: ctx.actor, practitionerId: input.practitionerId })),
  /** The credentials waiting for verification, the oldest first. */
  credentialQueue: operator
    .output(credentialQueueOutput)
    .query(async ({ ctx }) => (await credentialQueue(ctx, { actor: ctx.actor })).map(credentialView)),
  practitionerCredentials: operator
    .input(byPractitioner)
    .output(credentialsOutput)
    .query(async ({ ctx, input }) =>
      (await practitionerCredentials(ctx, { actor: ctx.actor, practitionerId: input.practitionerId })).map(credentialView),
    ),
  /** A credential the operator checked themselves: recorded verified. */
  addCredential: operator
    .input(addCredentialInput)
    .output(credentialOutput)
    .mutation(async ({ ctx, input: { practitionerId, ...credential } }) =>
      credentialView(await addCredential(ctx, { actor: ctx.actor, practitionerId, input: credential })),
    ),
  decideCredential: operator
    .input(decideCredentialInput)
    .output(credentialOutput)
    .mutation(async ({ ctx, input }) =>
      credentialView(
        await decideCredential(ctx, {
          actor: ctx.actor,
          credentialId: input.credentialId,
          decision: input.approve ? { approve: true, corrections: input.corrections } : { approve: false, reason: input.reason },
        }),
      ),
    ),
});
