import type { Db } from "@/server/db/client";
import { REQUEST_LOG_PER_KEY } from "@/server/domain/request-log/request-log";
import { logger } from "@/server/log";

/** One answered request of a key, as the log keeps it (domain/request-log/request-log.ts). */
export interface RequestRecord {
  apiKeyId: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  createdAt: Date;
}

interface BufferOptions {
  /** The longest a record waits in memory before it is written. */
  flushMs?: number;
  /** Records held at once, across keys, before they are written without waiting. */
  maxRows?: number;
  /** Told of a batch not written, pino-style; the process's logger by default. */
  logger?: { warn(...args: unknown[]): void };
}

/**
 * The request log's writer: /v1 and /mcp add a record per answered request in memory, and the
 * records are written in batches (one INSERT of many rows, then one DELETE that keeps each key's
 * newest REQUEST_LOG_PER_KEY), at most `flushMs` after the first one waiting, at once when
 * `maxRows` wait, and on `close()`. So no request waits on the database for its log.
 *
 * What is lost, on purpose: a process killed with SIGKILL (or crashing) loses what it had not
 * written, at most the last `flushMs`; a batch the database refuses is dropped and logged, not
 * retried. Of one key's records waiting together only the newest REQUEST_LOG_PER_KEY are kept,
 * since an older one could never be among the key's newest: a busy key costs at most that many
 * rows a second, not one per request.
 */
export class RequestLog {
  readonly #db: Db;
  readonly #flushMs: number;
  readonly #maxRows: number;
  readonly #logger: { warn(...args: unknown[]): void };
  #waiting = new Map<string, RequestRecord[]>();
  #count = 0;
  #timer: NodeJS.Timeout | null = null;
  /** The write in progress: writes run one after another, in the order their records arrived. */
  #writing: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(deps: { db: Db }, { flushMs = 1_000, maxRows = 1_000, logger: log = logger }: BufferOptions = {}) {
    this.#db = deps.db;
    this.#flushMs = flushMs;
    this.#maxRows = maxRows;
    this.#logger = log;
  }

  /** Keeps one record for the next batch; never throws, never waits. */
  add(record: RequestRecord): void {
    if (this.#closed) return;
    let records = this.#waiting.get(record.apiKeyId);
    if (!records) this.#waiting.set(record.apiKeyId, (records = []));
    records.push(record);
    if (records.length > REQUEST_LOG_PER_KEY) records.shift();
    else this.#count++;
    if (this.#count >= this.#maxRows) void this.flush();
    // unref: a record waiting keeps no process alive; close() writes it.
    else this.#timer ??= setTimeout(() => void this.flush(), this.#flushMs).unref();
  }

  /** Writes what is waiting now; resolves once it (and any write before it) is done. */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const batch = this.#waiting;
    this.#waiting = new Map();
    this.#count = 0;
    if (batch.size > 0) this.#writing = this.#writing.then(() => this.#write(batch));
    return this.#writing;
  }

  /** Writes what is waiting and takes no more: before the database closes. */
  close(): Promise<void> {
    this.#closed = true;
    return this.flush();
  }

  async #write(batch: Map<string, RequestRecord[]>): Promise<void> {
    const keys = [...batch.keys()];
    const rows = [...batch.values()].flat();
    try {
      // One JSON parameter rather than createMany: building a thousand rows' query costs the client far more.
      await this.#db.$executeRaw`
        INSERT INTO "ApiRequest" ("apiKeyId", "requestId", "method", "path", "status", "createdAt")
        SELECT "apiKeyId", "requestId", "method", "path", "status", "createdAt" AT TIME ZONE 'UTC'
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
          "apiKeyId" text, "requestId" text, "method" text, "path" text, "status" int, "createdAt" timestamptz)`;
      // Each key touched keeps its newest rows; several processes trimming at once is harmless.
      await this.#db.$executeRaw`
        DELETE FROM "ApiRequest" WHERE "seq" IN (
          SELECT "seq" FROM (
            SELECT "seq", row_number() OVER (PARTITION BY "apiKeyId" ORDER BY "createdAt" DESC, "seq" DESC) AS "rank"
            FROM "ApiRequest" WHERE "apiKeyId" = ANY(${keys}::text[])
          ) AS "ranked" WHERE "rank" > ${REQUEST_LOG_PER_KEY})`;
    } catch (err) {
      this.#logger.warn({ err, rows: rows.length }, "request log: a batch was not written");
    }
  }
}
