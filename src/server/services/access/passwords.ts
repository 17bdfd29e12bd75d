import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { type PasswordHashing, PRODUCTION_PASSWORD_HASHING } from "@/server/domain/password";

// The library's Algorithm is a const enum, which isolated modules cannot read as a value.
const ARGON2ID: Algorithm.Argon2id = 2;

/** An argon2id hash of `password` at the cost the deps name, production's when they name none. */
export function hashPassword(deps: { passwordHashing?: PasswordHashing }, password: string): Promise<string> {
  const { memoryCost, timeCost, parallelism } = deps.passwordHashing ?? PRODUCTION_PASSWORD_HASHING;
  return hash(password, { algorithm: ARGON2ID, memoryCost, timeCost, parallelism });
}

/**
 * Whether `password` matches a stored hash, at the parameters encoded in the hash itself (so hashes
 * made at another cost still verify). A stored value that is not an argon2 hash matches nothing.
 */
export function verifyPassword(stored: string, password: string): Promise<boolean> {
  return verify(stored, password).catch(() => false);
}
