import { z } from "zod";
import { SCOPES } from "@/server/domain/api-key";
import { isDashboardWebhookUrl } from "@/server/domain/webhook-url";
import { WEBHOOK_SECRET_OVERLAP_HOURS } from "@/server/domain/webhook-secret";
import { liveDataOf } from "@/server/domain/data-owner";
import { createApiKey, listApiKeys, revokeApiKey, rotateWebhookSecret } from "@/server/services/api-keys";
import { accountStatement, accounts } from "@/server/services/ledger";
import { payInvoice } from "@/server/services/invoices";
import { acceptOrderResult, byOrgAdmin, cancelOrder, decideApproval, openDispute, requestRevision } from "@/server/services/orders";
import { getOrganizationOrder, listOrganizationOrders } from "@/server/services/organization-orders";
import { listOrganizationCases } from "@/server/services/organization-cases";
import { setApprovalThreshold } from "@/server/services/organizations";
import { listWebhookDeliveries, redeliver } from "@/server/services/webhooks";
import { orderTextSchema } from "../schemas/order";
import { router, sessionProcedure } from "../trpc";

const admin = sessionProcedure("org_admin");
const rupiah = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const byOrder = z.object({ orderId: z.string().min(1).max(64) });

/** The organisation comes from the session: an admin acts on their own organisation only. */
function myOrg(user: { organizationId: string | null }): string {
  if (!user.organizationId) throw new Error("org_admin session without an organisation");
  return user.organizationId;
}

const actor = (user: { id: string }) => ({ actorType: "org_admin" as const, actorId: user.id });

export const organizationRouter = router({
  overview: admin.query(async ({ ctx }) => {
    const organizationId = myOrg(ctx.user);
    const org = await ctx.db.organization.findUniqueOrThrow({ where: { id: organizationId } });
    const deposit = await accountStatement(ctx.db, accounts.orgDeposit(organizationId, true), 50);
    return { name: org.name, status: org.status, approvalThresholdIdr: org.approvalThresholdIdr === null ? null : Number(org.approvalThresholdIdr), deposit };
  }),
  setThreshold: admin
    .input(z.object({ thresholdIdr: rupiah.nullable() }))
    .mutation(({ ctx, input }) => setApprovalThreshold(ctx.db, myOrg(ctx.user), input.thresholdIdr === null ? null : BigInt(input.thresholdIdr), actor(ctx.user))),
  orders: admin
    .input(z.object({ onlyAwaitingApproval: z.boolean().default(false) }))
    .query(({ ctx, input }) => listOrganizationOrders(ctx.db, myOrg(ctx.user), input.onlyAwaitingApproval ? { status: "menunggu_bayar" } : {})),
  order: admin.input(byOrder).query(({ ctx, input }) => getOrganizationOrder(ctx, myOrg(ctx.user), input.orderId)),
  // The admin acts as the client behind the agent: the same services and rules as the API.
  acceptResult: admin.input(byOrder).mutation(async ({ ctx, input }) => (await acceptOrderResult(ctx, byOrgAdmin(myOrg(ctx.user), ctx.user.id), input.orderId)).status),
  requestRevision: admin
    .input(byOrder.extend({ reason: orderTextSchema }))
    .mutation(async ({ ctx, input }) => (await requestRevision(ctx, byOrgAdmin(myOrg(ctx.user), ctx.user.id), input.orderId, input.reason)).status),
  openDispute: admin
    .input(byOrder.extend({ reason: orderTextSchema }))
    .mutation(async ({ ctx, input }) => (await openDispute(ctx, byOrgAdmin(myOrg(ctx.user), ctx.user.id), input.orderId, input.reason)).status),
  cancel: admin
    .input(byOrder.extend({ reason: orderTextSchema.optional() }))
    .mutation(async ({ ctx, input }) => (await cancelOrder(ctx, byOrgAdmin(myOrg(ctx.user), ctx.user.id), input.orderId, input.reason)).status),
  decide: admin
    .input(z.object({ orderId: z.string().min(1).max(64), approve: z.boolean() }))
    .mutation(async ({ ctx, input }) => (await decideApproval(ctx, { owner: liveDataOf(myOrg(ctx.user)), orderId: input.orderId, approve: input.approve, userId: ctx.user.id })).status),
  keys: admin.query(({ ctx }) => listApiKeys(ctx.db, ctx.clock, myOrg(ctx.user))),
  createKey: admin
    .input(
      z.object({
        name: z.string().trim().max(100),
        mode: z.enum(["live", "test"]).default("live"),
        scopes: z.array(z.enum(SCOPES)).min(1),
        maxOrderIdr: rupiah,
        monthlyBudgetIdr: rupiah,
        webhookUrl: z.string().trim().max(2048).refine(isDashboardWebhookUrl, "Gunakan https:// (atau http://localhost untuk pengembangan).").nullable(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const key = await createApiKey(
        ctx.db,
        { organizationId: myOrg(ctx.user), name: input.name, mode: input.mode, scopes: input.scopes, maxOrderIdr: BigInt(input.maxOrderIdr), monthlyBudgetIdr: BigInt(input.monthlyBudgetIdr), webhookUrl: input.webhookUrl },
        actor(ctx.user),
      );
      return { keyId: key.keyId, token: key.token, webhookSecret: key.webhookSecret };
    }),
  revokeKey: admin.input(z.object({ apiKeyId: z.string().min(1).max(64) })).mutation(({ ctx, input }) => revokeApiKey(ctx.db, ctx.clock, myOrg(ctx.user), input.apiKeyId, actor(ctx.user))),
  rotateWebhookSecret: admin
    .input(
      z.object({
        apiKeyId: z.string().min(1).max(64),
        // Hours the replaced secret keeps signing beside the new one; 0 for a leaked secret.
        overlapHours: z.number().int().min(0).max(WEBHOOK_SECRET_OVERLAP_HOURS.max).default(WEBHOOK_SECRET_OVERLAP_HOURS.default),
      }),
    )
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.db, ctx.clock, myOrg(ctx.user), input.apiKeyId, actor(ctx.user), input.overlapHours)),
  webhookDeliveries: admin
    .input(z.object({ orderId: z.string().trim().min(1).max(64).optional() }))
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.db, myOrg(ctx.user), { orderId: input.orderId, limit: 50 })),
  // The job engine's sweep picks the new delivery up (it is due at once).
  redeliver: admin.input(z.object({ eventId: z.string().min(1).max(64) })).mutation(({ ctx, input }) => redeliver(ctx.db, ctx.clock, myOrg(ctx.user), input.eventId)),
  cases: admin.query(({ ctx }) => listOrganizationCases(ctx.db, myOrg(ctx.user))),
  payInvoice: admin.input(z.object({ invoiceId: z.string().min(1).max(64) })).mutation(async ({ ctx, input }) => {
    const invoice = await payInvoice(ctx, { owner: liveDataOf(myOrg(ctx.user)), invoiceId: input.invoiceId, actor: actor(ctx.user) });
    return { status: invoice.status, totalIdr: Number(invoice.totalIdr), orderId: invoice.orderId };
  }),
});
