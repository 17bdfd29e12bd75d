import http from "node:http";
import https from "node:https";
import { performance } from "node:perf_hooks";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";

/**
 * One webhook POST over node:http(s), not fetch: Node's fetch takes no http.Agent, and the
 * filtering agent is what checks every resolved address at connection time (so a DNS answer
 * that changes between a check and the connect cannot reach a private address). Redirects are
 * never followed; node:http does not follow them.
 *
 * Nothing the receiver sends beyond its status code is kept: not its body, not its headers, not
 * the text of a network or TLS error. The organisation admin who chose the URL reads the delivery
 * log, so anything kept there would let them read whatever the URL answers, an internal service
 * or one that trusts our address (docs/webhooks.md, "What the log keeps").
 */

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Allow loopback, private, link-local and other non-public addresses (development, tests). */
  allowPrivate: boolean;
}

export interface WebhookResponse {
  /** The receiver's status, when it answered in time. */
  statusCode: number | null;
  /** Why there is no status, as a class: timeout, refused, DNS, TLS, blocked address… */
  error: string | null;
  durationMs: number;
}

// keepAlive off: receivers are many and rarely repeat within a socket's lifetime.
const agents = {
  public: { http: new RequestFilteringHttpAgent(), https: new RequestFilteringHttpsAgent() },
  private: {
    http: new RequestFilteringHttpAgent({ allowPrivateIPAddress: true }),
    https: new RequestFilteringHttpsAgent({ allowPrivateIPAddress: true }),
  },
};

const ERROR_CODE = /^[A-Z0-9_]{1,64}$/;

/**
 * A failed connection as a fixed phrase plus at most Node's error code, never the error's message:
 * messages can carry what the other side sent (a TLS certificate's names, for one).
 */
export function classifyNetworkError(err: unknown): string {
  const error = err as Partial<NodeJS.ErrnoException> & { hostname?: string };
  // request-filtering-agent's refusal: "DNS lookup <address>(family:…, host:…) is not allowed. …"
  const blocked = /^DNS lookup (.+?)\(.*is not allowed/.exec(error.message ?? "");
  if (blocked) return `blocked: ${blocked[1]} is not a public address; webhooks go only to public addresses (WEBHOOK_ALLOW_PRIVATE)`;
  const code = typeof error.code === "string" && ERROR_CODE.test(error.code) ? error.code : null;
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      // The host name is the customer's own URL, so naming it tells them nothing new.
      return `DNS lookup failed for ${error.hostname ?? "the host"}`;
    case "ECONNRESET":
    case "EPIPE":
      return "connection reset by the receiver";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "host unreachable";
    case null:
      return "network error";
  }
  if (code.startsWith("HPE_")) return `invalid HTTP answer (${code})`;
  if (code.startsWith("ERR_TLS_") || code.startsWith("ERR_SSL_") || /CERT|SELF_SIGNED|UNABLE_TO_/.test(code)) return `TLS error (${code})`;
  return `network error (${code})`;
}

/** Sends one POST and always resolves: every way of failing becomes `error`. */
export function postWebhook(request: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve({ statusCode: null, error: "invalid URL", durationMs: 0 });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Promise.resolve({ statusCode: null, error: `unsupported scheme ${url.protocol}`, durationMs: 0 });
  }
  const isHttps = url.protocol === "https:";
  const pool = request.allowPrivate ? agents.private : agents.public;

  return new Promise((resolve) => {
    let statusCode: number | null = null;
    let settled = false;
    let req: http.ClientRequest | undefined;

    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      // Read nothing more (and free the socket), whatever the receiver still sends.
      req?.destroy();
      resolve({ statusCode, error: statusCode === null ? error : null, durationMs: elapsed() });
    };

    const options = {
      method: "POST",
      agent: isHttps ? pool.https : pool.http,
      headers: { ...request.headers, "Content-Length": String(Buffer.byteLength(request.body)) },
    };
    // The status line is the whole answer we need: the body is never read.
    const onResponse = (res: http.IncomingMessage) => {
      statusCode = res.statusCode ?? null;
      finish(null);
    };
    // One deadline for connect, send and answer; a status that arrived in time still counts.
    const deadline = setTimeout(() => finish(`no answer within ${request.timeoutMs} ms`), request.timeoutMs);
    try {
      req = isHttps ? https.request(url, options, onResponse) : http.request(url, options, onResponse);
      req.on("error", (err) => finish(classifyNetworkError(err)));
      req.end(request.body);
    } catch (err) {
      finish(classifyNetworkError(err));
    }
  });
}
