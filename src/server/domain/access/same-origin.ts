/**
 * Whether a state-changing browser request comes from the app's own pages (CSRF). The portal's
 * session is a cookie a browser attaches to any site's request, so a mutation must show where it
 * came from: Sec-Fetch-Site, which browsers compute and pages cannot set, must say same-origin;
 * without it (older browsers), Origin must be the app's own, either its public URL or the host the
 * request was sent to (a cross-site page can choose neither). A request with neither header is
 * refused: every browser that can run the portal sends one, and other clients have no session.
 */
export function isSameOriginRequest(headers: { get(name: string): string | null }, publicOrigins: readonly string[]): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin";
  const origin = headers.get("origin");
  if (origin === null || origin === "null") return false;
  let sent: URL;
  try {
    sent = new URL(origin);
  } catch {
    return false;
  }
  if (publicOrigins.includes(sent.origin)) return true;
  const host = headers.get("host");
  return host !== null && sent.host === host.toLowerCase();
}
