import { describe, expect, it } from "vitest";
import { OrderStatus } from "@/generated/prisma/enums";
import { AppError } from "./errors";
import { FINAL_STATUSES, ORDER_TRANSITIONS, transitionFor } from "./order-state";

const ALL_STATUSES = Object.values(OrderStatus);

describe("order state machine", () => {
  for (const transition of ORDER_TRANSITIONS) {
    for (const from of ALL_STATUSES) {
      const actor = transition.actors[0]!;
      if (transition.from.includes(from)) {
        it(`${transition.trigger}: ${from} → ${transition.to}`, () => {
          expect(transitionFor(from, transition.trigger, actor).to).toBe(transition.to);
        });
      } else {
        it(`${transition.trigger} is refused from ${from} with INVALID_STATE naming the status`, () => {
          const attempt = () => transitionFor(from, transition.trigger, actor);
          expect(attempt).toThrow(AppError);
          expect(attempt).toThrow(new RegExp(`The order is ${from};`));
        });
      }
    }
  }

  it("never leaves a final status", () => {
    for (const t of ORDER_TRANSITIONS) for (const final of FINAL_STATUSES) expect(t.from).not.toContain(final);
  });

  it("refuses a trigger to an actor the table does not name", () => {
    expect(() => transitionFor("diserahkan", "accept_result", "practitioner")).toThrow(/may not/);
  });

  it("moves money only where the spec says: payment, acceptance, settlement, refund", () => {
    const moving = ORDER_TRANSITIONS.filter((t) => t.effects.some((e) => e.endsWith("_escrow"))).map((t) => t.trigger);
    expect(moving.sort()).toEqual(["accept_result", "approve", "pay_on_creation", "refund", "settle_for_practitioner"]);
  });

  it("never targets dibuat, and reaches menunggu_bayar only from creation (the statuses without events)", () => {
    for (const t of ORDER_TRANSITIONS) {
      expect(t.to).not.toBe("dibuat");
      if (t.to === "menunggu_bayar") expect(t.from).toEqual(["dibuat"]);
    }
  });
});
