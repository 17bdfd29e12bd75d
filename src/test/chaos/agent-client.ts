/**
 * An agent's HTTP client as a careful real agent writes it: a POST that carries an
 * Idempotency-Key is sent again with the same key after a connection error, a timeout or a 5xx
 * (the server may or may not have committed it) until it gets a definite answer; one without a
 * key (the sandbox's helpers) is sent once and the agent reads the order to see what happened.
 */

export interface Answer {
  /** 0: no answer (connection refused or cut, timeout). */
  status: number;
  body: unknown;
}

export interface ClientStats {
  requests: number;
  /** Requests refused: the server was down. */
  refused: number;
  /** Requests cut or timed out: the server died while handling them (it may or may not have acted). */
  cut: number;
  /** Idempotent requests sent again with their key after getting no answer (or a 5xx). */
  retriedWithKey: number;
  /** Answers with Idempotent-Replayed: true. */
  replayed: number;
  /** 5xx answers (each is either the database refusing work for a moment, 503, or a bug). */
  serverErrors: Array<{ path: string; status: number; body: string }>;
}

export const newClientStats = (): ClientStats => ({ requests: 0, refused: 0, cut: 0, retriedWithKey: 0, replayed: 0, serverErrors: [] });

const REQUEST_TIMEOUT_MS = 20_000;
/** How long an agent keeps retrying one request: longer than any restart. */
const RETRY_FOR_MS = 180_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class AgentClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    readonly stats: ClientStats,
  ) {}

  private async send(method: "GET" | "POST", path: string, body?: unknown, idempotencyKey?: string): Promise<Answer> {
    this.stats.requests++;
    const headers: Record<string, string> = { Authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      if (res.headers.get("idempotent-replayed") === "true") this.stats.replayed++;
      if (res.status >= 500) this.stats.serverErrors.push({ path: `${method} ${path}`, status: res.status, body: text.slice(0, 300) });
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
    } catch (err) {
      // Refused while the server is down, or cut when it died mid-answer: nobody can tell whether it acted.
      if ((err as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED") this.stats.refused++;
      else this.stats.cut++;
      return { status: 0, body: null };
    }
  }

  /** Until a definite answer; a GET and a keyed POST are safe to repeat. */
  private async untilAnswered(method: "GET" | "POST", path: string, body?: unknown, idempotencyKey?: string): Promise<Answer> {
    const until = Date.now() + RETRY_FOR_MS;
    for (let attempt = 0; ; attempt++) {
      const answer = await this.send(method, path, body, idempotencyKey);
      if (answer.status !== 0 && answer.status < 500) return answer;
      if (Date.now() > until)
        throw new Error(`${method} ${path}: no definite answer within ${RETRY_FOR_MS / 1000} s (last status ${answer.status})`);
      if (method === "POST") this.stats.retriedWithKey++;
      await delay(Math.min(100 * 2 ** attempt, 500));
    }
  }

  get(path: string): Promise<Answer> {
    return this.untilAnswered("GET", path);
  }

  postWithKey(path: string, body: unknown, idempotencyKey: string): Promise<Answer> {
    return this.untilAnswered("POST", path, body, idempotencyKey);
  }

  /** Sent once: status 0 when nobody knows whether it acted. */
  postOnce(path: string, body: unknown): Promise<Answer> {
    return this.send("POST", path, body);
  }
}
