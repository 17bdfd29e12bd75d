import { describe, expect, it } from "vitest";
import { type ListCursors, paginate } from "./pagination.js";

/** A list of ids newest first, paged as the API pages it. */
function pages(ids: string[], limit: number) {
  const asked: ListCursors[] = [];
  const fetchPage = async (query: ListCursors) => {
    asked.push(query);
    if (query.ending_before !== undefined) {
      const end = ids.indexOf(query.ending_before);
      const start = Math.max(0, end - limit);
      return { data: ids.slice(start, end).map((id) => ({ id })), has_more: start > 0 };
    }
    const start = query.starting_after === undefined ? 0 : ids.indexOf(query.starting_after) + 1;
    return { data: ids.slice(start, start + limit).map((id) => ({ id })), has_more: start + limit < ids.length };
  };
  return { asked, fetchPage };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const IDS = ["evt_7", "evt_6", "evt_5", "evt_4", "evt_3", "evt_2", "evt_1"];

describe("paginate", () => {
  it("walks from the newest to the oldest, each item once, the next page after the last id", async () => {
    const { asked, fetchPage } = pages(IDS, 3);
    expect((await collect(paginate(fetchPage, {}))).map((item) => item.id)).toEqual(IDS);
    expect(asked).toEqual([{}, { starting_after: "evt_5" }, { starting_after: "evt_2" }]);
  });

  it("walks from ending_before towards the newest in the order the items were made, as catching up needs", async () => {
    const { asked, fetchPage } = pages(IDS, 2);
    expect((await collect(paginate(fetchPage, { ending_before: "evt_2" }))).map((item) => item.id)).toEqual([
      "evt_3",
      "evt_4",
      "evt_5",
      "evt_6",
      "evt_7",
    ]);
    expect(asked).toEqual([{ ending_before: "evt_2" }, { ending_before: "evt_4" }, { ending_before: "evt_6" }]);
  });

  it("asks for one page only when the caller stops early", async () => {
    const { asked, fetchPage } = pages(IDS, 3);
    for await (const item of paginate(fetchPage, {})) if (item.id === "evt_6") break;
    expect(asked).toHaveLength(1);
  });
});
