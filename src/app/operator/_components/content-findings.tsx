import { formatDay } from "@/app/_components/format";
import { Card } from "@/app/_components/ui";
import { CONTENT_RULE_LABEL } from "./labels";

/** What the operator's content pages (/operator/konten) share. */

/** The findings' mode filter: live or test only; both when absent. */
export const MODE_FILTER = {
  name: "mode",
  label: "Mode",
  options: [
    { value: "live", label: "Live" },
    { value: "test", label: "Uji (sandbox)" },
  ],
};

/** The mode filter's value as the procedures take it. */
export const modeOf = (value: string | undefined) => (value === "live" || value === "test" ? value : undefined);

/** The four content rules in words, as the agent API states them. */
export function ContentRulesCard() {
  return (
    <Card title="Aturan konten">
      <p className="muted">
        Pesan agen ke praktisi dan cerita kasus diperiksa terhadap empat aturan konten dan katalog saat itu. Pesan yang melanggar tetap
        terkirim apa adanya; pelanggarannya dicatat di sini.
      </p>
      <ul className="rule-list">
        {Object.entries(CONTENT_RULE_LABEL).map(([rule, { name, explanation }]) => (
          <li key={rule}>
            <strong>{name}.</strong> {explanation}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * Findings per calendar week as a row of bars, oldest first: each bar's height is its count against
 * `max` (the largest count on the page, so rows compare), and each week is also written out for
 * screen readers and as the bar's tooltip.
 */
export function WeekBars({
  weeks,
  counts,
  max,
  label,
  large = false,
}: {
  weeks: string[];
  counts: number[];
  max: number;
  label: string;
  large?: boolean;
}) {
  return (
    <ol className={large ? "week-bars large" : "week-bars"} aria-label={label}>
      {weeks.map((week, index) => {
        const count = counts[index] ?? 0;
        const text = `Pekan mulai ${formatDay(week)}: ${count} temuan`;
        return (
          <li key={week} title={text}>
            <span className="week-bar" style={{ blockSize: `${max > 0 ? (count / max) * 100 : 0}%` }} />
            <span className="visually-hidden">{text}</span>
          </li>
        );
      })}
    </ol>
  );
}
