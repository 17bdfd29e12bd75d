import { type OperatorActor, requireActor } from "@/server/domain/access/actor";
import type { ServiceDeps } from "../deps";

/** Live cases the operator may close (not yet ditutup), newest first, with what is at stake on each. */
export async function listCasesForOperator(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    limit = 100,
  }: {
    actor: OperatorActor;
    limit?: number;
  },
) {
  requireActor(actor, "operator");
  const { db } = deps;
  const rows = await db.case.findMany({
    where: { livemode: true, status: { not: "ditutup" } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      status: true,
      area: true,
      urgency: true,
      createdAt: true,
      organization: { select: { id: true, name: true } },
      invoice: { select: { id: true, status: true, totalIdr: true, orderId: true } },
      _count: { select: { bids: { where: { status: "diajukan" } } } },
    },
  });
  return rows.map(({ _count, invoice, ...row }) => ({
    ...row,
    liveBids: _count.bids,
    invoice: invoice && { ...invoice, totalIdr: Number(invoice.totalIdr) },
  }));
}
