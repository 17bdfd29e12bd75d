import Link from "next/link";
import { type ReactNode, useId } from "react";
import { CURSOR_PARAM, clearedHref, firstPageHref, nextPageHref, SEARCH_PARAM, type TableParams, tableQuery } from "./table-query";
import { EmptyState } from "./ui";

export { type TableParams, tableQuery } from "./table-query";

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Hidden on phones, where each row becomes a card: detail the row's link already leads to. */
  secondary?: boolean;
  /** Amounts and counts line up on the right. */
  align?: "end";
  /** A class for this column's cell in one row (money in or out, say). */
  rowClass?: (row: Row) => string | undefined;
}

export interface TableFilter {
  name: string;
  label: string;
  options: Array<{ value: string; label: string }>;
}

/**
 * A portal list as a real table: search and filters in a GET form, paging by links (the cursor is
 * the last row's key), so it all works without JavaScript and every state has a URL. On phones
 * each row becomes a card whose cells carry their column's header.
 */
export function DataTable<Row>({
  caption,
  basePath,
  params,
  search,
  filters = [],
  columns,
  rows,
  rowKey,
  hasMore,
  empty,
}: {
  caption: string;
  basePath: string;
  params: TableParams;
  search?: { label: string; placeholder?: string };
  filters?: TableFilter[];
  columns: Array<Column<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string;
  hasMore: boolean;
  empty: { title: string; hint?: string };
}) {
  const id = useId();
  const filterNames = filters.map((filter) => filter.name);
  const query = tableQuery(params, filterNames);
  const narrowed = Boolean(query.q) || Object.keys(query.filters).length > 0;
  const cleared = clearedHref(basePath, params, filterNames);
  const paged = Boolean(query.starting_after);
  const last = rows.at(-1);
  const next = hasMore && last !== undefined ? nextPageHref(basePath, params, rowKey(last)) : null;
  // Parameters of the page that are not the table's own ride along when the form is sent.
  const kept = Object.entries(params).flatMap(([name, value]) => {
    if (name === SEARCH_PARAM || name === CURSOR_PARAM || filterNames.includes(name)) return [];
    const text = Array.isArray(value) ? value[0] : value;
    return text ? [[name, text] as const] : [];
  });

  return (
    <div className="data-table">
      {(search || filters.length > 0) && (
        // biome-ignore lint/a11y/useSemanticElements: the form is the search landmark; a <search> wrapper would add an element for the same role
        <form
          key={JSON.stringify(query)}
          className="table-tools"
          method="get"
          action={basePath}
          role="search"
          aria-label={`Saring: ${caption}`}
        >
          {kept.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {search && (
            <div className="field table-search">
              <label htmlFor={`${id}-q`}>{search.label}</label>
              <input
                id={`${id}-q`}
                type="search"
                name={SEARCH_PARAM}
                defaultValue={query.q ?? ""}
                placeholder={search.placeholder}
                maxLength={200}
              />
            </div>
          )}
          {filters.map((filter) => (
            <div className="field" key={filter.name}>
              <label htmlFor={`${id}-${filter.name}`}>{filter.label}</label>
              <select id={`${id}-${filter.name}`} name={filter.name} defaultValue={query.filters[filter.name] ?? ""}>
                <option value="">Semua</option>
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div className="table-tools-actions">
            <button type="submit" className="button">
              Terapkan
            </button>
            {narrowed && (
              <Link href={cleared} className="button secondary">
                Hapus filter
              </Link>
            )}
          </div>
        </form>
      )}

      {rows.length === 0 ? (
        paged ? (
          <EmptyState
            title="Tidak ada baris lagi di halaman ini."
            hint="Daftarnya mungkin berubah sejak halaman sebelumnya dibuka."
            action={<Link href={firstPageHref(basePath, params)}>← Ke awal daftar</Link>}
          />
        ) : narrowed ? (
          <EmptyState
            title="Tidak ada yang cocok dengan pencarian/filter ini."
            hint="Ubah kata pencarian atau filternya, atau lihat semuanya."
            action={<Link href={cleared}>Hapus pencarian dan filter</Link>}
          />
        ) : (
          <EmptyState title={empty.title} hint={empty.hint} />
        )
      ) : (
        <Table caption={caption} columns={columns} rows={rows} rowKey={rowKey} />
      )}

      {(paged || next) && (
        <nav className="table-pages" aria-label={`Halaman: ${caption}`}>
          {paged && (
            <Link href={firstPageHref(basePath, params)} className="button secondary">
              ← Ke awal
            </Link>
          )}
          {next && (
            <Link href={next} className="button secondary">
              Berikutnya →
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

/**
 * The table itself, inside a `.data-table` (DataTable's, or the caller's own for a list without
 * search or paging): on phones each row becomes a card whose cells carry their column's header.
 * `hiddenCaption` keeps the caption for screen readers where a card title already says it.
 */
export function Table<Row>({
  caption,
  hiddenCaption = false,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  hiddenCaption?: boolean;
  columns: Array<Column<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string;
}) {
  const id = useId();
  return (
    // Focusable so a keyboard can scroll a table wider than the screen.
    <section className="table-scroll" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table>
        <caption id={`${id}-caption`} className={hiddenCaption ? "visually-hidden" : undefined}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cellClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.header} className={cellClass(column, column.rowClass?.(row))}>
                  {/* One wrapper keeps a cell's parts together in the value column of a phone card. */}
                  <div>{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function cellClass(column: { secondary?: boolean; align?: "end" }, extra?: string): string | undefined {
  const classes = [column.secondary && "secondary", column.align === "end" && "end", extra].filter(Boolean);
  return classes.length ? classes.join(" ") : undefined;
}
