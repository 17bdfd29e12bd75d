import type { Order } from "@/generated/prisma/client";
import type { DbOrTx, Tx } from "@/server/db/client";
import * as moneySql from "@/server/db/money-functions";
import { type AgentActor, requireActor } from "@/server/domain/access/actor";
import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import { type Clock, jakartaMonthStart } from "@/server/domain/clock";
import type { ServiceDeps } from "../deps";
import { accounts } from "./ledger";

/** Orders in these statuses no longer count against a key's monthly budget. */
export const STATUSES_NOT_SPENT = ["dibatalkan", "direfund"] as const;

/*
 * What a key has committed in a calendar month (Asia/Jakarta) counts against its monthly budget:
 * the prices of its catalog orders from their creation, and the totals of the invoices of cases it
 * submitted from the selection of their bid (money committed then, whenever the case was
 * submitted; the order the invoice's payment opens is that same money and is not counted again).
 * An order stops counting when it is cancelled or refunded (a case order takes its invoice with
 * it), an unpaid invoice when it is cancelled. The count is kept per key and month in
 * "ApiKeySpend", charged and given back in the transactions that make those changes.
 */

/** A key's spend in the month of `clock` (Asia/Jakarta). */
export async function spentThisMonth(tx: DbOrTx, clock: Clock, apiKeyId: string): Promise<bigint> {
  const row = await tx.apiKeySpend.findUnique({
    where: { apiKeyId_month: { apiKeyId, month: jakartaMonthStart(clock.now()) } },
    select: { spentIdr: true },
  });
  return row?.spentIdr ?? 0n;
}

/** charged: false when refused; spentBeforeIdr: what the checked key had spent in the month before this charge. */
export type SpendCharge = moneySql.SpendCharge;

/**
 * Commits `amountIdr` against the key's monthly budget in the month of `at`, unless that would
 * pass the budget. The key's row for the month stays locked to the commit: spending decisions of
 * one key happen one at a time, so concurrent ones never pass the budget together. `countedFor`:
 * the key whose spend it counts in, when another (docs/cases.md: an invoice counts for the key that
 * submitted the case, checked against the limits of the key that selects).
 */
export async function chargeKeySpend(
  tx: Tx,
  key: Pick<AuthenticatedKey, "id" | "monthlyBudgetIdr">,
  at: Date,
  amountIdr: bigint,
  countedFor = key.id,
): Promise<SpendCharge> {
  if (countedFor === key.id) return chargeSpendRow(tx, key, at, amountIdr);
  const checked = await chargeSpendRow(tx, key, at, 0n);
  if (checked.spentBeforeIdr + amountIdr > key.monthlyBudgetIdr) return { charged: false, spentBeforeIdr: checked.spentBeforeIdr };
  const month = jakartaMonthStart(at);
  await tx.apiKeySpend.upsert({
    where: { apiKeyId_month: { apiKeyId: countedFor, month } },
    create: { apiKeyId: countedFor, month, spentIdr: amountIdr },
    update: { spentIdr: { increment: amountIdr } },
  });
  return { charged: true, spentBeforeIdr: checked.spentBeforeIdr };
}

async function chargeSpendRow(
  tx: Tx,
  key: Pick<AuthenticatedKey, "id" | "monthlyBudgetIdr">,
  at: Date,
  amountIdr: bigint,
): Promise<SpendCharge> {
  return moneySql.chargeKeySpend(tx, { apiKeyId: key.id, month: jakartaMonthStart(at), amountIdr, budgetIdr: key.monthlyBudgetIdr });
}

/** Gives back what was committed at `committedAt`: it no longer counts against that month. */
export async function releaseKeySpend(tx: Tx, apiKeyId: string, committedAt: Date, amountIdr: bigint): Promise<void> {
  await tx.apiKeySpend.updateMany({
    where: { apiKeyId, month: jakartaMonthStart(committedAt) },
    data: { spentIdr: { decrement: amountIdr } },
  });
}

/**
 * A cancelled or refunded order gives back its price, or for case work its invoice's total, in the
 * month each was committed; a dispute split gives back the part refunded (`amountIdr`).
 */
export async function releaseOrderSpend(
  tx: Tx,
  order: Pick<Order, "id" | "apiKeyId" | "caseId" | "priceIdr" | "createdAt">,
  amountIdr?: bigint,
): Promise<void> {
  if (order.caseId === null) return releaseKeySpend(tx, order.apiKeyId, order.createdAt, amountIdr ?? order.priceIdr);
  const invoice = await tx.invoice.findUniqueOrThrow({ where: { orderId: order.id }, select: { createdAt: true, totalIdr: true } });
  return releaseKeySpend(tx, order.apiKeyId, invoice.createdAt, amountIdr ?? invoice.totalIdr);
}

export interface KeyBalance {
  livemode: boolean;
  depositIdr: bigint;
  maxOrderIdr: bigint;
  monthlyBudgetIdr: bigint;
  spentThisMonthIdr: bigint;
  scopes: string[];
}

export async function getBalance(deps: Pick<ServiceDeps, "db" | "clock">, { actor }: { actor: AgentActor }): Promise<KeyBalance> {
  requireActor(actor, "agent");
  const { key } = actor;
  const { db, clock } = deps;
  // balanceOf's and spentThisMonth's reads in one round trip (pinned at 1 statement): the hottest read an agent polls.
  const [row] = await db.$queryRaw<Array<{ deposit: bigint | null; spent: bigint | null }>>`
    SELECT (SELECT "balanceIdr" FROM "LedgerAccount" WHERE "code" = ${accounts.orgDeposit(key.organizationId, key.livemode).code}) AS "deposit",
           (SELECT "spentIdr" FROM "ApiKeySpend" WHERE "apiKeyId" = ${key.id} AND "month" = ${jakartaMonthStart(clock.now())}) AS "spent"`;
  return {
    livemode: key.livemode,
    depositIdr: row?.deposit ?? 0n,
    maxOrderIdr: key.maxOrderIdr,
    monthlyBudgetIdr: key.monthlyBudgetIdr,
    spentThisMonthIdr: row?.spent ?? 0n,
    scopes: key.scopes,
  };
}
