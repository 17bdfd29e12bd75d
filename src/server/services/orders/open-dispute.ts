import { type OrganizationActor, requireActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";
import { type ClaimKey, NO_KEY } from "../idempotency";
import type { OrderWithMessages } from "../order-engine";
import { clientStep, roleOf } from "./client-step";

/** POST /v1/orders/{id}/dispute: a taken or delivered order goes to the operator's dispute queue; escrow stays. */
export function openDispute(
  deps: ServiceDeps,
  { actor, orderId, reason, claim = NO_KEY }: { actor: OrganizationActor; orderId: string; reason: string; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent", "admin");
  return clientStep(deps, { actor, orderId, trigger: "dispute", extra: { message: { role: roleOf(actor), body: reason } }, claim });
}
