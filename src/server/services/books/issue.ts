import type { Prisma } from "@/generated/prisma/client";
import type { DbOrTx, Tx } from "@/server/db/client";
import { requireActor, type SystemActor } from "@/server/domain/access/actor";
import { DOCUMENT_SERIES, documentNumber, documentYear, type FinancialDocumentKind } from "@/server/domain/books/numbering";
import { depositBreakdown, type PaymentBreakdown, passThroughBreakdown, type TaxRule, workBreakdown } from "@/server/domain/books/tax";
import type { Party } from "@/server/domain/books/views";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import { newId } from "@/server/domain/ids";
import { ledgerKindLabel } from "@/server/domain/money/ledger-labels";
import type { ServiceDeps } from "../deps";

/**
 * The books follow the ledger: every transfer that moves an organisation's deposit gets one
 * document (services/books, docs/decisions/books.md): a payment out of it a receipt (kuitansi),
 * money back into it a credit note (nota_kredit), a top-up a deposit receipt (bukti_setoran).
 * Issued by the `books-issue` job after the transfer commits, so paying never waits on the
 * numbering and no payment can be left without its document: the job finds every transfer that
 * lacks one. Numbers come from DocumentSequence, bumped in the transaction that writes the
 * documents, under one lock, so each series is gap-free and unique however many issuers run.
 */

/** Serialises issuers across processes to the end of the transaction (an arbitrary constant of this application). */
const BOOKS_ISSUE_LOCK = 72_390_041;

/** How far before the newest documented payment the issuer looks for transfers that committed late. */
const LATE_COMMIT_MARGIN_MS = 60 * 60 * 1000;

/** Transfers documented per transaction. */
const ISSUE_BATCH = 200;

/**
 * Transfers on an organisation's deposit that have no document yet, oldest first. Only the hour
 * before the newest documented payment onwards is read (an index on LedgerTransfer.createdAt),
 * so the look stays small however long the ledger grows; an empty book reads it all once. Each is
 * due as soon as it committed: the cutoff is not asked (a transfer is stamped with the database's
 * time, which a process's clock need not match).
 */
export async function undocumentedTransfers(deps: Pick<ServiceDeps, "db">, { actor, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  return deps.db.$queryRaw<DueRow[]>`
    SELECT t."id", t."createdAt" AS "dueAt"
    FROM "LedgerTransfer" t
    WHERE t."createdAt" >= coalesce((SELECT max("paidAt") FROM "FinancialDocument"), '-infinity'::timestamp) - ${LATE_COMMIT_MARGIN_MS}::int * interval '1 millisecond'
      AND EXISTS (
        SELECT 1 FROM "LedgerEntry" e JOIN "LedgerAccount" a ON a."id" = e."accountId"
        WHERE e."transferId" = t."id" AND a."kind" = 'org_deposit')
      AND NOT EXISTS (SELECT 1 FROM "FinancialDocument" d WHERE d."transferId" = t."id")
    ORDER BY t."createdAt", t."id"
    LIMIT ${limit}`;
}

/** Issues every document still missing, batch after batch; returns how many it wrote. */
export async function issueAllDocuments(deps: Pick<ServiceDeps, "db" | "clock">, { actor }: { actor: SystemActor }): Promise<number> {
  let issued = 0;
  for (;;) {
    const due = await undocumentedTransfers(deps, { actor, cutoff: deps.clock.now(), limit: ISSUE_BATCH });
    if (due.length === 0) return issued;
    const written = await issueDocuments(deps, { actor, transferIds: due.map((row) => row.id) });
    issued += written;
    // Another issuer took them: what is left is found on the next look.
    if (written === 0 && due.length < ISSUE_BATCH) return issued;
  }
}

interface TransferToDocument {
  id: string;
  kind: string;
  reference: string | null;
  description: string;
  createdAt: Date;
  organizationId: string;
  livemode: boolean;
  /** The deposit's side: negative when money left it. */
  depositAmountIdr: bigint;
}

interface DocumentDraft {
  kind: FinancialDocumentKind;
  transfer: TransferToDocument;
  description: string;
  orderId: string | null;
  costId: string | null;
  invoiceId: string | null;
  correctsId: string | null;
  taxSettingId: string | null;
  breakdown: PaymentBreakdown;
  seller: Party;
}

/**
 * Documents the given transfers (those that still need it) in one transaction, in the order they
 * were made; returns how many documents it wrote. Safe to run twice or concurrently: the lock,
 * then a re-read of what is still undocumented.
 */
export async function issueDocuments(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, transferIds }: { actor: SystemActor; transferIds: readonly string[] },
): Promise<number> {
  requireActor(actor, "system");
  if (transferIds.length === 0) return 0;
  return deps.db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(${BOOKS_ISSUE_LOCK}::bigint)`;
      const transfers = await depositTransfers(tx, transferIds);
      if (transfers.length === 0) return 0;
      const now = deps.clock.now();
      const taxSettings = await tx.taxSetting.findMany({ orderBy: { effectiveFrom: "asc" } });
      // Receipts written earlier in this batch, by transfer, for the credit notes that follow them.
      const written = new Map<string, CorrectedReceipt>();
      const batch = await batchOf(tx, transfers);
      const drafts: DocumentDraft[] = [];
      for (const transfer of transfers) {
        const draft = draftOf(transfer, batch, taxSettings, written);
        drafts.push(draft);
        written.set(transfer.id, { id: `pending:${drafts.length - 1}`, taxSettingId: draft.taxSettingId, seller: draft.seller });
      }
      const buyers = await buyersOf(tx, [...new Set(drafts.map((d) => d.transfer.organizationId))]);
      const numbers = await takeNumbers(tx, drafts, now);
      const ids = drafts.map(() => newId("document"));
      await tx.financialDocument.createMany({
        data: drafts.map((draft, index) => ({
          id: ids[index]!,
          number: numbers[index]!,
          kind: draft.kind,
          livemode: draft.transfer.livemode,
          organizationId: draft.transfer.organizationId,
          transferId: draft.transfer.id,
          transferKind: draft.transfer.kind,
          orderId: draft.orderId,
          costId: draft.costId,
          invoiceId: draft.invoiceId,
          correctsId: draft.correctsId?.startsWith("pending:") ? ids[Number(draft.correctsId.slice(8))]! : draft.correctsId,
          paidAt: draft.transfer.createdAt,
          issuedAt: now,
          description: draft.description,
          amountIdr: draft.breakdown.amountIdr,
          practitionerFeeIdr: draft.breakdown.practitionerFeeIdr,
          platformFeeIdr: draft.breakdown.platformFeeIdr,
          vatBaseIdr: draft.breakdown.vatBaseIdr,
          vatIdr: draft.breakdown.vatIdr,
          passThroughIdr: draft.breakdown.passThroughIdr,
          taxSettingId: draft.taxSettingId,
          buyer: buyers.get(draft.transfer.organizationId)! as unknown as Prisma.InputJsonValue,
          seller: draft.seller as unknown as Prisma.InputJsonValue,
        })),
      });
      return drafts.length;
    },
    // Waits behind another issuer's batch rather than failing on Prisma's 2 s default.
    { maxWait: 10_000, timeout: 60_000 },
  );
}

/** The transfers among `ids` still without a document, with their deposit side, oldest first. */
async function depositTransfers(tx: Tx, ids: readonly string[]): Promise<TransferToDocument[]> {
  return tx.$queryRaw<TransferToDocument[]>`
    SELECT t."id", t."kind", t."reference", t."description", t."createdAt",
           a."organizationId", a."livemode", e."amountIdr" AS "depositAmountIdr"
    FROM "LedgerTransfer" t
    JOIN "LedgerEntry" e ON e."transferId" = t."id"
    JOIN "LedgerAccount" a ON a."id" = e."accountId" AND a."kind" = 'org_deposit'
    WHERE t."id" = ANY(${[...ids]}::text[])
      AND NOT EXISTS (SELECT 1 FROM "FinancialDocument" d WHERE d."transferId" = t."id")
    ORDER BY t."createdAt", t."id"`;
}

/** A receipt as a credit note refers to it: its id (`pending:n` while in the same batch), its tax rule and seller. */
interface CorrectedReceipt {
  id: string;
  taxSettingId: string | null;
  seller: Party;
}

export type TaxSettingRow = Awaited<ReturnType<Tx["taxSetting"]["findMany"]>>[number];

/** The rule in force at `at`: the latest that began at or before it (the migration's 2025 rule is always there). */
function taxSettingAt(settings: readonly TaxSettingRow[], at: Date): TaxSettingRow {
  let current = settings[0];
  for (const setting of settings) if (setting.effectiveFrom <= at) current = setting;
  if (!current) throw new Error("no tax setting: the books migration inserts the 2025 rule");
  return current;
}

export const ruleOf = (setting: TaxSettingRow): TaxRule => ({
  vatRateBasisPoints: setting.vatRateBasisPoints,
  vatBaseNumerator: setting.vatBaseNumerator,
  vatBaseDenominator: setting.vatBaseDenominator,
});

export const sellerOf = (setting: TaxSettingRow): Party => ({
  name: setting.platformName,
  address: setting.platformAddress || null,
  npwp: setting.platformNpwp || null,
});

function draftOf(
  transfer: TransferToDocument,
  batch: Batch,
  taxSettings: readonly TaxSettingRow[],
  writtenInBatch: ReadonlyMap<string, CorrectedReceipt>,
): DocumentDraft {
  const inForce = taxSettingAt(taxSettings, transfer.createdAt);
  const out = transfer.depositAmountIdr < 0n;
  const amountIdr = out ? -transfer.depositAmountIdr : transfer.depositAmountIdr;
  const base = {
    transfer,
    orderId: null,
    costId: null,
    invoiceId: null,
    correctsId: null,
    taxSettingId: null,
    seller: sellerOf(inForce),
  };
  const label = ledgerKindLabel(transfer.kind);
  switch (transfer.kind) {
    case "deposit_topup":
      return {
        ...base,
        kind: "bukti_setoran",
        description: transfer.reference ? `Setoran deposit, referensi ${transfer.reference}` : "Setoran deposit",
        breakdown: depositBreakdown(amountIdr),
      };
    case "order_payment":
    case "order_refund":
    case "split_refund": {
      const order = found(batch.orders, transfer.reference, "order");
      const payment = transfer.kind === "order_payment" ? null : receiptOf(batch, "order_payment", order.id, writtenInBatch);
      const setting = payment?.taxSettingId ? (taxSettings.find((s) => s.id === payment.taxSettingId) ?? inForce) : inForce;
      const practitionerFeeIdr =
        transfer.kind === "split_refund"
          ? order.clientPriceIdr - found(batch.splitShares, order.id, "split_release of order")
          : order.clientPriceIdr;
      const what = order.invoice
        ? `Tagihan kasus ${order.invoice.caseId} (pesanan ${order.id})`
        : `${order.service.name} (pesanan ${order.id})`;
      return {
        ...base,
        kind: out ? "kuitansi" : "nota_kredit",
        description: out ? what : `${label}: ${what}`,
        orderId: order.id,
        invoiceId: order.invoice?.id ?? null,
        correctsId: payment?.id ?? null,
        taxSettingId: setting.id,
        seller: payment ? payment.seller : sellerOf(setting),
        breakdown: workBreakdown(amountIdr, clamp(practitionerFeeIdr, amountIdr), ruleOf(setting)),
      };
    }
    case "cost_payment":
    case "cost_refund": {
      const cost = found(batch.costs, transfer.reference, "cost");
      const payment = transfer.kind === "cost_refund" ? receiptOf(batch, "cost_payment", cost.id, writtenInBatch) : null;
      return {
        ...base,
        kind: out ? "kuitansi" : "nota_kredit",
        description: `${out ? "Biaya resmi" : label}: ${cost.description} (pesanan ${cost.orderId})`,
        orderId: cost.orderId,
        costId: cost.id,
        correctsId: payment?.id ?? null,
        breakdown: passThroughBreakdown(amountIdr),
      };
    }
    default:
      // A kind written before the books existed, or added later without a rule here: documented
      // whole, as what it is called, never left without a number.
      return {
        ...base,
        kind: out ? "kuitansi" : "nota_kredit",
        description: transfer.reference ? `${label} (${transfer.reference})` : label,
        breakdown: passThroughBreakdown(amountIdr),
      };
  }
}

/** A share is never above the amount (a refund of part of a price): the platform's part is the rest. */
const clamp = (fee: bigint, amount: bigint) => (fee < 0n ? 0n : fee > amount ? amount : fee);

/**
 * What the batch's transfers concern, read in one statement each rather than per transfer: their
 * orders and costs, the split orders' shares (their split_release), and the payments the refunds
 * give back with their documents (the latest payment of each order or cost).
 */
interface Batch {
  orders: Map<string, { id: string; clientPriceIdr: bigint; service: { name: string }; invoice: { id: string; caseId: string } | null }>;
  costs: Map<string, { id: string; orderId: string; description: string }>;
  splitShares: Map<string, bigint>;
  payments: Map<string, { id: string; document: { id: string; taxSettingId: string | null; seller: Prisma.JsonValue } | null }>;
}

const ORDER_KINDS = new Set(["order_payment", "order_refund", "split_refund"]);
const COST_KINDS = new Set(["cost_payment", "cost_refund"]);
const paymentKey = (kind: string, reference: string) => `${kind}:${reference}`;

async function batchOf(tx: Tx, transfers: readonly TransferToDocument[]): Promise<Batch> {
  const referencesOf = (kinds: ReadonlySet<string>) => [
    ...new Set(transfers.filter((t) => kinds.has(t.kind) && t.reference).map((t) => t.reference!)),
  ];
  const orderIds = referencesOf(ORDER_KINDS);
  const costIds = referencesOf(COST_KINDS);
  const splitOrderIds = referencesOf(new Set(["split_refund"]));
  const [orders, costs, releases, payments] = await Promise.all([
    tx.order.findMany({
      where: { id: { in: orderIds } },
      select: { id: true, clientPriceIdr: true, service: { select: { name: true } }, invoice: { select: { id: true, caseId: true } } },
    }),
    tx.orderCost.findMany({ where: { id: { in: costIds } }, select: { id: true, orderId: true, description: true } }),
    tx.ledgerTransfer.findMany({
      where: { kind: "split_release", reference: { in: splitOrderIds } },
      select: { reference: true, entries: { select: { amountIdr: true } } },
    }),
    tx.ledgerTransfer.findMany({
      where: {
        OR: [
          { kind: "order_payment", reference: { in: referencesOf(new Set(["order_refund", "split_refund"])) } },
          { kind: "cost_payment", reference: { in: referencesOf(new Set(["cost_refund"])) } },
        ],
      },
      orderBy: { createdAt: "asc" },
      select: { id: true, kind: true, reference: true, document: { select: { id: true, taxSettingId: true, seller: true } } },
    }),
  ]);
  return {
    orders: new Map(orders.map((order) => [order.id, order])),
    costs: new Map(costs.map((cost) => [cost.id, cost])),
    // The practitioner's share: the release's credit.
    splitShares: new Map(
      releases.flatMap(({ reference, entries }) => {
        const credited = entries.find((entry) => entry.amountIdr > 0n)?.amountIdr;
        return reference && credited !== undefined ? [[reference, credited] as const] : [];
      }),
    ),
    // Oldest first, so the latest payment of each order or cost is the one kept.
    payments: new Map(payments.map((payment) => [paymentKey(payment.kind, payment.reference!), payment])),
  };
}

/** A row the batch read; its absence means the ledger names something gone, which is a bug, not input. */
function found<V>(rows: ReadonlyMap<string, V>, id: string | null, what: string): V {
  const row = id ? rows.get(id) : undefined;
  if (row === undefined) throw new Error(`the ${what} ${id} of a deposit transfer is gone`);
  return row;
}

/**
 * The receipt a credit note corrects: the document of the payment it gives back (`pending:n` when
 * written earlier in the same batch). Null only for money paid before it had a transfer of that kind.
 */
function receiptOf(
  batch: Batch,
  paymentKind: string,
  reference: string,
  writtenInBatch: ReadonlyMap<string, CorrectedReceipt>,
): CorrectedReceipt | null {
  const payment = batch.payments.get(paymentKey(paymentKind, reference));
  if (!payment) return null;
  if (payment.document)
    return { id: payment.document.id, taxSettingId: payment.document.taxSettingId, seller: payment.document.seller as unknown as Party };
  const pending = writtenInBatch.get(payment.id);
  if (pending) return pending;
  throw new Error(`the payment ${payment.id} is not documented yet; the issuer takes transfers oldest first`);
}

/** Each organisation's billing data now, as the documents freeze it. */
async function buyersOf(tx: DbOrTx, organizationIds: string[]): Promise<Map<string, Party>> {
  const rows = await tx.organization.findMany({
    where: { id: { in: organizationIds } },
    select: { id: true, name: true, legalName: true, billingAddress: true, npwp: true },
  });
  return new Map(rows.map((row) => [row.id, buyerOf(row)]));
}

/** An organisation as its documents name it: the legal name when set, else its name. */
export const buyerOf = (row: { name: string; legalName: string | null; billingAddress: string | null; npwp: string | null }): Party => ({
  name: row.legalName || row.name,
  address: row.billingAddress,
  npwp: row.npwp,
});

/** Numbers for the drafts in order: each series (kind, mode, year) bumped once by how many it needs. */
async function takeNumbers(tx: Tx, drafts: readonly DocumentDraft[], issuedAt: Date): Promise<string[]> {
  const year = documentYear(issuedAt);
  const needed = new Map<string, { kind: FinancialDocumentKind; livemode: boolean; count: number }>();
  for (const draft of drafts) {
    const key = `${draft.kind}:${draft.transfer.livemode}`;
    const entry = needed.get(key) ?? { kind: draft.kind, livemode: draft.transfer.livemode, count: 0 };
    entry.count += 1;
    needed.set(key, entry);
  }
  const next = new Map<string, number>();
  for (const [key, { kind, livemode, count }] of needed) {
    const series = DOCUMENT_SERIES[kind];
    const [row] = await tx.$queryRaw<Array<{ lastNumber: number }>>`
      INSERT INTO "DocumentSequence" ("series", "year", "livemode", "lastNumber") VALUES (${series}, ${year}, ${livemode}, ${count})
      ON CONFLICT ("series", "year", "livemode") DO UPDATE SET "lastNumber" = "DocumentSequence"."lastNumber" + ${count}
      RETURNING "lastNumber"`;
    next.set(key, row!.lastNumber - count + 1);
  }
  return drafts.map((draft) => {
    const key = `${draft.kind}:${draft.transfer.livemode}`;
    const sequence = next.get(key)!;
    next.set(key, sequence + 1);
    return documentNumber(draft.kind, draft.transfer.livemode, year, sequence);
  });
}
