import { type OperatorActor, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { disputeSplit } from "@/server/domain/money/pricing";
import { disputeSplitMessage } from "@/server/domain/notifications/notification-text";
import { ORDER_TRANSITIONS, type OrderTrigger } from "@/server/domain/orders/order-state";
import type { ServiceDeps } from "../deps";
import { addMessage, changeContextOf, changeOrderStatus, loadOrder, type OrderWithMessages, type StatusChangeExtra } from "../order-engine";

/** What the operator can do to any order from the console. */
export const OPERATOR_ORDER_ACTIONS = [
  "cancel",
  "dispute",
  "refund",
  "settle_for_practitioner",
  "settle_split",
  "request_revision",
  "resume_work",
] as const satisfies readonly OrderTrigger[];

export type OperatorOrderAction = (typeof OPERATOR_ORDER_ACTIONS)[number];

/** Actions whose transition needs a message: the operator's note is that message. */
const NEEDS_MESSAGE: ReadonlySet<OrderTrigger> = new Set(
  ORDER_TRANSITIONS.filter((t) => t.effects.includes("add_message")).map((t) => t.trigger),
);

/** The operator's interventions, each through the state machine and the ledger, audited; a note reaches both parties. */
export async function operatorOrderAction(
  deps: ServiceDeps,
  {
    actor,
    input,
  }: {
    actor: OperatorActor;
    input: { orderId: string; action: OperatorOrderAction; note?: string; practitionerShareIdr?: bigint };
  },
): Promise<OrderWithMessages> {
  requireActor(actor, "operator");
  const change = changeContextOf(deps);
  return deps.db.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { id: input.orderId } });
    if (!order) throw new AppError("NOT_FOUND", `No order ${input.orderId}.`);
    const note = input.note?.trim() ? { role: "operator" as const, body: input.note.trim() } : undefined;
    if (NEEDS_MESSAGE.has(input.action) && !note) throw new AppError("VALIDATION", "note: say why; the parties read it on the order.");
    const extra: StatusChangeExtra = NEEDS_MESSAGE.has(input.action) ? { message: note } : { note };
    if (input.action === "settle_split") extra.practitionerShareIdr = input.practitionerShareIdr;
    const changed = await changeOrderStatus(tx, change, order, input.action, actor, extra);
    if (input.action !== "settle_split") return changed;
    // Both sides read the decision's figures on the order, beside the operator's reasons.
    const split = disputeSplit(order, input.practitionerShareIdr!);
    await addMessage(tx, order.id, { role: "system", body: disputeSplitMessage(split) }, change);
    return loadOrder(tx, order.id);
  });
}
