import { type AdminActor, requireActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";
import { NO_KEY } from "../idempotency";
import type { OrderWithMessages } from "../order-engine";
import { clientStep } from "./client-step";

/**
 * A decision on an order waiting in menunggu_bayar: an org admin's on a live order, or a test
 * helper's (acting as the admin) on a test order.
 */
export async function decideApproval(
  deps: ServiceDeps,
  { actor, orderId, approve }: { actor: AdminActor; orderId: string; approve: boolean },
): Promise<OrderWithMessages> {
  requireActor(actor, "admin");
  return clientStep(deps, { actor, orderId, trigger: approve ? "approve" : "reject", claim: NO_KEY });
}
