import http from "node:http";
import https from "node:https";
import { performance } from "node:perf_hooks";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";

/**
 * One webhook POST over node:http(s), not fetch: Node's fetch takes no http.Agent, and the
 * filtering agent is what checks every resolved address at connection time (so a DNS answer
 * that changes between a check and the connect cannot reach a private address). Redirects are
 * never followed; node:http does not follow them.
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
  /** Why there is no status: timeout, refused, DNS, blocked address… */
  error: string | null;
  /** The start of the receiver's answer (at most RESPONSE_READ_LIMIT bytes were read). */
  excerpt: string;
  durationMs: number;
}

/** Bytes of the receiver's answer we read at most: enough for a log line, never a download. */
export const RESPONSE_READ_LIMIT = 4096;
const EXCERPT_CHARS = 300;

// keepAlive off: receivers are many and rarely repeat within a socket's lifetime.
const agents = {
  public: { http: new RequestFilteringHttpAgent(), https: new RequestFilteringHttpsAgent() },
  private: {
    http: new RequestFilteringHttpAgent({ allowPrivateIPAddress: true }),
    https: new RequestFilteringHttpsAgent({ allowPrivateIPAddress: true }),
  },
};

function describeError(err: unknown): string {
  const error = err as NodeJS.ErrnoException & { hostname?: string };
  // request-filtering-agent's refusal: "DNS lookup <address>(family:…, host:…) is not allowed. …"
  const blocked = /^DNS lookup (.+?)\(.*is not allowed/.exec(error.message ?? "");
  if (blocked) return `blocked: ${blocked[1]} is not a public address; webhooks go only to public addresses (WEBHOOK_ALLOW_PRIVATE)`;
  switch (error.code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `DNS lookup failed for ${error.hostname ?? "the host"}`;
    case "ECONNRESET":
      return "connection reset by the receiver";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "host unreachable";
    default:
      return error.code ? `${error.code}: ${error.message}` : (error.message ?? String(err));
  }
}

function excerptOf(chunks: Buffer[]): string {
  const text = Buffer.concat(chunks).toString("utf8").replace(/\s+/g, " ").trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/** Sends one POST and always resolves: every way of failing becomes `error`. */
export function postWebhook(request: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve({ statusCode: null, error: "invalid URL", excerpt: "", durationMs: 0 });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Promise.resolve({ statusCode: null, error: `unsupported scheme ${url.protocol}`, excerpt: "", durationMs: 0 });
  }
  const isHttps = url.protocol === "https:";
  const pool = request.allowPrivate ? agents.private : agents.public;

  return new Promise((resolve) => {
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    let req: http.ClientRequest | undefined;

    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      // Stop reading (and free the socket) whatever the receiver still sends.
      req?.destroy();
      resolve({ statusCode, error: statusCode === null ? error : null, excerpt: excerptOf(chunks), durationMs: elapsed() });
    };

    const options = {
      method: "POST",
      agent: isHttps ? pool.https : pool.http,
      headers: { ...request.headers, "Content-Length": String(Buffer.byteLength(request.body)) },
    };
    const onResponse = (res: http.IncomingMessage) => {
      statusCode = res.statusCode ?? null;
      res.on("data", (chunk: Buffer) => {
        const room = RESPONSE_READ_LIMIT - received;
        if (room > 0) chunks.push(chunk.subarray(0, room));
        received += chunk.length;
        if (received >= RESPONSE_READ_LIMIT) finish(null);
      });
      res.on("end", () => finish(null));
      res.on("error", (err) => finish(describeError(err)));
    };
    // One deadline for connect, send and answer; a status that arrived in time still counts.
    const deadline = setTimeout(() => finish(`no answer within ${request.timeoutMs} ms`), request.timeoutMs);
    try {
      req = isHttps ? https.request(url, options, onResponse) : http.request(url, options, onResponse);
      req.on("error", (err) => finish(describeError(err)));
      req.end(request.body);
    } catch (err) {
      finish(describeError(err));
    }
  });
}
