/** A page's awaited `searchParams`, as Next hands them to a server component. */
export type TableParams = Record<string, string | string[] | undefined>;

/** What a portal list was asked for in its URL: the search text, the cursor and the filters. */
export interface TableQuery {
  q?: string;
  starting_after?: string;
  filters: Record<string, string>;
}

/** The URL parameters a table owns besides its filters. */
export const SEARCH_PARAM = "q";
export const CURSOR_PARAM = "starting_after";

// The procedures cap the cursor at 64 characters (portalPageInput); a longer one is a mangled link,
// and the first page is a better answer to it than a validation error.
const MAX_CURSOR = 64;
const MAX_SEARCH = 200;

/** One value of a parameter: the first when it repeats, trimmed; blank is absent. */
function single(value: string | string[] | undefined): string | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : undefined;
}

/**
 * Reads the table's parameters from `params`: `q`, `starting_after`, and every other non-blank
 * parameter as a filter (only `filterNames` when given), so the page asks its procedure for what
 * the table shows.
 */
export function tableQuery(params: TableParams, filterNames?: readonly string[]): TableQuery {
  const query: TableQuery = { filters: {} };
  const q = single(params[SEARCH_PARAM]);
  if (q) query.q = q.slice(0, MAX_SEARCH);
  const after = single(params[CURSOR_PARAM]);
  if (after && after.length <= MAX_CURSOR) query.starting_after = after;
  for (const [name, value] of Object.entries(params)) {
    if (name === SEARCH_PARAM || name === CURSOR_PARAM) continue;
    if (filterNames && !filterNames.includes(name)) continue;
    const text = single(value);
    if (text) query.filters[name] = text;
  }
  return query;
}

/** `basePath` with `params` (blank ones left out) and `changes` applied; `undefined` removes a parameter. */
export function hrefWith(basePath: string, params: TableParams, changes: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (name in changes) continue;
    const text = single(value);
    if (text) search.set(name, text);
  }
  for (const [name, value] of Object.entries(changes)) if (value) search.set(name, value);
  const query = search.toString();
  return query ? `${basePath}?${query}` : basePath;
}

/** The next page: after `lastKey`, the last row shown, with the same search and filters. */
export const nextPageHref = (basePath: string, params: TableParams, lastKey: string) =>
  hrefWith(basePath, params, { [CURSOR_PARAM]: lastKey });

/** The first page with the same search and filters. */
export const firstPageHref = (basePath: string, params: TableParams) => hrefWith(basePath, params, { [CURSOR_PARAM]: undefined });

/** The first page without search or the named filters (other parameters of the page stay). */
export function clearedHref(basePath: string, params: TableParams, filterNames: readonly string[]): string {
  const removed: Record<string, undefined> = { [SEARCH_PARAM]: undefined, [CURSOR_PARAM]: undefined };
  for (const name of filterNames) removed[name] = undefined;
  return hrefWith(basePath, params, removed);
}
