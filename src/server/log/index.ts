import type { IncomingMessage } from "node:http";
import { type DestinationStream, type Logger, pino } from "pino";
import { newId } from "@/server/domain/ids";

/**
 * Field names whose values are secrets wherever they sit in a logged object (up to two levels
 * down). Nothing logs headers or bodies on purpose; this catches the object someone logs by accident.
 */
const SECRET_FIELDS = [
  "authorization",
  "cookie",
  "set-cookie",
  "password",
  "passwordHash",
  "token",
  "secret",
  "apiKey",
  "webhookSecret",
  "signingSecret",
];
const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => {
  const key = `["${field}"]`;
  return [key, `*${key}`, `*.*${key}`];
});

/**
 * The process's logger (`logger`): JSON lines on stdout, level from LOG_LEVEL (default info;
 * tests run quieter). Lines about a request come from `requestLog(req)`, a child carrying its id.
 * Another destination only for tests. A crash that kills the process (kill -9) may lose the lines of
 * its last moment; an exit, a fatal error's exit included, writes them. `redact: false` only for
 * `accessLog`, whose lines hold nothing but fields the server builds itself.
 */
export function createLogger(destination: DestinationStream = STDOUT, { redact = true } = {}): Logger {
  const options = {
    level: process.env.LOG_LEVEL || "info",
    base: { pid: process.pid },
    formatters: { level: (label: string) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
    ...(redact ? { redact: { paths: REDACT_PATHS, censor: "[redacted]" } } : {}),
  };
  return pino(options, destination);
}

// stdout asynchronously: a request never waits on a write, lines written while one is in flight
// go out together, and pino flushes what is left when the process exits.
const STDOUT = pino.destination({ dest: 1, sync: false });

export const logger: Logger = createLogger();

/**
 * One line per request (src/server/runtime/serve.ts): method, route, path without its query,
 * status, duration and request id, never a header or a body. Nothing in it can be a secret, so it
 * skips the redaction every other line pays for (a few percent of a cached read's CPU), and it
 * shares stdout with `logger`.
 */
export const accessLog: Logger = createLogger(STDOUT, { redact: false });

/**
 * The custom server writes each request's id under this header (replacing anything a client sent
 * under it), so the portal, which Next hands only a Fetch Request, reads the same id.
 */
export const REQUEST_ID_HEADER = "x-kuasa-request-id";

const ASSIGNED = Symbol("kuasa.requestId");

/** A request's id, and its logger made on first use: most requests log only their access line, which needs no child. */
class RequestLogContext {
  #log: Logger | undefined;
  constructor(readonly id: string) {}
  get log(): Logger {
    this.#log ??= logger.child({ requestId: this.id });
    return this.#log;
  }
}
type Tagged = IncomingMessage & { [ASSIGNED]?: RequestLogContext };

/**
 * The request's id and logger, assigned on the first call (src/server.ts, before any face sees the
 * request) and the same on every later one; answered as X-Request-Id. Never taken from the client.
 * A face mounted on its own (tests) gets its id from its own first call.
 */
export function requestContext(
  req: IncomingMessage,
  res: { setHeader(name: string, value: string): unknown },
): { id: string; log: Logger } {
  const tagged = req as Tagged;
  if (tagged[ASSIGNED]) return tagged[ASSIGNED];
  const id = newId("request");
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader("X-Request-Id", id);
  tagged[ASSIGNED] = new RequestLogContext(id);
  return tagged[ASSIGNED];
}

/** The request's logger (its id on every line); the process's when no id was assigned. */
export function requestLog(req: IncomingMessage): Logger {
  return (req as Tagged)[ASSIGNED]?.log ?? logger;
}
