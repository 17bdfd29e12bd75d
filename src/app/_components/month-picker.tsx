import { useId } from "react";
import { formatMonth } from "./format";

/**
 * Chooses the month of a monthly statement: a GET form, so it works without JavaScript and each
 * month has its URL. `months` newest first, the first being the current month ("bulan berjalan");
 * `kept`: the page's other parameters, sent along unchanged.
 */
export function MonthPicker({
  action,
  name,
  label,
  months,
  selected,
  kept = {},
}: {
  action: string;
  name: string;
  label: string;
  months: readonly string[];
  selected: string;
  kept?: Record<string, string | undefined>;
}) {
  const id = useId();
  return (
    <form className="table-tools" method="get" action={action}>
      {Object.entries(kept).map(([key, value]) => value && <input key={key} type="hidden" name={key} value={value} />)}
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select id={id} name={name} defaultValue={selected}>
          {months.map((month, index) => (
            <option key={month} value={month}>
              {formatMonth(month)}
              {index === 0 ? " (bulan berjalan)" : ""}
            </option>
          ))}
        </select>
      </div>
      <div className="table-tools-actions">
        <button type="submit" className="button secondary">
          Tampilkan
        </button>
      </div>
    </form>
  );
}
