import { type AdminActor, requireActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";
import { NO_KEY } from "../idempotency";
import type { OrderWithMessages } from "../order-engine";
import { clientStep, roleOf } from "./client-step";

/**
 * A decision on an order waiting in menunggu_bayar: an org admin's on a live order, or a test
 * helper's (acting as the admin) on a test order.
 */
export async function decideApproval(
  deps: ServiceDeps,
  { actor, orderId, approve, reason }: { actor: AdminActor; orderId: string; approve: boolean; reason?: string },
): Promise<OrderWithMessages> {
  requireActor(actor, "admin");
  // A rejection's reason stays on the order as the admin's message: the agent reads why in `messages`.
  const extra = !approve && reason?.trim() ? { note: { role: roleOf(actor), body: reason } } : {};
  return clientStep(deps, { actor, orderId, trigger: approve ? "approve" : "reject", extra, claim: NO_KEY });
}
