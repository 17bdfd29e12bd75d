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

// The phone's chart: a short strip of bars, every other month named, only the busiest month's value.
const PHONE_WIDTH = 320;
const PHONE_HEIGHT = 130;
const PHONE_TOP = 18;
const PHONE_BOTTOM = 22;
const monthShort = new Intl.DateTimeFormat("id-ID", { month: "short", timeZone: "UTC" });

/**
 * Spend per month as bars drawn on the server (inline SVG: no script, no chart service). Each bar
 * carries its value as text; a screen reader gets the title, a summary and the same numbers as a
 * table. Phones get a compact chart instead (twelve values in 320 px would be unreadable, and
 * twelve table rows of "Rp 0" make a long page). With nothing spent there is nothing to draw: every
 * size shows the summary alone, not twelve bars of "0".
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
  if (total === 0)
    return (
      <figure className="spend">
        <figcaption className="muted small">{summary}</figcaption>
      </figure>
    );
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
      <svg
        className="spend-chart-phone"
        viewBox={`0 0 ${PHONE_WIDTH} ${PHONE_HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title-phone ${id}-desc`}
      >
        <title id={`${id}-title-phone`}>{caption}</title>
        <line className="axis" x1={0} x2={PHONE_WIDTH} y1={PHONE_HEIGHT - PHONE_BOTTOM} y2={PHONE_HEIGHT - PHONE_BOTTOM} />
        {months.map((m, i) => {
          const phoneSlot = PHONE_WIDTH / months.length;
          const width = phoneSlot * 0.7;
          const height = m.spentIdr === 0 ? 2 : Math.max(3, (m.spentIdr / max) * (PHONE_HEIGHT - PHONE_TOP - PHONE_BOTTOM));
          const x = i * phoneSlot + (phoneSlot - width) / 2;
          const y = PHONE_HEIGHT - PHONE_BOTTOM - height;
          const last = i === months.length - 1;
          return (
            <g key={m.month}>
              <rect className={m.spentIdr === 0 ? "bar-empty" : "bar"} x={x} y={y} width={width} height={height} rx={2} />
              {m === busiest && (
                <text x={Math.min(Math.max(x + width / 2, 24), PHONE_WIDTH - 24)} y={y - 5} textAnchor="middle">
                  {compact.format(m.spentIdr)}
                </text>
              )}
              {(months.length - 1 - i) % 2 === 0 && (
                <text x={x + width / 2} y={PHONE_HEIGHT - 6} textAnchor={last ? "end" : "middle"}>
                  {monthShort.format(monthDate(m.month))}
                </text>
              )}
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
