import { randomBytes } from "node:crypto";
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { AppError } from "@/server/domain/errors";
import { type PasswordHasher, type PasswordHashing, PRODUCTION_PASSWORD_HASHING } from "@/server/domain/password";

// The library's Algorithm is a const enum, which isolated modules cannot read as a value.
const ARGON2ID: Algorithm.Argon2id = 2;

/**
 * argon2id at `cost` for new hashes; verification reads the cost from the stored hash (so hashes
 * made at another cost still verify). A stored value that is not an argon2 hash matches nothing.
 */
export function argon2Hasher(cost: PasswordHashing): PasswordHasher {
  const { memoryCost, timeCost, parallelism } = cost;
  const make = (password: string) => hash(password, { algorithm: ARGON2ID, memoryCost, timeCost, parallelism });
  let dummy: Promise<string> | undefined;
  return {
    hash: make,
    async verify(stored, password) {
      const against = stored ?? (await (dummy ??= make(randomBytes(16).toString("base64url"))));
      const matches = await verify(against, password).catch(() => false);
      return stored !== null && matches;
    },
  };
}

export interface HashingQueueLimits {
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
 * One argon2 hash at a time per process (each holds a core for ~50-100 ms and 19 MiB), resting so
 * that hashing keeps at most a tenth of a core busy, and 64 waiting. A hashing flood from any
 * number of addresses then takes a tenth of each server process's core, and its clients wait in
 * the queue instead of sending more (bench/hashing.ts); sign-in slows under such a flood, the API
 * keeps its cores. Without a flood (half a second of hashing in hand, about five sign-ins at once)
 * a sign-in waits only for its own hash.
 */
const DEFAULT_HASHING_QUEUE: HashingQueueLimits = { concurrency: 1, maxWaiting: 64, coreShare: 0.1, burstMs: 500 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs another hasher's work a few at a time with a bounded waiting list. Past it, the call is
 * refused at once with RATE_LIMITED: a busy answer costs nothing, a growing queue costs memory and
 * makes every waiting sign-in time out anyway.
 */
export class HashingQueue implements PasswordHasher {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Hashing time in hand (ms): spent by hashes, refilled at coreShare, at most burstMs. */
  private budgetMs: number;
  private budgetAt: number;

  constructor(
    private readonly inner: PasswordHasher,
    private readonly limits: HashingQueueLimits = DEFAULT_HASHING_QUEUE,
    /** How a turn rests (tests pass one they release by hand). */
    private readonly rest: (ms: number) => Promise<void> = sleep,
    /** Milliseconds, monotonic (tests pass their own). */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.budgetMs = limits.burstMs;
    this.budgetAt = now();
  }

  hash(password: string): Promise<string> {
    return this.run(() => this.inner.hash(password));
  }

  verify(stored: string | null, password: string): Promise<boolean> {
    return this.run(() => this.inner.verify(stored, password));
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxWaiting)
        throw new AppError("RATE_LIMITED", "Server sedang sibuk memeriksa kata sandi; coba lagi dalam beberapa detik.");
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    const started = this.now();
    try {
      return await work();
    } finally {
      const restMs = this.spend(this.now() - started);
      // The caller has its answer now; the turn rests (if at all) before it passes on.
      if (restMs > 0) void this.rest(restMs).then(() => this.passTurn());
      else this.passTurn();
    }
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

/** Production's hasher: argon2id at OWASP's cost behind the queue. The runtime makes one per process. */
export function productionPasswordHasher(): PasswordHasher {
  return new HashingQueue(argon2Hasher(PRODUCTION_PASSWORD_HASHING));
}

/**
 * Outside the runtime (the operator command line) nobody else shares the process, so production's
 * cost without the queue: its rests would only slow an operator creating users one after another.
 */
const unqueued = argon2Hasher(PRODUCTION_PASSWORD_HASHING);

/** The deps' hasher: the runtime's queue in the server, production's cost anyway. */
function passwordHasherOf(deps: { passwordHashing?: PasswordHasher }): PasswordHasher {
  return deps.passwordHashing ?? unqueued;
}

/** An argon2id hash of `password` by the deps' hasher. */
export function hashPassword(deps: { passwordHashing?: PasswordHasher }, password: string): Promise<string> {
  return passwordHasherOf(deps).hash(password);
}

/** Whether `password` matches `stored` (null: an unknown account, checked against a dummy at the same cost). */
export function verifyPassword(deps: { passwordHashing?: PasswordHasher }, stored: string | null, password: string): Promise<boolean> {
  return passwordHasherOf(deps).verify(stored, password);
}
