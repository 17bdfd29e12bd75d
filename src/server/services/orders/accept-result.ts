import { type OrganizationActor, ownerOf, requireActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";
import { type ClaimKey, NO_KEY } from "../idempotency";
import { changeContextOf, changeOrderStatusAtOnce, loadOrder, type OrderWithMessages, ownOrder } from "../order-engine";
import { clientStep } from "./client-step";

/**
 * POST /v1/orders/{id}/accept (or the admin in the portal): the result is accepted and escrow
 * released. The hottest client step, so three statements: the row read, the change in one
 * statement (changeOrderStatusAtOnce), the answer read; as every other step when that statement
 * cannot make it.
 */
export async function acceptOrderResult(
  deps: ServiceDeps,
  { actor, orderId, claim = NO_KEY }: { actor: OrganizationActor; orderId: string; claim?: ClaimKey },
): Promise<OrderWithMessages> {
  requireActor(actor, "agent", "admin");
  const order = await ownOrder(deps.db, ownerOf(actor), orderId);
  if (await changeOrderStatusAtOnce(deps.db, changeContextOf(deps), order, "accept_result", actor, {}, claim))
    return loadOrder(deps.db, orderId);
  return clientStep(deps, { actor, orderId, trigger: "accept_result", claim });
}
