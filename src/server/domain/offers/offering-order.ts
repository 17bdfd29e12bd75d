/**
 * The order in which eligible practitioners are offered an order (docs/decisions/offering-order.md).
 * Eligibility (active, taking offers, the service's category, and credentials that count for what
 * it requires: domain/practitioners/credentials.ts qualifiesFor) is decided before; this ranks
 * those left, best first:
 *
 * 1. not busy: holding no live offer of another order.
 * 2. expected stars, in half-star bands: the rating times the response rate, each smoothed
 *    towards the pool's average as if the practitioner had PRIOR_REVIEWS more reviews and
 *    PRIOR_OFFERS more offers at that average. A newcomer is ranked as the average practitioner
 *    of the field, and their own record takes over as it grows.
 * 3. least recently offered (never offered first), then the database's order of ids.
 */

/** Reviews at the pool's average rating every practitioner is counted as having besides their own. */
const PRIOR_REVIEWS = 5;
/** Offers at the pool's response rate every practitioner is counted as having besides their own. */
const PRIOR_OFFERS = 5;
/** The response rate reads a practitioner's latest this many offers that they answered or let expire. */
export const RESPONSE_WINDOW = 20;
/** Scores within the same half star count as equal, so the rotation shares work among near-equals. */
const BAND_STARS = 0.5;

/** A practitioner in the running for an offer, with what the ranking reads of them. */
export interface OfferingCandidate {
  id: string;
  /** Live offers of other orders they hold now. */
  liveOffers: number;
  reviewCount: number;
  ratingSum: number;
  /** Of their latest RESPONSE_WINDOW offers accepted, declined or expired: how many, and how many they answered. */
  offersConcluded: number;
  offersAnswered: number;
  lastOfferedAt: Date | null;
  /** Place in the database's order of ids, the last tie-break (its collation, not JavaScript's). */
  idRank: number;
}

/** What every candidate of one service's pool is smoothed towards. */
export interface PoolAverages {
  rating: number;
  responseRate: number;
}

/**
 * The averages of the practitioners eligible for a service: their reviews' mean rating and their
 * answered share of concluded offers. Without any review every rating counts as 5 and without any
 * concluded offer every rate as 1: equal for everyone, so only what is known tells them apart.
 */
export function poolAverages(pool: readonly OfferingCandidate[]): PoolAverages {
  const sum = (pick: (c: OfferingCandidate) => number) => pool.reduce((total, c) => total + pick(c), 0);
  const reviews = sum((c) => c.reviewCount);
  const concluded = sum((c) => c.offersConcluded);
  return {
    rating: reviews > 0 ? sum((c) => c.ratingSum) / reviews : 5,
    responseRate: concluded > 0 ? sum((c) => c.offersAnswered) / concluded : 1,
  };
}

/** The stars an offer to this practitioner can be expected to bring: smoothed rating × smoothed response rate (0–5). */
export function expectedStars(candidate: OfferingCandidate, averages: PoolAverages): number {
  const rating = (candidate.ratingSum + PRIOR_REVIEWS * averages.rating) / (candidate.reviewCount + PRIOR_REVIEWS);
  const responseRate = (candidate.offersAnswered + PRIOR_OFFERS * averages.responseRate) / (candidate.offersConcluded + PRIOR_OFFERS);
  return rating * responseRate;
}

/** The half-star band of a candidate's expected stars, higher first; fixed for a batch (their records do not change in it). */
function starBand(candidate: OfferingCandidate, averages: PoolAverages): number {
  return Math.floor(expectedStars(candidate, averages) / BAND_STARS);
}

/** Whether `a` is offered before `b`: not busy, star band, least recently offered, id. */
function rankedBefore(a: OfferingCandidate, b: OfferingCandidate, bandOf: (c: OfferingCandidate) => number): boolean {
  if (a.liveOffers > 0 !== b.liveOffers > 0) return a.liveOffers === 0;
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
  candidates: OfferingCandidate[];
  band: Map<OfferingCandidate, number>;
}

const before = (pool: RankedPool) => (a: OfferingCandidate, b: OfferingCandidate) => rankedBefore(a, b, (c) => pool.band.get(c)!);

/** Ranks a pool once; their records do not change while a batch is offered, so neither do the bands. */
export function rankedPool(candidates: readonly OfferingCandidate[]): RankedPool {
  const averages = poolAverages(candidates);
  const pool: RankedPool = { candidates: [...candidates], band: new Map(candidates.map((c) => [c, starBand(c, averages)])) };
  const ranked = before(pool);
  pool.candidates.sort((a, b) => (ranked(a, b) ? -1 : ranked(b, a) ? 1 : 0));
  return pool;
}

/** The first of the pool in the offering order, leaving out those `skip` names (passed this round); undefined when none is left. */
export function nextCandidate(
  pool: RankedPool,
  skip: (candidate: OfferingCandidate) => boolean = () => false,
): OfferingCandidate | undefined {
  return pool.candidates.find((candidate) => !skip(candidate));
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
