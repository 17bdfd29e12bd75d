/**
 * The spec's scopes, exactly. On their own, without node:crypto, so a browser component can list
 * them: bundling api-key.ts into the page pulled in a crypto polyfill that evaluates code, which
 * the portals' Content-Security-Policy refuses.
 */
export const SCOPES = ["katalog:baca", "order:buat", "status:baca", "kasus:buat"] as const;
export type Scope = (typeof SCOPES)[number];

/** What each scope lets an agent do, as the API document and an OAuth client's developer read it. */
export const SCOPE_PURPOSES: Record<Scope, string> = {
  "katalog:baca": "Read the service catalog and check a draft against the content rules.",
  "order:buat": "Create orders, upload files, answer the practitioner, accept or dispute results, approve costs and review.",
  "status:baca": "Read orders, cases, invoices, events, files and the deposit.",
  "kasus:buat": "Submit cases to the case board and select a bid (which creates an invoice).",
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
