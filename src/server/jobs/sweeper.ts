import { SWEEPER } from "@/server/domain/access/actor";
import { logger } from "@/server/log";
import type { JobDeps, JobEngine, JobKind } from "./types";

export interface SweeperOptions {
  deps: JobDeps;
  kinds: readonly JobKind[];
  /** Pause between scans for due rows. */
  intervalMs: number;
  /** Handlers (or batches, for a kind with `handleBatch`) running at once, per kind, so one kind's slow work never starves another. */
  concurrency: number;
  /** Called pino-style, `error({ err }, message)`; the process's logger by default. */
  logger?: { error(...args: unknown[]): void };
}

export interface Sweeper extends JobEngine {
  readonly name: "sweeper";
  /** One scan, then waits for the handlers it started; returns how many rows it handed out. For tests and tools. */
  runOnce(): Promise<number>;
}

/** Wake-ups this soon after a scan wait for the next one, so a busy API never scans back to back. */
export const WAKE_GAP_MS = 50;

/** Ids per `handleBatch` call when a kind names no `batchSize`. */
export const DEFAULT_BATCH_SIZE = 100;

/** Splits `ids` into at most `batches` runs of at most `size`, in their order. */
function chunks(ids: readonly string[], size: number, batches: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length && out.length < batches; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/**
 * The local engine: an in-process loop that finds due rows (`findDue`) and runs their handlers.
 *
 * Claiming: the sweeper takes no row locks of its own. Each handler claims its row with a
 * conditional UPDATE that sets a lease (e.g. WebhookDelivery.lockedUntil), and findDue skips
 * leased rows. That works the same on PGlite and PostgreSQL, holds no transaction or pool
 * connection open during a slow HTTP call (FOR UPDATE SKIP LOCKED would, for up to 10 s), and is
 * the same claim the Inngest engine relies on, so several processes may sweep one database.
 *
 * Scans never overlap; handlers outlive the scan that started them, so a slow receiver holds
 * one slot, not the loop. State is in the database: after a restart the first scan finds
 * everything that fell due meanwhile.
 *
 * A kind with `handleBatch` is handed its due rows in batches: a scan asks for up to
 * `batchSize × concurrency` rows and starts at most `concurrency` batches of that kind at once.
 * A row in flight is never handed out again by this process; across processes the handler's own
 * claim (a lease, a conditional UPDATE under the order's lock) makes running a row twice harmless.
 */
export function createSweeper(options: SweeperOptions): Sweeper {
  const { deps, kinds, intervalMs, concurrency } = options;
  const log = options.logger ?? logger;
  /** Per kind: the rows in flight (each to the run that has it) and how many runs (handlers or batches) are going. */
  const inFlight = new Map<string, { rows: Map<string, Promise<void>>; runs: number }>(
    kinds.map((kind) => [kind.name, { rows: new Map(), runs: 0 }]),
  );
  /** The runs a scan started and how many rows they hold. */
  let scanning: Promise<{ runs: Promise<void>[]; rows: number }> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let looping = false;
  let stopped = false;
  let rescan = false;
  let lastScanAt = 0;
  let nextTickAt = 0;

  /** One handler or batch in a slot of its kind, holding `ids` until it ends; failures are logged. */
  function startRun(kind: JobKind, ids: string[], work: () => Promise<unknown>): Promise<void> {
    const state = inFlight.get(kind.name)!;
    state.runs++;
    // Through a promise, so even a handler that throws before its first await is logged, not thrown here.
    const run = Promise.resolve()
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => log.error({ err }, `[jobs] ${kind.name} ${ids.join(", ")} failed`),
      )
      .finally(() => {
        state.runs--;
        for (const id of ids) state.rows.delete(id);
      });
    for (const id of ids) state.rows.set(id, run);
    return run;
  }

  /**
   * A batch that fails (one row it cannot handle, a deadlock) is retried row by row through
   * `handle`, so one bad row never holds back the rows batched with it.
   */
  async function runBatch(kind: JobKind, ids: string[]): Promise<void> {
    try {
      await kind.handleBatch!(deps, ids);
    } catch (err) {
      if (ids.length === 1) throw err;
      log.error({ err }, `[jobs] ${kind.name} batch of ${ids.length} failed; handling its rows one at a time`);
      for (const id of ids) {
        await kind.handle(deps, id).catch((rowErr: unknown) => log.error({ err: rowErr }, `[jobs] ${kind.name} ${id} failed`));
      }
    }
  }

  async function scanKinds(): Promise<{ runs: Promise<void>[]; rows: number }> {
    const started = { runs: [] as Promise<void>[], rows: 0 };
    for (const kind of kinds) {
      const state = inFlight.get(kind.name)!;
      const free = concurrency - state.runs;
      if (free <= 0) continue;
      const batchSize = kind.handleBatch ? (kind.batchSize ?? DEFAULT_BATCH_SIZE) : 1;
      let ids: string[];
      try {
        // Ask for the rows in flight too: they may still look due until their handler claims them.
        ids = (await kind.findDue(deps, { actor: SWEEPER, cutoff: deps.clock.now(), limit: batchSize * concurrency })).map((row) => row.id);
      } catch (err) {
        log.error({ err }, `[jobs] finding due ${kind.name} failed`);
        continue;
      }
      if (stopped) break;
      const fresh = ids.filter((id) => !state.rows.has(id));
      if (kind.handleBatch) {
        for (const batch of chunks(fresh, batchSize, free)) {
          started.runs.push(startRun(kind, batch, () => runBatch(kind, batch)));
          started.rows += batch.length;
        }
      } else {
        for (const id of fresh.slice(0, free)) {
          started.runs.push(startRun(kind, [id], () => kind.handle(deps, id)));
          started.rows++;
        }
      }
    }
    return started;
  }

  function scan(): Promise<{ runs: Promise<void>[]; rows: number }> {
    if (!scanning) lastScanAt = Date.now();
    scanning ??= scanKinds().finally(() => (scanning = null));
    return scanning;
  }

  function schedule(delayMs: number): void {
    if (!looping || stopped) return;
    if (timer) clearTimeout(timer);
    nextTickAt = Date.now() + delayMs;
    timer = setTimeout(tick, delayMs);
    // The HTTP server keeps the process alive; this timer alone never should.
    timer.unref();
  }

  function tick(): void {
    timer = null;
    void scan().finally(() => {
      const delay = rescan ? Math.min(WAKE_GAP_MS, intervalMs) : intervalMs;
      rescan = false;
      schedule(delay);
    });
  }

  function wake(): void {
    if (scanning) {
      rescan = true;
      return;
    }
    const at = Math.max(Date.now(), lastScanAt + WAKE_GAP_MS);
    if (timer && nextTickAt <= at) return;
    schedule(at - Date.now());
  }

  return {
    name: "sweeper",
    status: () => ({ engine: "sweeper", healthy: true }),
    start() {
      if (looping || stopped) return;
      looping = true;
      schedule(0);
    },
    wakeDue: wake,
    async runOnce() {
      if (stopped) return 0;
      if (scanning) await scanning;
      const started = await scan();
      await Promise.all(started.runs);
      return started.rows;
    },
    async stop() {
      stopped = true;
      looping = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await scanning;
      await Promise.all([...inFlight.values()].flatMap((state) => [...state.rows.values()]));
    },
  };
}
