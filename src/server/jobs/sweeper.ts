import { logger } from "@/server/log";
import type { JobDeps, JobEngine, JobKind } from "./types";

export interface SweeperOptions {
  deps: JobDeps;
  kinds: readonly JobKind[];
  /** Pause between scans for due rows. */
  intervalMs: number;
  /** Handlers running at once, per kind, so one kind's slow work never starves another. */
  concurrency: number;
  /** Called pino-style, `error({ err }, message)`; the process's logger by default. */
  logger?: { error(...args: unknown[]): void };
}

export interface Sweeper extends JobEngine {
  readonly name: "sweeper";
  /** One scan, then waits for the handlers it started; returns how many it started. For tests and tools. */
  runOnce(): Promise<number>;
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
 */
/** Wake-ups this soon after a scan wait for the next one, so a busy API never scans back to back. */
export const WAKE_GAP_MS = 50;

export function createSweeper(options: SweeperOptions): Sweeper {
  const { deps, kinds, intervalMs, concurrency } = options;
  const log = options.logger ?? logger;
  const inFlight = new Map<string, Map<string, Promise<void>>>(kinds.map((kind) => [kind.name, new Map()]));
  let scanning: Promise<Promise<void>[]> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let looping = false;
  let stopped = false;
  let rescan = false;
  let lastScanAt = 0;
  let nextTickAt = 0;

  async function scanKinds(): Promise<Promise<void>[]> {
    const started: Promise<void>[] = [];
    for (const kind of kinds) {
      const active = inFlight.get(kind.name)!;
      if (active.size >= concurrency) continue;
      let ids: string[];
      try {
        // Ask for the rows in flight too: they may still look due until their handler claims them.
        ids = (await kind.findDue(deps.db, deps.clock.now(), concurrency)).map((row) => row.id);
      } catch (err) {
        log.error({ err }, `[jobs] finding due ${kind.name} failed`);
        continue;
      }
      for (const id of ids) {
        if (stopped || active.size >= concurrency) break;
        if (active.has(id)) continue;
        const run = kind
          .handle(deps, id)
          .then(
            () => undefined,
            (err: unknown) => log.error({ err }, `[jobs] ${kind.name} ${id} failed`),
          )
          .finally(() => active.delete(id));
        active.set(id, run);
        started.push(run);
      }
    }
    return started;
  }

  function scan(): Promise<Promise<void>[]> {
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
    notify(kind) {
      if (!inFlight.has(kind)) {
        log.error(`[jobs] notify: unknown job kind ${kind}`);
        return;
      }
      // The scan finds the row by itself; a wake-up only brings the scan forward.
      wake();
    },
    wakeDue: wake,
    async runOnce() {
      if (stopped) return 0;
      if (scanning) await scanning;
      const started = await scan();
      await Promise.all(started);
      return started.length;
    },
    async stop() {
      stopped = true;
      looping = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await scanning;
      await Promise.all([...inFlight.values()].flatMap((active) => [...active.values()]));
    },
  };
}
