import { z } from "zod";
import { type CreatedWindow, PAGE_LIMIT, type Page } from "@/server/domain/paging";
import { METADATA_LIMITS, metadataKeySchema } from "./metadata";

const cursor = z.string().min(1).max(64);
const time = z.iso.datetime({ offset: true });

/**
 * The query every list takes: page size, one cursor, and a creation-time window. Strict, as an
 * unknown parameter is more likely a misspelt filter than something to ignore (400, not everything).
 */
export const listQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(PAGE_LIMIT.min)
    .max(PAGE_LIMIT.max)
    .meta({ description: `How many to return, ${PAGE_LIMIT.min}–${PAGE_LIMIT.max} (default ${PAGE_LIMIT.default}).` })
    .optional(),
  // Descriptions go inside .optional(): the OpenAPI generator unwraps it and drops the wrapper's meta.
  starting_after: cursor
    .meta({ description: "An id from this list: return the ones created before it (the next page). Not together with `ending_before`." })
    .optional(),
  ending_before: cursor
    .meta({
      description: "An id from this list: return the ones created after it (the previous page). Not together with `starting_after`.",
    })
    .optional(),
  "created[gte]": time
    .meta({ description: "Only those created at or after this ISO 8601 time (encode `+` in an offset as `%2B`)." })
    .optional(),
  "created[lte]": time
    .meta({ description: "Only those created at or before this ISO 8601 time (encode `+` in an offset as `%2B`)." })
    .optional(),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

/** `{data, has_more}`, newest first: the envelope of every list. */
export const listOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({ data: z.array(item), has_more: z.boolean().meta({ description: "More exist beyond this page, in the direction walked." }) })
    .meta({ id });

/** A page of rows in the `listOf` envelope, each row serialized for the wire. */
export function serializeList<T, U>(page: Page<T>, serialize: (row: T) => U): { data: U[]; has_more: boolean } {
  return { data: page.data.map(serialize), has_more: page.hasMore };
}

/** The `created[gte]` / `created[lte]` window as a filter on the creation time (undefined: no window). */
export function createdWindow(query: Pick<ListQuery, "created[gte]" | "created[lte]">): CreatedWindow | undefined {
  const gte = query["created[gte]"];
  const lte = query["created[lte]"];
  if (gte === undefined && lte === undefined) return undefined;
  return { gte: gte === undefined ? undefined : new Date(gte), lte: lte === undefined ? undefined : new Date(lte) };
}

const metadataFiltered = new WeakSet<object>();

const METADATA_PARAM = /^metadata\[([^[\]]+)\]$/;

/** The metadata key a `metadata[key]` query parameter filters on; undefined for any other parameter. */
export const metadataFilterKey = (param: string): string | undefined => METADATA_PARAM.exec(param)?.[1];

/** `{key: value}` filters as the `metadata[key]` query parameters the list procedures take. */
export const metadataFilterParams = (metadata: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(metadata).map(([key, value]) => [`metadata[${key}]`, value]));

/**
 * A list query that also takes `metadata[key]=value` filters (several AND together). /v1 (rest.ts)
 * hands query keys over literally ("metadata[x]") and the OpenAPI generator documents
 * named keys only, so the query takes any other key as a string and refuses it unless it is a
 * metadata filter; openapi.ts documents them as one deepObject parameter, and the procedure reads
 * them with metadataFilterOf. A refinement, not a transform: the input stays a plain object
 * schema, as the MCP tools built from these procedures need.
 */
export function withMetadataFilter<Shape extends z.core.$ZodLooseShape>(query: z.ZodObject<Shape>) {
  const filtered = query.catchall(z.string().max(METADATA_LIMITS.valueLength)).superRefine((input, ctx) => {
    const extra = Object.keys(input).filter((key) => !Object.hasOwn(query.shape, key));
    for (const key of extra) {
      const metadataKey = metadataFilterKey(key);
      if (metadataKey === undefined) {
        ctx.addIssue({ code: "custom", message: "unknown query parameter", path: [key] });
        continue;
      }
      const checked = metadataKeySchema.safeParse(metadataKey);
      if (!checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0]!.message, path: [key] });
    }
    if (extra.length > METADATA_LIMITS.keys)
      ctx.addIssue({ code: "custom", message: `at most ${METADATA_LIMITS.keys} metadata filters`, path: ["metadata"] });
  });
  metadataFiltered.add(filtered);
  return filtered;
}

/** The `metadata[key]=value` filters of an input parsed by a withMetadataFilter schema, as `{key: value}`. */
export function metadataFilterOf(input: object): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [param, value] of Object.entries(input)) {
    const key = metadataFilterKey(param);
    if (key !== undefined && typeof value === "string") metadata[key] = value;
  }
  return metadata;
}

/** Whether a procedure's input takes `metadata[key]` filters (for the OpenAPI document). */
export const takesMetadataFilter = (input: unknown): boolean => typeof input === "object" && input !== null && metadataFiltered.has(input);

/** The OpenAPI parameter that documents `metadata[key]=value`. */
export const METADATA_FILTER_PARAMETER = {
  name: "metadata",
  in: "query",
  required: false,
  style: "deepObject",
  explode: true,
  description: `\`metadata[key]=value\`: only those whose metadata has this value under this key (key ≤ ${METADATA_LIMITS.keyLength} characters). Several AND together.`,
  schema: { type: "object", additionalProperties: { type: "string", maxLength: METADATA_LIMITS.valueLength } },
} as const;
