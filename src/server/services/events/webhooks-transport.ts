import http from "node:http";
import https from "node:https";
import { performance } from "node:perf_hooks";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { logger } from "@/server/log";

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
  /** Why there is no status, as a class: timeout, not reachable, reset, TLS… */
  error: string | null;
  durationMs: number;
  /**
   * True when every connection to the receiver stayed busy with other deliveries until the
   * deadline: this request never had one, so nothing was sent.
   */
  queued: boolean;
}

/**
 * Connections are kept open between deliveries (keep-alive), so a receiver that gets many events
 * is not reconnected to for each. The filtering agent checks the address of every new connection;
 * a kept one stays on the address it was checked for. An idle connection closes after a few
 * seconds, earlier when the receiver announces a shorter keep-alive timeout. A receiver gets at
 * most `MAX_CONNECTIONS_PER_RECEIVER` connections from one process; further deliveries to it wait
 * for one of them (a burst of hundreds of new connections at once overflows its accept queue).
 */
export const MAX_CONNECTIONS_PER_RECEIVER = 32;
const KEEP_ALIVE = { keepAlive: true, timeout: 4_000, maxSockets: MAX_CONNECTIONS_PER_RECEIVER } as const;
const agents = {
  public: { http: new RequestFilteringHttpAgent(KEEP_ALIVE), https: new RequestFilteringHttpsAgent(KEEP_ALIVE) },
  private: {
    http: new RequestFilteringHttpAgent({ ...KEEP_ALIVE, allowPrivateIPAddress: true }),
    https: new RequestFilteringHttpsAgent({ ...KEEP_ALIVE, allowPrivateIPAddress: true }),
  },
};

/**
 * An answer of at most this many bytes is read to its end and thrown away, unlooked at, so its
 * connection can carry the next delivery; a longer one closes its connection.
 */
const DRAIN_MAX_BYTES = 16_384;

const ERROR_CODE = /^[A-Z0-9_]{1,64}$/;

/**
 * What the delivery log says of every target refused or not reached before a connection: blocked
 * address, failed DNS lookup, refused connection, unreachable host alike. Telling them apart would
 * tell the admin who picks the URL whether an internal host name resolves or a port is open.
 */
export const RECEIVER_UNREACHABLE = "receiver not reachable: the address is not public, does not resolve or refuses connections";

/** The reason a target was not reached before connecting, for the server's own log; null for other failures. */
function unreachableReason(error: Partial<NodeJS.ErrnoException> & { hostname?: string }, code: string | null): string | null {
  // request-filtering-agent's refusal: "DNS lookup <address>(family:…, host:…) is not allowed. …"
  const blocked = /^DNS lookup (.+?)\(.*is not allowed/.exec(error.message ?? "");
  if (blocked) return `blocked: ${blocked[1]} is not a public address`;
  switch (code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `DNS lookup failed for ${error.hostname ?? "the host"} (${code})`;
    case "ECONNREFUSED":
      return "connection refused";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `host unreachable (${code})`;
    default:
      return null;
  }
}

/**
 * A failed connection as a fixed phrase plus at most Node's error code, never the error's message:
 * messages can carry what the other side sent (a TLS certificate's names, for one). A target not
 * reached before connecting is one phrase whatever the reason; the reason goes to the server's log.
 */
export function classifyNetworkError(err: unknown): string {
  const error = err as Partial<NodeJS.ErrnoException> & { hostname?: string };
  const code = typeof error.code === "string" && ERROR_CODE.test(error.code) ? error.code : null;
  const unreachable = unreachableReason(error, code);
  if (unreachable) {
    logger.info({ reason: unreachable }, "webhook receiver not reachable");
    return RECEIVER_UNREACHABLE;
  }
  switch (code) {
    case "ECONNRESET":
    case "EPIPE":
      return "connection reset by the receiver";
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
    return Promise.resolve({ statusCode: null, error: "invalid URL", durationMs: 0, queued: false });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Promise.resolve({ statusCode: null, error: `unsupported scheme ${url.protocol}`, durationMs: 0, queued: false });
  }
  const isHttps = url.protocol === "https:";
  const pool = request.allowPrivate ? agents.private : agents.public;

  return new Promise((resolve) => {
    let statusCode: number | null = null;
    let settled = false;
    let req: http.ClientRequest | undefined;
    // Whether a connection (or the filtering agent's refusal) ever took this request.
    let connected = false;

    const settle = (error: string | null, queued = false) => {
      if (settled) return;
      settled = true;
      resolve({ statusCode, error: statusCode === null ? error : null, durationMs: elapsed(), queued });
    };
    // Read nothing more (and close the connection), whatever the receiver still sends.
    const drop = () => {
      clearTimeout(deadline);
      req?.destroy();
    };

    const options = {
      method: "POST",
      agent: isHttps ? pool.https : pool.http,
      headers: { ...request.headers, "Content-Length": String(Buffer.byteLength(request.body)) },
    };
    // The status line is the whole answer we need: the body is never looked at.
    const onResponse = (res: http.IncomingMessage) => {
      statusCode = res.statusCode ?? null;
      res.on("error", drop);
      const declared = res.headers["content-length"];
      if (declared !== undefined && !(Number(declared) <= DRAIN_MAX_BYTES)) {
        settle(null);
        return drop();
      }
      // Settled at the end, when the connection is free for the next delivery. The deadline still
      // runs: a body that runs long or never ends closes the connection; the status still counts.
      let drained = 0;
      res.on("data", (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > DRAIN_MAX_BYTES) {
          settle(null);
          drop();
        }
      });
      res.on("end", () => {
        clearTimeout(deadline);
        settle(null);
      });
      res.resume();
    };
    // One deadline for waiting for a free connection, connecting, sending and the answer; a
    // status that arrived in time still counts.
    const deadline = setTimeout(() => {
      settle(`no answer within ${request.timeoutMs} ms`, !connected);
      drop();
    }, request.timeoutMs);
    const send = () => {
      const sent = isHttps ? https.request(url, options, onResponse) : http.request(url, options, onResponse);
      req = sent;
      sent.once("socket", () => (connected = true));
      sent.on("error", (err: NodeJS.ErrnoException) => {
        // A kept connection the receiver closed just as it was reused: send again on a new one
        // (the receiver may have read it; delivery is at least once).
        if (!settled && sent.reusedSocket && err.code === "ECONNRESET") return send();
        settle(classifyNetworkError(err));
        drop();
      });
      sent.end(request.body);
    };
    try {
      send();
    } catch (err) {
      settle(classifyNetworkError(err));
      drop();
    }
  });
}
