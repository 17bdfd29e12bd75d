import { z } from "zod";
import { PAGE_LIMIT, type Page, type PageRequest, pageRequestOf } from "@/server/domain/paging";

/**
 * The page a portal list shows: its size, and the id of the last row already shown (the next page
 * starts after it). No input is the first page of PAGE_LIMIT.default rows.
 */
export const portalPageInput = z
  .object({
    limit: z.number().int().min(PAGE_LIMIT.min).max(PAGE_LIMIT.max).optional(),
    starting_after: z.string().min(1).max(64).optional(),
  })
  .optional();

export const portalPageOf = (input: z.infer<typeof portalPageInput>): PageRequest => pageRequestOf(input ?? {});

/** The output schema of a portal list: its rows, and whether more follow. */
export const pageSchema = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), has_more: z.boolean() });

/** A page as the portal tables read it: the rows through their view, and whether more follow. */
export const pageView = <T, U>(found: Page<T>, view: (row: T) => U) => ({ data: found.data.map(view), has_more: found.hasMore });

/** A page whose rows the output schema shapes as they are. */
export const samePage = <T>(found: Page<T>) => ({ data: found.data, has_more: found.hasMore });
