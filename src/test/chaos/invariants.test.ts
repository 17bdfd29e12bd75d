import { describe, expect, it } from "vitest";
import { type ChaosSnapshot, checkInvariants, type Violation } from "./invariants";

/**
 * A small consistent world: a live deposit topped up with 10.000.000, one order paid (1.700.000,
 * on offer, with an approved cost of 100.000 in its escrow), one paid and completed (released
 * 1.490.000 + 210.000 fee), one paid and refunded.
 */
function consistentSnapshot(): ChaosSnapshot {
  const accounts = [
    { id: "acc_ext", code: "external_funding", kind: "external_funding" as const, livemode: true, orderId: null, balanceIdr: -10_000_000n },
    { id: "acc_dep", code: "org_deposit:org_1", kind: "org_deposit" as const, livemode: true, orderId: null, balanceIdr: 6_500_000n },
    { id: "acc_e1", code: "order_escrow:ord_1", kind: "order_escrow" as const, livemode: true, orderId: "ord_1", balanceIdr: 1_800_000n },
    { id: "acc_e2", code: "order_escrow:ord_2", kind: "order_escrow" as const, livemode: true, orderId: "ord_2", balanceIdr: 0n },
    { id: "acc_e3", code: "order_escrow:ord_3", kind: "order_escrow" as const, livemode: true, orderId: "ord_3", balanceIdr: 0n },
    {
      id: "acc_pay",
      code: "practitioner_payable:prc_1",
      kind: "practitioner_payable" as const,
      livemode: true,
      orderId: null,
      balanceIdr: 1_490_000n,
    },
    { id: "acc_rev", code: "platform_revenue", kind: "platform_revenue" as const, livemode: true, orderId: null, balanceIdr: 210_000n },
  ];
  const moves: Array<[string, string, string | null, string, string, bigint]> = [
    ["trf_top", "deposit_topup", null, "acc_ext", "acc_dep", 10_000_000n],
    ["trf_p1", "order_payment", "ord_1", "acc_dep", "acc_e1", 1_700_000n],
    ["trf_c1", "cost_payment", "cost_1", "acc_dep", "acc_e1", 100_000n],
    ["trf_p2", "order_payment", "ord_2", "acc_dep", "acc_e2", 1_700_000n],
    ["trf_r2", "escrow_release", "ord_2", "acc_e2", "acc_pay", 1_490_000n],
    ["trf_f2", "platform_fee", "ord_2", "acc_e2", "acc_rev", 210_000n],
    ["trf_p3", "order_payment", "ord_3", "acc_dep", "acc_e3", 1_700_000n],
    ["trf_b3", "order_refund", "ord_3", "acc_e3", "acc_dep", 1_700_000n],
  ];
  const order = (id: string, status: ChaosSnapshot["orders"][number]["status"], key: string) => ({
    id,
    status,
    livemode: true,
    priceIdr: 1_700_000n,
    caseId: null,
    offeringStalledAt: null,
    offeringRefundAt: null,
    hasActiveOffer: status === "ditawarkan",
    createKey: key,
  });
  const event = (id: string, orderId: string, type: string) => ({ id, orderId, type, hasDelivery: true });
  const events = [
    event("evt_1", "ord_1", "order.dibayar"),
    event("evt_2", "ord_1", "order.ditawarkan"),
    event("evt_3", "ord_2", "order.dibayar"),
    event("evt_4", "ord_2", "order.selesai"),
    event("evt_5", "ord_3", "order.dibayar"),
    event("evt_6", "ord_3", "order.direfund"),
  ];
  return {
    accounts,
    transfers: moves.map(([id, kind, reference]) => ({ id, kind, reference })),
    entries: moves.flatMap(([transferId, , , from, to, amount]) => [
      { transferId, accountId: from, amountIdr: -amount },
      { transferId, accountId: to, amountIdr: amount },
    ]),
    orders: [order("ord_1", "ditawarkan", "k1"), order("ord_2", "selesai", "k2"), order("ord_3", "direfund", "k3")],
    costs: [{ id: "cost_1", orderId: "ord_1", status: "disetujui" as const, amountIdr: 100_000n }],
    events,
    // ord_1: the first offer expired at 10:30 and the next began then; ord_2: taken at once.
    offers: [
      {
        id: "ofr_1",
        orderId: "ord_1",
        practitionerId: "prk_a",
        offeredAt: new Date("2026-11-23T10:00:00Z"),
        endedAt: new Date("2026-11-23T10:30:00Z"),
      },
      { id: "ofr_2", orderId: "ord_1", practitionerId: "prk_b", offeredAt: new Date("2026-11-23T10:30:00Z"), endedAt: null },
      {
        id: "ofr_3",
        orderId: "ord_2",
        practitionerId: "prk_a",
        offeredAt: new Date("2026-11-23T10:00:00Z"),
        endedAt: new Date("2026-11-23T10:05:00Z"),
      },
    ],
    // evt_3 arrived twice (a crash after the send, before the record): at least once is the rule.
    received: [...events, events[2]!].map((e) => ({ headerEventId: e.id, bodyEventId: e.id, signatureOk: true })),
    creates: [
      { idempotencyKey: "k1", orderId: "ord_1" },
      { idempotencyKey: "k2", orderId: "ord_2" },
      { idempotencyKey: "k3", orderId: "ord_3" },
    ],
  };
}

/** OFFER_CAP as the checks read it. */
const CAP = { offerCap: 2 };

const checksOf = (violations: Violation[]) => [...new Set(violations.map((v) => v.check))];

describe("chaos invariants", () => {
  it("find nothing wrong in a consistent snapshot, duplicate deliveries included", () => {
    expect(checkInvariants(consistentSnapshot(), CAP)).toEqual([]);
  });

  it("catch an order paid twice: its escrow, the double payment, and the ledger's cached balance", () => {
    const s = consistentSnapshot();
    s.transfers.push({ id: "trf_again", kind: "order_payment", reference: "ord_1" });
    s.entries.push(
      { transferId: "trf_again", accountId: "acc_dep", amountIdr: -1_700_000n },
      { transferId: "trf_again", accountId: "acc_e1", amountIdr: 1_700_000n },
    );
    const violations = checkInvariants(s, CAP);
    expect(checksOf(violations)).toEqual(["ledger", "double_money"]);
    expect(violations.find((v) => v.check === "double_money")).toMatchObject({ subject: "ord_1", detail: "2 order_payment transfers" });

    s.accounts.find((a) => a.id === "acc_e1")!.balanceIdr = 3_500_000n;
    s.accounts.find((a) => a.id === "acc_dep")!.balanceIdr = 4_800_000n;
    expect(checksOf(checkInvariants(s, CAP))).toEqual(["escrow", "double_money"]);
  });

  it("catch money made out of nothing: a one-sided entry breaks the transfer and its mode's sum", () => {
    const s = consistentSnapshot();
    s.entries.pop();
    s.accounts.find((a) => a.id === "acc_dep")!.balanceIdr -= 1_700_000n;
    const violations = checkInvariants(s, CAP);
    expect(violations.map((v) => v.subject)).toEqual(["trf_b3", "live mode"]);
  });

  it("catch an order both refunded and released, and a finished order still holding escrow", () => {
    const s = consistentSnapshot();
    s.transfers.push({ id: "trf_b2", kind: "order_refund", reference: "ord_2" });
    s.entries.push(
      { transferId: "trf_b2", accountId: "acc_e2", amountIdr: -1_700_000n },
      { transferId: "trf_b2", accountId: "acc_dep", amountIdr: 1_700_000n },
    );
    s.accounts.find((a) => a.id === "acc_e2")!.balanceIdr = -1_700_000n;
    s.accounts.find((a) => a.id === "acc_dep")!.balanceIdr += 1_700_000n;
    const violations = checkInvariants(s, CAP);
    expect(violations).toContainEqual({ check: "double_money", subject: "ord_2", detail: "both refunded and released" });
    expect(violations).toContainEqual(expect.objectContaining({ check: "escrow", subject: "ord_2" }));
    expect(violations).toContainEqual(expect.objectContaining({ check: "ledger", subject: "order_escrow:ord_2" }));
  });

  it("catch one Idempotency-Key that made two orders, and an agent answered with an order that is not there", () => {
    const s = consistentSnapshot();
    s.orders.push({ ...s.orders[2]!, id: "ord_4", status: "dibatalkan", createKey: "k1" });
    s.creates.push({ idempotencyKey: "k5", orderId: "ord_5" });
    expect(checkInvariants(s, CAP).filter((v) => v.check === "idempotency")).toEqual([
      { check: "idempotency", subject: "k1", detail: "one Idempotency-Key created 2 orders: ord_1, ord_4" },
      { check: "idempotency", subject: "k5", detail: "the agent was answered ord_5, the database holds no order for this key" },
    ]);
  });

  it("catch an event that never reached the receiver, one under another id, a bad signature, one the database lacks, and a status without its event", () => {
    const s = consistentSnapshot();
    s.received = s.received.filter((r) => r.headerEventId !== "evt_6");
    s.received.push(
      { headerEventId: "evt_1", bodyEventId: "evt_2", signatureOk: true },
      { headerEventId: "evt_9", bodyEventId: "evt_9", signatureOk: false },
    );
    s.events = s.events.filter((e) => e.id !== "evt_4");
    expect(checkInvariants(s, CAP).map((v) => `${v.check} ${v.subject}`)).toEqual([
      "event ord_2",
      "webhook evt_1",
      "webhook evt_9",
      "webhook evt_4",
      "webhook evt_9",
      "webhook evt_6",
    ]);
  });

  it("catch an order on offer with no offer and no stall, and a paid order never offered", () => {
    const s = consistentSnapshot();
    s.orders[0]!.hasActiveOffer = false;
    expect(checkInvariants(s, CAP)).toEqual([
      { check: "offer", subject: "ord_1", detail: "on offer with no live offer, no stall (refund time) and nobody at the cap" },
    ]);
    // Waiting is fine while a practitioner holds as many live offers as the cap allows.
    s.offers.push({ id: "ofr_6", orderId: "ord_4", practitionerId: "prk_b", offeredAt: new Date("2026-11-23T10:31:00Z"), endedAt: null });
    expect(checkInvariants(s, CAP)).toEqual([]);
    s.offers.pop();
    s.orders[0]!.offeringStalledAt = new Date();
    s.orders[0]!.offeringRefundAt = new Date();
    expect(checkInvariants(s, CAP)).toEqual([]);
    s.orders[0]!.status = "dibayar";
    s.events[1]!.type = "order.dibayar";
    expect(checkInvariants(s, CAP)).toEqual([{ check: "offer", subject: "ord_1", detail: "paid but offering never started" }]);
  });

  it("catch a practitioner holding more live offers than the cap at the start of an offer", () => {
    const s = consistentSnapshot();
    const at = (minute: number) => new Date(`2026-11-23T11:${String(minute).padStart(2, "0")}:00Z`);
    s.offers.push(
      { id: "ofr_7", orderId: "ord_5", practitionerId: "prk_c", offeredAt: at(0), endedAt: at(20) },
      { id: "ofr_8", orderId: "ord_6", practitionerId: "prk_c", offeredAt: at(5), endedAt: null },
    );
    expect(checkInvariants(s, CAP)).toEqual([]);
    s.offers.push({ id: "ofr_9", orderId: "ord_7", practitionerId: "prk_c", offeredAt: at(10), endedAt: null });
    expect(checkInvariants(s, CAP)).toEqual([{ check: "offer", subject: "prk_c", detail: "held 3 live offers when ofr_9 began (cap 2)" }]);
    // The sandbox's stand-in takes every test order: the cap is not theirs.
    s.orders.push(...["ord_5", "ord_6", "ord_7"].map((id) => ({ ...s.orders[2]!, id, livemode: false, createKey: null })));
    expect(checkInvariants(s, CAP).filter((v) => v.subject === "prk_c")).toEqual([]);
  });

  it("catch an order offered twice at once: a live offer beside another, or one begun before the last ended", () => {
    const s = consistentSnapshot();
    s.offers.push({ id: "ofr_4", orderId: "ord_1", practitionerId: "prk_a", offeredAt: new Date("2026-11-23T10:40:00Z"), endedAt: null });
    expect(checkInvariants(s, CAP)).toEqual([{ check: "offer", subject: "ord_1", detail: "offer ofr_4 began while ofr_2 was still live" }]);
    s.offers = [
      ...consistentSnapshot().offers,
      {
        id: "ofr_5",
        orderId: "ord_2",
        practitionerId: "prk_b",
        offeredAt: new Date("2026-11-23T10:04:00Z"),
        endedAt: new Date("2026-11-23T10:06:00Z"),
      },
    ];
    expect(checkInvariants(s, CAP)).toEqual([{ check: "offer", subject: "ord_2", detail: "offer ofr_5 began while ofr_3 was still live" }]);
  });

  it("catch a cost both reimbursed and refunded, and a cancelled cost whose approved amount stayed in escrow", () => {
    const s = consistentSnapshot();
    s.costs[0]!.status = "dibatalkan";
    expect(checksOf(checkInvariants(s, CAP))).toEqual(["escrow", "double_money"]);
    expect(checkInvariants(s, CAP)).toContainEqual({
      check: "double_money",
      subject: "cost_1",
      detail: "dibatalkan cost has 0 cost_refund transfers, expected 1",
    });
    s.costs[0]!.status = "dilunasi";
    s.transfers.push({ id: "trf_c2", kind: "cost_refund", reference: "cost_1" });
    expect(
      checkInvariants(s, CAP)
        .filter((v) => v.check === "double_money")
        .map((v) => v.detail),
    ).toEqual(["dilunasi cost has 0 cost_reimbursement transfers, expected 1", "dilunasi cost has 1 cost_refund transfers, expected 0"]);
  });
});
