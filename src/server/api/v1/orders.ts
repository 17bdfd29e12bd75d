import { z } from "zod";
import type { Db } from "@/server/db/client";
import type { AgentActor } from "@/server/domain/access/actor";
import { pageRequestOf } from "@/server/domain/paging";
import { orderDocuments } from "@/server/services/books";
import { type CostDecision, decideCost, getCost } from "@/server/services/costs";
import { ORDER_MESSAGE_LIMIT } from "@/server/services/order-engine";
import {
  acceptOrderResult,
  cancelOrder,
  createOrder,
  getOrder,
  listOrders,
  openDispute,
  postClientMessage,
  requestRevision,
  reviewOrder,
} from "@/server/services/orders";
import { type AgentContext, agentProcedure, idempotently } from "../agent-procedure";
import { pathIdSchema } from "../schemas/ids";
import { createdWindow, listOf, listQuerySchema, metadataFilterOf, withMetadataFilter } from "../schemas/list";
import { costSchema, rejectCostInputSchema, serializeCost } from "../schemas/orders/cost";
import {
  cancelInputSchema,
  createOrderSchema,
  disputeInputSchema,
  messageInputSchema,
  orderSchema,
  orderStatusSchema,
  reviewInputSchema,
  reviewSchema,
  revisionInputSchema,
  serializeOrder,
  serializeReview,
} from "../schemas/orders/order";
import { router } from "../trpc";
import { orderAnswer, orderPageAnswer, receiptsOf } from "./order-answer";
import { RECEIPTS_FOLLOW_PAYMENT } from "./receipts";

const orderId = pathIdSchema("The order's id (ord_…).");

const costPath = orderId.extend({ cost_id: z.string().min(1).max(64).meta({ description: "The cost's id (cost_…)." }) });

/** What a replayed POST answers: the order as it is now. */
const reload = (ctx: { db: Db; actor: AgentActor }) => (id: string) =>
  getOrder(ctx, {
    actor: ctx.actor,
    id,
  });

/** The agent's decision on a cost under its Idempotency-Key; a replay answers the cost as it is now. */
const decideAsAgent = async (ctx: AgentContext, input: { id: string; cost_id: string }, decision: CostDecision) =>
  serializeCost(
    await idempotently(
      ctx,
      input,
      (claim) =>
        decideCost(ctx, {
          actor: ctx.actor,
          orderId: input.id,
          costId: input.cost_id,
          decision,
          claim,
        }),
      (costId) =>
        getCost(ctx, {
          actor: ctx.actor,
          orderId: input.id,
          costId,
        }),
    ),
  );

export const ordersRouter = router({
  create: agentProcedure
    .meta({
      scope: "order:buat",
      successStatus: 201,
      idempotent: true,
      errors: ["BUDGET_EXCEEDED", "INSUFFICIENT_DEPOSIT", "CONFLICT"],
      openapi: {
        method: "POST",
        path: "/v1/orders",
        tags: ["Order"],
        summary: "Create an Instant Matter order paid from the deposit",
        description:
          "201 with the new order (`dibayar`, or `menunggu_bayar` when organisation approval is needed), its `receipts` still empty: " +
          "Kuasa issues the payment's receipt seconds later (GET /v1/orders/{id} shows it). With an Idempotency-Key, a retry with the same body within 24 h answers 200 with `Idempotent-Replayed: true`.",
        protect: true,
      },
    })
    .input(createOrderSchema)
    .output(orderSchema)
    .mutation(async ({ ctx, input }) => {
      const answer = await idempotently(
        ctx,
        input,
        async (claim) => ({ order: await createOrder(ctx, { actor: ctx.actor, input, claim }), placedNow: true }),
        async (id) => ({ order: await reload(ctx)(id), placedNow: false }),
      );
      // An order this request placed has no document yet: Kuasa numbers its payment after the commit.
      return answer.placedNow ? serializeOrder(answer.order, []) : orderAnswer(ctx, answer.order);
    }),

  list: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/orders",
        tags: ["Order"],
        summary: "This key's organisation's orders in this mode, newest first",
        description:
          "Full Order objects (with their messages), newest first (creation time, then id). `starting_after=<id>` pages to older orders, " +
          "`ending_before=<id>` to newer ones; a cursor must be an order of this organisation and mode (400 otherwise). Orders created while you page " +
          "appear at the head of the list and never shift the pages after your cursor. " +
          "Filters: `status`, `service`, `created[gte]`, `created[lte]`, and `metadata[key]=value` (several AND together).",
        protect: true,
      },
    })
    .input(
      withMetadataFilter(
        listQuerySchema.extend({
          status: orderStatusSchema.meta({ description: "Only orders in this status." }).optional(),
          service: z.string().min(1).max(100).meta({ description: "Only orders of this service `code`." }).optional(),
        }),
      ),
    )
    .output(listOf(orderSchema, "OrderList"))
    .query(async ({ ctx, input }) => {
      const filter = { status: input.status, service: input.service, created: createdWindow(input), metadata: metadataFilterOf(input) };
      const page = await listOrders(ctx, {
        actor: ctx.actor,
        request: pageRequestOf(input),
        filter,
      });
      return orderPageAnswer(ctx, page);
    }),

  get: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/orders/{id}",
        tags: ["Order"],
        summary: "One order with its messages",
        description:
          "The order in its current status, with its messages, files, costs, practitioner, review and receipts. Another organisation's order, " +
          `or one of the other mode, is 404 NOT_FOUND. Poll with If-None-Match, or receive webhooks, to follow it. ${RECEIPTS_FOLLOW_PAYMENT}`,
        protect: true,
      },
    })
    .input(orderId)
    .output(orderSchema)
    .query(async ({ ctx, input }) => {
      // Side by side: the documents add a statement, not a round trip of waiting.
      const [order, documents] = await Promise.all([
        getOrder(ctx, { actor: ctx.actor, id: input.id }),
        orderDocuments(ctx, { actor: ctx.actor, orderId: input.id }),
      ]);
      return serializeOrder(order, receiptsOf(ctx, documents));
    }),

  accept: agentProcedure
    .meta({
      scope: "order:buat",
      idempotent: true,
      errors: ["INVALID_STATE"],
      openapi: {
        method: "POST",
        path: "/v1/orders/{id}/accept",
        tags: ["Order"],
        summary: "Accept a delivered result and release escrow",
        description:
          "Only from `diserahkan` (409 INVALID_STATE otherwise): the order becomes `selesai` and the escrow is released to the practitioner. Without an answer, a delivered result is accepted on its own at `auto_accept_at`.",
        protect: true,
      },
    })
    .input(orderId.strict())
    .output(orderSchema)
    .mutation(async ({ ctx, input }) =>
      orderAnswer(
        ctx,
        await idempotently(
          ctx,
          input,
          (claim) =>
            acceptOrderResult(ctx, {
              actor: ctx.actor,
              orderId: input.id,
              claim,
            }),
          reload(ctx),
        ),
      ),
    ),

  message: agentProcedure
    .meta({
      scope: "order:buat",
      idempotent: true,
      errors: ["INVALID_STATE", "CONFLICT"],
      openapi: {
        method: "POST",
        path: "/v1/orders/{id}/messages",
        tags: ["Order"],
        summary: "Answer the practitioner's question (or add a note)",
        description: `In \`butuh_input_klien\` the message is the answer and the order goes back to \`dikerjakan\`; while the order is active otherwise it is a note. One order holds at most ${ORDER_MESSAGE_LIMIT} messages: past that a note is refused with 409 CONFLICT (an answer to an open question is always taken). 409 INVALID_STATE once the order is final.`,
        protect: true,
      },
    })
    .input(messageInputSchema.extend(orderId.shape))
    .output(orderSchema)
    .mutation(async ({ ctx, input }) =>
      orderAnswer(
        ctx,
        await idempotently(
          ctx,
          input,
          (claim) =>
            postClientMessage(ctx, {
              actor: ctx.actor,
              orderId: input.id,
              input,
              claim,
            }),
          reload(ctx),
        ),
      ),
    ),

  cancel: agentProcedure
    .meta({
      scope: "order:buat",
      idempotent: true,
      errors: ["INVALID_STATE"],
      openapi: {
        method: "POST",
        path: "/v1/orders/{id}/cancel",
        tags: ["Order"],
        summary: "Cancel an order nobody has taken yet",
        description:
          "`menunggu_bayar` → `dibatalkan` (nothing was paid); `dibayar` or `ditawarkan` → `dibatalkan` with the whole escrow back in the deposit, " +
          "the key's monthly spend lowered and any live offer withdrawn. Once a practitioner has taken the order it cannot be cancelled " +
          "(409 INVALID_STATE): ask for a revision or open a dispute instead. Event `order.dibatalkan`.",
        protect: true,
      },
    })
    .input(cancelInputSchema.extend(orderId.shape))
    .output(orderSchema)
    .mutation(async ({ ctx, input }) =>
      orderAnswer(
        ctx,
        await idempotently(
          ctx,
          input,
          (claim) =>
            cancelOrder(ctx, {
              actor: ctx.actor,
              orderId: input.id,
              reason: input.reason,
              claim,
            }),
          reload(ctx),
        ),
      ),
    ),

  revision: agentProcedure
    .meta({
      scope: "order:buat",
      idempotent: true,
      errors: ["INVALID_STATE", "REVISION_LIMIT"],
      openapi: {
        method: "POST",
        path: "/v1/orders/{id}/revision",
        tags: ["Order"],
        summary: "Send a delivered result back for changes",
        description:
          "`diserahkan` → `dikerjakan`; `reason` becomes a client message the practitioner reads, and auto-acceptance stops until the next delivery. " +
          "A limited number of revisions per order (2 unless the operator set otherwise; `revision_count` counts them), then 409 REVISION_LIMIT. Event `order.dikerjakan`.",
        protect: true,
      },
    })
    .input(revisionInputSchema.extend(orderId.shape))
    .output(orderSchema)
    .mutation(async ({ ctx, input }) =>
      orderAnswer(
        ctx,
        await idempotently(
          ctx,
          input,
          (claim) =>
            requestRevision(ctx, {
              actor: ctx.actor,
              orderId: input.id,
              reason: input.reason,
              claim,
            }),
          reload(ctx),
        ),
      ),
    ),

  dispute: agentProcedure
    .meta({
      scope: "order:buat",
      idempotent: true,
      errors: ["INVALID_STATE"],
      openapi: {
        method: "POST",
        path: "/v1/orders/{id}/dispute",
        tags: ["Order"],
        summary: "Open a dispute on a taken or delivered order",
        description:
          "From `diambil`, `dikerjakan`, `butuh_input_klien` or `diserahkan` → `sengketa`; `reason` becomes a client message. The escrow stays until " +
          "the operator's team decides: a refund to the deposit (`direfund`), release to the practitioner (`selesai`), or back to work (`dikerjakan`). Event `order.sengketa`.",
        protect: true,
      },
    })
    .input(disputeInputSchema.extend(orderId.shape))
    .output(orderSchema)
    .mutation(async ({ ctx, input }) =>
      orderAnswer(
        ctx,
        await idempotently(
          ctx,
          input,
          (claim) =>
            openDispute(ctx, {
              actor: ctx.actor,
              orderId: input.id,
              reason: input.reason,
              claim,
            }),
          reload(ctx),
        ),
      ),
    ),

  review: agentProcedure
    .meta({
      scope: "order:buat",
      successStatus: 201,
      idempotent: true,
      errors: ["INVALID_STATE", "CONFLICT"],
      openapi: {
        method: "POST",
        path: "/v1/orders/{id}/review",
        tags: ["Order"],
        summary: "Review the practitioner's finished work",
        description:
          "Once the order is `selesai`: a `rating` from 1 to 5 and an optional `comment`, given once (a second review is 409 CONFLICT; before `selesai` 409 INVALID_STATE). " +
          "It shows on the order as `review`; the practitioner reads it without your name, and the operator sees which practitioners do good work.",
        protect: true,
      },
    })
    .input(reviewInputSchema.extend(orderId.shape))
    .output(reviewSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...review } = input;
      const written = await idempotently(
        ctx,
        input,
        (claim) =>
          reviewOrder(ctx, {
            actor: ctx.actor,
            orderId: id,
            input: review,
            claim,
          }),
        async (orderId) =>
          (
            await getOrder(ctx, {
              actor: ctx.actor,
              id: orderId,
            })
          ).review!,
      );
      return serializeReview(written, ctx.apiKey.livemode);
    }),

  approveCost: agentProcedure
    .meta({
      scope: "order:buat",
      idempotent: true,
      errors: ["INVALID_STATE", "BUDGET_EXCEEDED", "INSUFFICIENT_DEPOSIT"],
      openapi: {
        method: "POST",
        path: "/v1/orders/{id}/costs/{cost_id}/approve",
        tags: ["Order"],
        summary: "Approve a third-party cost the practitioner asked for",
        description:
          "`diajukan` → `disetujui`: the official amount moves from your deposit into the order's escrow (no platform fee) and counts against the order's key's monthly budget " +
          "(402 BUDGET_EXCEEDED; a deposit too small is 402 INSUFFICIENT_DEPOSIT and nothing moves). Above your organisation's approval threshold it goes to " +
          "`menunggu_persetujuan` until an admin approves it in the portal. The practitioner is reimbursed from escrow when they upload the official receipt. Event `cost.disetujui` (or `cost.menunggu_persetujuan`).",
        protect: true,
      },
    })
    .input(costPath.strict())
    .output(costSchema)
    .mutation(({ ctx, input }) => decideAsAgent(ctx, input, { approve: true })),

  rejectCost: agentProcedure
    .meta({
      scope: "order:buat",
      idempotent: true,
      errors: ["INVALID_STATE"],
      openapi: {
        method: "POST",
        path: "/v1/orders/{id}/costs/{cost_id}/reject",
        tags: ["Order"],
        summary: "Refuse a third-party cost the practitioner asked for",
        description:
          "`diajukan` → `ditolak` with your `reason`, which the practitioner reads; no money moves. The work goes on without that cost (the practitioner may ask again with another amount or basis). Event `cost.ditolak`.",
        protect: true,
      },
    })
    .input(rejectCostInputSchema.extend(costPath.shape))
    .output(costSchema)
    .mutation(({ ctx, input }) => decideAsAgent(ctx, input, { approve: false, reason: input.reason })),
});
