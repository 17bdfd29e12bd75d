/**
 * The spec's scopes, exactly. On their own, without node:crypto, so a browser component can list
 * them: bundling api-key.ts into the page pulled in a crypto polyfill that evaluates code, which
 * the portals' Content-Security-Policy refuses.
 */
export const SCOPES = ["katalog:baca", "order:buat", "status:baca", "kasus:buat"] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
