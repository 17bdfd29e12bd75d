import type { ActorKind } from "../access/actor";
import type { ThirdPartyFee } from "../catalog/third-party-fees";
import { AppError } from "../errors";
import type { OrderStatus } from "./order-state";

/**
 * A third-party cost on an order (an official fee: PNBP, a notary's, a court's), its one state
 * machine. The verbs of services/costs/ ask `costTransitionFor` before every change and then makes it
 * with a conditional UPDATE on the status read here, so a concurrent change loses cleanly (409).
 * docs/costs.md shows the same table.
 */

export const COST_STATUSES = ["diajukan", "menunggu_persetujuan", "disetujui", "ditolak", "dilunasi", "dibatalkan"] as const;
export type CostStatus = (typeof COST_STATUSES)[number];

export type CostActor = ActorKind;

export type CostTrigger = "approve" | "hold_for_approval" | "reject" | "pay" | "cancel";

/** Money a transition moves, carried out by the service in the same transaction. */
type CostEffect =
  | "commit_spend" // the amount counts against the order's key's monthly budget
  | "release_spend" // ... and no longer does
  | "pay_escrow" // deposit → the order's escrow
  | "reimburse" // escrow → the practitioner's payable balance
  | "refund_escrow"; // escrow → deposit

export interface CostTransition {
  trigger: CostTrigger;
  from: readonly CostStatus[];
  to: CostStatus;
  actors: readonly CostActor[];
  effects: readonly CostEffect[];
  description: string;
}

// A cost is born `diajukan` when the practitioner holding the order asks for it.
export const COST_TRANSITIONS: readonly CostTransition[] = [
  {
    trigger: "approve",
    from: ["diajukan"],
    to: "disetujui",
    actors: ["agent", "admin"],
    effects: ["commit_spend", "pay_escrow"],
    description: "The client side approves: the amount goes from the deposit into the order's escrow.",
  },
  {
    trigger: "hold_for_approval",
    from: ["diajukan"],
    to: "menunggu_persetujuan",
    actors: ["agent"],
    effects: ["commit_spend"],
    description: "The agent approves a cost above the organisation's approval threshold: an admin decides in the portal.",
  },
  {
    trigger: "approve",
    from: ["menunggu_persetujuan"],
    to: "disetujui",
    actors: ["admin"],
    effects: ["pay_escrow"],
    description: "The admin approves the cost the agent approved above the threshold: deposit → escrow.",
  },
  {
    trigger: "reject",
    from: ["diajukan"],
    to: "ditolak",
    actors: ["agent", "admin"],
    effects: [],
    description: "The client side refuses the cost, with a reason the practitioner reads.",
  },
  {
    trigger: "reject",
    from: ["menunggu_persetujuan"],
    to: "ditolak",
    actors: ["admin"],
    effects: ["release_spend"],
    description: "The admin refuses a cost waiting for approval.",
  },
  {
    trigger: "pay",
    from: ["disetujui"],
    to: "dilunasi",
    actors: ["practitioner"],
    effects: ["reimburse"],
    description: "The practitioner uploads the official receipt: escrow → their payable balance.",
  },
  {
    trigger: "cancel",
    from: ["diajukan"],
    to: "dibatalkan",
    actors: ["system", "operator"],
    effects: [],
    description: "The order ended (cancelled, refunded) or changed hands before a decision.",
  },
  {
    trigger: "cancel",
    from: ["menunggu_persetujuan"],
    to: "dibatalkan",
    actors: ["system", "operator"],
    effects: ["release_spend"],
    description: "As above, for a cost waiting for the admin.",
  },
  {
    trigger: "cancel",
    from: ["disetujui"],
    to: "dibatalkan",
    actors: ["system", "operator"],
    effects: ["release_spend", "refund_escrow"],
    description: "An approved cost not yet paid: the order ended, or the operator refunds it when no receipt came; escrow → deposit.",
  },
];

const STEP_NAMES: Record<CostTrigger, string> = {
  approve: "approval",
  hold_for_approval: "approval",
  reject: "rejection",
  pay: "a receipt",
  cancel: "cancellation",
};

/** The transition `trigger` makes from `status` for `actor`, or the API error that says why not. */
export function costTransitionFor(status: CostStatus, trigger: CostTrigger, actor: CostActor): CostTransition {
  const rows = COST_TRANSITIONS.filter((t) => t.trigger === trigger && t.actors.includes(actor));
  if (rows.length === 0) throw new AppError("FORBIDDEN", `A ${actor} cannot ${trigger.replaceAll("_", " ")} a cost.`);
  const row = rows.find((t) => t.from.includes(status));
  if (!row) throw new AppError("INVALID_STATE", `The cost is ${status}; ${STEP_NAMES[trigger]} is not possible from there.`);
  return row;
}

/** Costs still waiting for the client side's decision. */
export const UNDECIDED_COST_STATUSES: readonly CostStatus[] = ["diajukan", "menunggu_persetujuan"];

/** Order statuses in which the practitioner holding the order may ask for a cost. */
export const ORDER_STATUSES_FOR_COST_REQUEST: readonly OrderStatus[] = ["diambil", "dikerjakan", "butuh_input_klien"];

/** Order statuses after which no approved, unpaid cost may stay in escrow: it is cancelled and refunded. */
export const ORDER_STATUSES_ENDING_COSTS: readonly OrderStatus[] = ["dibatalkan", "direfund"];

/** What a practitioner asks for. */
export interface CostRequest {
  kind: ThirdPartyFee["kind"];
  feeCode: string | null;
  description: string;
  amountIdr: bigint;
  basis: string;
}

/** Longest texts of a cost: a line on a bill, with the regulation it follows. */
export const COST_LIMITS = { description: 300, basis: 500, reason: 1_000 } as const;

/**
 * A request checked against the service's listed official fees: a listed fee's kind and basis come
 * from the catalog, and its official amount, where fixed, is the ceiling; an unlisted cost must
 * name its basis. Answers the request as it is kept.
 */
export function checkCostRequest(request: CostRequest, listed: readonly ThirdPartyFee[]): CostRequest {
  if (request.amountIdr <= 0n) throw new AppError("VALIDATION", "amount_idr: must be a positive amount.");
  const description = request.description.trim();
  if (!description) throw new AppError("VALIDATION", "description: is required.");
  if (request.feeCode === null) {
    const basis = request.basis.trim();
    if (!basis)
      throw new AppError("VALIDATION", "basis: an official cost outside the catalog names the regulation or office that sets it.");
    return { ...request, description, basis };
  }
  const fee = listed.find((f) => f.code === request.feeCode);
  if (!fee)
    throw new AppError(
      "VALIDATION",
      `fee_code: ${request.feeCode} is not an official fee of this service (${listed.map((f) => f.code).join(", ") || "it lists none"}).`,
    );
  if (fee.amountIdr !== null && request.amountIdr > BigInt(fee.amountIdr))
    throw new AppError(
      "VALIDATION",
      `amount_idr: Rp ${request.amountIdr} is above the official amount of ${fee.code}, Rp ${fee.amountIdr} ${fee.per}.`,
    );
  return { kind: fee.kind, feeCode: fee.code, description, amountIdr: request.amountIdr, basis: request.basis.trim() || fee.basis };
}
