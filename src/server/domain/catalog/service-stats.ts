/**
 * Delivery statistics (docs/decisions/service-stats.md): how live orders went over the last
 * STATS_WINDOW_DAYS days, for a catalog service (`Service.stats`, recomputed by a job) or for one
 * practitioner (their portal, computed when asked). The database counts the orders and offers
 * (services/catalog/service-stats.ts, one query for both); this turns the counts into the figures.
 */

export const STATS_WINDOW_DAYS = 90;
/**
 * A service's figures are published once this many orders completed in the window: from fewer they
 * mislead more than they tell, and they could single out one practitioner's work.
 */
export const STATS_MIN_COMPLETED_ORDERS = 10;
/** The catalog's figures are recomputed at most this often. */
export const STATS_REFRESH_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the database counts over the window, for one service or one practitioner. */
export interface DeliveryCounts {
  /** Orders whose `selesai` fell in the window. */
  completed: number;
  /** Of those, the ones delivered (diserahkan) at least once, and those first delivered by their SLA's due time. */
  delivered: number;
  deliveredOnTime: number;
  /** The median of the delivered ones' hours from payment to first delivery; null with none. */
  medianHoursToDelivery: number | null;
  /** Orders a practitioner took that ended in the window (selesai or direfund), and those of them that went to sengketa. */
  ended: number;
  disputed: number;
  /** Offers made in the window that were accepted, declined or let expire, and the accepted ones. */
  offersConcluded: number;
  offersAccepted: number;
  /** Reviews of the completed orders, and the sum of their ratings (1–5). */
  ratingCount: number;
  ratingSum: number;
}

export const NO_DELIVERY_COUNTS: DeliveryCounts = {
  completed: 0,
  delivered: 0,
  deliveredOnTime: 0,
  medianHoursToDelivery: null,
  ended: 0,
  disputed: 0,
  offersConcluded: 0,
  offersAccepted: 0,
  ratingCount: 0,
  ratingSum: 0,
};

/** The figures, as ServiceStats stores them and the catalog and the portal show them. */
export interface DeliveryFigures {
  ordersCompleted90d: number;
  /** Hours, one decimal. */
  medianHoursToDelivery: number | null;
  /** Fractions 0–1, two decimals; null when nothing was there to count. */
  onTimeRate: number | null;
  acceptanceRate: number | null;
  disputeRate: number | null;
  /** 1–5, two decimals; null without a review. */
  ratingAverage: number | null;
  ratingCount: number;
}

/**
 * `value` rounded half up to `places` decimals, as written in decimal: 0.285 is 0.29, though the
 * double nearest 0.285 times 100 is 28.499999999999996.
 */
export function roundTo(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(Number((value * factor).toPrecision(15))) / factor;
}

/** `part` of `whole` as a fraction with two decimals; null when there is no whole. */
const share = (part: number, whole: number): number | null => (whole > 0 ? roundTo(part / whole, 2) : null);

export function deliveryFigures(counts: DeliveryCounts): DeliveryFigures {
  return {
    ordersCompleted90d: counts.completed,
    medianHoursToDelivery: counts.medianHoursToDelivery === null ? null : roundTo(counts.medianHoursToDelivery, 1),
    onTimeRate: share(counts.deliveredOnTime, counts.delivered),
    acceptanceRate: share(counts.offersAccepted, counts.offersConcluded),
    disputeRate: share(counts.disputed, counts.ended),
    ratingAverage: counts.ratingCount > 0 ? roundTo(counts.ratingSum / counts.ratingCount, 2) : null,
    ratingCount: counts.ratingCount,
  };
}

/** The window ending at `now`: an instant counts when it is after `from` and at most `to`. */
export function statsWindow(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - STATS_WINDOW_DAYS * DAY_MS), to: now };
}

/** What agents may read of a service's figures: nothing below STATS_MIN_COMPLETED_ORDERS completed orders. */
export function publishedStats(figures: DeliveryFigures | null): DeliveryFigures | null {
  return figures && figures.ordersCompleted90d >= STATS_MIN_COMPLETED_ORDERS ? figures : null;
}
