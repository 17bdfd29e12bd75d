// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string PostgreSQL can store in text and jsonb: no NUL character, no unpaired surrogate. */
function storable(text: string): boolean {
  return !text.includes("\u0000") && !UNPAIRED_SURROGATE.test(text);
}

/**
 * Whether any string or key in a request's input could not be stored. PostgreSQL refuses U+0000
 * in text and jsonb and unpaired surrogates in jsonb (in text they silently became U+FFFD), so such
 * input could only fail at the insert (a 500); no field needs one. Iterative: the portal's inputs
 * are parsed without a depth limit.
 */
export function containsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (!storable(next)) return true;
    } else if (next !== null && typeof next === "object") {
      for (const [key, child] of Object.entries(next)) {
        if (!storable(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
