import { type GetStepTools, Inngest, type InngestFunction, type Logger, NonRetriableError, RetryAfterError } from "inngest";
import { serve } from "inngest/next";
import { SWEEPER } from "@/server/domain/access/actor";
import { logger as processLogger } from "@/server/log";
import { createSweeper, type Sweeper } from "./sweeper";
import type { EngineStatus, JobDeps, JobEngine, JobKind } from "./types";

/**
 * The Inngest engine: one function per job kind, woken by `kuasa/job.<kind>` events; deadlines
 * (an offer's 30 minutes, auto-acceptance, the stall refund, the SLA) scheduled to run at their
 * due time; and a cron sweep as the safety net. The functions call the same handlers as the local
 * sweeper; the rows stay the truth, Inngest only decides when to call. The SDK reads
 * INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY, INNGEST_DEV and INNGEST_BASE_URL from the environment.
 */

const INNGEST_APP_ID = "kuasa";
export const SWEEP_FUNCTION_ID = "sweep-due";
export const WAKE_FUNCTION_ID = "wake-due";
/** Sent after a commit that may have made rows due; the wake function looks for them at once. */
export const WAKE_EVENT = "kuasa/wake.due";

/** A row due longer than this was missed by its own run (lost event, exhausted retries); the sweep wakes it. */
export const SWEEP_GRACE_MS = 60_000;
/**
 * Deadlines this close are scheduled to run at their exact time. The cron runs every minute, so
 * every deadline is scheduled a few times before it falls due; Inngest drops the repeats by
 * event id. A deadline set closer than this is scheduled by the wake-up after its commit.
 */
export const SCHEDULE_AHEAD_MS = 5 * 60_000;
const SWEEP_LIMIT = 500;
// inngest.send has no timeout of its own when a server accepts but never answers.
const SEND_TIMEOUT_MS = 5_000;
const DEFAULT_ATTEMPTS = 4;

type Retries = NonNullable<InngestFunction.Options["retries"]>;

export function jobEventName(kind: string): string {
  return `kuasa/job.${kind}`;
}

export function timerEventName(kind: string): string {
  return `kuasa/timer.${kind}`;
}

export function timerFunctionId(kind: string): string {
  return `${kind}-at-deadline`;
}

function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
}

export function createInngestClient(logger: Logger = processLogger): Inngest {
  return new Inngest({ id: INNGEST_APP_ID, fetch: fetchWithTimeout(SEND_TIMEOUT_MS), logger });
}

type JobEvent = { name: string; id?: string; data: Record<string, string> };

/**
 * Per kind: call the handler; when it names a time to look again (a failed webhook attempt:
 * 10/20/40/80 s, read from the row), throw RetryAfterError for exactly that time. After
 * `inngestAttempts` runs Inngest gives up and onFailure logs it; the row keeps its own state
 * (a webhook delivery is `gagal` after its 5th failed attempt, whoever made it), and anything
 * still due is found again by the sweep. Each deadline kind also has a timer function that
 * sleeps until a row's due time and then wakes its job.
 *
 * These functions call `handle` per row even for a kind with `handleBatch`: each row is woken by
 * its own event at its own time (a deadline, a webhook's retry in exactly 10 s), and its retry is
 * the row's own. Only the fallback sweeper of a takeover (`createSweeper`) runs batches.
 */
export function createInngestFunctions(client: Inngest, deps: JobDeps, kinds: readonly JobKind[], onInvoked: () => void = () => {}) {
  const jobFunctions = kinds.map((kind) =>
    client.createFunction(
      {
        id: kind.name,
        triggers: [{ event: jobEventName(kind.name) }],
        retries: Math.min(Math.max((kind.inngestAttempts ?? DEFAULT_ATTEMPTS) - 1, 0), 20) as Retries,
        onFailure: async ({ event, error, logger }) => {
          logger.error(`[jobs] Inngest gave up on ${kind.name} ${String(event.data.event.data?.id)}: ${error.message}`);
        },
      },
      async ({ event }) => {
        onInvoked();
        const id: unknown = event.data?.id;
        if (typeof id !== "string") throw new NonRetriableError(`${jobEventName(kind.name)} needs data.id`);
        const outcome = await kind.handle(deps, id);
        if (outcome) throw new RetryAfterError(`${kind.name} ${id}: look again at ${outcome.retryAt.toISOString()}`, outcome.retryAt);
        return { id };
      },
    ),
  );

  // A deadline at its exact time: sleep until it, then run the kind's job (which re-reads the row).
  const timerFunctions = kinds
    .filter((kind) => kind.deadline)
    .map((kind) =>
      client.createFunction(
        { id: timerFunctionId(kind.name), triggers: [{ event: timerEventName(kind.name) }] },
        async ({ event, step }) => {
          onInvoked();
          const { id, dueAt } = (event.data ?? {}) as { id?: unknown; dueAt?: unknown };
          if (typeof id !== "string" || typeof dueAt !== "string" || Number.isNaN(Date.parse(dueAt))) {
            throw new NonRetriableError(`${timerEventName(kind.name)} needs data.id and data.dueAt`);
          }
          await step.sleepUntil("until-due", new Date(dueAt));
          await step.sendEvent("due", { name: jobEventName(kind.name), data: { id } });
          return { id, dueAt };
        },
      ),
    );

  /**
   * Sends each row due at `dueBy` its job event and schedules each deadline due by `scheduleBy`,
   * one lookup per kind, each a step of its own.
   */
  async function wakeRows(step: GetStepTools<Inngest>, now: Date, dueBy: Date) {
    const events: JobEvent[] = [];
    const scheduleBy = new Date(now.getTime() + SCHEDULE_AHEAD_MS);
    for (const kind of kinds) {
      const lookAhead = kind.deadline ? scheduleBy : dueBy;
      const rows = await step.run(`find-${kind.name}`, async () =>
        (await kind.findDue(deps, { actor: SWEEPER, cutoff: lookAhead, limit: SWEEP_LIMIT })).map((row) => ({
          id: row.id,
          dueAt: row.dueAt.toISOString(),
        })),
      );
      for (const row of rows) {
        const dueAt = Date.parse(row.dueAt);
        if (dueAt <= dueBy.getTime()) events.push({ name: jobEventName(kind.name), data: { id: row.id } });
        else if (dueAt > now.getTime())
          events.push({ name: timerEventName(kind.name), id: `${kind.name}:${row.id}:${dueAt}`, data: { id: row.id, dueAt: row.dueAt } });
      }
    }
    if (events.length > 0) await step.sendEvent("wake-due", events);
    return { woken: events.filter((e) => !e.id).length, scheduled: events.filter((e) => e.id).length };
  }

  // The safety net: rows their own run missed, and deadlines coming up.
  const sweep = client.createFunction({ id: SWEEP_FUNCTION_ID, triggers: [{ cron: "* * * * *" }] }, ({ step }) => {
    onInvoked();
    const now = deps.clock.now();
    return wakeRows(step, now, new Date(now.getTime() - SWEEP_GRACE_MS));
  });
  // After commits: everything due now, at most about once a second however many commits asked.
  const wake = client.createFunction(
    { id: WAKE_FUNCTION_ID, triggers: [{ event: WAKE_EVENT }], debounce: { period: "1s", timeout: "5s" } },
    ({ step }) => {
      onInvoked();
      const now = deps.clock.now();
      return wakeRows(step, now, now);
    },
  );

  return [...jobFunctions, ...timerFunctions, sweep, wake];
}

/** Rows overdue by this much mean Inngest is not running Kuasa's functions: the local sweeper takes over. */
export const OVERDUE_TAKEOVER_MS = 2 * SWEEP_GRACE_MS;
const WATCH_INTERVAL_MS = 30_000;

export interface InngestEngineOptions {
  logger?: Logger;
  /** The local sweeper that takes over while Inngest cannot be reached. */
  fallback?: { intervalMs: number; concurrency: number };
  /** How often to look for overdue rows and to try Inngest again during a takeover. */
  watchIntervalMs?: number;
}

export interface InngestEngine extends JobEngine {
  readonly name: "inngest";
  /** The `/api/inngest` handler (Next App Router methods). */
  readonly handler: ReturnType<typeof serve>;
  /** One look for overdue rows (and, during a takeover, one try of Inngest); the watch loop runs it. */
  checkHealth(): Promise<EngineStatus>;
}

/**
 * Nothing stalls when Inngest cannot be reached: a failed send, or rows overdue by more than
 * OVERDUE_TAKEOVER_MS (events accepted but functions never run), starts the local sweeper in this
 * process and says so loudly in the log and in `status()`. Handlers are idempotent and claim
 * their rows with conditional UPDATEs, so the sweeper and Inngest may both run. The takeover ends
 * once a send succeeds again and, if it began because functions were not run, Inngest has called
 * this process since.
 */
export function createInngestEngine(deps: JobDeps, kinds: readonly JobKind[], options: InngestEngineOptions = {}): InngestEngine {
  const logger = options.logger ?? processLogger;
  const client = createInngestClient(logger);
  let lastInvokedAt = 0;
  const handler = serve({ client, functions: createInngestFunctions(client, deps, kinds, () => (lastInvokedAt = Date.now())) });
  const sending = new Set<Promise<boolean>>();
  let takeover: { sweeper: Sweeper; reason: string; since: number } | null = null;
  let watch: NodeJS.Timeout | null = null;
  let checking: Promise<EngineStatus> | null = null;
  let stopped = false;

  function startTakeover(reason: string): void {
    if (takeover || stopped || !options.fallback) return;
    logger.error(
      `[jobs] INNGEST UNREACHABLE: ${reason}. The local sweeper of this process takes over offering, timers and webhooks until Inngest answers again.`,
    );
    const sweeper = createSweeper({
      deps,
      kinds,
      intervalMs: options.fallback.intervalMs,
      concurrency: options.fallback.concurrency,
      logger,
    });
    takeover = { sweeper, reason, since: Date.now() };
    sweeper.start();
  }

  async function endTakeover(): Promise<void> {
    const ending = takeover;
    if (!ending) return;
    takeover = null;
    await ending.sweeper.stop();
    logger.error(
      `[jobs] Inngest answers again; the local sweeper of this process stops (it ran ${Math.round((Date.now() - ending.since) / 1000)} s).`,
    );
  }

  /** A failed send is logged and starts the takeover, never thrown: the rows stay due. */
  function sendQuietly(event: JobEvent, what: string): Promise<boolean> {
    const send: Promise<boolean> = client
      .send(event)
      .then(
        () => true,
        (err: unknown) => {
          logger.error(`[jobs] could not wake ${what} through Inngest: ${err instanceof Error ? err.message : err}`);
          startTakeover(`events cannot be sent (${err instanceof Error ? err.message : err})`);
          return false;
        },
      )
      .finally(() => sending.delete(send));
    sending.add(send);
    return send;
  }

  async function overdueKinds(): Promise<string[]> {
    const cutoff = new Date(deps.clock.now().getTime() - OVERDUE_TAKEOVER_MS);
    const overdue: string[] = [];
    for (const kind of kinds) if ((await kind.findDue(deps, { actor: SWEEPER, cutoff, limit: 1 })).length > 0) overdue.push(kind.name);
    return overdue;
  }

  function status(): EngineStatus {
    return takeover
      ? { engine: "inngest", healthy: false, fallback: "sweeper", reason: takeover.reason, since: new Date(takeover.since) }
      : { engine: "inngest", healthy: true };
  }

  async function check(): Promise<EngineStatus> {
    try {
      if (!takeover) {
        const overdue = await overdueKinds();
        if (overdue.length > 0)
          startTakeover(
            `rows overdue by more than ${OVERDUE_TAKEOVER_MS / 1000} s (${overdue.join(", ")}): Inngest is not running Kuasa's functions`,
          );
      } else {
        const sent = await sendQuietly({ name: WAKE_EVENT, data: {} }, "a health check");
        const calledSince = lastInvokedAt > takeover.since;
        if (sent && (calledSince || takeover.reason.startsWith("events cannot be sent"))) await endTakeover();
      }
    } catch (err) {
      logger.error(`[jobs] Inngest health check failed: ${err instanceof Error ? err.message : err}`);
    }
    return status();
  }

  function checkHealth(): Promise<EngineStatus> {
    checking ??= check().finally(() => (checking = null));
    return checking;
  }

  return {
    name: "inngest",
    handler,
    start() {
      if (watch || stopped) return;
      watch = setInterval(() => void checkHealth(), options.watchIntervalMs ?? WATCH_INTERVAL_MS);
      watch.unref();
    },
    checkHealth,
    wakeDue() {
      if (takeover) takeover.sweeper.wakeDue();
      void sendQuietly({ name: WAKE_EVENT, data: {} }, "due work");
    },
    status,
    async stop() {
      stopped = true;
      if (watch) clearInterval(watch);
      watch = null;
      await checking;
      await Promise.all(sending);
      await takeover?.sweeper.stop();
    },
  };
}
