import Link from "next/link";
import { type Column, Table } from "./data-table";
import { formatDateTime, formatRupiah, formatSignedRupiah } from "./format";
import { EmptyState } from "./ui";

export interface StatementRow {
  id: string;
  at: Date | string;
  description: string;
  reference?: { label: string; href?: string };
  /** Signed: positive comes in, negative goes out. */
  amountIdr: number;
  /** The balance after this row (the procedure computes it). */
  balanceIdr: number;
}

/** The statement's columns: the amount says its direction in words as well as colour. */
const STATEMENT_COLUMNS: Array<Column<StatementRow>> = [
  { key: "at", header: "Waktu", cell: (row) => <time dateTime={new Date(row.at).toISOString()}>{formatDateTime(row.at)}</time> },
  { key: "description", header: "Keterangan", cell: (row) => row.description },
  {
    key: "reference",
    header: "Referensi",
    cell: (row) =>
      row.reference ? (
        row.reference.href ? (
          <Link href={row.reference.href}>{row.reference.label}</Link>
        ) : (
          row.reference.label
        )
      ) : (
        <span className="muted">—</span>
      ),
  },
  {
    key: "amount",
    header: "Jumlah",
    align: "end",
    rowClass: (row) => `amount-${row.amountIdr < 0 ? "out" : "in"}`,
    cell: (row) => (
      <>
        <span className="visually-hidden">{row.amountIdr < 0 ? "Keluar " : "Masuk "}</span>
        {formatSignedRupiah(row.amountIdr)}
      </>
    ),
  },
  { key: "balance", header: "Saldo", align: "end", cell: (row) => formatRupiah(row.balanceIdr) },
];

/**
 * An account statement: each movement with its sign and the running balance after it. Becomes
 * one card per row on phones, like DataTable.
 */
export function StatementTable({
  caption,
  rows,
  empty,
}: {
  caption: string;
  rows: StatementRow[];
  empty: { title: string; hint?: string };
}) {
  if (rows.length === 0) return <EmptyState title={empty.title} hint={empty.hint} />;
  return (
    <div className="data-table">
      <Table caption={caption} columns={STATEMENT_COLUMNS} rows={rows} rowKey={(row) => row.id} />
    </div>
  );
}
