import { describe, expect, it } from "vitest";
import {
  type DeliveryCounts,
  deliveryFigures,
  NO_DELIVERY_COUNTS,
  publishedStats,
  roundTo,
  STATS_MIN_COMPLETED_ORDERS,
  statsWindow,
} from "./service-stats";

const counts = (over: Partial<DeliveryCounts>): DeliveryCounts => ({ ...NO_DELIVERY_COUNTS, ...over });

describe("delivery figures from counts", () => {
  it("turns counts into shares with two decimals, hours with one, and the mean rating", () => {
    expect(
      deliveryFigures(
        counts({
          completed: 12,
          delivered: 11,
          deliveredOnTime: 9,
          medianHoursToDelivery: 30.25,
          ended: 13,
          disputed: 2,
          offersConcluded: 15,
          offersAccepted: 12,
          ratingCount: 7,
          ratingSum: 31,
        }),
      ),
    ).toEqual({
      ordersCompleted90d: 12,
      medianHoursToDelivery: 30.3,
      onTimeRate: 0.82,
      acceptanceRate: 0.8,
      disputeRate: 0.15,
      ratingAverage: 4.43,
      ratingCount: 7,
    });
  });

  it("gives null for a share with nothing to count and for the rating without reviews, never 0", () => {
    expect(deliveryFigures(NO_DELIVERY_COUNTS)).toEqual({
      ordersCompleted90d: 0,
      medianHoursToDelivery: null,
      onTimeRate: null,
      acceptanceRate: null,
      disputeRate: null,
      ratingAverage: null,
      ratingCount: 0,
    });
    expect(deliveryFigures(counts({ completed: 3, delivered: 3, deliveredOnTime: 0, ended: 3 }))).toMatchObject({
      onTimeRate: 0,
      disputeRate: 0,
      acceptanceRate: null,
    });
  });
});

describe("rounding", () => {
  it("rounds half up as the decimal is written, even where the binary double lies just below", () => {
    expect(0.285 * 100).toBeLessThan(28.5);
    expect(roundTo(0.285, 2)).toBe(0.29);
    expect(roundTo(0.284, 2)).toBe(0.28);
    expect(roundTo(2 / 3, 2)).toBe(0.67);
    expect(roundTo(47.25, 1)).toBe(47.3);
    expect(roundTo(1 / 3_600_000, 1)).toBe(0);
  });
});

describe("what agents may read", () => {
  const figures = (completed: number) => deliveryFigures(counts({ completed, delivered: completed, deliveredOnTime: completed }));

  it(`hides a service's figures below ${STATS_MIN_COMPLETED_ORDERS} completed orders and shows them from there`, () => {
    expect(publishedStats(figures(STATS_MIN_COMPLETED_ORDERS - 1))).toBeNull();
    expect(publishedStats(figures(STATS_MIN_COMPLETED_ORDERS))).toEqual(figures(STATS_MIN_COMPLETED_ORDERS));
    expect(publishedStats(null)).toBeNull();
  });
});

describe("the window", () => {
  it("reaches back 90 days from now", () => {
    expect(statsWindow(new Date("2026-11-23T03:00:00Z"))).toEqual({
      from: new Date("2026-08-25T03:00:00Z"),
      to: new Date("2026-11-23T03:00:00Z"),
    });
  });
});
