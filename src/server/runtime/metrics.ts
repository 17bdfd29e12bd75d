import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { sendError } from "@/server/api/api-error";
import { OAUTH_PATHS } from "@/server/api/oauth-http";
import { REST_ROUTES } from "@/server/api/routes";
import type { Db } from "@/server/db/client";
import { SWEEPER } from "@/server/domain/access/actor";
import { bearerToken, hashSecret, secretMatches } from "@/server/domain/access/api-key";
import type { Clock } from "@/server/domain/clock";
import { isDeliveredStatus } from "@/server/domain/events/webhook-delivery";
import type { JobKind } from "@/server/jobs/types";
import { logger, requestContext } from "@/server/log";
import { withTimeout } from "@/server/runtime/health";

/** Which part of the server answered: each has its own latency profile. */
type Face = "rest" | "mcp" | "oauth" | "portal" | "jobs" | "pages" | "ops" | "unmatched";

/** A request as metrics and the access log name it: a template, never a raw id (label cardinality). */
export interface RouteLabel {
  face: Face;
  route: string;
}

const OPS_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);
const UNMATCHED: RouteLabel = { face: "unmatched", route: "unmatched" };

interface AppRoute {
  template: string;
  pattern: RegExp;
}

/**
 * The App Router's pages and route handlers under `appDir` as templates, from its file names:
 * `organisasi/pesanan/[id]/page.tsx` is `/organisasi/pesanan/{id}`, `api/auth/[...nextauth]/route.ts`
 * is `/api/auth/{...nextauth}`. Read once at start, so a new page is labelled without a list to keep.
 */
export function appRouteTemplates(appDir: string): string[] {
  const templates: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        // Route groups `(x)` and private folders `_x` add nothing to the URL.
        if (entry.name.startsWith("_")) continue;
        walk(path.join(dir, entry.name), /^\(.*\)$/.test(entry.name) ? segments : [...segments, entry.name]);
      } else if (/^(page|route)\.(tsx?|jsx?)$/.test(entry.name)) {
        templates.push(`/${segments.map((s) => s.replace(/^\[+(\.\.\.)?([^\]]+)\]+$/, "{$1$2}")).join("/")}`);
      }
    }
  };
  walk(appDir, []);
  return templates;
}

function appRoutePattern(template: string): RegExp {
  const body = template
    .split("/")
    .map((segment) =>
      segment.startsWith("{...") ? ".+" : segment.startsWith("{") ? "[^/]+" : segment.replace(/[.*+?^$()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${body.replace(/\/$/, "")}/?$`);
}

function appFace(template: string): Face {
  if (template.startsWith("/api/trpc/") || template.startsWith("/api/auth/")) return "portal";
  if (template === "/api/inngest") return "jobs";
  return "pages";
}

/**
 * Names a request by its face and route template. /v1 from the REST route table (the method's own
 * route first, so a 405 still names the path), the portals from the App Router's files; anything
 * else (scanners, typos) is one `unmatched` label, whatever the path.
 */
export function createRouteLabeler(appTemplates: readonly string[]): (method: string, pathname: string) => RouteLabel {
  // Literal segments before parameters, as Next matches them: `/praktisi/kasus` before `/praktisi/{x}`.
  const appRoutes: AppRoute[] = appTemplates
    .map((template) => ({ template, pattern: appRoutePattern(template) }))
    .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  return (method, pathname) => {
    if (pathname === "/v1/openapi.json") return { face: "rest", route: pathname };
    if (pathname === "/v1" || pathname.startsWith("/v1/")) {
      const route =
        REST_ROUTES.find((r) => r.method === method && r.pattern.test(pathname)) ?? REST_ROUTES.find((r) => r.pattern.test(pathname));
      return route ? { face: "rest", route: route.path } : { face: "rest", route: "unmatched" };
    }
    if (pathname === "/mcp") return { face: "mcp", route: "/mcp" };
    if (OAUTH_PATHS.has(pathname)) return { face: "oauth", route: pathname };
    if (OPS_PATHS.has(pathname)) return { face: "ops", route: pathname };
    if (pathname.startsWith("/_next/")) return { face: "pages", route: "/_next/{asset}" };
    const app = appRoutes.find((r) => r.pattern.test(pathname));
    return app ? { face: appFace(app.template), route: app.template } : UNMATCHED;
  };
}

/** A route parameter that is a credential (an invitation's token, any later link or reset token): never logged. */
const SECRET_PARAMETER = /^\{(?:\.\.\.)?(?:[a-z]*token|secret)\}$/i;

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The path the access log writes for `pathname`: as it came, except under a route with a secret
 * parameter (`/undangan/{token}`), where it is that route's template. Whoever reads the logs would
 * otherwise hold every invitation link. Anything under such a route's fixed prefix counts, matched
 * or not, however it is encoded, cased or slashed (`/undangan/<token>/x`, `//Undangan/%3Ctoken%3E`).
 */
export function createAccessLogPath(appTemplates: readonly string[]): (pathname: string) => string {
  const secret = appTemplates.flatMap((template) => {
    const at = template.split("/").findIndex((segment) => SECRET_PARAMETER.test(segment));
    return at < 0 ? [] : [{ template, prefix: `${template.split("/").slice(0, at).join("/")}/`.toLowerCase() }];
  });
  return (pathname) => {
    const normalized = decodedPath(pathname)
      .replace(/\/{2,}/g, "/")
      .toLowerCase();
    return secret.find((route) => normalized.startsWith(route.prefix))?.template ?? pathname.slice(0, 200);
  };
}

export interface MetricsDeps {
  db: Db;
  clock: Clock;
  /** The job kinds whose lag is reported; each one's own due query finds its oldest row. */
  kinds: readonly JobKind[];
  /** METRICS_TOKEN; unset, /metrics answers 404. */
  token: string | undefined;
  /** PUBLIC_URL: an error's doc_url points into its /docs. */
  publicUrl: string;
  /** Under node:cluster: given this process's registry, reads every worker's series summed (cluster.ts). */
  shareProcessMetrics?: (registry: Registry) => () => Promise<string>;
}

const DATABASE_TIMEOUT_MS = 2_000;
/** Every /metrics answer: nothing for a cache to keep, nothing for a browser to sniff. */
const OPS_HEADERS = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
/** Seconds; from a cached catalog read (~1 ms) to a slow receiver-bound call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const ATTEMPT_OUTCOMES = ["delivered", "refused", "no_answer"] as const;

/**
 * Two Prometheus registries. `registry` holds this process's own series (HTTP counters and
 * latencies, Node's process metrics); under WEB_CONCURRENCY the primary sums them over every worker
 * (`deps.shareProcessMetrics`). `databaseRegistry` holds orders, webhook attempts and job lag, read from
 * the database at scrape time by the process answering, so they are counted once whatever the
 * number of processes, and work done elsewhere (Inngest calling /api/inngest) counts.
 */
export function createMetrics(deps: MetricsDeps) {
  const registry = new Registry();
  const databaseRegistry = new Registry();
  collectDefaultMetrics({ register: registry });
  const processMetrics = deps.shareProcessMetrics?.(registry) ?? (() => registry.metrics());
  const requests = new Counter({
    name: "kuasa_http_requests_total",
    help: "HTTP requests answered, by face, route template, method and status.",
    labelNames: ["face", "route", "method", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "kuasa_http_request_duration_seconds",
    help: "Time from receiving a request to the last byte of its answer, by face and route template.",
    labelNames: ["face", "route", "method"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const orders = new Gauge({
    name: "kuasa_orders",
    help: "Orders by status and mode (live or test), read from the database at scrape.",
    labelNames: ["status", "mode"] as const,
    registers: [databaseRegistry],
  });
  const attempts = new Counter({
    name: "kuasa_webhook_delivery_attempts_total",
    help: "Webhook delivery attempts by outcome (delivered: 2xx; refused: any other status; no_answer: timeout, refused connection, blocked address), read from the database at scrape.",
    labelNames: ["outcome"] as const,
    registers: [databaseRegistry],
  });
  const jobLag = new Gauge({
    name: "kuasa_job_lag_seconds",
    help: "Age of the oldest due but unhandled row per job kind (0: none due).",
    labelNames: ["kind"] as const,
    registers: [databaseRegistry],
  });
  const databaseUp = new Gauge({
    name: "kuasa_metrics_database_up",
    help: "1 when the scrape could read the database-backed metrics, 0 when not (they are then absent).",
    registers: [databaseRegistry],
  });

  /** Everything the database-backed series show, read before any is set. */
  async function readDatabase() {
    const now = deps.clock.now();
    const [orderRows, attemptRows, lags] = await Promise.all([
      deps.db.order.groupBy({ by: ["status", "livemode"], _count: { _all: true } }),
      deps.db.webhookAttempt.groupBy({ by: ["statusCode"], _count: { _all: true } }),
      Promise.all(
        deps.kinds.map(async (kind): Promise<[string, number]> => {
          const [oldest] = await kind.findDue(deps, { actor: SWEEPER, cutoff: now, limit: 1 });
          return [kind.name, oldest ? Math.max(0, (now.getTime() - oldest.dueAt.getTime()) / 1000) : 0];
        }),
      ),
    ]);
    return { orderRows, attemptRows, lags };
  }

  async function refreshDatabaseMetrics(): Promise<void> {
    orders.reset();
    attempts.reset();
    jobLag.reset();
    try {
      // Set only from a read that finished in time: a read the timeout gave up on may still end
      // later, and must not fill in series next to `database_up 0`.
      const { orderRows, attemptRows, lags } = await withTimeout(readDatabase(), DATABASE_TIMEOUT_MS, "the database");
      for (const row of orderRows) orders.set({ status: row.status, mode: row.livemode ? "live" : "test" }, row._count._all);
      for (const outcome of ATTEMPT_OUTCOMES) attempts.inc({ outcome }, 0);
      for (const row of attemptRows) {
        const outcome = row.statusCode === null ? "no_answer" : isDeliveredStatus(row.statusCode) ? "delivered" : "refused";
        attempts.inc({ outcome }, row._count._all);
      }
      for (const [kind, seconds] of lags) jobLag.set({ kind }, seconds);
      databaseUp.set(1);
    } catch (err) {
      // A failed or late read shows no database-backed series: absent series are honest, stale or half-set ones are not.
      databaseUp.set(0);
      logger.warn({ err }, "metrics: database-backed metrics unavailable");
    }
  }

  // Scrapes at once share one read: interleaved resets would answer a half-filled set.
  let refreshing: Promise<void> | null = null;
  const refreshOnce = () => (refreshing ??= refreshDatabaseMetrics().finally(() => (refreshing = null)));
  const tokenHash = deps.token ? hashSecret(deps.token) : null;

  return {
    registry,
    databaseRegistry,

    /** One answered request; the server calls it when the answer is finished. */
    observe(label: RouteLabel, method: string, status: number, seconds: number): void {
      requests.inc({ face: label.face, route: label.route, method, status: String(status) });
      duration.observe({ face: label.face, route: label.route, method }, seconds);
    },

    /** `GET /metrics` in Prometheus text format, for a bearer of METRICS_TOKEN. */
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      requestContext(req, res);
      if (!tokenHash)
        return sendError(
          res,
          deps.publicUrl,
          { code: "NOT_FOUND", message: "No endpoint /metrics: set METRICS_TOKEN to serve metrics." },
          OPS_HEADERS,
        );
      if (req.method !== "GET" && req.method !== "HEAD")
        return sendError(
          res,
          deps.publicUrl,
          { code: "METHOD_NOT_ALLOWED", message: `${req.method} is not allowed on /metrics; use GET.` },
          { ...OPS_HEADERS, Allow: "GET, HEAD" },
        );
      const presented = bearerToken(req.headers.authorization);
      // Compared as hashes of equal length in constant time: the answer's timing says nothing of the token.
      if (!presented || !secretMatches(presented, tokenHash)) {
        return sendError(
          res,
          deps.publicUrl,
          { code: "UNAUTHENTICATED", message: "Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`." },
          { ...OPS_HEADERS, "WWW-Authenticate": "Bearer" },
        );
      }
      await refreshOnce();
      const text = `${(await processMetrics()).trimEnd()}\n${await databaseRegistry.metrics()}`;
      res.writeHead(200, { ...OPS_HEADERS, "Content-Type": registry.contentType, "Content-Length": Buffer.byteLength(text) });
      res.end(req.method === "HEAD" ? undefined : text);
    },
  };
}
