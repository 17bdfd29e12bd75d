/**
 * The portal's order search box: text written `key=value` filters on the order's metadata, as the
 * API's `metadata[key]=value` does; anything else is searched as text.
 */
const METADATA_SEARCH = /^([^=\s]{1,40})=(.+)$/;

export function orderSearchOf(q: string | undefined): { q?: string; metadata?: { key: string; value: string } } {
  const text = q?.trim();
  if (!text) return {};
  const match = METADATA_SEARCH.exec(text);
  return match ? { metadata: { key: match[1]!, value: match[2]!.trim() } } : { q: text };
}
