import { type OrganizationActor, ownerOf } from "@/server/domain/access/actor";
import type { OrderTrigger } from "@/server/domain/orders/order-state";
import type { ServiceDeps } from "../deps";
import { agentReader, type FileReader } from "../files";
import type { ClaimKey } from "../idempotency";
import { changeContextOf, changeOrderStatus, type OrderWithMessages, ownOrder, type StatusChangeExtra } from "../order-engine";

/** Whose files the client side may attach: the agent's key reads its mode's, the admin the organisation's live ones. */
export const readerOf = (actor: OrganizationActor): FileReader =>
  actor.kind === "agent" ? agentReader(ownerOf(actor)) : { kind: "org_admin", organizationId: actor.organizationId };
/** The role of what the client side writes: the agent's messages are `client`, its admin's in the portal `admin`. */
export const roleOf = (actor: OrganizationActor) => (actor.kind === "agent" ? ("client" as const) : ("admin" as const));

/** One client-side step on the client's own order, through the state machine. */
export async function clientStep(
  deps: ServiceDeps,
  {
    actor,
    orderId,
    trigger,
    extra = {},
    claim,
  }: { actor: OrganizationActor; orderId: string; trigger: OrderTrigger; extra?: StatusChangeExtra; claim: ClaimKey },
): Promise<OrderWithMessages> {
  const change = changeContextOf(deps);
  return deps.db.$transaction(async (tx) => {
    await claim(tx, orderId);
    // The row only: the status change reads the messages it answers with.
    const order = await ownOrder(tx, ownerOf(actor), orderId);
    return changeOrderStatus(tx, change, order, trigger, actor, extra);
  });
}
