import { randomBytes } from "node:crypto";
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { type PasswordHasher, type PasswordHashing, PRODUCTION_PASSWORD_HASHING } from "@/server/domain/access/password";
import { type HashingTurns, LocalHashingTurns } from "./hashing-turns";

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

/** Another hasher's work, each call inside a turn: the turns decide how many run and how fast. */
export class HashingQueue implements PasswordHasher {
  constructor(
    private readonly inner: PasswordHasher,
    private readonly turns: HashingTurns = new LocalHashingTurns(),
  ) {}

  hash(password: string): Promise<string> {
    return this.run(() => this.inner.hash(password));
  }

  verify(stored: string | null, password: string): Promise<boolean> {
    return this.run(() => this.inner.verify(stored, password));
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    const turn = await this.turns.take();
    try {
      return await work();
    } finally {
      turn.done();
    }
  }
}

/**
 * Production's hasher: argon2id at OWASP's cost behind the queue. The runtime makes one per process,
 * on the machine's shared turns when it is one of several server processes.
 */
export function productionPasswordHasher(turns: HashingTurns): PasswordHasher {
  return new HashingQueue(argon2Hasher(PRODUCTION_PASSWORD_HASHING), turns);
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
export function hashPassword(deps: { passwordHashing?: PasswordHasher }, { password }: { password: string }): Promise<string> {
  return passwordHasherOf(deps).hash(password);
}

/** Whether `password` matches `stored` (null: an unknown account, checked against a dummy at the same cost). */
export function verifyPassword(
  deps: { passwordHashing?: PasswordHasher },
  { stored, password }: { stored: string | null; password: string },
): Promise<boolean> {
  return passwordHasherOf(deps).verify(stored, password);
}
