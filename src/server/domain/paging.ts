import { AppError } from "./errors";

/** Every list of the agent API: newest first, 1–100 per page, 20 unless asked. */
export const PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

/**
 * One page request, Stripe-style: `starting_after` walks to older rows (the next page),
 * `ending_before` to newer ones (the previous page). The cursor is an id of the same list.
 */
export interface PageRequest {
  limit: number;
  cursor: { id: string; direction: "older" | "newer" } | null;
}

/** The `created[gte]` / `created[lte]` filter of every list, as times. */
export interface CreatedWindow {
  gte?: Date;
  lte?: Date;
}

export interface Page<T> {
  data: T[];
  /** More rows lie beyond this page in the direction walked. */
  hasMore: boolean;
}

export function pageRequestOf(input: { limit?: number; starting_after?: string; ending_before?: string }): PageRequest {
  if (input.starting_after !== undefined && input.ending_before !== undefined) {
    throw new AppError("VALIDATION", "Send starting_after or ending_before, not both.");
  }
  const limit = input.limit ?? PAGE_LIMIT.default;
  if (input.starting_after !== undefined) return { limit, cursor: { id: input.starting_after, direction: "older" } };
  if (input.ending_before !== undefined) return { limit, cursor: { id: input.ending_before, direction: "newer" } };
  return { limit, cursor: null };
}

/** How many rows to read for a page: one more than shown, to learn whether more exist. */
export const rowsToRead = (request: PageRequest): number => request.limit + 1;

/**
 * The page from rows read in walking order (newest first, or oldest first when walking to newer
 * rows): the extra row only says there is more, and the page is always shown newest first.
 */
export function pageFrom<T>(rows: T[], request: PageRequest): Page<T> {
  const hasMore = rows.length > request.limit;
  const shown = rows.slice(0, request.limit);
  if (request.cursor?.direction === "newer") shown.reverse();
  return { data: shown, hasMore };
}

/** The cursor row of a request, found by `find` within the caller's own list only: any other id is a 400. */
export async function cursorRow<T>(request: PageRequest, list: string, find: (id: string) => Promise<T | null>): Promise<T | null> {
  if (!request.cursor) return null;
  const at = await find(request.cursor.id);
  if (!at) throw unknownCursor(request.cursor.id, list);
  return at;
}

/** The same page with each row shown as `view` makes it. */
export const mapPage = <T, U>(page: Page<T>, view: (row: T) => U): Page<U> => ({ data: page.data.map(view), hasMore: page.hasMore });

/** A cursor that names no row of this list (another organisation's, another mode's, or unknown). */
export function unknownCursor(id: string, list: string): AppError {
  return new AppError("VALIDATION", `${id} is not an id in your list of ${list}; page with an id from this list.`);
}

/**
 * Keyset paging on (`field`, id) for a list sorted on one time column: the conditions that start a
 * page past the cursor row in the direction walked, and the order to read rows in. `order` is the
 * list's own order as shown: newest first (`desc`) or soonest first (`asc`). A row added while a
 * client pages lands at the head and never shifts a page it has yet to read.
 */
export function keyset<F extends string>(
  request: PageRequest,
  field: F,
  at: ({ id: string } & Record<F, Date>) | null,
  order: "asc" | "desc" = "desc",
) {
  const forward = request.cursor?.direction !== "newer";
  const direction = forward === (order === "desc") ? ("desc" as const) : ("asc" as const);
  const on = <V>(value: V) => ({ [field]: value }) as Record<F, V>;
  const orderBy = [on(direction), { id: direction }];
  if (!at) return { after: [], orderBy };
  // `field <= c` leads so an index on the field bounds the scan; the id only breaks ties within one instant.
  const value = at[field];
  const after =
    direction === "desc"
      ? [on({ lte: value }), { OR: [on({ lt: value }), { id: { lt: at.id } }] }]
      : [on({ gte: value }), { OR: [on({ gt: value }), { id: { gt: at.id } }] }];
  return { after, orderBy };
}
