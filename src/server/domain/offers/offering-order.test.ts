import { describe, expect, it } from "vitest";
import {
  expectedStars,
  isNewcomersTurn,
  markOffered,
  NEWCOMER_TURN,
  nextCandidate,
  type OfferingCandidate,
  offeringReason,
  poolAverages,
  rankedPool as rankedPoolOf,
} from "./offering-order";

const FIELD = "kontrak";
const rankedPool = (pool: OfferingCandidate[], category = FIELD) => rankedPoolOf(pool, category);

let ids = 0;
/** A practitioner never offered anything, without reviews: everything at the pool's average. */
function candidate(overrides: Partial<OfferingCandidate> = {}): OfferingCandidate {
  ids++;
  return {
    id: `prk_${ids}`,
    liveOffers: 0,
    ordersInProgress: 0,
    reviewCount: 0,
    ratingSum: 0,
    offersConcluded: 0,
    offersAnswered: 0,
    deliveries: 0,
    deliveriesOnTime: 0,
    fieldsWorked: [FIELD],
    lastOfferedAt: null,
    idRank: ids,
    ...overrides,
  };
}
const reviewed = (count: number, stars: number) => ({ reviewCount: count, ratingSum: count * stars });
const answered = (answeredCount: number, of: number) => ({ offersAnswered: answeredCount, offersConcluded: of });

/** The whole pool in the order it would be offered, each one taken out as it is chosen. */
function order(pool: OfferingCandidate[]): string[] {
  const ranked = rankedPool(pool);
  const taken = new Set<string>();
  const result: string[] = [];
  for (let next = nextCandidate(ranked); next; next = nextCandidate(ranked, (c) => taken.has(c.id))) {
    taken.add(next.id);
    result.push(next.id);
  }
  return result;
}

describe("the offering order", () => {
  it("puts a practitioner holding no live offer before a busy one, whatever their record", () => {
    const busy = candidate({ liveOffers: 1, ...reviewed(20, 5), ...answered(20, 20) });
    const free = candidate({ ...reviewed(20, 3), ...answered(20, 20), lastOfferedAt: new Date("2026-11-20T00:00:00Z") });
    expect(order([busy, free])).toEqual([free.id, busy.id]);
  });

  it("puts the less loaded first: live offers and orders in progress both count", () => {
    const working = candidate({ ordersInProgress: 2, ...reviewed(20, 5) });
    const offered = candidate({ liveOffers: 1, ...reviewed(20, 5), lastOfferedAt: new Date("2026-11-20T00:00:00Z") });
    const idle = candidate({ ...reviewed(20, 3), lastOfferedAt: new Date("2026-11-21T00:00:00Z") });
    expect(order([working, offered, idle])).toEqual([idle.id, offered.id, working.id]);
  });

  it("puts the one who delivers within the SLA first when both are rated and answer alike", () => {
    const punctual = candidate({
      ...reviewed(10, 4.5),
      deliveries: 10,
      deliveriesOnTime: 10,
      lastOfferedAt: new Date("2026-11-21T00:00:00Z"),
    });
    const late = candidate({ ...reviewed(10, 4.5), deliveries: 10, deliveriesOnTime: 4 });
    expect(order([late, punctual])).toEqual([punctual.id, late.id]);
  });

  it("gives every NEWCOMER_TURN-th offer of a field to the best-ranked newcomer to it, and the others in order", () => {
    expect([...Array(2 * NEWCOMER_TURN).keys()].filter(isNewcomersTurn)).toEqual([NEWCOMER_TURN - 1, 2 * NEWCOMER_TURN - 1]);
    const veteran = candidate({ ...reviewed(20, 5), ...answered(20, 20) });
    const newcomer = candidate({ fieldsWorked: ["sengketa"], lastOfferedAt: new Date("2026-11-21T00:00:00Z") });
    const pool = rankedPool([veteran, newcomer]);
    expect(nextCandidate(pool)).toBe(veteran);
    expect(nextCandidate(pool, () => false, true)).toBe(newcomer);
    expect(offeringReason(pool, newcomer, () => false, true)).toMatchObject({ position: 2, of: 2, newcomer: true, newcomers_turn: true });
    expect(offeringReason(pool, veteran, () => false, false)).toMatchObject({ position: 1, of: 2, newcomer: false, newcomers_turn: false });
  });

  it("gives a newcomer's turn to the first in order when nobody new to the field is left", () => {
    const [a, b] = [candidate(), candidate()];
    expect(nextCandidate(rankedPool([a, b]), () => false, true)).toBe(a);
    expect(offeringReason(rankedPool([a, b]), a, () => false, true).newcomers_turn).toBe(false);
  });

  it("puts the better rated first when both answer alike", () => {
    const good = candidate({ ...reviewed(10, 5), ...answered(10, 10), lastOfferedAt: new Date("2026-11-20T00:00:00Z") });
    const fair = candidate({ ...reviewed(10, 3), ...answered(10, 10) });
    expect(order([fair, good])).toEqual([good.id, fair.id]);
  });

  it("puts the one who answers offers first when both are rated alike", () => {
    const answering = candidate({ ...reviewed(10, 4), ...answered(10, 10), lastOfferedAt: new Date("2026-11-20T00:00:00Z") });
    const lettingExpire = candidate({ ...reviewed(10, 4), ...answered(2, 10) });
    expect(order([lettingExpire, answering])).toEqual([answering.id, lettingExpire.id]);
  });

  it("ranks a newcomer as the pool's average: after the well rated, before the poorly rated", () => {
    const newcomer = candidate({ lastOfferedAt: null });
    const strong = candidate({ ...reviewed(10, 5), ...answered(10, 10), lastOfferedAt: new Date("2026-11-20T00:00:00Z") });
    const weak = candidate({ ...reviewed(10, 2), ...answered(10, 10), lastOfferedAt: new Date("2026-01-01T00:00:00Z") });
    const averages = poolAverages([newcomer, strong, weak]);
    expect(averages).toEqual({ rating: 3.5, responseRate: 1, onTimeRate: 1 });
    expect(expectedStars(newcomer, averages)).toBe(3.5);
    expect(order([weak, strong, newcomer])).toEqual([strong.id, newcomer.id, weak.id]);
  });

  it("lets one review move a newcomer only part of the way: a single bad review is not a verdict", () => {
    const pool = [candidate(reviewed(1, 1)), candidate(reviewed(9, 5))];
    const averages = poolAverages(pool);
    expect(averages.rating).toBe(4.6);
    expect(expectedStars(pool[0]!, averages)).toBeCloseTo((1 + 5 * 4.6) / 6, 10);
  });

  it("rotates among practitioners within the same half star: least recently offered first, never offered before anyone, then by id", () => {
    const near = candidate({ ...reviewed(10, 4.8), lastOfferedAt: new Date("2026-11-20T00:00:00Z") });
    const top = candidate({ ...reviewed(10, 4.9), lastOfferedAt: new Date("2026-11-21T00:00:00Z") });
    const neverA = candidate({ ...reviewed(10, 4.6), lastOfferedAt: null });
    const neverB = candidate({ ...reviewed(10, 4.6), lastOfferedAt: null });
    expect(order([top, near, neverB, neverA])).toEqual([neverA.id, neverB.id, near.id, top.id]);
  });

  it("treats a pool with no reviews and no answered offers as equal on record, leaving the rotation", () => {
    const pool = [
      candidate({ lastOfferedAt: new Date("2026-11-21T00:00:00Z") }),
      candidate({ lastOfferedAt: new Date("2026-11-20T00:00:00Z") }),
    ];
    expect(poolAverages(pool)).toEqual({ rating: 5, responseRate: 1, onTimeRate: 1 });
    expect(order(pool)).toEqual([pool[1]!.id, pool[0]!.id]);
  });

  it("skips the ones it is told to (passed this round) and gives nothing when none is left", () => {
    const [a, b] = [candidate(), candidate()];
    expect(nextCandidate(rankedPool([a, b]), (c) => c === a)).toBe(b);
    expect(nextCandidate(rankedPool([a, b]), () => true)).toBeUndefined();
    expect(nextCandidate(rankedPool([]))).toBeUndefined();
  });

  it("moves a practitioner offered an order behind the free ones of every pool holding them", () => {
    const at = new Date("2026-11-23T03:00:00Z");
    const [a, b, c] = [candidate(), candidate(), candidate()];
    const contracts = rankedPool([a, b, c]);
    const labour = rankedPool([c, a]);
    expect(nextCandidate(contracts)).toBe(a);
    markOffered([contracts, labour], a, at);
    expect(a).toMatchObject({ liveOffers: 1, lastOfferedAt: at });
    expect(contracts.candidates).toEqual([b, c, a]);
    expect(labour.candidates).toEqual([c, a]);
    markOffered([contracts, labour], b, at);
    expect(contracts.candidates.map((x) => x.id)).toEqual([c, a, b].map((x) => x.id));
  });
});
