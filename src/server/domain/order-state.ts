import type { OrderStatus } from "@/generated/prisma/enums";
import { AppError } from "./errors";

/**
 * The one order state machine. Every path that changes an order's status goes through
 * `transitionFor`; the side effects named here are carried out by services/orders.ts in the
 * same transaction as the status change and its event.
 */

export type OrderActor = "agent" | "org_admin" | "practitioner" | "operator" | "system";

/** Money movements and data changes a transition implies. */
export type OrderEffect =
  | "pay_escrow" // deposit → order escrow, set sla_due_at
  | "release_escrow" // escrow → practitioner (client price) and platform (the rest)
  | "refund_escrow" // escrow → deposit
  | "assign_practitioner"
  | "unassign_practitioner"
  | "set_deliverable"
  | "add_message";

export type OrderTrigger =
  | "pay_on_creation"
  | "hold_for_approval"
  | "approve"
  | "reject"
  | "cancel"
  | "start_offering"
  | "take"
  | "start_work"
  | "request_input"
  | "client_reply"
  | "deliver"
  | "release"
  | "request_revision"
  | "accept_result"
  | "dispute"
  | "settle_for_practitioner"
  | "refund";

export interface OrderTransition {
  trigger: OrderTrigger;
  from: readonly OrderStatus[];
  to: OrderStatus;
  actors: readonly OrderActor[];
  effects: readonly OrderEffect[];
  description: string;
}

const ACTIVE_BEFORE_DELIVERY = ["dibayar", "ditawarkan", "diambil", "dikerjakan", "butuh_input_klien"] as const;

// An order is born `dibuat` inside its creating transaction and leaves it before commit, so
// `dibuat` is never seen (the spec shows no moves into or out of it and no event for it).
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { trigger: "pay_on_creation", from: ["dibuat"], to: "dibayar", actors: ["agent"], effects: ["pay_escrow"], description: "Created without approval: paid from the deposit at once." },
  { trigger: "hold_for_approval", from: ["dibuat"], to: "menunggu_bayar", actors: ["agent"], effects: [], description: "Created above the approval threshold: waits for an org admin." },
  { trigger: "approve", from: ["menunggu_bayar"], to: "dibayar", actors: ["org_admin"], effects: ["pay_escrow"], description: "An org admin approves; paid from the deposit." },
  { trigger: "reject", from: ["menunggu_bayar"], to: "dibatalkan", actors: ["org_admin"], effects: [], description: "An org admin rejects the order." },
  { trigger: "cancel", from: ["menunggu_bayar"], to: "dibatalkan", actors: ["operator"], effects: [], description: "The operator cancels an order before payment." },
  { trigger: "start_offering", from: ["dibayar"], to: "ditawarkan", actors: ["system"], effects: [], description: "Offering to practitioners starts." },
  { trigger: "take", from: ["ditawarkan"], to: "diambil", actors: ["practitioner"], effects: ["assign_practitioner"], description: "The practitioner holding the live offer accepts it." },
  { trigger: "start_work", from: ["diambil"], to: "dikerjakan", actors: ["practitioner"], effects: [], description: "Work starts." },
  { trigger: "request_input", from: ["dikerjakan"], to: "butuh_input_klien", actors: ["practitioner"], effects: ["add_message"], description: "The practitioner asks the client for data." },
  { trigger: "client_reply", from: ["butuh_input_klien"], to: "dikerjakan", actors: ["agent"], effects: ["add_message"], description: "The client answers; work resumes." },
  { trigger: "deliver", from: ["dikerjakan"], to: "diserahkan", actors: ["practitioner"], effects: ["set_deliverable"], description: "The result is delivered in `deliverable`." },
  { trigger: "release", from: ["diambil", "dikerjakan", "butuh_input_klien"], to: "ditawarkan", actors: ["practitioner"], effects: ["unassign_practitioner"], description: "The practitioner gives the order back; offering continues." },
  { trigger: "request_revision", from: ["diserahkan"], to: "dikerjakan", actors: ["operator"], effects: [], description: "The operator sends a delivered result back for revision." },
  { trigger: "accept_result", from: ["diserahkan"], to: "selesai", actors: ["agent"], effects: ["release_escrow"], description: "The client accepts the result; escrow is released." },
  { trigger: "dispute", from: [...ACTIVE_BEFORE_DELIVERY, "diserahkan"], to: "sengketa", actors: ["operator"], effects: [], description: "The operator opens a dispute." },
  { trigger: "settle_for_practitioner", from: ["sengketa"], to: "selesai", actors: ["operator"], effects: ["release_escrow"], description: "The operator settles a dispute for the practitioner." },
  { trigger: "refund", from: ["dibayar", "ditawarkan", "sengketa"], to: "direfund", actors: ["operator"], effects: ["refund_escrow"], description: "The operator returns the escrow to the deposit." },
];

/** Statuses in which nothing more happens to an order. */
export const FINAL_STATUSES: readonly OrderStatus[] = ["selesai", "dibatalkan", "direfund"];

const BY_TRIGGER = new Map(ORDER_TRANSITIONS.map((t) => [t.trigger, t]));

/** The transition `trigger` makes from `from` for `actor`, or 409 INVALID_STATE naming the status. */
export function transitionFor(from: OrderStatus, trigger: OrderTrigger, actor: OrderActor): OrderTransition {
  const transition = BY_TRIGGER.get(trigger);
  if (!transition) throw new Error(`unknown order trigger ${trigger}`);
  if (!transition.actors.includes(actor)) throw new Error(`${actor} may not ${trigger} an order`);
  if (!transition.from.includes(from)) {
    throw new AppError(
      "INVALID_STATE",
      `The order is ${from}; ${trigger.replaceAll("_", " ")} is possible only when it is ${transition.from.join(" or ")}.`,
    );
  }
  return transition;
}
