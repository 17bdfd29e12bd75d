import Link from "next/link";
import { useId } from "react";
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

/**
 * An account statement: each movement with its sign, in words as well as colour, and the running
 * balance after it. Becomes one card per row on phones, like DataTable.
 */
export function StatementTable({ caption, rows, empty }: { caption: string; rows: StatementRow[]; empty: { title: string; hint?: string } }) {
  const id = useId();
  if (rows.length === 0) return <EmptyState title={empty.title} hint={empty.hint} />;
  return (
    <div className="data-table">
      <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table className="statement">
          <caption id={`${id}-caption`}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Waktu</th>
              <th scope="col">Keterangan</th>
              <th scope="col">Referensi</th>
              <th scope="col" className="end">
                Jumlah
              </th>
              <th scope="col" className="end">
                Saldo
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td data-label="Waktu">
                  <div>
                    <time dateTime={new Date(row.at).toISOString()}>{formatDateTime(row.at)}</time>
                  </div>
                </td>
                <td data-label="Keterangan">
                  <div>{row.description}</div>
                </td>
                <td data-label="Referensi">
                  <div>{row.reference ? row.reference.href ? <Link href={row.reference.href}>{row.reference.label}</Link> : row.reference.label : <span className="muted">—</span>}</div>
                </td>
                <td data-label="Jumlah" className={`end amount-${row.amountIdr < 0 ? "out" : "in"}`}>
                  <div>
                    <span className="visually-hidden">{row.amountIdr < 0 ? "Keluar " : "Masuk "}</span>
                    {formatSignedRupiah(row.amountIdr)}
                  </div>
                </td>
                <td data-label="Saldo" className="end">
                  <div>{formatRupiah(row.balanceIdr)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
