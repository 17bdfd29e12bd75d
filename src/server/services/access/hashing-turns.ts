import { AppError } from "@/server/domain/errors";

/** The right to run one password hash now; given back when the hash is done. */
export interface HashingTurn {
  done(): void;
}

/**
 * Who may hash now. One process keeps its own (LocalHashingTurns); server processes of one machine
 * share the primary's over IPC (runtime/shared-hashing.ts), so two processes never hash at once.
 */
export interface HashingTurns {
  /** Resolves when it is the caller's turn; rejects with RATE_LIMITED when too many already wait. */
  take(): Promise<HashingTurn>;
}

export interface HashingLimits {
  /** Hashes running at once. */
  concurrency: number;
  /** Hashes waiting for a turn; one more is refused at once. */
  maxWaiting: number;
  /**
   * The share of a core hashing may keep busy once its burst is spent: after a hash that took t, its
   * turn rests t × (1 / coreShare − 1) before the next waiter starts. 1: no rest.
   */
  coreShare: number;
  /**
   * Hashing time (ms) that runs at full speed before rests begin, refilled at coreShare: a few
   * people signing in together wait only for their own hashes; a flood soon runs at coreShare.
   */
  burstMs: number;
}

/**
 * One argon2 hash at a time (each holds a core for ~50-100 ms and 19 MiB), resting so that hashing
 * keeps at most a tenth of a core busy, and 64 waiting. A hashing flood from any number of
 * addresses then takes a tenth of one core of the machine, and its clients wait in the queue
 * instead of sending more (bench/hashing.ts); sign-in slows under such a flood, the API keeps its
 * cores. Without a flood (half a second of hashing in hand, about five sign-ins at once) a sign-in
 * waits only for its own hash.
 */
export const DEFAULT_HASHING_LIMITS: HashingLimits = { concurrency: 1, maxWaiting: 64, coreShare: 0.1, burstMs: 500 };

/** The refusal when the waiting list is full: a busy answer costs nothing, a growing queue costs memory. */
export function hashingBusy(): AppError {
  return new AppError("RATE_LIMITED", "Server sedang sibuk memeriksa kata sandi; coba lagi dalam beberapa detik.");
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Turns handed out a few at a time with a bounded waiting list, each turn resting after its hash
 * as its core share requires. A turn's length is measured here, from grant to done, so a turn
 * handed to another process over IPC is measured the same way.
 */
export class LocalHashingTurns implements HashingTurns {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Hashing time in hand (ms): spent by hashes, refilled at coreShare, at most burstMs. */
  private budgetMs: number;
  private budgetAt: number;

  constructor(
    private readonly limits: HashingLimits = DEFAULT_HASHING_LIMITS,
    /** How a turn rests (tests pass one they release by hand). */
    private readonly rest: (ms: number) => Promise<void> = sleep,
    /** Milliseconds, monotonic (tests pass their own). */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.budgetMs = limits.burstMs;
    this.budgetAt = now();
  }

  async take(): Promise<HashingTurn> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxWaiting) throw hashingBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    const started = this.now();
    let given = false;
    return {
      done: () => {
        if (given) return;
        given = true;
        const restMs = this.spend(this.now() - started);
        // The caller has its answer now; the turn rests (if at all) before it passes on.
        if (restMs > 0) void this.rest(restMs).then(() => this.passTurn());
        else this.passTurn();
      },
    };
  }

  /** How long the turn rests after a hash that took `durationMs`: none while the burst lasts. */
  private spend(durationMs: number): number {
    if (this.limits.coreShare >= 1) return 0;
    const at = this.now();
    this.budgetMs = Math.min(this.limits.burstMs, this.budgetMs + (at - this.budgetAt) * this.limits.coreShare - durationMs);
    this.budgetAt = at;
    return this.budgetMs >= 0 ? 0 : -this.budgetMs / this.limits.coreShare;
  }

  /** Straight to the next waiter, so `running` never dips and lets a newcomer in first. */
  private passTurn(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
