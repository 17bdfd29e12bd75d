import { createHash } from "node:crypto";

/** A strong entity tag of an answer's body (RFC 9110 §8.8.3): the same bytes, the same tag. */
export function entityTagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/**
 * Whether `If-None-Match` names `tag` (RFC 9110 §13.1.2: `*`, or a list compared weakly, so a
 * `W/` prefix a proxy added still matches).
 */
export function matchesEntityTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === tag;
  });
}
