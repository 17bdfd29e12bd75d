import { type OrganizationActor, requireActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";
import { type ClaimKey, NO_KEY } from "../idempotency";
import type { OrderWithMessages } from "../order-engine";
import { clientStep, roleOf } from "./client-step";

/**
 * POST /v1/orders/{id}/cancel: an unpaid order is cancelled; a paid one nobody has taken yet is
 * cancelled with its whole escrow back in the deposit, and its live offer withdrawn. The reason,
 * when given, is kept as a client message.
 */
export function cancelOrder(
  deps: ServiceDeps,
  { actor, orderId, reason, claim = NO_KEY }: { actor: OrganizationActor; orderId: string; reason?: string | null; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent", "admin");
  return clientStep(deps, {
    actor,
    orderId,
    trigger: "cancel",
    extra: reason?.trim() ? { note: { role: roleOf(actor), body: reason } } : {},
    claim,
  });
}
