import { z } from "zod";
import { parseIdempotencyKey } from "@/server/domain/idempotency";
import { acceptOrderResult, byKey, cancelOrder, createOrder, getOrder, openDispute, postClientMessage, requestRevision } from "@/server/services/orders";
import { cancelInputSchema, createOrderSchema, disputeInputSchema, messageInputSchema, orderSchema, revisionInputSchema, serializeOrder } from "../schemas/order";
import { agentProcedure, router } from "../trpc";

const orderId = z.object({ id: z.string().min(1).max(64) });

export const ordersRouter = router({
  create: agentProcedure
    .meta({
      scope: "order:buat",
      successStatus: 201,
      idempotent: true,
      openapi: {
        method: "POST",
        path: "/v1/orders",
        tags: ["Order"],
        summary: "Create an Instant Matter order paid from the deposit",
        description: "201 with the new order (`dibayar`, or `menunggu_bayar` when organisation approval is needed). With an Idempotency-Key, a retry with the same body within 24 h answers 200 with `Idempotent-Replayed: true`.",
        protect: true,
      },
    })
    .input(createOrderSchema)
    .output(orderSchema)
    .mutation(async ({ ctx, input }) => {
      const idempotencyKey = parseIdempotencyKey(ctx.headers["idempotency-key"]);
      const { order, replayed } = await createOrder(ctx, ctx.apiKey, input, idempotencyKey);
      if (replayed) {
        ctx.response.status = 200;
        ctx.response.headers["Idempotent-Replayed"] = "true";
      }
      return serializeOrder(order);
    }),

  get: agentProcedure
    .meta({ scope: "status:baca", openapi: { method: "GET", path: "/v1/orders/{id}", tags: ["Order"], summary: "One order with its messages", protect: true } })
    .input(orderId)
    .output(orderSchema)
    .query(async ({ ctx, input }) => serializeOrder(await getOrder(ctx.db, ctx.apiKey, input.id))),

  accept: agentProcedure
    .meta({
      scope: "order:buat",
      openapi: {
        method: "POST",
        path: "/v1/orders/{id}/accept",
        tags: ["Order"],
        summary: "Accept a delivered result and release escrow",
        description: "Only from `diserahkan` (409 INVALID_STATE otherwise): the order becomes `selesai` and the escrow is released to the practitioner. Without an answer, a delivered result is accepted on its own at `auto_accept_at`.",
        protect: true,
      },
    })
    .input(orderId.strict())
    .output(orderSchema)
    .mutation(async ({ ctx, input }) => serializeOrder(await acceptOrderResult(ctx, byKey(ctx.apiKey), input.id))),

  message: agentProcedure
    .meta({
      scope: "order:buat",
      openapi: { method: "POST", path: "/v1/orders/{id}/messages", tags: ["Order"], summary: "Answer the practitioner's question (or add a note)", protect: true },
    })
    .input(messageInputSchema.extend(orderId.shape))
    .output(orderSchema)
    .mutation(async ({ ctx, input }) => serializeOrder(await postClientMessage(ctx, ctx.apiKey, input.id, input.body))),

  cancel: agentProcedure
    .meta({
      scope: "order:buat",
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
    .mutation(async ({ ctx, input }) => serializeOrder(await cancelOrder(ctx, byKey(ctx.apiKey), input.id, input.reason))),

  revision: agentProcedure
    .meta({
      scope: "order:buat",
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
    .mutation(async ({ ctx, input }) => serializeOrder(await requestRevision(ctx, byKey(ctx.apiKey), input.id, input.reason))),

  dispute: agentProcedure
    .meta({
      scope: "order:buat",
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
    .mutation(async ({ ctx, input }) => serializeOrder(await openDispute(ctx, byKey(ctx.apiKey), input.id, input.reason))),
});
