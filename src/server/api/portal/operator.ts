import { z } from "zod";
import { auditLogVocabulary, listAuditLog } from "@/server/services/audit-log";
import { listServicesForOperator, serviceForOperator, updateService } from "@/server/services/catalog";
import { closeCase, listCasesForOperator } from "@/server/services/cases";
import { recordPayout } from "@/server/services/earnings";
import { restartOffering } from "@/server/services/offers";
import { inviteAdmin, listTeam, revokeInvitation } from "@/server/services/invitations";
import { operatorOrderDetail, operatorOverview, searchOrders } from "@/server/services/operator-orders";
import { listDisputes, listSlaBreaches, listStalledOrders } from "@/server/services/operator-queues";
import { operatorOrderAction } from "@/server/services/orders";
import { createOrganization, organizationDetail, searchOrganizations, setOrganizationStatus, topUpDeposit } from "@/server/services/organizations";
import { listPractitioners, registerPractitioner, setPractitionerActive, updatePractitioner } from "@/server/services/practitioners";
import { MIN_PASSWORD_LENGTH } from "@/server/services/users";
import {
  auditRowView,
  auditSearchInput,
  byOrder,
  byPractitioner,
  createOrganizationInput,
  orderActionInput,
  orderDetailView,
  orderRowView,
  orderSearchInput,
  organizationDetailView,
  organizationRowView,
  organizationSearchInput,
  practitionerCategories,
  practitionerLabel,
  operatorInviteInput,
  operatorRevokeInvitationInput,
  setOrganizationStatusInput,
  topUpInput,
  byOrganization,
  byService,
  serviceSearchInput,
  updateServiceInput,
  payoutInput,
  practitionerRowView,
} from "../schemas/operator-portal";
import { idSchema } from "../schemas/ids";
import { invitationCreatedView } from "../schemas/organization-portal";
import { operatorProcedure as operator } from "../portal-procedure";
import { router } from "../trpc";
import { pageView, portalPageInput, portalPageOf } from "./paging";

const blankToUndefined = (text: string | undefined) => (text ? text : undefined);

export const operatorRouter = router({
  overview: operator.query(async ({ ctx }) => {
    const overview = await operatorOverview(ctx);
    return { ...overview, escrowIdr: Number(overview.escrowIdr) };
  }),

  // The lists: no input is the first page of everything.
  organizations: operator.input(organizationSearchInput.optional()).query(async ({ ctx, input = {} }) =>
    pageView(await searchOrganizations(ctx, { q: blankToUndefined(input.q), status: input.status }, portalPageOf(input.page)), organizationRowView),
  ),
  organization: operator.input(byOrganization).query(async ({ ctx, input }) => organizationDetailView(await organizationDetail(ctx, input.organizationId))),
  createOrganization: operator.input(createOrganizationInput).mutation(({ ctx, input }) =>
    createOrganization(ctx, ctx.actor, { name: input.name, status: input.status, approvalThresholdIdr: input.approvalThresholdIdr ?? null }),
  ),
  setOrganizationStatus: operator.input(setOrganizationStatusInput).mutation(({ ctx, input }) => setOrganizationStatus(ctx, ctx.actor, input.organizationId, input.status)),
  /** An organisation's admins and invitations, as its own admins see them on their Tim page. */
  team: operator.input(byOrganization).query(({ ctx, input }) => listTeam(ctx, input.organizationId)),
  revokeInvitation: operator
    .input(operatorRevokeInvitationInput)
    .mutation(({ ctx, input }) => revokeInvitation(ctx, ctx.actor, input.organizationId, input.invitationId)),
  inviteAdmin: operator
    .input(operatorInviteInput)
    .mutation(async ({ ctx, input }) => invitationCreatedView(await inviteAdmin(ctx, ctx.actor, input.organizationId, { email: input.email }))),
  topUp: operator.input(topUpInput).mutation(async ({ ctx, input }) => {
    const { depositIdr } = await topUpDeposit(ctx, ctx.actor, input.organizationId, input.amountIdr, input.reference);
    return { depositIdr: Number(depositIdr) };
  }),

  orders: operator.input(orderSearchInput.optional()).query(async ({ ctx, input = {} }) =>
    pageView(
      await searchOrders(ctx, { q: blankToUndefined(input.q), status: input.status, livemode: input.mode === undefined ? undefined : input.mode === "live", organizationId: input.organizationId, createdToday: input.createdToday }, portalPageOf(input.page)),
      orderRowView,
    ),
  ),
  order: operator.input(byOrder).query(async ({ ctx, input }) => orderDetailView(await operatorOrderDetail(ctx, input.orderId))),
  stalledOrders: operator.query(({ ctx }) => listStalledOrders(ctx)),
  disputes: operator.query(({ ctx }) => listDisputes(ctx)),
  slaBreaches: operator.query(({ ctx }) => listSlaBreaches(ctx)),
  restartOffering: operator.input(byOrder).mutation(({ ctx, input }) => restartOffering(ctx, ctx.actor, input.orderId)),
  orderAction: operator
    .input(orderActionInput)
    .mutation(async ({ ctx, input }) => (await operatorOrderAction(ctx, ctx.actor, { orderId: input.orderId, action: input.action, note: input.note })).status),

  auditLog: operator.input(auditSearchInput.optional()).query(async ({ ctx, input = {} }) =>
    pageView(await listAuditLog(ctx, { actorType: blankToUndefined(input.actorType), action: blankToUndefined(input.action), subjectId: input.subjectId }, portalPageOf(input.page)), auditRowView),
  ),
  auditVocabulary: operator.query(({ ctx }) => auditLogVocabulary(ctx)),

  cases: operator.query(({ ctx }) => listCasesForOperator(ctx)),
  closeCase: operator
    .input(z.object({ caseId: idSchema }))
    .mutation(async ({ ctx, input }) => (await closeCase(ctx, ctx.actor, input.caseId)).status),
  practitioners: operator.input(portalPageInput).query(async ({ ctx, input }) => pageView(await listPractitioners(ctx, portalPageOf(input)), practitionerRowView)),
  recordPayout: operator.input(payoutInput).mutation(async ({ ctx, input }) => {
    const { availableIdr } = await recordPayout(ctx, ctx.actor, input.practitionerId, { amountIdr: input.amountIdr, reference: input.reference });
    return { availableIdr: Number(availableIdr) };
  }),
  createPractitioner: operator
    .input(z.object({ name: z.string().trim().min(1).max(200), email: z.string().trim().max(320), password: z.string().min(MIN_PASSWORD_LENGTH).max(200), label: practitionerLabel, categories: practitionerCategories }))
    .mutation(({ ctx, input }) => registerPractitioner(ctx, ctx.actor, input)),
  updatePractitioner: operator
    .input(byPractitioner.extend({ label: practitionerLabel, categories: practitionerCategories }))
    .mutation(({ ctx, input }) => updatePractitioner(ctx, ctx.actor, input.practitionerId, input)),
  setPractitionerActive: operator
    .input(byPractitioner.extend({ active: z.boolean() }))
    .mutation(({ ctx, input }) => setPractitionerActive(ctx, ctx.actor, input.practitionerId, input.active)),
  services: operator.input(serviceSearchInput.optional()).query(({ ctx, input }) => listServicesForOperator(ctx, input ?? {})),
  service: operator.input(byService).query(({ ctx, input }) => serviceForOperator(ctx, input.code)),
  updateService: operator
    .input(updateServiceInput)
    .mutation(({ ctx, input: { code, ...changes } }) => updateService(ctx, ctx.actor, code, changes)),
});
