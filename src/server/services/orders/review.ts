import type { OrderReview } from "@/generated/prisma/client";
import { type OrganizationActor, ownerOf, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import type { ServiceDeps } from "../deps";
import { type ClaimKey, NO_KEY } from "../idempotency";
import { ownOrder } from "../order-engine";

/**
 * POST /v1/orders/{id}/review: the client side rates the practitioner's finished work, once. Only
 * a `selesai` order has work to rate (409 INVALID_STATE before); a second review is 409 CONFLICT.
 * The review is the practitioner's, who did the work, kept without the client's identity when
 * shown to them.
 */
export async function reviewOrder(
  deps: ServiceDeps,
  {
    actor,
    orderId,
    input,
    claim = NO_KEY,
  }: { actor: OrganizationActor; orderId: string; input: { rating: number; comment?: string | null }; claim?: ClaimKey },
): Promise<OrderReview> {
  requireActor(actor, "agent", "admin");
  return deps.db.$transaction(async (tx) => {
    await claim(tx, orderId);
    const order = await ownOrder(tx, ownerOf(actor), orderId);
    if (order.status !== "selesai" || !order.practitionerId)
      throw new AppError("INVALID_STATE", `The order is ${order.status}; only a finished (selesai) order can be reviewed.`);
    if (await tx.orderReview.findUnique({ where: { orderId } }))
      throw new AppError("CONFLICT", "This order already has its review; a review is given once.");
    return tx.orderReview.create({
      data: {
        id: newId("review"),
        orderId,
        practitionerId: order.practitionerId,
        rating: input.rating,
        comment: input.comment?.trim() || null,
        apiKeyId: actor.kind === "agent" ? actor.id : null,
        userId: actor.kind === "admin" ? actor.id : null,
        createdAt: deps.clock.now(),
      },
    });
  });
}
