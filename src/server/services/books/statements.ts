import type { TaxSetting } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { type Actor, ownerOf, requireActor } from "@/server/domain/access/actor";
import { assertMonthNotAfter, parseStatementMonth } from "@/server/domain/books/month";
import { splitPlatformFee } from "@/server/domain/books/tax";
import type {
  DepositStatementLine,
  DepositStatementView,
  EarningsStatementLine,
  EarningsStatementView,
  InvoiceView,
  Party,
} from "@/server/domain/books/views";
import { categoryLabel } from "@/server/domain/catalog/category";
import type { DataOwner } from "@/server/domain/data-owner";
import { AppError } from "@/server/domain/errors";
import { ledgerKindLabel, PRACTITIONER_FEE_TRANSFER_KINDS } from "@/server/domain/money/ledger-labels";
import type { ServiceDeps } from "../deps";
import { accounts } from "../money";
import { buyerOf, ruleOf, sellerOf } from "./issue";

/**
 * Monthly statements read straight from the ledger (docs/decisions/books-api.md): an
 * organisation's deposit in one mode, and what the platform owes a practitioner. A month is a
 * Jakarta calendar month; the current one is the month so far. Opening balance is every entry
 * before the month, the lines every entry in it, so opening + lines = closing to the rupiah, and
 * for the month so far the closing balance is the deposit now.
 */

/** The rule and platform details in force at `at`: the latest begun by then (the migration's 2025 rule is the earliest). */
async function taxSettingAt(db: Db, at: Date): Promise<TaxSetting> {
  const setting =
    (await db.taxSetting.findFirst({ where: { effectiveFrom: { lte: at } }, orderBy: { effectiveFrom: "desc" } })) ??
    (await db.taxSetting.findFirst({ orderBy: { effectiveFrom: "asc" } }));
  if (!setting) throw new Error("no tax setting: the books migration inserts the 2025 rule");
  return setting;
}

/** A statement's month, its bounds, whether it is still running, and the instant its seller is read at. */
function statementPeriod(now: Date, month: string) {
  const period = parseStatementMonth(month);
  const { monthSoFar } = assertMonthNotAfter(period, now);
  // The last instant of the month, or now while it runs.
  return { ...period, monthSoFar, sellerAt: monthSoFar ? now : new Date(period.to.getTime() - 1) };
}

/** Whose deposit: an organisation's side reads its own in its mode; the operator names one. */
function depositOwner(actor: Actor, organizationId: string | undefined, livemode: boolean | undefined): DataOwner {
  requireActor(actor, "agent", "admin", "operator");
  if (actor.kind !== "operator") return ownerOf(actor);
  if (!organizationId) throw new AppError("VALIDATION", "organizationId: the operator names the organisation.", "organizationId");
  if (livemode === undefined) throw new AppError("VALIDATION", "livemode: the operator names the mode.", "livemode");
  return { organizationId, livemode };
}

interface EntryRow {
  at: Date;
  kind: string;
  reference: string | null;
  documentNumber: string | null;
  orderId: string | null;
  amountIdr: bigint;
}

/**
 * An account's balance before `from` and its entries in [from, to), oldest first (then by
 * entry id), each with its transfer and the document issued for it. Two statements on the
 * (accountId, createdAt) index; an account never used has neither.
 */
async function accountMonth(db: Db, code: string, from: Date, to: Date): Promise<{ openingIdr: bigint; entries: EntryRow[] }> {
  const [opening, entries] = await Promise.all([
    db.$queryRaw<Array<{ openingIdr: bigint }>>`
      SELECT coalesce(sum(e."amountIdr"), 0)::bigint AS "openingIdr"
      FROM "LedgerEntry" e JOIN "LedgerAccount" a ON a."id" = e."accountId"
      WHERE a."code" = ${code} AND e."createdAt" < ${from}`,
    db.$queryRaw<EntryRow[]>`
      SELECT e."createdAt" AS "at", t."kind", t."reference", d."number" AS "documentNumber",
             CASE WHEN t."kind" IN ('escrow_release', 'split_release') THEN t."reference" ELSE c."orderId" END AS "orderId",
             e."amountIdr"
      FROM "LedgerEntry" e
      JOIN "LedgerAccount" a ON a."id" = e."accountId"
      JOIN "LedgerTransfer" t ON t."id" = e."transferId"
      LEFT JOIN "FinancialDocument" d ON d."transferId" = t."id"
      LEFT JOIN "OrderCost" c ON t."kind" = 'cost_reimbursement' AND c."id" = t."reference"
      WHERE a."code" = ${code} AND e."createdAt" >= ${from} AND e."createdAt" < ${to}
      ORDER BY e."createdAt", e."id"`,
  ]);
  return { openingIdr: opening[0]?.openingIdr ?? 0n, entries };
}

/** Running balances from `openingIdr`, and the sums of money in and out. */
function withBalances<T extends { amountIdr: bigint }>(openingIdr: bigint, lines: readonly T[]) {
  let balance = openingIdr;
  let inIdr = 0n;
  let outIdr = 0n;
  const withBalance = lines.map((line) => {
    balance += line.amountIdr;
    if (line.amountIdr > 0n) inIdr += line.amountIdr;
    else outIdr -= line.amountIdr;
    return { ...line, balanceIdr: balance };
  });
  return { lines: withBalance, closingIdr: balance, inIdr, outIdr };
}

/**
 * An organisation's deposit over one Jakarta month in one mode: opening balance, every movement
 * with its document number, closing balance. A future month is VALIDATION; the current month is
 * the month so far. The organisation's party is its billing data now (a statement is not a tax
 * document); the seller is the platform as in force at the month's end, or now.
 */
export async function depositStatement(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, month, organizationId, livemode }: { actor: Actor; month: string; organizationId?: string; livemode?: boolean },
): Promise<DepositStatementView> {
  const owner = depositOwner(actor, organizationId, livemode);
  const now = deps.clock.now();
  const period = statementPeriod(now, month);
  const { db } = deps;
  const [organization, setting, ledger] = await Promise.all([
    db.organization.findUnique({
      where: { id: owner.organizationId },
      select: { id: true, name: true, legalName: true, billingAddress: true, npwp: true },
    }),
    taxSettingAt(db, period.sellerAt),
    accountMonth(db, accounts.orgDeposit(owner.organizationId, owner.livemode).code, period.from, period.to),
  ]);
  if (!organization) throw new AppError("NOT_FOUND", `No organisation ${owner.organizationId}.`);
  const movements = withBalances(
    ledger.openingIdr,
    ledger.entries.map(
      (entry): Omit<DepositStatementLine, "balanceIdr"> => ({
        at: entry.at,
        kind: entry.kind,
        label: ledgerKindLabel(entry.kind),
        reference: entry.reference,
        documentNumber: entry.documentNumber,
        amountIdr: entry.amountIdr,
      }),
    ),
  );
  return {
    month: period.month,
    monthSoFar: period.monthSoFar,
    livemode: owner.livemode,
    organization: { id: organization.id, ...buyerOf(organization) },
    seller: sellerOf(setting),
    generatedAt: now,
    openingBalanceIdr: ledger.openingIdr,
    closingBalanceIdr: movements.closingIdr,
    totalInIdr: movements.inIdr,
    totalOutIdr: movements.outIdr,
    lines: movements.lines,
  };
}

/** Fees: what a practitioner earns for work (an accepted order, their share of a dispute split). */
const FEE_KINDS: ReadonlySet<string> = new Set(PRACTITIONER_FEE_TRANSFER_KINDS);

/**
 * What the platform owes a practitioner over one Jakarta month (live money; a practitioner never
 * earns test money): fees earned, official costs reimbursed apart, payouts with their bank
 * reference, the balance due at the month's end (or now). A practitioner reads their own; the
 * operator names one.
 */
export async function monthlyEarningsStatement(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, month, practitionerId }: { actor: Actor; month: string; practitionerId?: string },
): Promise<EarningsStatementView> {
  requireActor(actor, "practitioner", "operator");
  const id = actor.kind === "practitioner" ? actor.practitionerId : practitionerId;
  if (!id) throw new AppError("VALIDATION", "practitionerId: the operator names the practitioner.", "practitionerId");
  const now = deps.clock.now();
  const period = statementPeriod(now, month);
  const { db } = deps;
  const [practitioner, setting, ledger] = await Promise.all([
    db.practitioner.findFirst({ where: { id, simulated: false }, select: { id: true, name: true } }),
    taxSettingAt(db, period.sellerAt),
    accountMonth(db, accounts.practitionerPayable(id).code, period.from, period.to),
  ]);
  if (!practitioner) throw new AppError("NOT_FOUND", `No practitioner ${id}.`);
  let feesEarnedIdr = 0n;
  let reimbursedCostsIdr = 0n;
  let payoutsIdr = 0n;
  for (const entry of ledger.entries) {
    if (FEE_KINDS.has(entry.kind)) feesEarnedIdr += entry.amountIdr;
    else if (entry.kind === "cost_reimbursement") reimbursedCostsIdr += entry.amountIdr;
    else if (entry.kind === "practitioner_payout") payoutsIdr -= entry.amountIdr;
  }
  const movements = withBalances(
    ledger.openingIdr,
    ledger.entries.map(
      (entry): Omit<EarningsStatementLine, "balanceIdr"> => ({
        at: entry.at,
        kind: entry.kind,
        label: ledgerKindLabel(entry.kind),
        orderId: entry.orderId,
        bankReference: entry.kind === "practitioner_payout" ? entry.reference : null,
        amountIdr: entry.amountIdr,
      }),
    ),
  );
  return {
    month: period.month,
    monthSoFar: period.monthSoFar,
    practitioner,
    seller: sellerOf(setting),
    generatedAt: now,
    openingBalanceIdr: ledger.openingIdr,
    feesEarnedIdr,
    reimbursedCostsIdr,
    payoutsIdr,
    balanceDueIdr: movements.closingIdr,
    lines: movements.lines,
  };
}

/**
 * What a case-board invoice prints: the accepted bid, the platform's fee and the VAT inside it.
 * Once paid and receipted, the receipt's rule, parties and number (what the tax document froze);
 * before that, the rule in force at its payment or creation and the organisation's billing data now.
 * Another organisation's invoice, or one of the other mode, is NOT_FOUND.
 */
export async function invoiceView(
  deps: Pick<ServiceDeps, "db">,
  { actor, invoiceId }: { actor: Actor; invoiceId: string },
): Promise<InvoiceView> {
  requireActor(actor, "agent", "admin", "operator");
  const { db } = deps;
  const invoice = await db.invoice.findFirst({
    where: { id: invoiceId, ...(actor.kind === "operator" ? {} : ownerOf(actor)) },
    include: {
      organization: { select: { name: true, legalName: true, billingAddress: true, npwp: true } },
      case: { select: { id: true, area: true } },
    },
  });
  if (!invoice) throw new AppError("NOT_FOUND", `No invoice ${invoiceId}.`);
  const [bid, receipt] = await Promise.all([
    db.bid.findUnique({ where: { id: invoice.bidId }, select: { practitioner: { select: { name: true } } } }),
    invoice.orderId
      ? db.financialDocument.findFirst({
          where: { orderId: invoice.orderId, transferKind: "order_payment" },
          select: { number: true, taxSettingId: true, buyer: true, seller: true },
        })
      : null,
  ]);
  const setting =
    (receipt?.taxSettingId ? await db.taxSetting.findUnique({ where: { id: receipt.taxSettingId } }) : null) ??
    (await taxSettingAt(db, invoice.paidAt ?? invoice.createdAt));
  const fee = splitPlatformFee(invoice.feeIdr, ruleOf(setting));
  const { case: caseRow } = invoice;
  return {
    id: invoice.id,
    livemode: invoice.livemode,
    issuedAt: invoice.createdAt,
    status: invoice.status,
    paidAt: invoice.paidAt,
    caseTitle: caseRow.area ? `${categoryLabel(caseRow.area)} (kasus ${caseRow.id})` : `Kasus ${caseRow.id}`,
    practitionerName: bid?.practitioner.name ?? null,
    bidIdr: invoice.totalIdr - invoice.feeIdr,
    platformFeeIdr: fee.grossIdr,
    vatBaseIdr: fee.vatBaseIdr,
    vatIdr: fee.vatIdr,
    totalIdr: invoice.totalIdr,
    tax: ruleOf(setting),
    buyer: receipt ? (receipt.buyer as unknown as Party) : buyerOf(invoice.organization),
    seller: receipt ? (receipt.seller as unknown as Party) : sellerOf(setting),
    receiptNumber: receipt?.number ?? null,
  };
}
