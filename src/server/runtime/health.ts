import type { IncomingMessage, ServerResponse } from "node:http";
import { sendError } from "@/server/api/api-error";
import type { Db } from "@/server/db/client";
import { APPLIED_MIGRATIONS_SQL, type Migration, readMigrations } from "@/server/db/migrate";
import { bearerToken, hashSecret, secretMatches } from "@/server/domain/access/api-key";
import type { EngineStatus } from "@/server/jobs/types";
import { requestContext } from "@/server/log";
import type { FileStorage } from "@/server/services/files";

/** What readiness looks at: the database, the migrations it carries, the file storage and the job engine. */
export interface HealthDeps {
  db: Db;
  /** Where documents are kept; absent in tests that serve none. */
  storage?: Pick<FileStorage, "check">;
  /** The engine's last known state; its own watch keeps it current, so a probe costs nothing. */
  jobs: { status(): EngineStatus };
  migrations?: Migration[];
  /** METRICS_TOKEN: its bearer reads why /readyz answers what it does; anyone else, only whether it is ready. */
  token?: string;
  /** PUBLIC_URL: a refusal's doc_url points into its /docs. */
  publicUrl: string;
}

const DATABASE_TIMEOUT_MS = 2_000;
/** A write, a read and a delete of a probe object: a little longer than a query. */
const STORAGE_TIMEOUT_MS = 5_000;

export interface Readiness {
  status: "ok" | "degraded" | "unavailable";
  database: { ok: true } | { ok: false; error: string };
  migrations: { pending: string[] };
  storage: { ok: true } | { ok: false; error: string };
  jobs: EngineStatus;
}

/** `work`, or an error naming `what` once `ms` have passed (a hung database must not hang a probe). */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Ready: the database answers and has every migration this build ships. A job engine that fell
 * back to the local sweeper (Inngest unreachable) still serves, so it is `degraded`, not down:
 * taking the instance out of a load balancer would not bring Inngest back.
 */
async function readiness(deps: HealthDeps): Promise<Readiness> {
  const shipped = deps.migrations ?? readMigrations();
  let database: Readiness["database"] = { ok: true };
  let pending: string[] = [];
  try {
    const recorded = await withTimeout(
      deps.db.$queryRawUnsafe<Array<{ migration_name: string }>>(APPLIED_MIGRATIONS_SQL),
      DATABASE_TIMEOUT_MS,
      "the database",
    );
    const names = new Set(recorded.map((row) => row.migration_name));
    pending = shipped.map((m) => m.name).filter((name) => !names.has(name));
  } catch (err) {
    database = { ok: false, error: err instanceof Error ? err.message.split("\n")[0]! : String(err) };
  }
  let storage: Readiness["storage"] = { ok: true };
  try {
    if (deps.storage) await withTimeout(deps.storage.check(), STORAGE_TIMEOUT_MS, "the file storage");
  } catch (err) {
    storage = { ok: false, error: err instanceof Error ? err.message.split("\n")[0]! : String(err) };
  }
  const jobs = deps.jobs.status();
  // Without its storage an instance cannot take or serve a document: it is out, like without its database.
  const status = !database.ok || pending.length > 0 || !storage.ok ? "unavailable" : jobs.healthy ? "ok" : "degraded";
  return { status, database, migrations: { pending }, storage, jobs };
}

/** Every answer: nothing for a cache to keep, nothing for a browser to sniff. */
const NO_STORE = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text), ...NO_STORE });
  res.end(text);
}

/** The paths this module answers, for the server's routing. */
export const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

/**
 * `GET /healthz`: the process answers (liveness; nothing else, so a slow database never gets a
 * live process restarted). `GET /readyz`: 200 when ready or degraded, 503 when not. Why (pending
 * migration names, the database's error, the job engine) only for the bearer of METRICS_TOKEN, as
 * /metrics: a load balancer needs only the status, and the rest describes the deployment.
 */
export function createHealthHandler(deps: HealthDeps) {
  const tokenHash = deps.token ? hashSecret(deps.token) : null;
  return async function handleHealth(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (req.method !== "GET" && req.method !== "HEAD") {
      requestContext(req, res); // the server assigned it already; a handler mounted alone (tests) gets one here
      sendError(
        res,
        deps.publicUrl,
        { code: "METHOD_NOT_ALLOWED", message: `${req.method} is not allowed on ${path}; use GET.` },
        { Allow: "GET, HEAD", ...NO_STORE },
      );
      return;
    }
    if (path === "/healthz") {
      send(res, 200, { status: "ok" });
      return;
    }
    const ready = await readiness(deps);
    const status = ready.status === "unavailable" ? 503 : 200;
    const presented = bearerToken(req.headers.authorization);
    // Compared as hashes of equal length in constant time, as /metrics compares it.
    if (tokenHash && presented && secretMatches(presented, tokenHash)) send(res, status, ready);
    else send(res, status, { status: status === 200 ? "ready" : "not_ready" });
  };
}
