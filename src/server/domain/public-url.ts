/**
 * An address on this server: `path` (starting with `/`) under its public URL (PUBLIC_URL), whether
 * or not that URL was given with a trailing slash. Every link Kuasa hands out (e-mails, OAuth
 * metadata, error doc_url) is made here.
 */
export function publicLink(publicUrl: string, path: `/${string}`): string {
  return `${publicUrl.replace(/\/+$/, "")}${path}`;
}
