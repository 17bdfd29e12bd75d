import type { BidStatus, CaseStatus, InvoiceStatus } from "@/generated/prisma/enums";
import type { ActorKind } from "../access/actor";
import { AppError, type ErrorCode } from "../errors";

/**
 * The case board's three state machines: case, bid and invoice. Every status change in
 * the verbs of services/cases/ asks these tables first; the service then makes the
 * change with a conditional UPDATE on the status read here, so a concurrent change loses cleanly.
 * docs/cases.md shows the same tables.
 */

type BoardActor = ActorKind;

export interface Transition<S extends string, T extends string> {
  trigger: T;
  from: readonly S[];
  to: S;
  actors: readonly BoardActor[];
  /** The error when the current status does not allow the move. */
  refusal: ErrorCode;
  description: string;
}

export type CaseTrigger = "select_bid" | "withdraw" | "close";
export type BidTrigger = "select" | "not_selected" | "withdraw";
export type InvoiceTrigger = "pay" | "cancel";

// A case is born `terbuka`, a bid `diajukan`, an invoice `belum_dibayar`.
export const CASE_TRANSITIONS: readonly Transition<CaseStatus, CaseTrigger>[] = [
  {
    trigger: "select_bid",
    from: ["terbuka"],
    to: "dipilih",
    actors: ["agent", "admin"],
    refusal: "INVALID_STATE",
    description: "The agent (or the organisation's admin in the portal) selects one live bid; an invoice is created.",
  },
  {
    trigger: "withdraw",
    from: ["terbuka"],
    to: "ditutup",
    actors: ["agent"],
    refusal: "INVALID_STATE",
    description: "The agent withdraws its own case before selecting a bid; live bids end.",
  },
  {
    trigger: "close",
    from: ["terbuka", "dipilih"],
    to: "ditutup",
    actors: ["operator"],
    refusal: "INVALID_STATE",
    description: "The operator takes the case off the board; live bids end, an unpaid invoice is cancelled.",
  },
];

export const BID_TRANSITIONS: readonly Transition<BidStatus, BidTrigger>[] = [
  // Selecting a bid that is no longer live is a conflict with the bid, not with the case.
  {
    trigger: "select",
    from: ["diajukan"],
    to: "dipilih",
    actors: ["agent", "admin"],
    refusal: "CONFLICT",
    description: "The agent (or the organisation's admin) selects this bid.",
  },
  {
    trigger: "not_selected",
    from: ["diajukan"],
    to: "tidak_dipilih",
    actors: ["system"],
    refusal: "INVALID_STATE",
    description: "Another bid was selected, or the case was closed.",
  },
  {
    trigger: "withdraw",
    from: ["diajukan"],
    to: "ditarik",
    actors: ["practitioner"],
    refusal: "INVALID_STATE",
    description: "The practitioner withdraws the bid while the case is open.",
  },
];

export const INVOICE_TRANSITIONS: readonly Transition<InvoiceStatus, InvoiceTrigger>[] = [
  {
    trigger: "pay",
    from: ["belum_dibayar"],
    to: "dibayar",
    actors: ["admin"],
    refusal: "INVALID_STATE",
    description: "An org admin pays from the deposit: bid to the practitioner, fee to the platform.",
  },
  {
    trigger: "cancel",
    from: ["belum_dibayar"],
    to: "dibatalkan",
    actors: ["operator"],
    refusal: "INVALID_STATE",
    description: "The operator closes the case before the invoice is paid.",
  },
];

function machine<S extends string, T extends string>(entity: string, table: readonly Transition<S, T>[]) {
  const byTrigger = new Map(table.map((t) => [t.trigger, t]));
  return (from: S, trigger: T, actor: BoardActor): Transition<S, T> => {
    const transition = byTrigger.get(trigger);
    if (!transition) throw new Error(`unknown ${entity} trigger ${trigger}`);
    if (!transition.actors.includes(actor)) throw new Error(`${actor} may not ${trigger} a ${entity}`);
    if (!transition.from.includes(from)) {
      throw new AppError(
        transition.refusal,
        `The ${entity} is ${from}; ${trigger.replaceAll("_", " ")} is possible only when it is ${transition.from.join(" or ")}.`,
      );
    }
    return transition;
  };
}

export const caseTransition = machine("case", CASE_TRANSITIONS);
export const bidTransition = machine("bid", BID_TRANSITIONS);
export const invoiceTransition = machine("invoice", INVOICE_TRANSITIONS);

/** Bids are submitted and withdrawn only while the case is open. */
export function assertCaseOpen(status: CaseStatus, doing: string): void {
  if (status !== "terbuka") throw new AppError("INVALID_STATE", `The case is ${status}; you can ${doing} only while it is terbuka.`);
}
