import { z } from "zod";

/** Stripe's bounds: enough for an agent's own references, too small to be a data store. */
export const METADATA_LIMITS = { keys: 20, keyLength: 40, valueLength: 500 } as const;

/**
 * Keys that name a JavaScript object's own machinery: assigned to a plain object they change its
 * prototype instead of adding a key, so a filter on one vanished and every row matched. Refused on
 * every face, in bodies and in list filters.
 */
const RESERVED_METADATA_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** One metadata key, wherever one is written: a body's `metadata` or a list's `metadata[key]` filter. */
export const metadataKeySchema = z
  .string()
  .min(1)
  .max(METADATA_LIMITS.keyLength, `a metadata key has at most ${METADATA_LIMITS.keyLength} characters`)
  .refine((key) => !RESERVED_METADATA_KEYS.has(key), { error: (issue) => `"${issue.input}" is a reserved metadata key` });

/**
 * The agent's own labels on an order or a case (its ticket id, its user's id): set at creation,
 * returned on every agent face, filterable on the lists, never shown to practitioners.
 */
export const metadataSchema = z
  .record(metadataKeySchema, z.string().max(METADATA_LIMITS.valueLength))
  .refine((metadata) => Object.keys(metadata).length <= METADATA_LIMITS.keys, `at most ${METADATA_LIMITS.keys} keys`)
  .meta({
    id: "Metadata",
    // The refinement above is invisible to JSON Schema; generators and validators read this.
    maxProperties: METADATA_LIMITS.keys,
    description: `Your own string labels: up to ${METADATA_LIMITS.keys} keys of at most ${METADATA_LIMITS.keyLength} characters, values of at most ${METADATA_LIMITS.valueLength}. Returned to your keys only; practitioners never see them. Filter lists with metadata[key]=value.`,
  });

export type Metadata = z.infer<typeof metadataSchema>;

/** A stored JSONB metadata column, as the agent set it. */
export const metadataOf = (stored: unknown): Metadata =>
  stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Metadata) : {};
