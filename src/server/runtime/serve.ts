import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import next from "next";
import { runOpsCommand } from "../../cli/ops-commands";
import { errorBody } from "../api/api-error";
import { createOAuthHandler, OAUTH_PATHS } from "../api/oauth-http";
import { createRestHandler } from "../api/rest";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "../domain/access/client-address";
import { JOB_KINDS } from "../jobs/registry";
import { accessLog, logger, requestContext } from "../log";
import { createMcpHandler } from "../mcp/http";
import { ensureDemo } from "../services/sandbox";
import { appDepsOf } from "./";
import { startBanner } from "./banner";
import { refuseOversizedBody } from "./body-limits";
import { announceListening, shareProcessMetrics } from "./cluster";
import type { Config } from "./config";
import { createHealthHandler, HEALTH_PATHS } from "./health";
import { appRouteTemplates, createAccessLogPath, createMetrics, createRouteLabeler } from "./metrics";
import { openOpsSocket } from "./ops-socket";
import { startRuntime } from "./start";

/**
 * In production Next takes the config `next build` serialized (.next/required-server-files.json),
 * as Next's own standalone server does, instead of finding next.config.ts and loading its native
 * SWC compiler (23 MB in every process) to transpile it at each start. The build and the server
 * then run the same config by construction; were Next to stop reading this variable, it would
 * load next.config.ts as before.
 */
function takeBuiltNextConfig(dir: string): void {
  const { config } = JSON.parse(readFileSync(join(dir, ".next", "required-server-files.json"), "utf8")) as { config: unknown };
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
}

/**
 * A server process: /v1 and /mcp are answered straight from node:http by the tRPC router and the MCP
 * SDK (Next's request pipeline costs ~7x more per request), everything else goes to Next (portals, /api/*).
 */
export async function serve(config: Config): Promise<void> {
  const runtime = await startRuntime(config);
  const demo = config.demo.seed
    ? await ensureDemo(runtime, {
        dataDir: config.databaseUrl ? null : config.dataDir,
        liveMoney: config.demo.liveMoney,
        portalUsers: config.demo.portalUsers,
      })
    : null;
  // The embedded database is this process's alone: `npm run ops` reaches it through this socket.
  // Opened after the demo seed, which happens only while the database has no organisation.
  const opsSocket = config.databaseUrl ? null : await openOpsSocket(config.dataDir, (argv) => runOpsCommand(runtime, argv));

  const dev = config.nodeEnv === "development";
  if (!dev) takeBuiltNextConfig(process.cwd());
  const app = next({ dev, dir: process.cwd(), hostname: config.host, port: config.port });
  await app.prepare();
  const handleNext = app.getRequestHandler();
  // One set for both agent faces, so REST and MCP enforce the same rules with the same state.
  const agentDeps = appDepsOf(runtime);
  const handleRest = createRestHandler({ ...agentDeps, publicUrl: config.publicUrl, operatorName: config.operatorName });
  const handleMcp = createMcpHandler(agentDeps, { watchIntervalMs: config.mcp.watchIntervalMs });
  const handleOAuth = createOAuthHandler({ ...agentDeps, publicUrl: config.publicUrl });
  const handleHealth = createHealthHandler({
    db: runtime.database.prisma,
    jobs: runtime.jobs,
    storage: runtime.files.storage,
    token: config.metricsToken,
    publicUrl: config.publicUrl,
  });
  const metrics = createMetrics({
    db: runtime.db,
    clock: runtime.clock,
    kinds: JOB_KINDS,
    token: config.metricsToken,
    publicUrl: config.publicUrl,
    shareProcessMetrics: cluster.isWorker ? shareProcessMetrics : undefined,
  });
  const appTemplates = appRouteTemplates(join(process.cwd(), "src/app"));
  const routeOf = createRouteLabeler(appTemplates);
  const loggedPath = createAccessLogPath(appTemplates);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // Whatever a client sent under this name is replaced: only this line decides who the client is.
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], config.trustedProxies);
    const started = process.hrtime.bigint();
    // Assigned here, once, before any face sees the request: every face and log line uses this id.
    const context = requestContext(req, res);
    const requestId = context.id;
    const path = req.url ?? "/";
    // Query strings are never logged or labelled: they may carry anything (a token, a key).
    const pathname = path.split("?")[0]!;
    const method = req.method ?? "GET";
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const label = routeOf(method, pathname);
      metrics.observe(label, method, res.statusCode, seconds);
      // One access line per request; headers and bodies are never logged.
      accessLog.info(
        {
          requestId,
          face: label.face,
          route: label.route,
          method,
          path: loggedPath(pathname),
          status: res.statusCode,
          durationMs: Math.round(seconds * 1e4) / 10,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        "request",
      );
    });
    const rest = path === "/v1" || path.startsWith("/v1/") || path.startsWith("/v1?");
    const mcp = path === "/mcp" || path.startsWith("/mcp?");
    // /v1 and /mcp read their bodies under their own limit; Next would read any body whole.
    if (!rest && !mcp && refuseOversizedBody(req, res, config.publicUrl)) return;
    const health = HEALTH_PATHS.has(pathname);
    const route = rest
      ? handleRest(req, res)
      : mcp
        ? handleMcp(req, res)
        : OAUTH_PATHS.has(pathname)
          ? handleOAuth(req, res)
          : health
            ? handleHealth(req, res)
            : pathname === "/metrics"
              ? metrics.handle(req, res)
              : handleNext(req, res);
    route.catch((err: unknown) => {
      context.log.error({ err }, "unhandled error");
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json", "X-Content-Type-Options": "nosniff" });
      res.end(JSON.stringify(errorBody({ code: "INTERNAL", message: "Internal error." }, requestId, config.publicUrl)));
    });
  });
  // Agents keep connections open; stay above common load-balancer idle timeouts.
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host, () => {
    runtime.jobs.start();
    logger.info(
      { url: config.publicUrl, nodeEnv: config.nodeEnv, database: runtime.database.description, jobs: runtime.jobs.name },
      "listening",
    );
    // The banner is for the person who ran `npm start` (copyable commands), so it stays plain text.
    const banner = startBanner({
      publicUrl: config.publicUrl,
      nodeEnv: config.nodeEnv,
      database: runtime.database.description,
      jobs: runtime.jobs.name,
      migrationsApplied: runtime.migrationsApplied,
      demo,
      cwd: process.cwd(),
    });
    // Under WEB_CONCURRENCY the primary prints it once, when every process serves.
    if (cluster.isWorker) announceListening(banner);
    else process.stdout.write(`${banner}\n`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping");
    // Requests and ops commands in flight finish (for at most 10 s) before the database closes under them;
    // MCP streams never finish on their own: they end now, and their clients reconnect to another process.
    const drained = Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), opsSocket?.close(), handleMcp.close()]);
    server.closeIdleConnections();
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
    Promise.race([drained, deadline])
      .then(() => {
        server.closeAllConnections();
        // Stops the job engine (in-flight deliveries finish) before the database closes.
        return runtime.close();
      })
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, "stopping failed");
        process.exit(1);
      });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  // A worker whose primary is gone (killed) stops too, instead of serving on unwatched.
  if (cluster.isWorker) process.on("disconnect", () => stop("disconnect"));
}
