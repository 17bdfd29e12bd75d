import { type OperatorActor, requireActor } from "@/server/domain/access/actor";
import { CURRENT_ACCOUNT } from "@/server/domain/money/bank-account";
import { cursorRow, keyset, mapPage, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import type { ServiceDeps } from "../deps";
import { payableBalances } from "../money";
import { payoutAccountView } from "./bank-accounts";

/**
 * The operator's management of practitioners. Offers go to active practitioners whose
 * categories include the service's category and whose credentials count for what it requires
 * (add-credential.ts, decide-credential.ts), so these decide who is offered what.
 */

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
