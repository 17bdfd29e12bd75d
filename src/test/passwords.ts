import type { PasswordHasher } from "@/server/domain/access/password";
import { argon2Hasher } from "@/server/services/access";

/**
 * argon2id at a cost of ~1 ms instead of production's ~50-100 ms (more on a busy CI machine): the
 * fixtures create hundreds of users. Verification reads the cost from the hash, so sign-in works
 * the same. One test (users.db.test.ts) hashes at production's parameters.
 */
export const TEST_PASSWORD_HASHING = argon2Hasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

/** TEST_PASSWORD_HASHING that counts its calls: how much hashing a request caused, without a stopwatch. */
export function countingHasher(): PasswordHasher & { hashes: number; verified: Array<string | null> } {
  const counter = {
    hashes: 0,
    verified: [] as Array<string | null>,
    hash(password: string) {
      counter.hashes++;
      return TEST_PASSWORD_HASHING.hash(password);
    },
    verify(stored: string | null, password: string) {
      counter.verified.push(stored);
      return TEST_PASSWORD_HASHING.verify(stored, password);
    },
  };
  return counter;
}
