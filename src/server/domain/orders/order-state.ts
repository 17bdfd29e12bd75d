import type { ActorKind } from "../access/actor";
import { AppError } from "../errors";

/**
 * The spec's order statuses, in the order of an order's life. The domain owns them; the database
 * enum (prisma/schema.prisma) must hold exactly these, which order-state.test.ts checks.
 */
export const ORDER_STATUSES = [
  "dibuat",
  "menunggu_bayar",
  "dibayar",
  "ditawarkan",
  "diambil",
  "dikerjakan",
  "butuh_input_klien",
  "diserahkan",
  "selesai",
  "dibatalkan",
  "sengketa",
  "direfund",
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The one order state machine. Every path that changes an order's status goes through
 * `transitionFor`; the side effects named here are carried out by services/order-engine/status.ts in the
 * same transaction as the status change and its event. A trigger may have several rows when
 * what it does depends on where the order is (a cancel refunds only what was paid).
 *
 * Rules that follow from the status alone are kept by services/order-engine/status.ts for every transition:
 * leaving `ditawarkan` withdraws any live offer; an order waits for auto-acceptance only while
 * `diserahkan`, and for the stall refund only while its offering is stalled.
 */

/**
 * Who wrote an order message: `client` the agent (its API key); `admin` an admin of the agent's
 * organisation in the portal (the human behind the agent); `practitioner`; `operator` the
 * operator's team; `system` Kuasa itself.
 */
export const MESSAGE_ROLES = ["client", "admin", "practitioner", "operator", "system"] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** Who may fire a transition: the one actor's kinds (`agent` an API key, `admin` the human behind it in the portal). */
export type OrderActor = ActorKind;

/** Money movements and data changes a transition implies. */
export type OrderEffect =
  | "pay_escrow" // deposit → order escrow, set sla_due_at
  | "release_escrow" // escrow → practitioner (client price) and platform (the rest)
  | "refund_escrow" // escrow → deposit
  | "split_escrow" // escrow → the practitioner's share, the platform's fee on it, the rest to the deposit
  | "assign_practitioner"
  | "unassign_practitioner" // also clears a deliverable left from an earlier delivery
  | "set_deliverable"
  | "count_revision"
  | "add_message";

export type OrderTrigger =
  | "pay_on_creation"
  | "hold_for_approval"
  | "pay_invoice"
  | "approve"
  | "reject"
  | "cancel"
  | "start_offering"
  | "assign_selected_bidder"
  | "take"
  | "start_work"
  | "request_input"
  | "client_reply"
  | "deliver"
  | "release"
  | "request_revision"
  | "accept_result"
  | "auto_accept"
  | "dispute"
  | "resume_work"
  | "settle_for_practitioner"
  | "settle_split"
  | "refund"
  | "refund_stalled";

export interface OrderTransition {
  trigger: OrderTrigger;
  from: readonly OrderStatus[];
  to: OrderStatus;
  actors: readonly OrderActor[];
  effects: readonly OrderEffect[];
  description: string;
}

/** Taken by a practitioner, not yet finished: the statuses a dispute can start from. */
export const HELD_BY_PRACTITIONER = ["diambil", "dikerjakan", "butuh_input_klien", "diserahkan"] as const satisfies readonly OrderStatus[];
/** The client side of an order: the agent's key, or an admin of its organisation in the portal. */
const CLIENT: readonly OrderActor[] = ["agent", "admin"];

// An order is born `dibuat` inside its creating transaction and leaves it before commit, so
// `dibuat` is never seen (the spec shows no moves into or out of it and no event for it).
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  {
    trigger: "pay_on_creation",
    from: ["dibuat"],
    to: "dibayar",
    actors: ["agent"],
    effects: ["pay_escrow"],
    description: "Created without approval: paid from the deposit at once.",
  },
  {
    trigger: "hold_for_approval",
    from: ["dibuat"],
    to: "menunggu_bayar",
    actors: ["agent"],
    effects: [],
    description: "Created above the approval threshold: waits for an org admin.",
  },
  {
    trigger: "pay_invoice",
    from: ["dibuat"],
    to: "dibayar",
    actors: ["admin"],
    effects: ["pay_escrow"],
    description: "A case-board invoice is paid: the selected bid's work is paid into escrow.",
  },
  {
    trigger: "approve",
    from: ["menunggu_bayar"],
    to: "dibayar",
    actors: ["admin"],
    effects: ["pay_escrow"],
    description: "An org admin approves; paid from the deposit.",
  },
  {
    trigger: "reject",
    from: ["menunggu_bayar"],
    to: "dibatalkan",
    actors: ["admin"],
    effects: [],
    description: "An org admin rejects the order.",
  },
  {
    trigger: "cancel",
    from: ["menunggu_bayar"],
    to: "dibatalkan",
    actors: [...CLIENT, "operator"],
    effects: [],
    description: "Cancelled before payment; nothing was paid.",
  },
  {
    trigger: "cancel",
    from: ["dibayar", "ditawarkan"],
    to: "dibatalkan",
    actors: [...CLIENT, "operator"],
    effects: ["refund_escrow"],
    description: "Cancelled before a practitioner took it; the whole escrow goes back to the deposit.",
  },
  {
    trigger: "start_offering",
    from: ["dibayar"],
    to: "ditawarkan",
    actors: ["system"],
    effects: [],
    description: "Offering to practitioners starts.",
  },
  {
    trigger: "assign_selected_bidder",
    from: ["dibayar"],
    to: "diambil",
    actors: ["system"],
    effects: ["assign_practitioner"],
    description: "Case-board work goes straight to the practitioner whose bid was selected.",
  },
  {
    trigger: "take",
    from: ["ditawarkan"],
    to: "diambil",
    actors: ["practitioner"],
    effects: ["assign_practitioner"],
    description: "The practitioner holding the live offer accepts it.",
  },
  { trigger: "start_work", from: ["diambil"], to: "dikerjakan", actors: ["practitioner"], effects: [], description: "Work starts." },
  {
    trigger: "request_input",
    from: ["dikerjakan"],
    to: "butuh_input_klien",
    actors: ["practitioner"],
    effects: ["add_message"],
    description: "The practitioner asks the client for data.",
  },
  {
    trigger: "client_reply",
    from: ["butuh_input_klien"],
    to: "dikerjakan",
    actors: CLIENT,
    effects: ["add_message"],
    description: "The client answers; work resumes.",
  },
  {
    trigger: "deliver",
    from: ["dikerjakan"],
    to: "diserahkan",
    actors: ["practitioner"],
    effects: ["set_deliverable"],
    description: "The result is delivered in `deliverable`; auto-acceptance is scheduled.",
  },
  {
    trigger: "release",
    from: ["diambil", "dikerjakan", "butuh_input_klien"],
    to: "ditawarkan",
    actors: ["practitioner"],
    effects: ["unassign_practitioner"],
    description: "The practitioner gives the order back; offering continues.",
  },
  {
    trigger: "request_revision",
    from: ["diserahkan"],
    to: "dikerjakan",
    actors: [...CLIENT, "operator"],
    effects: ["count_revision", "add_message"],
    description: "The delivered result goes back to the practitioner with the reason.",
  },
  {
    trigger: "accept_result",
    from: ["diserahkan"],
    to: "selesai",
    actors: CLIENT,
    effects: ["release_escrow"],
    description: "The client accepts the result; escrow is released.",
  },
  {
    trigger: "auto_accept",
    from: ["diserahkan"],
    to: "selesai",
    actors: ["system"],
    effects: ["release_escrow", "add_message"],
    description: "Nobody accepted or disputed the result in time: it is accepted and escrow released.",
  },
  {
    trigger: "dispute",
    from: HELD_BY_PRACTITIONER,
    to: "sengketa",
    actors: [...CLIENT, "operator"],
    effects: ["add_message"],
    description: "A dispute opens with its reason; the escrow stays until the operator decides.",
  },
  {
    trigger: "resume_work",
    from: ["sengketa"],
    to: "dikerjakan",
    actors: ["operator"],
    effects: [],
    description: "The operator ends a dispute by sending the order back to work.",
  },
  {
    trigger: "settle_for_practitioner",
    from: ["sengketa"],
    to: "selesai",
    actors: ["operator"],
    effects: ["release_escrow"],
    description: "The operator settles a dispute for the practitioner.",
  },
  {
    trigger: "settle_split",
    from: ["sengketa"],
    to: "selesai",
    actors: ["operator"],
    effects: ["split_escrow", "add_message"],
    description: "The operator settles a dispute with a split: part of the work's price to the practitioner, the rest back to the deposit.",
  },
  {
    trigger: "refund",
    from: ["dibayar", "ditawarkan", "sengketa"],
    to: "direfund",
    actors: ["operator"],
    effects: ["refund_escrow"],
    description: "The operator returns the escrow to the deposit.",
  },
  {
    trigger: "refund_stalled",
    from: ["ditawarkan"],
    to: "direfund",
    actors: ["system"],
    effects: ["refund_escrow", "add_message"],
    description: "Offering stalled and nobody re-offered it in time: the escrow goes back to the deposit.",
  },
];

/** Statuses in which nothing more happens to an order. */
export const FINAL_STATUSES: readonly OrderStatus[] = ["selesai", "dibatalkan", "direfund"];

/** Statuses in which an order is still moving, in the enum's order; `dibuat` is never seen outside its creating transaction. */
export const ACTIVE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => status !== "dibuat" && !FINAL_STATUSES.includes(status),
);

const BY_TRIGGER = new Map<OrderTrigger, OrderTransition[]>();
for (const transition of ORDER_TRANSITIONS) BY_TRIGGER.set(transition.trigger, [...(BY_TRIGGER.get(transition.trigger) ?? []), transition]);

/** The statuses `trigger` is possible from for `actor`. */
export function statusesAllowing(trigger: OrderTrigger, actor: OrderActor): OrderStatus[] {
  return (BY_TRIGGER.get(trigger) ?? []).filter((t) => t.actors.includes(actor)).flatMap((t) => t.from);
}

/** The transition `trigger` makes from `from` for `actor`, or 409 INVALID_STATE naming the status. */
export function transitionFor(from: OrderStatus, trigger: OrderTrigger, actor: OrderActor): OrderTransition {
  const rows = BY_TRIGGER.get(trigger);
  if (!rows) throw new Error(`unknown order trigger ${trigger}`);
  const mine = rows.filter((t) => t.actors.includes(actor));
  if (mine.length === 0) throw new Error(`${actor} may not ${trigger} an order`);
  const transition = mine.find((t) => t.from.includes(from));
  if (!transition) {
    throw new AppError(
      "INVALID_STATE",
      `The order is ${from}; ${trigger.replaceAll("_", " ")} is possible only when it is ${statusesAllowing(trigger, actor).join(" or ")}.`,
    );
  }
  return transition;
}

/** Whether `actor` may `trigger` an order that is `status` now: what a page may offer. */
export function canTrigger(status: OrderStatus, trigger: OrderTrigger, actor: OrderActor): boolean {
  return statusesAllowing(trigger, actor).includes(status);
}
