import { useId } from "react";
import { formatRupiah } from "@/app/_components/format";

export interface SpendMonth {
  /** "2026-11" */
  month: string;
  spentIdr: number;
  orders: number;
}

const compact = new Intl.NumberFormat("id-ID", { notation: "compact", maximumFractionDigits: 1 });
const monthName = new Intl.DateTimeFormat("id-ID", { month: "short", year: "2-digit", timeZone: "UTC" });
const monthLong = new Intl.DateTimeFormat("id-ID", { month: "long", year: "numeric", timeZone: "UTC" });

function monthDate(month: string): Date {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1));
}

const WIDTH = 720;
const HEIGHT = 240;
const TOP = 24;
const BOTTOM = 32;

/**
 * Spend per month as bars drawn on the server (inline SVG: no script, no chart service). Each bar
 * carries its value as text; a screen reader gets the title, a summary and the same numbers as a
 * table, which phones show in place of the bars (twelve labels in 320 px would be unreadable).
 */
export function SpendChart({ months, caption }: { months: SpendMonth[]; caption: string }) {
  const id = useId();
  const max = Math.max(...months.map((m) => m.spentIdr), 1);
  const total = months.reduce((sum, m) => sum + m.spentIdr, 0);
  const slot = WIDTH / months.length;
  const barWidth = slot * 0.62;
  const plot = HEIGHT - TOP - BOTTOM;
  const busiest = months.reduce((best, m) => (m.spentIdr > best.spentIdr ? m : best), months[0]!);
  const summary =
    total === 0
      ? `Belum ada belanja dalam ${months.length} bulan terakhir.`
      : `Total ${formatRupiah(total)} dalam ${months.length} bulan terakhir; tertinggi ${formatRupiah(busiest.spentIdr)} pada ${monthLong.format(monthDate(busiest.month))}.`;
  return (
    <figure className="spend">
      <svg className="spend-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{caption}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line className="axis" x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} />
        {months.map((m, i) => {
          const height = m.spentIdr === 0 ? 2 : Math.max(4, (m.spentIdr / max) * plot);
          const x = i * slot + (slot - barWidth) / 2;
          const y = HEIGHT - BOTTOM - height;
          return (
            <g key={m.month}>
              <rect className={m.spentIdr === 0 ? "bar-empty" : "bar"} x={x} y={y} width={barWidth} height={height} rx={3} />
              <text x={x + barWidth / 2} y={y - 6} textAnchor="middle">
                {m.spentIdr === 0 ? "0" : compact.format(m.spentIdr)}
              </text>
              <text x={x + barWidth / 2} y={HEIGHT - BOTTOM + 18} textAnchor="middle">
                {monthName.format(monthDate(m.month))}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="muted small">
        {summary} <span className="spend-legend">Angka di atas batang dalam rupiah (rb = ribu, jt = juta, M = miliar).</span>
      </figcaption>
      <div className="spend-table">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Bulan</th>
              <th scope="col">Belanja</th>
              <th scope="col">Pesanan dibayar</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLong.format(monthDate(m.month))}</th>
                <td>{formatRupiah(m.spentIdr)}</td>
                <td>{m.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
