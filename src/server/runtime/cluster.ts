import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, type Registry } from "prom-client";
import { logger } from "@/server/log";
import { type HashingLimits, LocalHashingTurns } from "../services/access";
import { HashingTurnLender } from "./shared-hashing";

/**
 * WEB_CONCURRENCY above 1: a primary process that only forks and watches N server processes
 * sharing one port (node:cluster hands each connection to one of them). Every worker is the whole
 * server (API, portals, sweeper) on the one PostgreSQL; nothing is shared in memory, so what holds
 * for N processes holds for N machines: rate limits, sign-in waits and job leases live in the
 * database. The primary prints one banner, restarts a worker that dies, stops them all on SIGTERM,
 * sums the workers' process metrics for /metrics, and lends the machine's password-hashing turns
 * (shared-hashing.ts): hashing is the one limit that belongs to the machine's cores, not to a process.
 */

const LISTENING = "kuasa:listening";
const METRICS_REQUEST = "kuasa:metrics";
const METRICS_ANSWER = "kuasa:metrics-answer";
const COLLECT = "kuasa:collect";
const COLLECTED = "kuasa:collected";
/** A worker that dies is replaced after this pause, so a crash at start cannot spin the machine. */
const RESTART_PAUSE_MS = 1_000;
/** A worker that does not answer a collection in time is left out of that scrape, not waited for. */
const COLLECT_TIMEOUT_MS = 2_000;

type WorkerMetrics = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>;
type ClusterMessage =
  | { type: typeof LISTENING; banner: string }
  | { type: typeof METRICS_REQUEST; id: number }
  | { type: typeof METRICS_ANSWER; id: number; text: string }
  | { type: typeof COLLECT; id: number }
  | { type: typeof COLLECTED; id: number; metrics: WorkerMetrics };

/** Runs the primary: forks `processes` workers, the first alone so migrations and the catalog seed run once. */
export function runPrimary(processes: number, hashing: HashingLimits): void {
  let stopping = false;
  /** Workers that serve: a scrape collects from these only, so one still starting never stalls it. */
  const serving = new Set<Worker>();
  let nextCollection = 0;
  const collections = new Map<number, { metrics: WorkerMetrics[]; pending: number; finish(): void }>();

  /** Every serving worker's process series, summed as prom-client's cluster aggregation does. */
  const collect = (): Promise<string> =>
    new Promise((resolve) => {
      const id = nextCollection++;
      const metrics: WorkerMetrics[] = [];
      const finish = () => {
        clearTimeout(timer);
        collections.delete(id);
        resolve(AggregatorRegistry.aggregate(metrics).metrics());
      };
      const timer = setTimeout(finish, COLLECT_TIMEOUT_MS);
      collections.set(id, { metrics, pending: serving.size, finish });
      for (const worker of serving) worker.send({ type: COLLECT, id } satisfies ClusterMessage);
    });
  let started = 0;
  let banner: string | null = null;
  const hashingTurns = new HashingTurnLender<Worker>(new LocalHashingTurns(hashing));

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on("message", (message: ClusterMessage) => {
      hashingTurns.receive(worker, message);
      if (message.type === LISTENING) {
        serving.add(worker);
        started++;
        banner ??= message.banner;
        if (started === 1) for (let i = 1; i < processes; i++) fork();
        if (started === processes) process.stdout.write(`${banner}\nProcesses: ${processes} (WEB_CONCURRENCY), one port, one database\n`);
      }
      if (message.type === METRICS_REQUEST) {
        void collect().then((text) => worker.send({ type: METRICS_ANSWER, id: message.id, text } satisfies ClusterMessage));
      }
      if (message.type === COLLECTED) {
        const collection = collections.get(message.id);
        if (!collection) return;
        collection.metrics.push(message.metrics);
        if (--collection.pending === 0) collection.finish();
      }
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    serving.delete(worker);
    hashingTurns.forget(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "server process died; starting another");
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_PAUSE_MS).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping every server process");
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    // Each worker drains its requests and jobs (at most 10 s) and exits on its own.
    for (const worker of workers) worker?.process.kill("SIGTERM");
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  fork();
}

/** In a worker: tells the primary this process serves, with the banner the primary prints once. */
export function announceListening(banner: string): void {
  process.send?.({ type: LISTENING, banner } satisfies ClusterMessage);
}

/**
 * In a worker: answers the primary's collections with `registry`, and returns how this worker reads
 * every serving worker's series, summed by the primary.
 */
export function shareProcessMetrics(registry: Registry): () => Promise<string> {
  let nextId = 0;
  const waiting = new Map<number, (text: string) => void>();
  process.on("message", (message: ClusterMessage) => {
    if (message.type === COLLECT) {
      void registry
        .getMetricsAsJSON()
        .then((metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics } satisfies ClusterMessage));
    }
    if (message.type === METRICS_ANSWER) {
      waiting.get(message.id)?.(message.text);
      waiting.delete(message.id);
    }
  });
  return () => {
    const id = nextId++;
    return new Promise<string>((resolve) => {
      waiting.set(id, resolve);
      process.send?.({ type: METRICS_REQUEST, id } satisfies ClusterMessage);
    });
  };
}
