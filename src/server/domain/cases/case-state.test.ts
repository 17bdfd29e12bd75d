import { describe, expect, it } from "vitest";
import { BidStatus, CaseStatus, InvoiceStatus } from "@/generated/prisma/enums";
import { AppError } from "../errors";
import {
  assertCaseOpen,
  BID_TRANSITIONS,
  bidTransition,
  CASE_TRANSITIONS,
  caseTransition,
  INVOICE_TRANSITIONS,
  invoiceTransition,
  type Transition,
} from "./case-state";

function everyMove<S extends string, T extends string>(
  entity: string,
  statuses: readonly S[],
  table: readonly Transition<S, T>[],
  transition: (from: S, trigger: T, actor: Transition<S, T>["actors"][number]) => Transition<S, T>,
) {
  describe(`${entity} transitions`, () => {
    for (const t of table) {
      for (const from of statuses) {
        const actor = t.actors[0]!;
        if (t.from.includes(from)) {
          it(`${t.trigger}: ${from} → ${t.to}`, () => expect(transition(from, t.trigger, actor).to).toBe(t.to));
        } else {
          it(`refuses ${t.trigger} from ${from} with ${t.refusal}, naming the status`, () => {
            let thrown: unknown;
            try {
              transition(from, t.trigger, actor);
            } catch (err) {
              thrown = err;
            }
            expect(thrown).toBeInstanceOf(AppError);
            expect((thrown as AppError).code).toBe(t.refusal);
            expect((thrown as AppError).message).toMatch(new RegExp(`^The ${entity} is ${from};`));
          });
        }
      }
      it(`refuses ${t.trigger} to an actor the table does not name`, () => {
        const stranger = (["agent", "practitioner", "admin", "operator", "system"] as const).find((a) => !t.actors.includes(a))!;
        expect(() => transition(t.from[0]!, t.trigger, stranger)).toThrow(/may not/);
      });
    }
  });
}

everyMove("case", Object.values(CaseStatus), CASE_TRANSITIONS, caseTransition);
everyMove("bid", Object.values(BidStatus), BID_TRANSITIONS, bidTransition);
everyMove("invoice", Object.values(InvoiceStatus), INVOICE_TRANSITIONS, invoiceTransition);

describe("the shape of the case board", () => {
  it("reaches every status of every entity (the initial one by creation)", () => {
    const reached = (table: readonly Transition<string, string>[], initial: string) => new Set([initial, ...table.map((t) => t.to)]);
    expect(reached(CASE_TRANSITIONS, "terbuka")).toEqual(new Set(Object.values(CaseStatus)));
    expect(reached(BID_TRANSITIONS, "diajukan")).toEqual(new Set(Object.values(BidStatus)));
    expect(reached(INVOICE_TRANSITIONS, "belum_dibayar")).toEqual(new Set(Object.values(InvoiceStatus)));
  });

  it("never leaves ditutup, a decided bid, or a paid or cancelled invoice", () => {
    for (const t of CASE_TRANSITIONS) expect(t.from).not.toContain("ditutup");
    for (const t of BID_TRANSITIONS) expect(t.from).toEqual(["diajukan"]);
    for (const t of INVOICE_TRANSITIONS) expect(t.from).toEqual(["belum_dibayar"]);
  });

  it("answers selecting a bid that is no longer live with CONFLICT, and a case that is not open with INVALID_STATE", () => {
    expect(() => bidTransition("ditarik", "select", "agent")).toThrow(expect.objectContaining({ code: "CONFLICT" }));
    expect(() => caseTransition("dipilih", "select_bid", "agent")).toThrow(expect.objectContaining({ code: "INVALID_STATE" }));
  });

  it("accepts bids and withdrawals only while the case is terbuka", () => {
    expect(() => assertCaseOpen("terbuka", "bid")).not.toThrow();
    for (const status of ["dipilih", "ditutup"] as const) {
      expect(() => assertCaseOpen(status, "bid")).toThrow(
        expect.objectContaining({ code: "INVALID_STATE", message: `The case is ${status}; you can bid only while it is terbuka.` }),
      );
    }
  });
});
