import { type OrganizationActor, requireActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";
import { type ClaimKey, NO_KEY } from "../idempotency";
import type { OrderWithMessages } from "../order-engine";
import { clientStep, roleOf } from "./client-step";

/** POST /v1/orders/{id}/revision: the delivered result goes back to the practitioner with the reason (at most ORDER_MAX_REVISIONS). */
export function requestRevision(
  deps: ServiceDeps,
  { actor, orderId, reason, claim = NO_KEY }: { actor: OrganizationActor; orderId: string; reason: string; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent", "admin");
  return clientStep(deps, {
    actor,
    orderId,
    trigger: "request_revision",
    extra: { message: { role: roleOf(actor), body: reason } },
    claim,
  });
}
