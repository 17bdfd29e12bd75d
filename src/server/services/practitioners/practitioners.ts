import type { DbOrTx } from "@/server/db/client";
import { lockRow } from "@/server/db/row-lock";
import { type Actor, type OperatorActor, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { CURRENT_ACCOUNT } from "@/server/domain/money/bank-account";
import { cursorRow, keyset, mapPage, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import { type CreatePractitionerInput, createPractitioner } from "../access";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { payableBalances } from "../money";
import { offerNext } from "../offers";
import { changeContextOf } from "../order-engine";
import { payoutAccountView } from "./bank-accounts";

/**
 * The operator's management of practitioners. Offers go to active practitioners whose
 * categories include the service's category and whose label matches the service's required
 * label, so these fields decide who is offered what.
 */

const PRACTITIONER_LABEL_MAX = 100;

/** Statuses in which an order is in a practitioner's hands. */
const HELD_STATUSES = ["diambil", "dikerjakan", "butuh_input_klien", "diserahkan", "sengketa"] as const;

/** The real practitioners (not the sandbox's simulated ones) with their sign-in e-mail and what they hold right now, newest first. */
export async function listPractitioners(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    request,
  }: {
    actor: OperatorActor;
    request: PageRequest;
  },
) {
  requireActor(actor, "operator");
  const { db } = deps;
  const real = { simulated: false };
  const at = await cursorRow(request, "practitioners", (id) =>
    db.practitioner.findFirst({ where: { ...real, id }, select: { id: true, createdAt: true } }),
  );
  const { after, orderBy } = keyset(request, "createdAt", at);
  const rows = await db.practitioner.findMany({
    where: { ...real, AND: after },
    orderBy,
    take: rowsToRead(request),
    include: {
      user: { select: { email: true } },
      bankAccounts: { where: CURRENT_ACCOUNT },
      _count: { select: { orders: { where: { status: { in: [...HELD_STATUSES] } } }, offers: { where: { status: "aktif" } } } },
    },
  });
  const page = pageFrom(rows, request);
  const now = deps.clock.now();
  const payable = await payableBalances(deps, {
    actor: actor,
    practitionerIds: page.data.map((p) => p.id),
  });
  return mapPage(page, (p) => ({
    id: p.id,
    userId: p.userId,
    name: p.name,
    email: p.user.email,
    label: p.label,
    categories: p.categories,
    active: p.active,
    available: p.available,
    licenseNumber: p.licenseNumber,
    ordersInHand: p._count.orders,
    liveOffers: p._count.offers,
    lastOfferedAt: p.lastOfferedAt,
    /** Released to them and not yet paid out (live money). */
    payableIdr: payable.get(p.id) ?? 0n,
    /** Where a payout would go now; null until they enter one. */
    bankAccount: p.bankAccounts[0] ? payoutAccountView(p.bankAccounts[0], now) : null,
    createdAt: p.createdAt,
  }));
}

function normaliseLabel(label: string | null | undefined): string | null {
  const trimmed = label?.trim() ?? "";
  if (trimmed.length > PRACTITIONER_LABEL_MAX) throw new AppError("VALIDATION", `Label paling banyak ${PRACTITIONER_LABEL_MAX} karakter.`);
  return trimmed || null;
}

/** Trimmed, de-duplicated, and each one a category of the catalog: any other would never be offered anything. */
async function knownCategories(db: DbOrTx, categories: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(categories.map((c) => c.trim()).filter(Boolean))];
  const catalog = new Set(
    (await db.service.findMany({ where: { internal: false }, distinct: ["category"], select: { category: true } })).map((s) => s.category),
  );
  const unknown = wanted.filter((c) => !catalog.has(c));
  if (unknown.length > 0) {
    throw new AppError(
      "VALIDATION",
      `Kategori tidak ada di katalog: ${unknown.join(", ")}. Pilih dari: ${[...catalog].sort().join(", ")}.`,
    );
  }
  return wanted;
}

/** A new practitioner account (sign-in user + profile) from the operator console. */
export async function registerPractitioner(
  deps: Pick<ServiceDeps, "db">,
  { actor, input }: { actor: Actor; input: CreatePractitionerInput },
): Promise<{ id: string }> {
  const { db } = deps;
  const categories = await knownCategories(db, input.categories ?? []);
  return createPractitioner(deps, { input: { ...input, label: normaliseLabel(input.label), categories }, actor });
}

export async function updatePractitioner(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    practitionerId,
    input,
  }: { actor: Actor; practitionerId: string; input: { label: string | null; categories: readonly string[] } },
): Promise<void> {
  const { db } = deps;
  const label = normaliseLabel(input.label);
  await db.$transaction(async (tx) => {
    const categories = await knownCategories(tx, input.categories);
    const before = await tx.practitioner.findUnique({
      where: { id: practitionerId, simulated: false },
      select: { label: true, categories: true },
    });
    if (!before) throw new AppError("NOT_FOUND", `Praktisi ${practitionerId} tidak ditemukan.`);
    await tx.practitioner.update({ where: { id: practitionerId }, data: { label, categories } });
    await audit(tx, {
      actor,
      action: "practitioner.update",
      subjectType: "practitioner",
      subjectId: practitionerId,
      data: { before, after: { label, categories } },
    });
  });
}

export const LICENSE_NUMBER_MAX = 100;

/**
 * The operator records the licence or registration number they checked (e.g. against PERADI's
 * register): the practitioner sees it read-only, agents on the order. Trimmed; empty clears it.
 * Audited as the operator's other changes of a practitioner's data.
 */
export async function setLicenseNumber(
  deps: Pick<ServiceDeps, "db">,
  { actor, practitionerId, licenseNumber }: { actor: Actor; practitionerId: string; licenseNumber: string | null },
): Promise<void> {
  const trimmed = licenseNumber?.trim() || null;
  if (trimmed && trimmed.length > LICENSE_NUMBER_MAX)
    throw new AppError("VALIDATION", `Nomor izin paling banyak ${LICENSE_NUMBER_MAX} karakter.`);
  await deps.db.$transaction(async (tx) => {
    const before = await tx.practitioner.findUnique({ where: { id: practitionerId, simulated: false }, select: { licenseNumber: true } });
    if (!before) throw new AppError("NOT_FOUND", `Praktisi ${practitionerId} tidak ditemukan.`);
    if (before.licenseNumber === trimmed) return;
    await tx.practitioner.update({ where: { id: practitionerId }, data: { licenseNumber: trimmed } });
    await audit(tx, {
      actor,
      action: "practitioner.update",
      subjectType: "practitioner",
      subjectId: practitionerId,
      data: { before, after: { licenseNumber: trimmed } },
    });
  });
}

/**
 * Activates or deactivates a practitioner. A deactivated practitioner can no longer sign in, so
 * their live offers are withdrawn and each order goes straight to the next eligible practitioner
 * instead of waiting out the 30 minutes. Orders they already took stay with them.
 */
export async function setPractitionerActive(
  deps: ServiceDeps,
  { actor, practitionerId, active }: { actor: Actor; practitionerId: string; active: boolean },
): Promise<{ offersWithdrawn: number }> {
  const change = changeContextOf(deps);
  const { now } = change;
  return deps.db.$transaction(async (tx) => {
    const updated = await tx.practitioner.updateMany({ where: { id: practitionerId, simulated: false }, data: { active } });
    if (updated.count !== 1) throw new AppError("NOT_FOUND", `Praktisi ${practitionerId} tidak ditemukan.`);
    let offersWithdrawn = 0;
    if (!active) {
      const live = await tx.offer.findMany({ where: { practitionerId, status: "aktif" }, select: { id: true, orderId: true } });
      for (const offer of live) {
        // Order row first, as every offer path locks it, so an accept racing this gets one winner.
        await lockRow(tx, "Order", offer.orderId);
        const withdrawn = await tx.offer.updateMany({
          where: { id: offer.id, status: "aktif" },
          data: { status: "dibatalkan", respondedAt: now },
        });
        if (withdrawn.count === 1) {
          offersWithdrawn++;
          await offerNext(tx, change, offer.orderId);
        }
      }
    }
    await audit(tx, {
      actor,
      action: active ? "practitioner.activate" : "practitioner.deactivate",
      subjectType: "practitioner",
      subjectId: practitionerId,
      data: { offers_withdrawn: offersWithdrawn },
    });
    return { offersWithdrawn };
  });
}
