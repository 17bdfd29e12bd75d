import { type GetStepTools, Inngest, NonRetriableError, RetryAfterError, type InngestFunction, type Logger } from "inngest";
import { serve } from "inngest/next";
import type { JobDeps, JobEngine, JobKind } from "./types";

/**
 * The Inngest engine: one function per job kind, woken by `kuasa/job.<kind>` events, plus a
 * cron sweep as the safety net. The functions call the same handlers as the local sweeper; the
 * rows stay the truth, Inngest only decides when to call. The SDK reads INNGEST_EVENT_KEY,
 * INNGEST_SIGNING_KEY, INNGEST_DEV and INNGEST_BASE_URL from the environment itself.
 */

export const INNGEST_APP_ID = "kuasa";
export const SWEEP_FUNCTION_ID = "sweep-due";
export const WAKE_FUNCTION_ID = "wake-due";
/** Sent after a commit that may have made rows due; the wake function looks for them at once. */
export const WAKE_EVENT = "kuasa/wake.due";

/** A row due longer than this was missed by its own run (lost event, exhausted retries); the sweep wakes it. */
export const SWEEP_GRACE_MS = 60_000;
const SWEEP_LIMIT = 500;
// inngest.send has no timeout of its own when a server accepts but never answers.
const SEND_TIMEOUT_MS = 5_000;
const DEFAULT_ATTEMPTS = 4;

type Retries = NonNullable<InngestFunction.Options["retries"]>;

export function jobEventName(kind: string): string {
  return `kuasa/job.${kind}`;
}

function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
}

export function createInngestClient(logger: Logger = console): Inngest {
  return new Inngest({ id: INNGEST_APP_ID, fetch: fetchWithTimeout(SEND_TIMEOUT_MS), logger });
}

/**
 * Per kind: call the handler; when it names a time to look again (a failed webhook attempt:
 * 10/20/40/80 s, read from the row), throw RetryAfterError for exactly that time. After
 * `inngestAttempts` runs Inngest gives up and onFailure logs it; the row keeps its own state
 * (a webhook delivery is `gagal` after its 5th failed attempt, whoever made it), and anything
 * still due is found again by the sweep.
 */
export function createInngestFunctions(client: Inngest, deps: JobDeps, kinds: readonly JobKind[]) {
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
        const id: unknown = event.data?.id;
        if (typeof id !== "string") throw new NonRetriableError(`${jobEventName(kind.name)} needs data.id`);
        const outcome = await kind.handle(deps, id);
        if (outcome) throw new RetryAfterError(`${kind.name} ${id}: look again at ${outcome.retryAt.toISOString()}`, outcome.retryAt);
        return { id };
      },
    ),
  );

  /** Sends each row due at `cutoff` the event of its kind, each lookup a step of its own. */
  async function wakeRowsDue(step: GetStepTools<Inngest>, cutoff: Date) {
    const events: Array<{ name: string; data: { id: string } }> = [];
    for (const kind of kinds) {
      const ids = await step.run(`find-${kind.name}`, () => kind.findDue(deps.db, cutoff, SWEEP_LIMIT));
      events.push(...ids.map((id) => ({ name: jobEventName(kind.name), data: { id } })));
    }
    if (events.length > 0) await step.sendEvent("wake-due", events);
    return { woken: events.length };
  }

  // The safety net: rows their own run missed.
  const sweep = client.createFunction({ id: SWEEP_FUNCTION_ID, triggers: [{ cron: "* * * * *" }] }, ({ step }) =>
    wakeRowsDue(step, new Date(deps.clock.now().getTime() - SWEEP_GRACE_MS)),
  );
  // After commits: everything due now, at most about once a second however many commits asked.
  const wake = client.createFunction({ id: WAKE_FUNCTION_ID, triggers: [{ event: WAKE_EVENT }], debounce: { period: "1s", timeout: "5s" } }, ({ step }) =>
    wakeRowsDue(step, deps.clock.now()),
  );

  return [...jobFunctions, sweep, wake];
}

export interface InngestEngine extends JobEngine {
  readonly name: "inngest";
  /** The `/api/inngest` handler (Next App Router methods). */
  readonly handler: ReturnType<typeof serve>;
}

export function createInngestEngine(deps: JobDeps, kinds: readonly JobKind[], logger: Logger = console): InngestEngine {
  const client = createInngestClient(logger);
  const handler = serve({ client, functions: createInngestFunctions(client, deps, kinds) });
  const names = new Set(kinds.map((kind) => kind.name));
  const sending = new Set<Promise<void>>();
  /** A failed send is logged, never thrown: the cron sweep finds the rows anyway. */
  function sendQuietly(event: { name: string; data: Record<string, string> }, what: string): void {
    const send: Promise<void> = client
      .send(event)
      .then(
        () => undefined,
        (err: unknown) => logger.error(`[jobs] could not wake ${what} through Inngest (the cron sweep will): ${err instanceof Error ? err.message : err}`),
      )
      .finally(() => sending.delete(send));
    sending.add(send);
  }
  return {
    name: "inngest",
    handler,
    // Inngest calls in through /api/inngest; nothing runs in the background here.
    start() {},
    notify(kind, id) {
      if (!names.has(kind)) {
        logger.error(`[jobs] notify: unknown job kind ${kind}`);
        return;
      }
      sendQuietly({ name: jobEventName(kind), data: { id } }, `${kind} ${id}`);
    },
    wakeDue() {
      sendQuietly({ name: WAKE_EVENT, data: {} }, "due work");
    },
    async stop() {
      await Promise.all(sending);
    },
  };
}
