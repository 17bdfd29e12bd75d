import { formatMonth, formatRupiah } from "@/app/_components/format";
import { MonthPicker } from "@/app/_components/month-picker";
import { Figure } from "../_components/figure";

/** The URL parameter of the statement's month. */
const STATEMENT_MONTH_PARAM = "laporan";

interface EarningsStatement {
  month: string;
  monthSoFar: boolean;
  openingBalanceIdr: number;
  feesEarnedIdr: number;
  reimbursedCostsIdr: number;
  payoutsIdr: number;
  balanceDueIdr: number;
  lines: unknown[];
}

/**
 * "Laporan bulanan": what the practitioner earned, was reimbursed and was paid in one month, and
 * what Kuasa owes them at its end (now, for the month so far), with the PDF and CSV for their books.
 */
export function EarningsStatementCard({
  statement,
  months,
  kept,
}: {
  statement: EarningsStatement;
  months: readonly string[];
  kept: Record<string, string | undefined>;
}) {
  const label = formatMonth(statement.month);
  const download = `/api/keuangan/laporan/${statement.month}`;
  return (
    <section id="laporan-bulanan" aria-labelledby="laporan-bulanan-title">
      <h2 className="section-title" id="laporan-bulanan-title">
        Laporan bulanan
      </h2>
      <MonthPicker
        action="/praktisi/pendapatan#laporan-bulanan"
        name={STATEMENT_MONTH_PARAM}
        label="Bulan laporan"
        months={months}
        selected={statement.month}
        kept={kept}
      />
      <div className="stats pairs">
        <Figure label="Fee diperoleh" value={formatRupiah(statement.feesEarnedIdr)} hint={`Fee yang dilepas dari escrow pada ${label}.`} />
        <Figure
          label="Penggantian biaya resmi"
          value={formatRupiah(statement.reimbursedCostsIdr)}
          hint="Biaya resmi yang diganti setelah kuitansinya diunggah; bukan pendapatan."
        />
        <Figure label="Dicairkan" value={formatRupiah(statement.payoutsIdr)} hint={`Ditransfer ke rekening Anda pada ${label}.`} />
        <Figure
          label={statement.monthSoFar ? "Saldo terutang saat ini" : "Saldo terutang akhir bulan"}
          value={formatRupiah(statement.balanceDueIdr)}
          hint={`Yang masih menjadi hak Anda${statement.monthSoFar ? " sekarang" : ` pada akhir ${label}`}; saldo awal bulan ${formatRupiah(statement.openingBalanceIdr)}.`}
        />
      </div>
      <p className="row">
        <span className="muted">
          {statement.lines.length === 0
            ? `Tidak ada mutasi saldo pada ${label}.`
            : `${statement.lines.length} mutasi saldo pada ${label}; rinciannya ada di PDF dan CSV.`}
        </span>
        <a className="button secondary" href={download} download aria-label={`Unduh PDF laporan ${label}`}>
          Unduh PDF
        </a>
        <a className="button secondary" href={`${download}?format=csv`} download aria-label={`Unduh CSV laporan ${label}`}>
          Unduh CSV
        </a>
      </p>
    </section>
  );
}
