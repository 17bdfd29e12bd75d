import Link from "next/link";
import { type Column, Table } from "@/app/_components/data-table";
import { formatDateTime, formatMonth, formatRupiah, formatSignedRupiah } from "@/app/_components/format";
import { MonthPicker } from "@/app/_components/month-picker";
import type { TableParams } from "@/app/_components/table-query";
import { EmptyState } from "@/app/_components/ui";
import { Figure } from "@/app/praktisi/_components/figure";
import { type DataMode, inMode } from "../_components/mode";

/** The URL parameter of the statement's month, apart from the document list's own month filter. */
export const STATEMENT_MONTH_PARAM = "laporan";

interface StatementLine {
  at: Date;
  kind: string;
  label: string;
  reference: string | null;
  documentNumber: string | null;
  amountIdr: number;
  balanceIdr: number;
}

interface DepositStatement {
  month: string;
  monthSoFar: boolean;
  openingBalanceIdr: number;
  closingBalanceIdr: number;
  totalInIdr: number;
  totalOutIdr: number;
  lines: StatementLine[];
}

/**
 * The deposit's statement of one month: the opening balance, money in and out, the closing balance
 * (the balance now, for the month so far), every movement with the document issued for it, and the
 * PDF and CSV to download.
 */
export function MonthlyStatement({
  statement,
  months,
  params,
  mode,
}: {
  statement: DepositStatement;
  months: readonly string[];
  params: TableParams;
  mode: DataMode;
}) {
  const test = mode === "test";
  const label = formatMonth(statement.month);
  const download = (format: "pdf" | "csv") =>
    inMode(`/api/keuangan/laporan/${statement.month}${format === "csv" ? "?format=csv" : ""}`, mode);
  const kept = Object.fromEntries(
    Object.entries(params)
      .filter(([name]) => name !== STATEMENT_MONTH_PARAM)
      .map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
  );
  const columns: Array<Column<StatementLine>> = [
    { key: "at", header: "Waktu", cell: (line) => <time dateTime={line.at.toISOString()}>{formatDateTime(line.at)}</time> },
    { key: "label", header: "Jenis", cell: (line) => line.label },
    {
      key: "reference",
      header: "Referensi",
      secondary: true,
      cell: (line) =>
        line.reference?.startsWith("ord_") ? (
          <Link href={inMode(`/organisasi/pesanan/${line.reference}`, mode)}>{line.reference}</Link>
        ) : (
          (line.reference ?? <span className="muted">—</span>)
        ),
    },
    {
      key: "document",
      header: "Dokumen",
      cell: (line) =>
        line.documentNumber ? (
          <code className="document-number">{line.documentNumber}</code>
        ) : (
          <span className="muted">Sedang diterbitkan</span>
        ),
    },
    {
      key: "amount",
      header: "Jumlah",
      align: "end",
      rowClass: (line) => `amount-${line.amountIdr < 0 ? "out" : "in"}`,
      cell: (line) => (
        <>
          <span className="visually-hidden">{line.amountIdr < 0 ? "Keluar " : "Masuk "}</span>
          {formatSignedRupiah(line.amountIdr)}
        </>
      ),
    },
    { key: "balance", header: "Saldo", align: "end", cell: (line) => formatRupiah(line.balanceIdr) },
  ];
  return (
    <section className="card" id="laporan-bulanan" aria-labelledby="laporan-bulanan-title">
      <header className="card-head">
        <h2 id="laporan-bulanan-title">{test ? "Laporan bulanan deposit uji" : "Laporan bulanan deposit"}</h2>
        <div className="row">
          <a className="button secondary" href={download("pdf")} download aria-label={`Unduh PDF laporan ${label}`}>
            Unduh PDF
          </a>
          <a className="button secondary" href={download("csv")} download aria-label={`Unduh CSV laporan ${label}`}>
            Unduh CSV
          </a>
        </div>
      </header>
      <MonthPicker
        action="/organisasi/keuangan#laporan-bulanan"
        name={STATEMENT_MONTH_PARAM}
        label="Bulan laporan"
        months={months}
        selected={statement.month}
        kept={kept}
      />
      <div className="stats pairs">
        <Figure label="Saldo awal" value={formatRupiah(statement.openingBalanceIdr)} hint={`Pada awal ${label}.`} />
        <Figure label="Masuk" value={formatRupiah(statement.totalInIdr)} hint="Setoran dan pengembalian dana." />
        <Figure label="Keluar" value={formatRupiah(statement.totalOutIdr)} hint="Pembayaran pesanan dan biaya resmi." />
        <Figure
          label={statement.monthSoFar ? "Saldo saat ini" : "Saldo akhir"}
          value={formatRupiah(statement.closingBalanceIdr)}
          hint={statement.monthSoFar ? "Bulan berjalan: saldo deposit sekarang." : `Pada akhir ${label}.`}
        />
      </div>
      {statement.lines.length === 0 ? (
        <EmptyState title={`Tidak ada mutasi pada ${label}.`} hint="Saldo akhir sama dengan saldo awal." />
      ) : (
        <div className="data-table">
          <Table
            caption={`Mutasi deposit ${label}, terlama di atas`}
            columns={columns}
            rows={statement.lines}
            rowKey={(line) => `${line.at.toISOString()}-${line.documentNumber ?? line.kind}-${line.balanceIdr}`}
          />
        </div>
      )}
    </section>
  );
}
