import { z } from "zod";
import { parseIdempotencyKey } from "@/server/domain/idempotency";
import { acceptOrderResult, createOrder, getOrder, postClientMessage } from "@/server/services/orders";
import { createOrderSchema, messageInputSchema, orderSchema, serializeOrder } from "../schemas/order";
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
      openapi: { method: "POST", path: "/v1/orders/{id}/accept", tags: ["Order"], summary: "Accept a delivered result and release escrow", protect: true },
    })
    .input(orderId.strict())
    .output(orderSchema)
    .mutation(async ({ ctx, input }) => serializeOrder(await acceptOrderResult(ctx, ctx.apiKey, input.id))),

  message: agentProcedure
    .meta({
      scope: "order:buat",
      openapi: { method: "POST", path: "/v1/orders/{id}/messages", tags: ["Order"], summary: "Answer the practitioner's question (or add a note)", protect: true },
    })
    .input(messageInputSchema.extend(orderId.shape))
    .output(orderSchema)
    .mutation(async ({ ctx, input }) => serializeOrder(await postClientMessage(ctx, ctx.apiKey, input.id, input.body))),
});
