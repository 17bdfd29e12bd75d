import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { errorOf, KuasaConnectionError, KuasaError } from "./errors.js";
import type { ApiVersion } from "./generated/client.js";
import { type ListCursors, type ListPage, paginate } from "./pagination.js";
import { DEFAULT_MAX_RETRIES, MAX_RETRY_AFTER_SECONDS, retryAfterSeconds, retryDelay } from "./retry.js";
import { type FileSource, multipartBody, type RequestBody } from "./upload.js";

export interface ClientOptions {
  /** An API key (`kk_live_….…`, `kk_test_….…`) or an OAuth access token, sent as `Authorization: Bearer`. */
  apiKey: string;
  /** The server, without `/v1`: `https://kuasa.example`. */
  baseUrl: string;
  /** Sent as `Kuasa-Version` on every call; by default the version this package's types describe. */
  apiVersion?: ApiVersion;
  /** Retries after the first attempt (see `RequestOptions.maxRetries`); 2 by default. */
  maxRetries?: number;
  /** How long one attempt may take before it counts as a network error; 60 s by default. */
  timeoutMs?: number;
}

export interface RequestOptions {
  /** `Kuasa-Version` for this call only. */
  apiVersion?: ApiVersion;
  /**
   * Retries after the first attempt: after a 429 or 503 of the API (it did nothing) once its
   * `Retry-After` has passed, and after a network error, a timeout or a gateway's 502/503/504 for
   * a GET or a POST with an Idempotency-Key, with exponential backoff. 0 never retries.
   */
  maxRetries?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface IdempotentRequestOptions extends RequestOptions {
  /**
   * The call's `Idempotency-Key`: by default a random UUID made for this call and sent again by
   * each of its retries. Give your own to make a call safe across restarts of your program;
   * `false` sends none, and the call is then never retried after a network error.
   */
  idempotencyKey?: string | false;
}

/** What the generated client knows of one operation. */
export interface OperationSpec {
  method: "GET" | "POST";
  /** With `{name}` for each path parameter. */
  path: string;
  /** Takes an Idempotency-Key. */
  idempotent?: true;
  /** JSON, or `multipart/form-data` with one file part of this name. */
  body?: "json" | { file: string };
  /** Answers a file's bytes (a Blob) instead of JSON. */
  answer?: "binary";
}

/** A paged list: one page per call, or `.all()` for every item. */
export interface ListMethod<Query extends ListCursors, Page extends ListPage> {
  (query?: Query, options?: RequestOptions): Promise<Page>;
  /** Every item, page after page (see `paginate`): `for await (const order of kuasa.orders.list.all({ status: "selesai" }))`. */
  all(query?: Query, options?: RequestOptions): AsyncGenerator<Page["data"][number], void, undefined>;
}

/** Gateways' answers that mean the API was not reached. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);
/** The API's own answers that mean it did nothing: waited out and sent again, whatever the method. */
const NOTHING_DONE = new Set<string>(["RATE_LIMITED", "SERVICE_UNAVAILABLE"]);

/** Query values as the API reads them: `metadata[key]=value` for an object (deepObject). */
function appendQuery(params: URLSearchParams, query: object): void {
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) if (item !== undefined) params.append(`${name}[${key}]`, String(item));
    } else params.append(name, String(value));
  }
}

/** One client's connection to the API: authentication, versions, bodies, retries and errors. */
export class Transport {
  readonly #baseUrl: string;
  readonly #apiKey: string;
  readonly #apiVersion: ApiVersion | undefined;
  readonly #maxRetries: number;
  readonly #timeoutMs: number;

  constructor(options: ClientOptions) {
    if (!options.apiKey) throw new TypeError("Kuasa: apiKey is required");
    if (!/^https?:\/\//.test(options.baseUrl ?? "")) throw new TypeError("Kuasa: baseUrl must be an http(s) URL");
    this.#baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#apiKey = options.apiKey;
    this.#apiVersion = options.apiVersion;
    this.#maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.#timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** One call of an operation; `input` is the query of a GET, the body of a POST. */
  async request<T>(
    spec: OperationSpec,
    pathValues: Record<string, string>,
    input: unknown,
    options: IdempotentRequestOptions = {},
  ): Promise<T> {
    const path = spec.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? ""));
    const url = new URL(this.#baseUrl + path);
    if (spec.method === "GET" && typeof input === "object" && input !== null) appendQuery(url.searchParams, input);
    const what = `${spec.method} ${path}`;

    const headers: Record<string, string> = { Authorization: `Bearer ${this.#apiKey}` };
    const version = options.apiVersion ?? this.#apiVersion;
    if (version) headers["Kuasa-Version"] = version;
    const idempotencyKey = spec.idempotent ? (options.idempotencyKey ?? randomUUID()) : false;
    if (idempotencyKey !== false) headers["Idempotency-Key"] = idempotencyKey;
    const body = await bodyOf(spec, input);
    if (body) headers["Content-Type"] = body.contentType;
    // Sent twice, these act once: a GET, or a POST the server recognises by its key.
    const idempotent = spec.method === "GET" || idempotencyKey !== false;

    const maxRetries = options.maxRetries ?? this.#maxRetries;
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    for (let retry = 0; ; retry++) {
      const mayRetry = retry < maxRetries && (body?.replayable ?? true);
      const timeout = AbortSignal.timeout(timeoutMs);
      let answer: Response;
      try {
        answer = await fetch(url, {
          method: spec.method,
          headers,
          body: body?.content() as RequestInit["body"],
          signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
          // A stream is sent as it is read.
          duplex: "half",
        });
      } catch (cause) {
        if (options.signal?.aborted) throw options.signal.reason;
        if (mayRetry && idempotent) {
          await sleep(retryDelay(retry, null), undefined, { signal: options.signal });
          continue;
        }
        const reason = timeout.aborted
          ? `no answer within ${timeoutMs} ms`
          : cause instanceof Error
            ? (cause.cause ?? cause).toString()
            : String(cause);
        throw new KuasaConnectionError(`${what}: ${reason}`, { cause });
      }
      if (answer.ok) return (spec.answer === "binary" ? answer.blob() : answer.json()) as Promise<T>;
      const error = await errorOf(answer, what);
      const wait = retryAfterSeconds(answer.headers.get("retry-after"));
      const nothingDone = error instanceof KuasaError && NOTHING_DONE.has(error.code) && (wait ?? 0) <= MAX_RETRY_AFTER_SECONDS;
      const notReached = error instanceof KuasaConnectionError && GATEWAY_STATUSES.has(answer.status) && idempotent;
      if (mayRetry && (nothingDone || notReached)) {
        await sleep(retryDelay(retry, wait), undefined, { signal: options.signal });
        continue;
      }
      throw error;
    }
  }
}

async function bodyOf(spec: OperationSpec, input: unknown): Promise<RequestBody | undefined> {
  if (spec.body === "json") {
    const json = JSON.stringify(input ?? {});
    return { contentType: "application/json", content: () => new Blob([json]), replayable: true };
  }
  if (spec.body === undefined) return undefined;
  const field = spec.body.file;
  const upload = input as Record<string, FileSource | undefined> & { filename?: string };
  const source = upload[field];
  if (source === undefined) throw new TypeError(`Kuasa: the upload needs \`${field}\``);
  return multipartBody(field, source, upload.filename);
}

/** A paged list's method: the page itself when called, every item through `.all()`. */
export function listMethod<Query extends ListCursors, Page extends ListPage>(
  transport: Transport,
  spec: OperationSpec,
): ListMethod<Query, Page> {
  const page = (query?: Query, options?: RequestOptions) => transport.request<Page>(spec, {}, query, options);
  return Object.assign(page, {
    all: (query?: Query, options?: RequestOptions) => paginate((next: Query) => page(next, options), query ?? ({} as Query)),
  });
}
