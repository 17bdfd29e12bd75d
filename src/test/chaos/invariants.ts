import type { LedgerAccountKind, OrderStatus } from "@/generated/prisma/enums";
import { hasEvent } from "@/server/domain/events/webhook-event";

/**
 * What must hold after any number of crashes, checked on a snapshot of the database and of what
 * the agents and the webhook receiver saw. Pure, so a broken snapshot shows each check catches
 * what it is for (invariants.test.ts).
 */

interface SnapshotAccount {
  id: string;
  code: string;
  kind: LedgerAccountKind;
  livemode: boolean;
  orderId: string | null;
  /** The cached balance the ledger keeps beside its entries. */
  balanceIdr: bigint;
}

interface SnapshotTransfer {
  id: string;
  kind: string;
  reference: string | null;
}

interface SnapshotEntry {
  transferId: string;
  accountId: string;
  amountIdr: bigint;
}

interface SnapshotOrder {
  id: string;
  status: OrderStatus;
  livemode: boolean;
  priceIdr: bigint;
  caseId: string | null;
  offeringStalledAt: Date | null;
  offeringRefundAt: Date | null;
  hasActiveOffer: boolean;
  /** The agent's Idempotency-Key of the create request, carried in the order's metadata. */
  createKey: string | null;
}

/** One offer's time on a practitioner's desk: from offeredAt to its answer, withdrawal or expiry (null: still live). */
interface SnapshotOffer {
  id: string;
  orderId: string;
  practitionerId: string;
  offeredAt: Date;
  endedAt: Date | null;
}

interface SnapshotEvent {
  id: string;
  orderId: string | null;
  type: string;
  /** A delivery was queued: the event had a URL to go to. */
  hasDelivery: boolean;
}

/** A third-party cost on an order. */
interface SnapshotCost {
  id: string;
  orderId: string;
  status: "diajukan" | "menunggu_persetujuan" | "disetujui" | "ditolak" | "dilunasi" | "dibatalkan";
  amountIdr: bigint;
}

/** One request the webhook receiver got. */
export interface ReceivedDelivery {
  /** The event id header. */
  headerEventId: string | undefined;
  /** `id` of the JSON body. */
  bodyEventId: string | undefined;
  signatureOk: boolean;
}

/** What an agent believes it created: the order id POST /v1/orders finally answered for its key. */
export interface AgentCreate {
  idempotencyKey: string;
  orderId: string;
}

export interface ChaosSnapshot {
  accounts: SnapshotAccount[];
  transfers: SnapshotTransfer[];
  entries: SnapshotEntry[];
  orders: SnapshotOrder[];
  costs: SnapshotCost[];
  events: SnapshotEvent[];
  offers: SnapshotOffer[];
  received: ReceivedDelivery[];
  creates: AgentCreate[];
}

export interface Violation {
  check: "ledger" | "escrow" | "double_money" | "idempotency" | "event" | "webhook" | "offer";
  subject: string;
  detail: string;
}

/** Paid and not finished: the whole price sits in the order's escrow. */
const ESCROW_HOLDING: readonly OrderStatus[] = [
  "dibayar",
  "ditawarkan",
  "diambil",
  "dikerjakan",
  "butuh_input_klien",
  "diserahkan",
  "sengketa",
];

/** Money moves an order makes at most once each. */
const ONCE_PER_ORDER = ["order_payment", "order_refund", "escrow_release", "platform_fee"] as const;

function sumBy<T>(rows: readonly T[], key: (row: T) => string, amount: (row: T) => bigint): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0n) + amount(row));
  return sums;
}

/** Every transfer nets to zero, so does each mode's whole ledger, and each cached balance equals its entries. */
function checkLedger(s: Pick<ChaosSnapshot, "accounts" | "transfers" | "entries">): Violation[] {
  const violations: Violation[] = [];
  const accountById = new Map(s.accounts.map((a) => [a.id, a]));
  const perTransfer = sumBy(
    s.entries,
    (e) => e.transferId,
    (e) => e.amountIdr,
  );
  const entriesPerTransfer = sumBy(
    s.entries,
    (e) => e.transferId,
    () => 1n,
  );
  for (const t of s.transfers) {
    const sum = perTransfer.get(t.id) ?? 0n;
    if (sum !== 0n || entriesPerTransfer.get(t.id) !== 2n) {
      violations.push({
        check: "ledger",
        subject: t.id,
        detail: `transfer ${t.kind} has ${entriesPerTransfer.get(t.id) ?? 0n} entries summing to ${sum}, not 2 summing to 0`,
      });
    }
  }
  const perMode = sumBy(
    s.entries,
    (e) => (accountById.get(e.accountId)?.livemode === false ? "test" : "live"),
    (e) => e.amountIdr,
  );
  for (const [mode, sum] of perMode) {
    if (sum !== 0n) violations.push({ check: "ledger", subject: `${mode} mode`, detail: `entries sum to ${sum}, not 0` });
  }
  const perAccount = sumBy(
    s.entries,
    (e) => e.accountId,
    (e) => e.amountIdr,
  );
  for (const a of s.accounts) {
    const entries = perAccount.get(a.id) ?? 0n;
    if (entries !== a.balanceIdr)
      violations.push({ check: "ledger", subject: a.code, detail: `cached balance ${a.balanceIdr} but entries sum to ${entries}` });
    if (a.balanceIdr < 0n && a.kind !== "external_funding")
      violations.push({ check: "ledger", subject: a.code, detail: `balance ${a.balanceIdr} is below zero` });
  }
  for (const e of s.entries) {
    if (!accountById.has(e.accountId))
      violations.push({ check: "ledger", subject: e.transferId, detail: `entry on unknown account ${e.accountId}` });
  }
  return violations;
}

/** An order paid and not finished holds exactly its price in escrow, any other nothing, plus its approved costs not yet paid. */
function checkEscrow(s: Pick<ChaosSnapshot, "accounts" | "orders" | "costs">): Violation[] {
  const escrowOf = new Map(s.accounts.filter((a) => a.kind === "order_escrow" && a.orderId).map((a) => [a.orderId!, a.balanceIdr]));
  const approvedCosts = sumBy(
    s.costs.filter((c) => c.status === "disetujui"),
    (c) => c.orderId,
    (c) => c.amountIdr,
  );
  const violations: Violation[] = [];
  for (const order of s.orders) {
    const expected = (ESCROW_HOLDING.includes(order.status) ? order.priceIdr : 0n) + (approvedCosts.get(order.id) ?? 0n);
    const held = escrowOf.get(order.id) ?? 0n;
    if (held !== expected)
      violations.push({
        check: "escrow",
        subject: order.id,
        detail: `${order.status} order priced ${order.priceIdr} holds ${held} in escrow, expected ${expected}`,
      });
  }
  return violations;
}

/** The transfers each cost status implies, by kind: paid into escrow once approved, then reimbursed or refunded once. */
const COST_TRANSFERS: Record<Exclude<SnapshotCost["status"], "dibatalkan">, Record<string, number>> = {
  diajukan: { cost_payment: 0, cost_reimbursement: 0, cost_refund: 0 },
  menunggu_persetujuan: { cost_payment: 0, cost_reimbursement: 0, cost_refund: 0 },
  ditolak: { cost_payment: 0, cost_reimbursement: 0, cost_refund: 0 },
  disetujui: { cost_payment: 1, cost_reimbursement: 0, cost_refund: 0 },
  dilunasi: { cost_payment: 1, cost_reimbursement: 1, cost_refund: 0 },
};

/**
 * No order is paid, refunded or released twice, and none is both refunded and released; each
 * cost's money is exactly what its status says (a cancelled one: refunded once if it was paid in).
 */
function checkDoubleMoney(s: Pick<ChaosSnapshot, "transfers" | "orders" | "costs">): Violation[] {
  const violations: Violation[] = [];
  const byCost = new Map<string, Record<string, number>>();
  for (const t of s.transfers) {
    if (!t.reference?.startsWith("cost_")) continue;
    const counts = byCost.get(t.reference) ?? {};
    counts[t.kind] = (counts[t.kind] ?? 0) + 1;
    byCost.set(t.reference, counts);
  }
  for (const cost of s.costs) {
    const counts = byCost.get(cost.id) ?? {};
    const paidIn = counts.cost_payment ?? 0;
    const expected =
      cost.status === "dibatalkan" ? { cost_payment: paidIn, cost_reimbursement: 0, cost_refund: paidIn } : COST_TRANSFERS[cost.status];
    for (const [kind, n] of Object.entries(expected)) {
      if ((counts[kind] ?? 0) !== n || (cost.status === "dibatalkan" && paidIn > 1))
        violations.push({
          check: "double_money",
          subject: cost.id,
          detail: `${cost.status} cost has ${counts[kind] ?? 0} ${kind} transfers, expected ${n}`,
        });
    }
  }
  const orderIds = new Set(s.orders.map((o) => o.id));
  const counts = new Map<string, number>();
  for (const t of s.transfers) {
    if (!t.reference || !orderIds.has(t.reference)) continue;
    const key = `${t.reference} ${t.kind}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const order of s.orders) {
    const count = (kind: string) => counts.get(`${order.id} ${kind}`) ?? 0;
    for (const kind of ONCE_PER_ORDER) {
      if (count(kind) > 1) violations.push({ check: "double_money", subject: order.id, detail: `${count(kind)} ${kind} transfers` });
    }
    if (count("order_refund") > 0 && count("escrow_release") > 0)
      violations.push({ check: "double_money", subject: order.id, detail: "both refunded and released" });
  }
  return violations;
}

/** Each create request (one Idempotency-Key) made at most one order, the very one the agent was answered with. */
function checkIdempotency(s: Pick<ChaosSnapshot, "orders" | "creates">): Violation[] {
  const violations: Violation[] = [];
  const byKey = new Map<string, string[]>();
  for (const order of s.orders) if (order.createKey) byKey.set(order.createKey, [...(byKey.get(order.createKey) ?? []), order.id]);
  for (const [key, ids] of byKey) {
    if (ids.length > 1)
      violations.push({
        check: "idempotency",
        subject: key,
        detail: `one Idempotency-Key created ${ids.length} orders: ${ids.join(", ")}`,
      });
  }
  for (const create of s.creates) {
    const ids = byKey.get(create.idempotencyKey) ?? [];
    if (!ids.includes(create.orderId)) {
      violations.push({
        check: "idempotency",
        subject: create.idempotencyKey,
        detail: `the agent was answered ${create.orderId}, the database holds ${ids.join(", ") || "no order"} for this key`,
      });
    }
  }
  return violations;
}

/**
 * Every order's current status has its event (the outbox commits with the change), every event
 * with a URL reached the receiver at least once under its own id with a valid signature, and the
 * receiver got nothing the database does not know.
 */
function checkEvents(s: Pick<ChaosSnapshot, "orders" | "events" | "received">): Violation[] {
  const violations: Violation[] = [];
  const typesByOrder = new Map<string, Set<string>>();
  for (const e of s.events) if (e.orderId) typesByOrder.set(e.orderId, (typesByOrder.get(e.orderId) ?? new Set()).add(e.type));
  for (const order of s.orders) {
    if (hasEvent(order.status) && !typesByOrder.get(order.id)?.has(`order.${order.status}`)) {
      violations.push({ check: "event", subject: order.id, detail: `no order.${order.status} event for the order's current status` });
    }
  }
  const receivedIds = new Set<string>();
  for (const r of s.received) {
    if (!r.headerEventId || r.headerEventId !== r.bodyEventId) {
      violations.push({
        check: "webhook",
        subject: r.headerEventId ?? "(none)",
        detail: `event id header ${r.headerEventId} and body id ${r.bodyEventId} differ`,
      });
      continue;
    }
    if (!r.signatureOk)
      violations.push({ check: "webhook", subject: r.headerEventId, detail: "signature does not verify with the key's webhook secret" });
    receivedIds.add(r.headerEventId);
  }
  const known = new Set(s.events.map((e) => e.id));
  for (const id of receivedIds)
    if (!known.has(id)) violations.push({ check: "webhook", subject: id, detail: "delivered, but no such event in the database" });
  for (const e of s.events) {
    if (e.hasDelivery && !receivedIds.has(e.id))
      violations.push({ check: "webhook", subject: e.id, detail: `${e.type} of ${e.orderId ?? "?"} never reached the receiver` });
  }
  return violations;
}

/**
 * Every paid order waiting for a practitioner has a live offer, has stalled with its refund time
 * set, or waits because a practitioner holds as many live offers as anyone may (OFFER_CAP).
 */
function checkOffers(s: Pick<ChaosSnapshot, "orders" | "offers">, offerCap: number): Violation[] {
  const violations: Violation[] = [];
  const test = new Set(s.orders.filter((o) => !o.livemode).map((o) => o.id));
  const held = new Map<string, number>();
  for (const offer of s.offers)
    if (offer.endedAt === null && !test.has(offer.orderId)) held.set(offer.practitionerId, (held.get(offer.practitionerId) ?? 0) + 1);
  const someoneAtCap = [...held.values()].some((count) => count >= offerCap);
  for (const order of s.orders) {
    if (order.caseId || (order.status !== "dibayar" && order.status !== "ditawarkan")) continue;
    if (order.status === "dibayar") violations.push({ check: "offer", subject: order.id, detail: "paid but offering never started" });
    else if (!order.hasActiveOffer && !(order.offeringStalledAt && order.offeringRefundAt) && !someoneAtCap) {
      violations.push({
        check: "offer",
        subject: order.id,
        detail: "on offer with no live offer, no stall (refund time) and nobody at the cap",
      });
    }
  }
  return violations;
}

/**
 * No practitioner ever held more live offers of live orders at once than OFFER_CAP, counted at the
 * start of each offer. Test orders go to the sandbox's stand-in, a program the cap does not protect.
 */
function checkOfferCap(s: Pick<ChaosSnapshot, "offers" | "orders">, offerCap: number): Violation[] {
  const violations: Violation[] = [];
  const test = new Set(s.orders.filter((o) => !o.livemode).map((o) => o.id));
  const byPractitioner = new Map<string, SnapshotOffer[]>();
  for (const offer of s.offers.filter((o) => !test.has(o.orderId)))
    byPractitioner.set(offer.practitionerId, [...(byPractitioner.get(offer.practitionerId) ?? []), offer]);
  for (const [practitionerId, offers] of byPractitioner) {
    for (const offer of offers) {
      const at = offer.offeredAt.getTime();
      const held = offers.filter((o) => o.offeredAt.getTime() <= at && (o.endedAt === null || o.endedAt.getTime() > at)).length;
      if (held > offerCap) {
        violations.push({
          check: "offer",
          subject: practitionerId,
          detail: `held ${held} live offers when ${offer.id} began (cap ${offerCap})`,
        });
        break;
      }
    }
  }
  return violations;
}

/** An order is on one practitioner's desk at a time: no offer of an order starts before the one before it ended. */
function checkNoDoubleOffer(s: Pick<ChaosSnapshot, "offers">): Violation[] {
  const violations: Violation[] = [];
  const byOrder = new Map<string, SnapshotOffer[]>();
  for (const offer of s.offers) byOrder.set(offer.orderId, [...(byOrder.get(offer.orderId) ?? []), offer]);
  for (const [orderId, offers] of byOrder) {
    const sorted = offers.sort((a, b) => a.offeredAt.getTime() - b.offeredAt.getTime());
    for (let i = 1; i < sorted.length; i++) {
      const before = sorted[i - 1]!;
      if (before.endedAt === null || before.endedAt > sorted[i]!.offeredAt) {
        violations.push({ check: "offer", subject: orderId, detail: `offer ${sorted[i]!.id} began while ${before.id} was still live` });
      }
    }
  }
  return violations;
}

export function checkInvariants(s: ChaosSnapshot, { offerCap }: { offerCap: number }): Violation[] {
  return [
    ...checkLedger(s),
    ...checkEscrow(s),
    ...checkDoubleMoney(s),
    ...checkIdempotency(s),
    ...checkEvents(s),
    ...checkOffers(s, offerCap),
    ...checkOfferCap(s, offerCap),
    ...checkNoDoubleOffer(s),
  ];
}
