import { describe, expect, it } from "vitest";
import {
  bidSummary,
  caseSummary,
  EVENT_TYPES,
  type OrderEventPayload,
  type WebhookPayload,
  webhookBody,
  webhookData,
} from "./webhook-event";

describe("webhookBody", () => {
  // Keys deliberately scrambled, as jsonb returns them.
  const stored = {
    order: {
      updated_at: "2026-11-22T09:59:00.000Z",
      id: "ord_1",
      deliverable: null,
      status: "dibayar",
      sla_due_at: "2026-11-25T09:59:00.000Z",
      service: "pendaftaran_merek",
      price_idr: 2650000,
    },
    event: "order.dibayar",
  } as OrderEventPayload;

  it("writes id, event, sent_at, order in that order, with the order fields in the spec's order", () => {
    expect(webhookBody("evt_1", stored, new Date("2026-11-22T10:00:00.000Z"))).toBe(
      '{"id":"evt_1","event":"order.dibayar","sent_at":"2026-11-22T10:00:00.000Z","order":{"id":"ord_1","status":"dibayar",' +
        '"service":"pendaftaran_merek","price_idr":2650000,"sla_due_at":"2026-11-25T09:59:00.000Z","deliverable":null,' +
        '"updated_at":"2026-11-22T09:59:00.000Z"}}',
    );
  });

  it("writes a case event as id, event, sent_at, case, bid, each in its fixed field order", () => {
    const at = new Date("2026-11-22T09:00:00.000Z");
    const payload: WebhookPayload = {
      event: "case.bid_received",
      bid: bidSummary({ id: "bid_1", status: "diajukan", priceIdr: 800_000n, clientPaysIdr: 900_000n, etaDays: 7, createdAt: at }),
      case: caseSummary({ id: "kas_1", status: "terbuka", area: "properti", selectedBidId: null, orderId: null, updatedAt: at }),
    };
    expect(webhookBody("evt_2", payload, new Date("2026-11-22T10:00:00.000Z"))).toBe(
      '{"id":"evt_2","event":"case.bid_received","sent_at":"2026-11-22T10:00:00.000Z",' +
        '"case":{"id":"kas_1","status":"terbuka","area":"properti","selected_bid_id":null,"order_id":null,"updated_at":"2026-11-22T09:00:00.000Z"},' +
        '"bid":{"id":"bid_1","status":"diajukan","price_idr":800000,"client_pays":900000,"eta_days":7,"created_at":"2026-11-22T09:00:00.000Z"}}',
    );
  });

  it("carries exactly webhookData's payload besides id and sent_at, in the same order", () => {
    const { id, sent_at, ...rest } = JSON.parse(webhookBody("evt_1", stored, new Date("2026-11-22T10:00:00.000Z"))) as Record<
      string,
      unknown
    >;
    expect([id, sent_at]).toEqual(["evt_1", "2026-11-22T10:00:00.000Z"]);
    expect(JSON.stringify(rest)).toBe(JSON.stringify(webhookData(stored)));
  });
});

describe("EVENT_TYPES", () => {
  it("lists an order type for each status with an event, the case board's types, a cost type for each cost status, and the deposit's", () => {
    expect(EVENT_TYPES).toContain("order.dibayar");
    expect(EVENT_TYPES).not.toContain("order.dibuat");
    expect(EVENT_TYPES).not.toContain("order.menunggu_bayar");
    expect(EVENT_TYPES.slice(-11)).toEqual([
      "case.bid_received",
      "case.selected",
      "case.ditutup",
      "invoice.dibayar",
      "cost.diajukan",
      "cost.menunggu_persetujuan",
      "cost.disetujui",
      "cost.ditolak",
      "cost.dilunasi",
      "cost.dibatalkan",
      "deposit.topped_up",
    ]);
  });
});
