import { z } from "zod";
import { listServicesForOperator, updateService } from "@/server/services/catalog";
import { closeCase, listCasesForOperator } from "@/server/services/cases";
import { restartOffering } from "@/server/services/offers";
import { listDisputes, listSlaBreaches, listStalledOrders } from "@/server/services/operator-queues";
import { OPERATOR_ORDER_ACTIONS, operatorOrderAction } from "@/server/services/orders";
import { listOrganizations, setOrganizationStatus, topUpDeposit } from "@/server/services/organizations";
import { listPractitioners, registerPractitioner, setPractitionerActive, updatePractitioner } from "@/server/services/practitioners";
import { MIN_PASSWORD_LENGTH } from "@/server/services/users";
import { router, sessionProcedure } from "../trpc";
import { portalPageInput, portalPageOf } from "./paging";

const operator = sessionProcedure("operator");
const actor = (user: { id: string }) => ({ actorType: "operator" as const, actorId: user.id });
const byPractitioner = z.object({ practitionerId: z.string().min(1).max(64) });
const label = z.string().max(100).nullable();
const categories = z.array(z.string().min(1).max(64)).max(20);

export const operatorRouter = router({
  organizations: operator.query(({ ctx }) => listOrganizations(ctx.db)),
  setOrganizationStatus: operator
    .input(z.object({ organizationId: z.string().min(1).max(64), status: z.enum(["aktif", "ditangguhkan"]) }))
    .mutation(({ ctx, input }) => setOrganizationStatus(ctx.db, input.organizationId, input.status, actor(ctx.user))),
  topUp: operator
    .input(z.object({ organizationId: z.string().min(1).max(64), amountIdr: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), reference: z.string().trim().min(1).max(200) }))
    .mutation(async ({ ctx, input }) => {
      const { depositIdr } = await topUpDeposit(ctx.db, input.organizationId, BigInt(input.amountIdr), input.reference, actor(ctx.user));
      return { depositIdr: Number(depositIdr) };
    }),
  stalledOrders: operator.query(({ ctx }) => listStalledOrders(ctx.db)),
  disputes: operator.query(({ ctx }) => listDisputes(ctx.db)),
  slaBreaches: operator.query(({ ctx }) => listSlaBreaches(ctx.db)),
  restartOffering: operator.input(z.object({ orderId: z.string().min(1).max(64) })).mutation(({ ctx, input }) => restartOffering(ctx, input.orderId, ctx.user.id)),
  orderAction: operator
    .input(
      z.object({
        orderId: z.string().min(1).max(64),
        action: z.enum(OPERATOR_ORDER_ACTIONS),
        note: z.string().trim().max(10_000).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => (await operatorOrderAction(ctx, { orderId: input.orderId, action: input.action, operatorId: ctx.user.id, note: input.note })).status),
  cases: operator.query(({ ctx }) => listCasesForOperator(ctx.db)),
  closeCase: operator
    .input(z.object({ caseId: z.string().min(1).max(64) }))
    .mutation(async ({ ctx, input }) => (await closeCase(ctx.db, ctx.clock, { caseId: input.caseId, actor: actor(ctx.user) })).status),
  practitioners: operator.input(portalPageInput).query(({ ctx, input }) => listPractitioners(ctx.db, portalPageOf(input))),
  createPractitioner: operator
    .input(z.object({ name: z.string().trim().min(1).max(200), email: z.string().trim().max(320), password: z.string().min(MIN_PASSWORD_LENGTH).max(200), label, categories }))
    .mutation(({ ctx, input }) => registerPractitioner(ctx.db, input, actor(ctx.user))),
  updatePractitioner: operator
    .input(byPractitioner.extend({ label, categories }))
    .mutation(({ ctx, input }) => updatePractitioner(ctx.db, input.practitionerId, input, actor(ctx.user))),
  setPractitionerActive: operator
    .input(byPractitioner.extend({ active: z.boolean() }))
    .mutation(({ ctx, input }) => setPractitionerActive(ctx, input.practitionerId, input.active, actor(ctx.user))),
  services: operator.query(({ ctx }) => listServicesForOperator(ctx.db)),
  updateService: operator
    .input(
      z.object({
        code: z.string().min(1).max(64),
        clientPriceIdr: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
        description: z.string().max(5_000).optional(),
        requiredLabel: label.optional(),
        intake: z.unknown().optional(),
        agentEligible: z.boolean().optional(),
        active: z.boolean().optional(),
      }),
    )
    .mutation(({ ctx, input: { code, ...changes } }) => updateService(ctx.db, code, changes, actor(ctx.user))),
});
