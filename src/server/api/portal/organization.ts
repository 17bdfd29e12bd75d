import { z } from "zod";
import type { Db } from "@/server/db/client";
import { type AdminActor, inMode } from "@/server/domain/access/actor";
import {
  createApiKey,
  inviteAdmin,
  KEY_DEFAULTS,
  listApiKeys,
  listTeam,
  revokeApiKey,
  revokeInvitation,
  rotateWebhookSecret,
  updateApiKey,
  upgradeApiKeyVersion,
} from "@/server/services/access";
import { listOrganizationCases, payInvoice, selectBidAsAdmin } from "@/server/services/cases";
import { decideCost, listUndecidedCosts, organizationOrderCosts, undecidedCostCounts } from "@/server/services/costs";
import { listWebhookDeliveries, redeliver } from "@/server/services/events";
import { accounts, monthlySpend, statementPage } from "@/server/services/money";
import {
  acceptOrderResult,
  adminOnOrder,
  cancelOrder,
  decideApproval,
  getOrganizationOrder,
  listOrganizationOrders,
  openDispute,
  organizationAttention,
  pendingApprovalCounts,
  postClientMessage,
  requestRevision,
  reviewOrder,
} from "@/server/services/orders";
import { organizationOverview, setApprovalThreshold } from "@/server/services/organizations";
import { recentRequests } from "@/server/services/request-log";
import { topUpInstructionsFor } from "@/server/services/settings";
import { orgAdminProcedure } from "../portal-procedure";
import { idSchema } from "../schemas/ids";
import { topUpInstructionsOutput } from "../schemas/money/top-up";
import {
  costsOutput,
  costsWithOrderOutput,
  costView,
  decideCostInput,
  pendingCostsOutput,
  portalCostSchema,
} from "../schemas/orders/cost-portal";
import {
  attentionOutput,
  blankToUndefined,
  byApiKey,
  byInvitation,
  byOrder,
  cancelInput,
  casesOutput,
  createdKeyOutput,
  createKeyInput,
  decideInput,
  invitationCreatedOutput,
  invitationCreatedView,
  inviteInput,
  keyDefaultsOutput,
  keyRequestsOutput,
  keysOutput,
  messageInput,
  modeOnlyInput,
  orderOutput,
  orderRowView,
  orderSearchInput,
  orderStatusOutput,
  ordersOutput,
  overviewOutput,
  paidInvoiceOutput,
  pendingApprovalsOutput,
  reasonInput,
  redeliverOutput,
  reviewOrderInput,
  rotatedSecretOutput,
  rotateSecretInput,
  selectBidInput,
  selectedBidOutput,
  spendOutput,
  statementInput,
  statementOutput,
  teamOutput,
  thresholdInput,
  updateKeyInput,
  upgradedKeyOutput,
  webhookDeliveriesOutput,
  webhookSearchInput,
} from "../schemas/portal/organization-portal";
import { router } from "../trpc";
import { organizationBooks } from "./books";
import { pageView, portalPageOf } from "./paging";

const admin = orgAdminProcedure;

/** The admin acting as the client on one of the organisation's orders, in that order's mode. */
const asClient = (ctx: { db: Db; actor: AdminActor }, orderId: string) => adminOnOrder(ctx, { actor: ctx.actor, orderId });

export const organizationRouter = router({
  ...organizationBooks,
  overview: admin.output(overviewOutput).query(({ ctx }) =>
    organizationOverview(ctx, {
      actor: ctx.actor,
    }),
  ),
  /** The deposit's statement in one mode, newest first, each row with the balance after it. */
  statement: admin
    .input(statementInput)
    .output(statementOutput)
    .query(async ({ ctx, input }) => {
      const actor = inMode(ctx.actor, input.mode === "live");
      const { balanceIdr, page } = await statementPage(ctx, {
        actor,
        ref: accounts.orgDeposit(actor.organizationId, actor.livemode),
        page: portalPageOf(input.page),
      });
      return { balanceIdr, data: page.data, has_more: page.hasMore };
    }),
  spend: admin
    .input(modeOnlyInput)
    .output(spendOutput)
    .query(({ ctx, input }) =>
      monthlySpend(ctx, {
        actor: inMode(ctx.actor, input.mode === "live"),
      }),
    ),
  setThreshold: admin
    .input(thresholdInput)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      setApprovalThreshold(ctx, { actor: ctx.actor, organizationId: ctx.organizationId, thresholdIdr: input.thresholdIdr }),
    ),
  orders: admin
    .input(orderSearchInput)
    .output(ordersOutput)
    .query(async ({ ctx, input }) =>
      pageView(
        await listOrganizationOrders(ctx, {
          actor: inMode(ctx.actor, input.mode === "live"),
          search: {
            q: blankToUndefined(input.q),
            status: input.status,
            apiKeyId: input.apiKeyId,
            stalled: input.stalled,
            metadata: input.metadata,
          },
          page: portalPageOf(input.page),
        }),
        orderRowView,
      ),
    ),
  /** How to top up the deposit: the operator's transfer details and this organisation's transfer note (null until the operator set them). */
  topUpInstructions: admin.output(topUpInstructionsOutput).query(({ ctx }) =>
    topUpInstructionsFor(ctx, {
      actor: ctx.actor,
    }),
  ),
  /** What needs the admin in one mode: the home page's overview. */
  attention: admin
    .input(modeOnlyInput)
    .output(attentionOutput)
    .query(({ ctx, input }) =>
      organizationAttention(ctx, {
        actor: inMode(ctx.actor, input.mode === "live"),
      }),
    ),
  /** Orders waiting for the admin's approval, live and test: the nav's badge counts the live ones. */
  pendingApprovals: admin.output(pendingApprovalsOutput).query(({ ctx }) =>
    pendingApprovalCounts(ctx, {
      actor: ctx.actor,
    }),
  ),
  order: admin
    .input(byOrder)
    .output(orderOutput)
    .query(({ ctx, input }) =>
      getOrganizationOrder(ctx, {
        actor: ctx.actor,
        orderId: input.orderId,
      }),
    ),
  // The admin acts as the client behind the agent: the same services and rules as the API.
  acceptResult: admin
    .input(byOrder)
    .output(orderStatusOutput)
    .mutation(
      async ({ ctx, input }) =>
        (
          await acceptOrderResult(ctx, {
            actor: await asClient(ctx, input.orderId),
            orderId: input.orderId,
          })
        ).status,
    ),
  /** The admin reviews the finished work: the same service and rules as POST /v1/orders/{id}/review. */
  reviewOrder: admin
    .input(reviewOrderInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      const { orderId, ...review } = input;
      await reviewOrder(ctx, { actor: await asClient(ctx, orderId), orderId, input: review });
    }),
  /** The admin answers the practitioner (or adds a note) when the agent cannot: the same service and rules as POST /v1/orders/{id}/messages. */
  sendMessage: admin
    .input(messageInput)
    .output(orderStatusOutput)
    .mutation(
      async ({ ctx, input }) =>
        (
          await postClientMessage(ctx, {
            actor: await asClient(ctx, input.orderId),
            orderId: input.orderId,
            input: { body: input.body, attachments: input.files },
          })
        ).status,
    ),
  requestRevision: admin
    .input(reasonInput)
    .output(orderStatusOutput)
    .mutation(
      async ({ ctx, input }) =>
        (
          await requestRevision(ctx, {
            actor: await asClient(ctx, input.orderId),
            orderId: input.orderId,
            reason: input.reason,
          })
        ).status,
    ),
  openDispute: admin
    .input(reasonInput)
    .output(orderStatusOutput)
    .mutation(
      async ({ ctx, input }) =>
        (
          await openDispute(ctx, {
            actor: await asClient(ctx, input.orderId),
            orderId: input.orderId,
            reason: input.reason,
          })
        ).status,
    ),
  cancel: admin
    .input(cancelInput)
    .output(orderStatusOutput)
    .mutation(
      async ({ ctx, input }) =>
        (
          await cancelOrder(ctx, {
            actor: await asClient(ctx, input.orderId),
            orderId: input.orderId,
            reason: input.reason,
          })
        ).status,
    ),
  decide: admin
    .input(decideInput)
    .output(orderStatusOutput)
    .mutation(async ({ ctx, input }) => {
      const actor = await asClient(ctx, input.orderId);
      const reason = input.approve ? undefined : input.reason;
      return (await decideApproval(ctx, { actor, orderId: input.orderId, approve: input.approve, reason })).status;
    }),
  orderCosts: admin
    .input(byOrder)
    .output(costsOutput)
    .query(async ({ ctx, input }) =>
      (
        await organizationOrderCosts(ctx, {
          actor: ctx.actor,
          orderId: input.orderId,
        })
      ).map(costView),
    ),
  /** Costs waiting for the client side's decision, live and test: the nav's badge counts the live ones with the orders. */
  pendingCosts: admin.output(pendingCostsOutput).query(({ ctx }) =>
    undecidedCostCounts(ctx, {
      actor: ctx.actor,
    }),
  ),
  undecidedCosts: admin
    .input(modeOnlyInput)
    .output(costsWithOrderOutput)
    .query(async ({ ctx, input }) =>
      (
        await listUndecidedCosts(ctx, {
          actor: inMode(ctx.actor, input.mode === "live"),
        })
      ).map((cost) => ({
        ...costView(cost),
        order: cost.order,
      })),
    ),
  /** The admin decides a cost as the client, as POST /v1/orders/{id}/costs/{cost_id}/approve and /reject do. */
  decideCost: admin
    .input(decideCostInput)
    .output(portalCostSchema)
    .mutation(async ({ ctx, input }) =>
      costView(
        await decideCost(ctx, {
          actor: await asClient(ctx, input.orderId),
          orderId: input.orderId,
          costId: input.costId,
          decision: input.approve ? { approve: true } : { approve: false, reason: input.reason },
        }),
      ),
    ),
  keys: admin.output(keysOutput).query(({ ctx }) =>
    listApiKeys(ctx, {
      actor: ctx.actor,
    }),
  ),
  /** What the key creation form starts from. */
  keyDefaults: admin.output(keyDefaultsOutput).query(() => KEY_DEFAULTS),
  createKey: admin
    .input(createKeyInput)
    .output(createdKeyOutput)
    .mutation(async ({ ctx, input }) => {
      const key = await createApiKey(ctx, {
        actor: ctx.actor,
        input: {
          organizationId: ctx.organizationId,
          name: input.name,
          mode: input.mode,
          scopes: input.scopes,
          maxOrderIdr: input.maxOrderIdr,
          monthlyBudgetIdr: input.monthlyBudgetIdr,
          webhookUrl: input.webhookUrl,
        },
      });
      return { keyId: key.keyId, token: key.token, webhookSecret: key.webhookSecret };
    }),
  updateKey: admin
    .input(updateKeyInput)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      updateApiKey(ctx, {
        actor: ctx.actor,
        apiKeyId: input.apiKeyId,
        input: {
          name: input.name,
          scopes: input.scopes,
          maxOrderIdr: input.maxOrderIdr,
          monthlyBudgetIdr: input.monthlyBudgetIdr,
          webhookUrl: input.webhookUrl,
        },
      }),
    ),
  revokeKey: admin
    .input(byApiKey)
    .output(z.void())
    .mutation(({ ctx, input }) => revokeApiKey(ctx, { actor: ctx.actor, apiKeyId: input.apiKeyId })),
  /** "Permintaan terakhir": the key's newest requests on /v1 and /mcp, live and test keys alike. */
  keyRequests: admin
    .input(byApiKey)
    .output(keyRequestsOutput)
    .query(({ ctx, input }) =>
      recentRequests(ctx, {
        actor: ctx.actor,
        apiKeyId: input.apiKeyId,
      }),
    ),
  /** Moves a key to the current API version: its answers may change shape from the next request on. */
  upgradeKeyVersion: admin
    .input(byApiKey)
    .output(upgradedKeyOutput)
    .mutation(({ ctx, input }) => upgradeApiKeyVersion(ctx, { actor: ctx.actor, apiKeyId: input.apiKeyId })),
  rotateWebhookSecret: admin
    .input(rotateSecretInput)
    .output(rotatedSecretOutput)
    .mutation(({ ctx, input }) =>
      rotateWebhookSecret(ctx, {
        actor: ctx.actor,
        apiKeyId: input.apiKeyId,
        overlapHours: input.overlapHours,
      }),
    ),
  webhookDeliveries: admin
    .input(webhookSearchInput)
    .output(webhookDeliveriesOutput)
    .query(async ({ ctx, input }) => {
      const request = portalPageOf(input.page);
      const events = await listWebhookDeliveries(ctx, {
        actor: ctx.actor,
        options: {
          orderId: input.orderId,
          livemode: input.mode === "live",
          deliveryStatus: input.status,
          startingAfter: request.cursor?.id,
          limit: request.limit + 1,
        },
      });
      return { data: events.slice(0, request.limit), has_more: events.length > request.limit };
    }),
  // The job engine's sweep picks the new delivery up (it is due at once).
  redeliver: admin
    .input(z.object({ eventId: idSchema }))
    .output(redeliverOutput)
    .mutation(({ ctx, input }) =>
      redeliver(ctx, {
        actor: ctx.actor,
        eventId: input.eventId,
      }),
    ),
  cases: admin.output(casesOutput).query(({ ctx }) =>
    listOrganizationCases(ctx, {
      actor: ctx.actor,
    }),
  ),
  /** The admin selects a bid as the agent's POST /v1/cases/{id}/select does (same service, rules and events). */
  selectBid: admin
    .input(selectBidInput)
    .output(selectedBidOutput)
    .mutation(async ({ ctx, input }) => {
      const { invoice } = await selectBidAsAdmin(ctx, {
        actor: ctx.actor,
        caseId: input.caseId,
        bidId: input.bidId,
      });
      return { invoiceId: invoice.id, totalIdr: invoice.totalIdr };
    }),
  payInvoice: admin
    .input(z.object({ invoiceId: idSchema }))
    .output(paidInvoiceOutput)
    .mutation(async ({ ctx, input }) => {
      const invoice = await payInvoice(ctx, {
        actor: ctx.actor,
        invoiceId: input.invoiceId,
      });
      return { status: invoice.status, totalIdr: invoice.totalIdr, orderId: invoice.orderId };
    }),
  team: admin.output(teamOutput).query(({ ctx }) =>
    listTeam(ctx, {
      actor: ctx.actor,
      organizationId: ctx.organizationId,
    }),
  ),
  invite: admin
    .input(inviteInput)
    .output(invitationCreatedOutput)
    .mutation(async ({ ctx, input }) =>
      invitationCreatedView(
        await inviteAdmin(ctx, { actor: ctx.actor, organizationId: ctx.organizationId, input: { email: input.email } }),
      ),
    ),
  revokeInvitation: admin
    .input(byInvitation)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      revokeInvitation(ctx, { actor: ctx.actor, organizationId: ctx.organizationId, invitationId: input.invitationId }),
    ),
});
