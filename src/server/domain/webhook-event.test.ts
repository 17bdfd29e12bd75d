import { describe, expect, it } from "vitest";
import { bidSummary, caseSummary, type OrderEventPayload, type WebhookPayload, webhookBody } from "./webhook-event";

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

  it("writes event, sent_at, order in that order, with the order fields in the spec's order", () => {
    expect(webhookBody(stored, new Date("2026-11-22T10:00:00.000Z"))).toBe(
      '{"event":"order.dibayar","sent_at":"2026-11-22T10:00:00.000Z","order":{"id":"ord_1","status":"dibayar",' +
        '"service":"pendaftaran_merek","price_idr":2650000,"sla_due_at":"2026-11-25T09:59:00.000Z","deliverable":null,' +
        '"updated_at":"2026-11-22T09:59:00.000Z"}}',
    );
  });

  it("writes a case event as event, sent_at, case, bid, each in its fixed field order", () => {
    const at = new Date("2026-11-22T09:00:00.000Z");
    const payload: WebhookPayload = {
      event: "case.bid_received",
      bid: bidSummary({ id: "bid_1", status: "diajukan", priceIdr: 800_000n, clientPaysIdr: 900_000n, etaDays: 7, createdAt: at }),
      case: caseSummary({ id: "kas_1", status: "terbuka", area: "properti", selectedBidId: null, orderId: null, updatedAt: at }),
    };
    expect(webhookBody(payload, new Date("2026-11-22T10:00:00.000Z"))).toBe(
      '{"event":"case.bid_received","sent_at":"2026-11-22T10:00:00.000Z",' +
        '"case":{"id":"kas_1","status":"terbuka","area":"properti","selected_bid_id":null,"order_id":null,"updated_at":"2026-11-22T09:00:00.000Z"},' +
        '"bid":{"id":"bid_1","status":"diajukan","price_idr":800000,"client_pays":900000,"eta_days":7,"created_at":"2026-11-22T09:00:00.000Z"}}',
    );
  });
});
