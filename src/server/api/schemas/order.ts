import { z } from "zod";
import { livemodeSchema } from "./livemode";
import { OrderStatus } from "@/generated/prisma/enums";
import { INTAKE_LIMITS } from "@/server/domain/intake";
import { isHttpUrl } from "@/server/domain/webhook-url";
import type { OrderWithMessages } from "@/server/services/orders";

/**
 * A JSON number, taken as sent. trpc-to-openapi coerces plain z.number() fields (it turns "5"
 * into 5, and does so by mutating the schema for every face); a preprocess pipe is left alone.
 */
export const jsonNumber = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value, schema);

export const orderStatusSchema = z.enum(OrderStatus).meta({ id: "OrderStatus" });

export const createOrderSchema = z
  .object({
    service: z.string().min(1).max(100).meta({ description: "A service `code` from GET /v1/services." }),
    intake: z
      .record(z.string().min(1).max(64), z.string().max(INTAKE_LIMITS.longText))
      .refine((intake) => Object.keys(intake).length <= INTAKE_LIMITS.fields, `at most ${INTAKE_LIMITS.fields} fields`)
      .meta({ description: "Map of intake field key to string value, per the service's `intake`." }),
    max_budget: jsonNumber(z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable())
      .optional()
      .meta({ description: "Upper bound on the price in IDR." }),
    callback_url: z
      .string()
      .max(2048)
      .refine(isHttpUrl, "must be a URL beginning with http:// or https://")
      .nullable()
      .optional()
      .meta({ description: "Receives this order's webhooks." }),
  })
  .strict()
  .meta({ id: "CreateOrder" });

/** Free text an agent or a practitioner writes on an order: a message, a question, a deliverable. */
export const orderTextSchema = z.string().trim().min(1, "must not be empty").max(INTAKE_LIMITS.longText);

export const messageInputSchema = z
  .object({ body: orderTextSchema })
  .strict()
  .meta({ id: "Message" });

export const orderMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(["client", "practitioner", "operator"]).meta({ description: "`client` is the agent's side." }),
    body: z.string(),
    livemode: livemodeSchema,
    created_at: z.iso.datetime(),
  })
  .meta({ id: "OrderMessage" });

export const orderSchema = z
  .object({
    id: z.string(),
    service: z.string(),
    status: orderStatusSchema,
    price_idr: z.number().int(),
    max_budget: z.number().int().nullable(),
    intake: z.record(z.string(), z.string()),
    callback_url: z.string().nullable(),
    sla_due_at: z.iso.datetime().nullable(),
    deliverable: z.string().nullable(),
    approval_required: z.boolean(),
    livemode: livemodeSchema,
    messages: z.array(orderMessageSchema),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "Order" });

export type OrderResponse = z.infer<typeof orderSchema>;

/** The agent's view: always its own data, unmasked. */
export function serializeOrder(order: OrderWithMessages): OrderResponse {
  return {
    id: order.id,
    service: order.serviceCode,
    status: order.status,
    price_idr: Number(order.priceIdr),
    max_budget: order.maxBudgetIdr === null ? null : Number(order.maxBudgetIdr),
    intake: order.intake as Record<string, string>,
    callback_url: order.callbackUrl,
    sla_due_at: order.slaDueAt?.toISOString() ?? null,
    deliverable: order.deliverable,
    approval_required: order.approvalRequired,
    livemode: order.livemode,
    messages: order.messages.map((m) => ({
      id: m.id,
      role: m.role as "client" | "practitioner" | "operator",
      body: m.body,
      livemode: order.livemode,
      created_at: m.createdAt.toISOString(),
    })),
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}
