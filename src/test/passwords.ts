import type { PasswordHashing } from "@/server/domain/password";

/**
 * argon2id at a cost of ~1 ms instead of production's ~50-100 ms (more on a busy CI machine): the
 * fixtures create hundreds of users. Verification reads the cost from the hash, so sign-in works
 * the same. One test (users.db.test.ts) hashes at production's parameters.
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
