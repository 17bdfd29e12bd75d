/** A page of any list: newest first, and whether more lie beyond it in the direction walked. */
export interface ListPage {
  data: ReadonlyArray<{ id: string }>;
  has_more: boolean;
}

/** The cursors every list takes. */
export interface ListCursors {
  starting_after?: string;
  ending_before?: string;
}

/**
 * Every item of a list, one page after another. From the newest (or from `starting_after`) towards
 * older items, as the API lists them; from `ending_before`, towards newer items in the order they
 * were created (each page reversed: what catching up on missed events needs).
 */
export async function* paginate<Query extends ListCursors, Page extends ListPage>(
  fetchPage: (query: Query) => Promise<Page>,
  query: Query,
): AsyncGenerator<Page["data"][number], void, undefined> {
  const newer = query.ending_before !== undefined;
  let next = query;
  for (;;) {
    const page = await fetchPage(next);
    yield* newer ? [...page.data].reverse() : page.data;
    const edge = newer ? page.data[0] : page.data.at(-1);
    if (!page.has_more || !edge) return;
    next = newer ? { ...next, ending_before: edge.id } : { ...next, starting_after: edge.id };
  }
}
