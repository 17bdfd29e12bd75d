import { z } from "zod";

/** Stripe's bounds: enough for an agent's own references, too small to be a data store. */
export const METADATA_LIMITS = { keys: 20, keyLength: 40, valueLength: 500 } as const;

const metadataKeySchema = z.string().min(1).max(METADATA_LIMITS.keyLength);

/**
 * The agent's own labels on an order or a case (its ticket id, its user's id): set at creation,
 * returned on every agent face, filterable on the lists, never shown to practitioners.
 */
export const metadataSchema = z
  .record(metadataKeySchema, z.string().max(METADATA_LIMITS.valueLength))
  .refine((metadata) => Object.keys(metadata).length <= METADATA_LIMITS.keys, `at most ${METADATA_LIMITS.keys} keys`)
  .meta({
    id: "Metadata",
    description: `Your own string labels: up to ${METADATA_LIMITS.keys} keys of at most ${METADATA_LIMITS.keyLength} characters, values of at most ${METADATA_LIMITS.valueLength}. Returned to your keys only; practitioners never see them. Filter lists with metadata[key]=value.`,
  });

export type Metadata = z.infer<typeof metadataSchema>;

/** A stored JSONB metadata column, as the agent set it. */
export const metadataOf = (stored: unknown): Metadata =>
  stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Metadata) : {};
