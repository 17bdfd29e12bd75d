import type { DataOwner } from "@/server/domain/data-owner";

/** What the agent's lists (orders/, cases/) share: the tenant of a read, its keyset position, metadata filters and child rows. */

export const scopeOf = (owner: DataOwner) => ({ organizationId: owner.organizationId, livemode: owner.livemode });

export const POSITION = { createdAt: true, id: true } as const;

export const metadataMatches = (metadata: Record<string, string> = {}) =>
  Object.entries(metadata).map(([key, value]) => ({ metadata: { path: [key], equals: value } }));

/** Rows grouped by their parent's id, in the order read. */
export function byParent<T>(rows: T[], parentOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const parent = parentOf(row);
    const group = groups.get(parent);
    if (group) group.push(row);
    else groups.set(parent, [row]);
  }
  return groups;
}
