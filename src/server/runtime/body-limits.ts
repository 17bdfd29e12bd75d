import type { IncomingMessage, ServerResponse } from "node:http";
import { sendError } from "@/server/api/api-error";
import { setApiSecurityHeaders } from "@/server/api/security-headers";
import { requestContext } from "@/server/log";

/**
 * Body caps of the /api/* routes Next answers, which read a body whole before checking the
 * session. A sign-in form is a few hundred bytes; a portal mutation carries at most a message or a
 * deliverable text, within the 1 MB that /v1 allows. /api/inngest is not capped here: its run
 * requests carry the function's state, signed and bounded by Inngest.
 */
const CAPS: ReadonlyArray<{ prefix: string; maxBytes: number | null }> = [
  { prefix: "/api/auth", maxBytes: 64 * 1024 },
  // OAuth registrations, token and revocation requests (api/oauth-http.ts): a few hundred bytes.
  { prefix: "/oauth", maxBytes: 64 * 1024 },
  // Portal uploads: the route reads them as a stream under FILE_MAX_BYTES (api/file-transfer.ts).
  { prefix: "/api/berkas", maxBytes: null },
  { prefix: "/api/inngest", maxBytes: null },
  { prefix: "/api", maxBytes: 1024 * 1024 },
];

/** The cap for a request path, or null. Decoded and with repeated slashes folded, as a router would see it. */
export function bodyCapOf(url: string): number | null {
  let path = url.split("?", 1)[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is Next's to refuse; match it as written.
  }
  path = path.replace(/\/{2,}/g, "/");
  const cap = CAPS.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  return cap ? cap.maxBytes : null;
}

/**
 * Answers 413 and returns true when the request's body is over its path's cap, before any of it is
 * read. A body of unknown length (chunked) is refused too: it cannot be shown to be under the cap
 * without reading it, and the portal's browsers and forms always send Content-Length. The answer
 * closes the connection, as the unread body would otherwise be parsed as the next request, and
 * carries the API's security headers (nosniff, no-store, …) as every /v1 error does, and its
 * doc_url under `publicUrl`, the server's own address.
 */
export function refuseOversizedBody(req: IncomingMessage, res: ServerResponse, publicUrl: string): boolean {
  const cap = bodyCapOf(req.url ?? "/");
  if (cap === null) return false;
  const chunked = req.headers["transfer-encoding"] !== undefined;
  const length = Number(req.headers["content-length"] ?? 0);
  if (!chunked && length <= cap) return false;
  const message = chunked
    ? `A request body of unknown length is not accepted here; send it with Content-Length (at most ${cap} bytes).`
    : `The request body is larger than ${cap} bytes.`;
  requestContext(req, res); // the server assigned it already; a route mounted alone (tests) gets one here
  // Answered before Next or the OAuth face could add their headers: the API's own, as /v1 answers.
  setApiSecurityHeaders(res);
  sendError(res, publicUrl, { code: "PAYLOAD_TOO_LARGE", message }, { Connection: "close" });
  return true;
}
