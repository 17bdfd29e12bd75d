import { describe, expect, it } from "vitest";
import { OrderStatus } from "@/generated/prisma/enums";
import { AppError } from "../errors";
import {
  ACTIVE_STATUSES,
  canTrigger,
  FINAL_STATUSES,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderActor,
  statusesAllowing,
  transitionFor,
} from "./order-state";

const ALL_STATUSES = Object.values(OrderStatus);
const TRIGGERS = [...new Set(ORDER_TRANSITIONS.map((t) => t.trigger))];

describe("order state machine", () => {
  it("owns exactly the statuses the database enum holds, in the same order", () => {
    expect(ORDER_STATUSES).toEqual(ALL_STATUSES);
  });

  for (const trigger of TRIGGERS) {
    const actors = [...new Set(ORDER_TRANSITIONS.filter((t) => t.trigger === trigger).flatMap((t) => t.actors))];
    for (const actor of actors) {
      for (const from of ALL_STATUSES) {
        const row = ORDER_TRANSITIONS.find((t) => t.trigger === trigger && t.actors.includes(actor) && t.from.includes(from));
        if (row) {
          it(`${trigger} by ${actor}: ${from} → ${row.to}`, () => {
            expect(transitionFor(from, trigger, actor)).toBe(row);
          });
        } else {
          it(`${trigger} by ${actor} is refused from ${from} with INVALID_STATE naming the status`, () => {
            const attempt = () => transitionFor(from, trigger, actor);
            expect(attempt).toThrow(AppError);
            expect(attempt).toThrow(new RegExp(`The order is ${from};`));
          });
        }
      }
    }
  }

  it("has at most one row per trigger, actor and status, so the outcome is never ambiguous", () => {
    for (const a of ORDER_TRANSITIONS) {
      for (const b of ORDER_TRANSITIONS) {
        if (a === b || a.trigger !== b.trigger) continue;
        const sharedActor = a.actors.some((actor) => b.actors.includes(actor));
        const sharedStatus = a.from.some((status) => b.from.includes(status));
        expect(sharedActor && sharedStatus, `${a.trigger} rows overlap`).toBe(false);
      }
    }
  });

  it("never leaves a final status", () => {
    for (const t of ORDER_TRANSITIONS) for (const final of FINAL_STATUSES) expect(t.from).not.toContain(final);
  });

  it("refuses a trigger to an actor the table does not name", () => {
    expect(() => transitionFor("diserahkan", "accept_result", "practitioner")).toThrow(/may not/);
    expect(() => transitionFor("ditawarkan", "refund_stalled", "operator")).toThrow(/may not/);
  });

  it("moves money only on payment, acceptance, settlement (whole or split), cancellation of a paid order and refunds", () => {
    const moving = [...new Set(ORDER_TRANSITIONS.filter((t) => t.effects.some((e) => e.endsWith("_escrow"))).map((t) => t.trigger))];
    expect(moving.sort()).toEqual([
      "accept_result",
      "approve",
      "auto_accept",
      "cancel",
      "pay_invoice",
      "pay_on_creation",
      "refund",
      "refund_stalled",
      "settle_for_practitioner",
      "settle_split",
    ]);
  });

  it("cancels an unpaid order without moving money and refunds the escrow of a paid one not yet taken", () => {
    expect(transitionFor("menunggu_bayar", "cancel", "agent").effects).toEqual([]);
    for (const from of ["dibayar", "ditawarkan"] as const)
      expect(transitionFor(from, "cancel", "agent").effects).toEqual(["refund_escrow"]);
    for (const from of ["diambil", "dikerjakan", "diserahkan", "sengketa"] as const)
      expect(() => transitionFor(from, "cancel", "agent")).toThrow(/INVALID_STATE|The order is/);
  });

  it("lets the client side (agent or org admin) cancel, ask for a revision, dispute and accept, but never refund or settle", () => {
    const client: OrderActor[] = ["agent", "admin"];
    for (const actor of client) {
      expect(canTrigger("ditawarkan", "cancel", actor)).toBe(true);
      expect(canTrigger("diserahkan", "request_revision", actor)).toBe(true);
      expect(canTrigger("dikerjakan", "dispute", actor)).toBe(true);
      expect(canTrigger("diserahkan", "accept_result", actor)).toBe(true);
      expect(statusesAllowing("refund", actor)).toEqual([]);
      expect(statusesAllowing("settle_for_practitioner", actor)).toEqual([]);
    }
  });

  it("starts a dispute only once a practitioner holds the order: before that, the client cancels", () => {
    expect(statusesAllowing("dispute", "agent").sort()).toEqual(["butuh_input_klien", "diambil", "dikerjakan", "diserahkan"]);
    expect(statusesAllowing("dispute", "operator")).toEqual(statusesAllowing("dispute", "agent"));
  });

  it("never targets dibuat, and reaches menunggu_bayar only from creation (the statuses without events)", () => {
    for (const t of ORDER_TRANSITIONS) {
      expect(t.to).not.toBe("dibuat");
      if (t.to === "menunggu_bayar") expect(t.from).toEqual(["dibuat"]);
    }
  });
});

describe("ACTIVE_STATUSES", () => {
  it("lists the statuses an order still moves in, in the lifecycle's order, without dibuat or a final one", () => {
    expect(ACTIVE_STATUSES).toEqual([
      "menunggu_bayar",
      "dibayar",
      "ditawarkan",
      "diambil",
      "dikerjakan",
      "butuh_input_klien",
      "diserahkan",
      "sengketa",
    ]);
  });
});
