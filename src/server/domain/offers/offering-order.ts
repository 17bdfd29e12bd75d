import { z } from "zod";

/**
 * The order in which eligible practitioners are offered an order (docs/decisions/offering-order.md).
 * Eligibility (active, taking offers, the service's category, and credentials that count for what
 * it requires: domain/practitioners/credentials.ts qualifiesFor) is decided before; this ranks
 * those left, best first:
 *
 * 1. least load: live offers of other orders plus orders in progress.
 * 2. expected stars, in half-star bands: the rating times the response rate times the on-time
 *    delivery rate, each smoothed towards the pool's average as if the practitioner had
 *    PRIOR_REVIEWS more reviews, PRIOR_OFFERS more offers and PRIOR_DELIVERIES more deliveries at
 *    that average. A newcomer is ranked as the average practitioner of the field, and their own
 *    record takes over as it grows.
 * 3. least recently offered (never offered first), then the database's order of ids.
 *
 * Every NEWCOMER_TURN-th offer of a field goes to the first in that order who is new to the field
 * (never took an order of it), where one is left: a share of the work reserved for newcomers.
 */

/** Reviews at the pool's average rating every practitioner is counted as having besides their own. */
const PRIOR_REVIEWS = 5;
/** Offers at the pool's response rate every practitioner is counted as having besides their own. */
const PRIOR_OFFERS = 5;
/** Deliveries at the pool's on-time rate every practitioner is counted as having besides their own. */
const PRIOR_DELIVERIES = 5;
/** Every this many offers of a field, the turn is a newcomer's: a fifth of the work. */
export const NEWCOMER_TURN = 5;
/** The response rate reads a practitioner's latest this many offers that they answered or let expire. */
export const RESPONSE_WINDOW = 20;
/** Scores within the same half star count as equal, so the rotation shares work among near-equals. */
const BAND_STARS = 0.5;

/** A practitioner in the running for an offer, with what the ranking reads of them. */
export interface OfferingCandidate {
  id: string;
  /** Live offers of other orders they hold now. */
  liveOffers: number;
  /** Orders they hold that are taken and not yet delivered. */
  ordersInProgress: number;
  reviewCount: number;
  ratingSum: number;
  /** Of their latest RESPONSE_WINDOW offers accepted, declined or expired: how many, and how many they answered. */
  offersConcluded: number;
  offersAnswered: number;
  /** Orders they delivered, and how many of those before the SLA passed. */
  deliveries: number;
  deliveriesOnTime: number;
  /** The fields (service categories) of orders they took: new to any other. */
  fieldsWorked: string[];
  lastOfferedAt: Date | null;
  /** Place in the database's order of ids, the last tie-break (its collation, not JavaScript's). */
  idRank: number;
}

/** What every candidate of one service's pool is smoothed towards. */
export interface PoolAverages {
  rating: number;
  responseRate: number;
  onTimeRate: number;
}

/**
 * The averages of the practitioners eligible for a service: their reviews' mean rating and their
 * answered share of concluded offers, their on-time share of deliveries. Without any review every
 * rating counts as 5 and without any concluded offer or delivery every rate as 1: equal for
 * everyone, so only what is known tells them apart.
 */
export function poolAverages(pool: readonly OfferingCandidate[]): PoolAverages {
  const sum = (pick: (c: OfferingCandidate) => number) => pool.reduce((total, c) => total + pick(c), 0);
  const reviews = sum((c) => c.reviewCount);
  const concluded = sum((c) => c.offersConcluded);
  const delivered = sum((c) => c.deliveries);
  return {
    rating: reviews > 0 ? sum((c) => c.ratingSum) / reviews : 5,
    responseRate: concluded > 0 ? sum((c) => c.offersAnswered) / concluded : 1,
    onTimeRate: delivered > 0 ? sum((c) => c.deliveriesOnTime) / delivered : 1,
  };
}

/** A practitioner's record smoothed towards the pool's averages: what the ranking reads of their quality. */
function smoothedRecord(candidate: OfferingCandidate, averages: PoolAverages) {
  return {
    rating: (candidate.ratingSum + PRIOR_REVIEWS * averages.rating) / (candidate.reviewCount + PRIOR_REVIEWS),
    responseRate: (candidate.offersAnswered + PRIOR_OFFERS * averages.responseRate) / (candidate.offersConcluded + PRIOR_OFFERS),
    onTimeRate: (candidate.deliveriesOnTime + PRIOR_DELIVERIES * averages.onTimeRate) / (candidate.deliveries + PRIOR_DELIVERIES),
  };
}

/** The stars an offer to this practitioner can be expected to bring: smoothed rating × response rate × on-time rate (0–5). */
export function expectedStars(candidate: OfferingCandidate, averages: PoolAverages): number {
  const { rating, responseRate, onTimeRate } = smoothedRecord(candidate, averages);
  return rating * responseRate * onTimeRate;
}

/** What weighs as load: live offers of other orders and orders in progress. */
const loadOf = (candidate: OfferingCandidate): number => candidate.liveOffers + candidate.ordersInProgress;

/** The half-star band of a candidate's expected stars, higher first; fixed for a batch (their records do not change in it). */
function starBand(candidate: OfferingCandidate, averages: PoolAverages): number {
  return Math.floor(expectedStars(candidate, averages) / BAND_STARS);
}

/** Whether `a` is offered before `b`: load, star band, least recently offered, id. */
function rankedBefore(a: OfferingCandidate, b: OfferingCandidate, bandOf: (c: OfferingCandidate) => number): boolean {
  if (loadOf(a) !== loadOf(b)) return loadOf(a) < loadOf(b);
  const [bandA, bandB] = [bandOf(a), bandOf(b)];
  if (bandA !== bandB) return bandA > bandB;
  if (a.lastOfferedAt?.getTime() !== b.lastOfferedAt?.getTime()) {
    if (!a.lastOfferedAt) return true;
    if (!b.lastOfferedAt) return false;
    return a.lastOfferedAt < b.lastOfferedAt;
  }
  return a.idRank < b.idRank;
}

/** A service's eligible practitioners in the offering order, best first, with each one's star band against the pool's averages. */
export interface RankedPool {
  /** The field (service category) its services belong to. */
  category: string;
  candidates: OfferingCandidate[];
  band: Map<OfferingCandidate, number>;
  averages: PoolAverages;
}

const before = (pool: RankedPool) => (a: OfferingCandidate, b: OfferingCandidate) => rankedBefore(a, b, (c) => pool.band.get(c)!);

/** Ranks a pool once; their records do not change while a batch is offered, so neither do the bands. */
export function rankedPool(candidates: readonly OfferingCandidate[], category: string): RankedPool {
  const averages = poolAverages(candidates);
  const pool: RankedPool = {
    category,
    candidates: [...candidates],
    band: new Map(candidates.map((c) => [c, starBand(c, averages)])),
    averages,
  };
  const ranked = before(pool);
  pool.candidates.sort((a, b) => (ranked(a, b) ? -1 : ranked(b, a) ? 1 : 0));
  return pool;
}

/** Whether a practitioner never took an order of the pool's field. */
const isNewcomer = (candidate: OfferingCandidate, pool: RankedPool): boolean => !candidate.fieldsWorked.includes(pool.category);

/** Whether the next offer of a field that made `offersMade` offers is a newcomer's turn. */
export const isNewcomersTurn = (offersMade: number): boolean => (offersMade + 1) % NEWCOMER_TURN === 0;

/**
 * The first of the pool in the offering order, leaving out those `skip` names (passed this round,
 * a conflict, at the cap); on a newcomer's turn the first newcomer, if one is left. Undefined when
 * none is left.
 */
export function nextCandidate(
  pool: RankedPool,
  skip: (candidate: OfferingCandidate) => boolean = () => false,
  newcomersTurn = false,
): OfferingCandidate | undefined {
  const left = pool.candidates.filter((candidate) => !skip(candidate));
  return (newcomersTurn ? left.find((candidate) => isNewcomer(candidate, pool)) : undefined) ?? left[0];
}

/** Why a practitioner was offered an order, as the operator's order page reads it (`Offer.reason`). */
export const offeringReasonSchema = z.object({
  /** Their place among those who could be offered it then (1 = first), and how many there were. */
  position: z.number().int(),
  of: z.number().int(),
  live_offers: z.number().int(),
  orders_in_progress: z.number().int(),
  /** Expected stars and the smoothed record behind them. */
  expected_stars: z.number(),
  rating: z.number(),
  response_rate: z.number(),
  on_time_rate: z.number(),
  last_offered_at: z.string().nullable(),
  newcomer: z.boolean(),
  /** The offer went to them on a newcomer's turn, ahead of others ranked before them. */
  newcomers_turn: z.boolean(),
});

export type OfferingReason = z.infer<typeof offeringReasonSchema>;

const rounded = (value: number) => Math.round(value * 100) / 100;

/** Why `chosen` was picked from `pool` (before markOffered moves them back); `skip` as nextCandidate was given. */
export function offeringReason(
  pool: RankedPool,
  chosen: OfferingCandidate,
  skip: (candidate: OfferingCandidate) => boolean,
  newcomersTurn: boolean,
): OfferingReason {
  const left = pool.candidates.filter((candidate) => !skip(candidate));
  const record = smoothedRecord(chosen, pool.averages);
  return {
    position: left.indexOf(chosen) + 1,
    of: left.length,
    live_offers: chosen.liveOffers,
    orders_in_progress: chosen.ordersInProgress,
    expected_stars: rounded(expectedStars(chosen, pool.averages)),
    rating: rounded(record.rating),
    response_rate: rounded(record.responseRate),
    on_time_rate: rounded(record.onTimeRate),
    last_offered_at: chosen.lastOfferedAt?.toISOString() ?? null,
    newcomer: isNewcomer(chosen, pool),
    newcomers_turn: newcomersTurn && left[0] !== chosen,
  };
}

/**
 * Records that `candidate` was offered an order at `at`: busy and the most recently offered for
 * every later order of the batch, so it moves back in each pool that holds it (found by binary
 * search: a batch costs a few comparisons per order, not one per practitioner).
 */
export function markOffered(pools: Iterable<RankedPool>, candidate: OfferingCandidate, at: Date): void {
  const held = [...pools].filter((pool) => pool.band.has(candidate));
  for (const pool of held) pool.candidates.splice(pool.candidates.indexOf(candidate), 1);
  candidate.liveOffers++;
  candidate.lastOfferedAt = at;
  for (const pool of held) {
    const ranked = before(pool);
    let [low, high] = [0, pool.candidates.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ranked(pool.candidates[middle]!, candidate)) low = middle + 1;
      else high = middle;
    }
    pool.candidates.splice(low, 0, candidate);
  }
}
