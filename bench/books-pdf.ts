/**
 * The statement PDF of a busy month (issue 41): an organisation's deposit statement with 1,000
 * movements, rendered several times in this process, the first render (fonts loaded, code cold)
 * included. The target is under 2 s for each. The renderer is pure: no server, no database.
 */
import { documentNumber, type FinancialDocumentKind } from "@/server/domain/books/numbering";
import type { DepositStatementLine, DepositStatementView } from "@/server/domain/books/views";
import { ledgerKindLabel } from "@/server/domain/money/ledger-labels";
import { renderDepositStatement } from "@/server/services/books/pdf/render";

export interface BooksPdfResult {
  movements: number;
  renders: number;
  pages: number;
  kilobytes: number;
  firstMs: number;
  medianMs: number;
  maxMs: number;
}

/** What moves a deposit in a month, in the proportions of a busy organisation, and the document each gets. */
const MOVEMENTS: ReadonlyArray<{ kind: string; amountIdr: bigint; document: FinancialDocumentKind }> = [
  { kind: "deposit_topup", amountIdr: 25_000_000n, document: "bukti_setoran" },
  { kind: "order_payment", amountIdr: -1_490_000n, document: "kuitansi" },
  { kind: "order_payment", amountIdr: -2_650_000n, document: "kuitansi" },
  { kind: "cost_payment", amountIdr: -350_000n, document: "kuitansi" },
  { kind: "order_payment", amountIdr: -990_000n, document: "kuitansi" },
  { kind: "order_refund", amountIdr: 1_490_000n, document: "nota_kredit" },
  { kind: "order_payment", amountIdr: -4_200_000n, document: "kuitansi" },
  { kind: "cost_refund", amountIdr: 150_000n, document: "nota_kredit" },
];

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** An order id of the real shape ("ord_" and 22 base62 characters), the same on every run. */
const orderId = (n: number) => `ord_${Array.from({ length: 22 }, (_, i) => BASE62[(n * 7919 + i * 104_729) % 62]).join("")}`;

function statement(movements: number): DepositStatementView {
  const monthStart = Date.parse("2026-10-31T17:00:00Z");
  const spacingMs = Math.floor((30 * 24 * 60 * 60 * 1000) / (movements + 1));
  const sequences = new Map<FinancialDocumentKind, number>();
  const opening = 40_000_000n;
  let balance = opening;
  let totalIn = 0n;
  let totalOut = 0n;
  const lines = Array.from({ length: movements }, (_, i): DepositStatementLine => {
    const movement = MOVEMENTS[i % MOVEMENTS.length]!;
    const sequence = (sequences.get(movement.document) ?? 0) + 1;
    sequences.set(movement.document, sequence);
    balance += movement.amountIdr;
    if (movement.amountIdr > 0n) totalIn += movement.amountIdr;
    else totalOut -= movement.amountIdr;
    return {
      at: new Date(monthStart + (i + 1) * spacingMs),
      kind: movement.kind,
      label: ledgerKindLabel(movement.kind),
      reference: movement.kind === "deposit_topup" ? `BCA ${String(8_812_345 + i)}` : orderId(i),
      documentNumber: documentNumber(movement.document, true, 2026, 100 + sequence),
      amountIdr: movement.amountIdr,
      balanceIdr: balance,
    };
  });
  return {
    month: "2026-11",
    monthSoFar: false,
    livemode: true,
    organization: {
      id: "org_2HkP9qRs4TuV7wXy3Zb8Cd",
      name: "PT Agen Cerdas Nusantara",
      address: "Jl. Gatot Subroto No. 10, Bandung 40262",
      npwp: "02.345.678.9-423.000",
    },
    seller: {
      name: "PT Kuasa Hukum Digital",
      address: "Jl. Jenderal Sudirman Kav. 52-53, Jakarta Selatan 12190",
      npwp: "01.234.567.8-012.000",
    },
    generatedAt: new Date("2026-12-01T01:00:00Z"),
    openingBalanceIdr: opening,
    closingBalanceIdr: balance,
    totalInIdr: totalIn,
    totalOutIdr: totalOut,
    lines,
  };
}

export async function benchBooksPdf(movements = 1_000, renders = 10): Promise<BooksPdfResult> {
  const view = statement(movements);
  const times: number[] = [];
  let pdf: Buffer | undefined;
  for (let i = 0; i < renders; i++) {
    const started = performance.now();
    pdf = await renderDepositStatement(view);
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = renders % 2 ? sorted[(renders - 1) / 2]! : (sorted[renders / 2 - 1]! + sorted[renders / 2]!) / 2;
  return {
    movements,
    renders,
    // Page objects are written uncompressed: "/Type /Page" once per page ("/Pages" is the tree).
    pages: pdf!.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0,
    kilobytes: Math.round(pdf!.length / 1024),
    firstMs: Math.round(times[0]!),
    medianMs: Math.round(median),
    maxMs: Math.round(sorted.at(-1)!),
  };
}
