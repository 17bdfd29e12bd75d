import type { DueRow } from "@/server/domain/due-row";
import type { ServiceDeps } from "./deps";
import type { Prisma } from "@/generated/prisma/client";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import type { Db, Tx } from "@/server/db/client";
import { stalledRefundAt } from "@/server/domain/order-rules";
import { audit } from "./audit";
import { changeContextOf, changeOrderStatus, type StatusChangeContext } from "./orders";
import { ensureSimulatedPractitioners, SIMULATED_ORDER_PRACTITIONER_ID } from "./simulated-practitioners";

/** Spec: each eligible practitioner gets 30 minutes in turn. */
export const OFFER_DURATION_MS = 30 * 60 * 1000;

export const STALL_REASONS = {
  noneEligible: "Tidak ada praktisi aktif yang memenuhi syarat untuk layanan ini.",
  allPassed: "Semua praktisi yang memenuhi syarat sudah menerima tawaran pada putaran ini.",
} as const;

/** The message the client and the operator read when a stalled order is refunded on its own. */
export const STALL_REFUND_MESSAGE =
  "Tidak ada praktisi yang mengambil pesanan ini dalam batas waktu, sehingga pesanan direfund otomatis dan seluruh dananya kembali ke deposit.";

/**
 * Who may be offered an order: active practitioners qualified for the service's category and,
 * where the service names one, carrying its label. Fair order: least recently offered first
 * (never offered before anyone), then by id so ties are stable.
 */
function eligibleWhere(service: { category: string; requiredLabel: string | null }): Prisma.PractitionerWhereInput {
  return { active: true, simulated: false, categories: { has: service.category }, ...(service.requiredLabel ? { label: service.requiredLabel } : {}) };
}

async function lockOrder(tx: Tx, orderId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
}

/**
 * Makes sure an order that should be on offer has a live offer. The one entry point after
 * payment, a decline, an expiry, a release and an operator's restart; safe to call twice or
 * concurrently (the order row is locked, and an existing live offer is kept).
 * Returns the live offer's id, or null when nothing is to be offered (or offering stalled).
 */
export async function offerNext(tx: Tx, change: StatusChangeContext, orderId: string): Promise<string | null> {
  const { now } = change;
  await lockOrder(tx, orderId);
  let order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: { service: { select: { category: true, requiredLabel: true } } } });
  // Case-board work is never offered: it went to the practitioner whose bid was selected.
  if (order.caseId) return null;
  if (order.status === "dibayar") {
    await changeOrderStatus(tx, change, order, "start_offering", { kind: "system" });
    order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: { service: { select: { category: true, requiredLabel: true } } } });
  }
  if (order.status !== "ditawarkan" || order.offeringStalledAt) return null;
  const live = await tx.offer.findFirst({ where: { orderId, status: "aktif" }, select: { id: true } });
  if (live) return live.id;
  if (!order.livemode) return offerToSimulatedPractitioner(tx, now, order);

  const offeredThisRound = await tx.offer.findMany({ where: { orderId, round: order.offerRound }, select: { practitionerId: true } });
  const next = await tx.practitioner.findFirst({
    where: { ...eligibleWhere(order.service), id: { notIn: offeredThisRound.map((o) => o.practitionerId) } },
    orderBy: [{ lastOfferedAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
    select: { id: true },
  });
  if (!next) {
    const anyEligible = await tx.practitioner.count({ where: eligibleWhere(order.service) });
    const reason = anyEligible === 0 ? STALL_REASONS.noneEligible : STALL_REASONS.allPassed;
    const refundAt = stalledRefundAt(now, change.rules);
    await tx.order.update({ where: { id: orderId }, data: { offeringStalledAt: now, offeringStalledReason: reason, offeringRefundAt: refundAt } });
    await audit(tx, { actorType: "system", action: "order.offering_stalled", subjectType: "order", subjectId: orderId, data: { reason, refund_at: refundAt.toISOString() } });
    return null;
  }
  const offerId = newId("offer");
  await tx.offer.create({
    data: { id: offerId, orderId, practitionerId: next.id, round: order.offerRound, offeredAt: now, expiresAt: new Date(now.getTime() + OFFER_DURATION_MS) },
  });
  await tx.practitioner.update({ where: { id: next.id }, data: { lastOfferedAt: now } });
  return offerId;
}

/**
 * A test order goes only to the simulated practitioner, for the same 30 minutes. After a timeout,
 * decline or release it is offered again in a new round, so offering never stalls in the sandbox.
 */
async function offerToSimulatedPractitioner(tx: Tx, now: Date, order: { id: string; offerRound: number }): Promise<string> {
  await ensureSimulatedPractitioners(tx);
  const practitionerId = SIMULATED_ORDER_PRACTITIONER_ID;
  const offeredThisRound = await tx.offer.count({ where: { orderId: order.id, round: order.offerRound, practitionerId } });
  const round = offeredThisRound === 0 ? order.offerRound : order.offerRound + 1;
  if (round !== order.offerRound) await tx.order.update({ where: { id: order.id }, data: { offerRound: round } });
  const offerId = newId("offer");
  await tx.offer.create({ data: { id: offerId, orderId: order.id, practitionerId, round, offeredAt: now, expiresAt: new Date(now.getTime() + OFFER_DURATION_MS) } });
  return offerId;
}

/** Timer handler: a live offer past its time expires and the next practitioner is offered. */
export async function expireOffer(deps: ServiceDeps, offerId: string): Promise<void> {
  const change = changeContextOf(deps);
  const { now } = change;
  await deps.db.$transaction(async (tx) => {
    const offer = await tx.offer.findUnique({ where: { id: offerId }, select: { orderId: true } });
    if (!offer) return;
    // Lock the order first, as every path does, so an accept racing the expiry gets one winner.
    await lockOrder(tx, offer.orderId);
    const expired = await tx.offer.updateMany({ where: { id: offerId, status: "aktif", expiresAt: { lte: now } }, data: { status: "kedaluwarsa", respondedAt: now } });
    if (expired.count === 1) await offerNext(tx, change, offer.orderId);
  });
}

/** Timer handler: an order that should be on offer but has no live offer gets one. */
export async function ensureOffering(deps: ServiceDeps, orderId: string): Promise<void> {
  const change = changeContextOf(deps);
  await deps.db.$transaction((tx) => offerNext(tx, change, orderId));
}

/** Orders waiting for a first or next offer: paid, or on offer with no live offer and not stalled; due at once. */
export async function ordersNeedingOffer(db: Db, limit: number): Promise<DueRow[]> {
  const rows = await db.order.findMany({
    where: {
      caseId: null,
      OR: [{ status: "dibayar" }, { status: "ditawarkan", offeringStalledAt: null, offers: { none: { status: "aktif" } } }],
    },
    orderBy: { updatedAt: "asc" },
    take: limit,
    select: { id: true, updatedAt: true },
  });
  return rows.map((r) => ({ id: r.id, dueAt: r.updatedAt }));
}

export async function offersDueToExpire(db: Db, cutoff: Date, limit: number): Promise<DueRow[]> {
  const rows = await db.offer.findMany({ where: { status: "aktif", expiresAt: { lte: cutoff } }, orderBy: { expiresAt: "asc" }, take: limit, select: { id: true, expiresAt: true } });
  return rows.map((r) => ({ id: r.id, dueAt: r.expiresAt }));
}

/** Practitioner accepts their live offer: exactly one of racing accepts and the expiry wins. */
export async function acceptOffer(deps: ServiceDeps, practitionerId: string, offerId: string) {
  const change = changeContextOf(deps);
  const { now } = change;
  return deps.db.$transaction(async (tx) => {
    const offer = await tx.offer.findFirst({ where: { id: offerId, practitionerId }, select: { orderId: true } });
    if (!offer) throw new AppError("NOT_FOUND", `No offer ${offerId} for you.`);
    await lockOrder(tx, offer.orderId);
    const taken = await tx.offer.updateMany({ where: { id: offerId, status: "aktif", expiresAt: { gt: now } }, data: { status: "diterima", respondedAt: now } });
    if (taken.count !== 1) throw new AppError("INVALID_STATE", "This offer is no longer open: it expired or was answered already.");
    const order = await tx.order.findUniqueOrThrow({ where: { id: offer.orderId } });
    return changeOrderStatus(tx, change, order, "take", { kind: "practitioner", id: practitionerId }, { practitionerId });
  });
}

/** Practitioner declines: the next practitioner is offered at once. */
export async function declineOffer(deps: ServiceDeps, practitionerId: string, offerId: string): Promise<void> {
  const change = changeContextOf(deps);
  const { now } = change;
  await deps.db.$transaction(async (tx) => {
    const offer = await tx.offer.findFirst({ where: { id: offerId, practitionerId }, select: { orderId: true } });
    if (!offer) throw new AppError("NOT_FOUND", `No offer ${offerId} for you.`);
    await lockOrder(tx, offer.orderId);
    const declined = await tx.offer.updateMany({ where: { id: offerId, status: "aktif" }, data: { status: "ditolak", respondedAt: now } });
    if (declined.count !== 1) throw new AppError("INVALID_STATE", "This offer is no longer open: it expired or was answered already.");
    await offerNext(tx, change, offer.orderId);
  });
}

/** Operator: start a new round for a stalled order; everyone eligible may be offered it again. */
export async function restartOffering(deps: ServiceDeps, orderId: string, operatorId: string | null): Promise<string | null> {
  const change = changeContextOf(deps);
  return deps.db.$transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const order = await tx.order.findUnique({ where: { id: orderId } });
    if (!order) throw new AppError("NOT_FOUND", `No order ${orderId}.`);
    if (order.status !== "ditawarkan" || !order.offeringStalledAt) {
      throw new AppError("INVALID_STATE", `Offering can be restarted only for a stalled order on offer; this one is ${order.status}.`);
    }
    await tx.order.update({ where: { id: orderId }, data: { offerRound: order.offerRound + 1, offeringStalledAt: null, offeringStalledReason: null, offeringRefundAt: null } });
    await audit(tx, { actorType: "operator", actorId: operatorId, action: "order.restart_offering", subjectType: "order", subjectId: orderId, data: { round: order.offerRound + 1 } });
    return offerNext(tx, change, orderId);
  });
}

/** Stalled orders whose refund time has come, most overdue first. */
export async function stalledOrdersDueForRefund(db: Db, cutoff: Date, limit: number): Promise<DueRow[]> {
  const rows = await db.order.findMany({
    where: { status: "ditawarkan", offeringRefundAt: { lte: cutoff } },
    orderBy: { offeringRefundAt: "asc" },
    take: limit,
    select: { id: true, offeringRefundAt: true },
  });
  return rows.map((r) => ({ id: r.id, dueAt: r.offeringRefundAt! }));
}

/**
 * Timer handler: an order whose offering stalled and that nobody re-offered before its refund
 * time is refunded in full, with a message saying why. The operator's restart clears the time,
 * and a concurrent restart or cancel makes this a no-op (the order row is locked first).
 */
export async function refundStalledOrder(deps: ServiceDeps, orderId: string): Promise<void> {
  const change = changeContextOf(deps);
  await deps.db.$transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const order = await tx.order.findUnique({ where: { id: orderId } });
    if (!order || order.status !== "ditawarkan" || !order.offeringRefundAt || order.offeringRefundAt > change.now) return;
    await changeOrderStatus(tx, change, order, "refund_stalled", { kind: "system" }, { message: { role: "system", body: STALL_REFUND_MESSAGE } });
  });
}
