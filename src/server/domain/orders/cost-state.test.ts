import { describe, expect, it } from "vitest";
import { CostStatus as DbCostStatus } from "@/generated/prisma/enums";
import type { ThirdPartyFee } from "../catalog/third-party-fees";
import { COST_STATUSES, COST_TRANSITIONS, checkCostRequest, costTransitionFor } from "./cost-state";

const PNBP: ThirdPartyFee = {
  code: "pnbp_merek_umk",
  kind: "pnbp",
  description: "PNBP permohonan merek, usaha mikro dan kecil",
  amountIdr: 500_000,
  per: "per kelas",
  basis: "PP No. 28 Tahun 2019",
};
const NOTARY: ThirdPartyFee = { ...PNBP, code: "akta_notaris", kind: "notaris", amountIdr: null, basis: "Tarif notaris" };

describe("the cost state machine", () => {
  it("holds exactly the database's statuses, and every status but diajukan is reached by some transition", () => {
    expect([...COST_STATUSES].sort()).toEqual(Object.values(DbCostStatus).sort());
    const reached = new Set(COST_TRANSITIONS.map((t) => t.to));
    expect(COST_STATUSES.filter((status) => !reached.has(status))).toEqual(["diajukan"]);
  });

  it("lets the agent approve or hold a cost it has not decided, and only the admin decide one held for approval", () => {
    expect(costTransitionFor("diajukan", "approve", "agent").to).toBe("disetujui");
    expect(costTransitionFor("diajukan", "hold_for_approval", "agent").to).toBe("menunggu_persetujuan");
    expect(costTransitionFor("menunggu_persetujuan", "approve", "admin").effects).toEqual(["pay_escrow"]);
    expect(() => costTransitionFor("menunggu_persetujuan", "approve", "agent")).toThrow(expect.objectContaining({ code: "INVALID_STATE" }));
    expect(() => costTransitionFor("menunggu_persetujuan", "reject", "agent")).toThrow(expect.objectContaining({ code: "INVALID_STATE" }));
  });

  it("moves the money of an approved cost exactly once: paid in on approval, then reimbursed or refunded", () => {
    expect(costTransitionFor("diajukan", "approve", "agent").effects).toEqual(["commit_spend", "pay_escrow"]);
    expect(costTransitionFor("disetujui", "pay", "practitioner").effects).toEqual(["reimburse"]);
    expect(costTransitionFor("disetujui", "cancel", "system").effects).toEqual(["release_spend", "refund_escrow"]);
    expect(costTransitionFor("diajukan", "cancel", "operator").effects).toEqual([]);
    for (const settled of ["dilunasi", "ditolak", "dibatalkan"] as const)
      expect(() => costTransitionFor(settled, "cancel", "operator")).toThrow(expect.objectContaining({ code: "INVALID_STATE" }));
  });

  it("refuses an actor the step is not for", () => {
    expect(() => costTransitionFor("disetujui", "pay", "agent")).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
    expect(() => costTransitionFor("diajukan", "approve", "practitioner")).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
  });
});

describe("checkCostRequest", () => {
  const listed = [PNBP, NOTARY];
  const ask = (over: Partial<Parameters<typeof checkCostRequest>[0]>) =>
    checkCostRequest(
      { kind: "lainnya", feeCode: PNBP.code, description: " PNBP kelas 25 ", amountIdr: 500_000n, basis: "", ...over },
      listed,
    );

  it("takes a listed fee's kind and basis from the catalog, up to its official amount", () => {
    expect(ask({})).toEqual({ kind: "pnbp", feeCode: PNBP.code, description: "PNBP kelas 25", amountIdr: 500_000n, basis: PNBP.basis });
    expect(() => ask({ amountIdr: 500_001n })).toThrow(/above the official amount of pnbp_merek_umk, Rp 500000 per kelas/);
  });

  it("has no ceiling for a fee whose amount varies, and needs the basis of a cost outside the catalog", () => {
    expect(ask({ feeCode: NOTARY.code, amountIdr: 3_000_000n }).kind).toBe("notaris");
    expect(() => ask({ feeCode: null, basis: " " })).toThrow(/basis/);
    expect(ask({ feeCode: null, basis: "UU Bea Meterai" }).kind).toBe("lainnya");
  });

  it("refuses an unknown fee code, a non-positive amount and an empty description", () => {
    expect(() => ask({ feeCode: "pnbp_rekaan" })).toThrow(/not an official fee of this service/);
    expect(() => ask({ amountIdr: 0n })).toThrow(/positive/);
    expect(() => ask({ description: "  " })).toThrow(/description/);
  });
});
