/** The shortest password a portal user may choose (sign-up, invitation, password change). */
export const MIN_PASSWORD_LENGTH = 10;

/** The longest accepted: argon2 hashes any length, but a form field needs a bound. */
export const MAX_PASSWORD_LENGTH = 200;

/** The cost of an argon2id password hash. */
export interface PasswordHashing {
  /** KiB of memory. */
  memoryCost: number;
  /** Passes over the memory. */
  timeCost: number;
  /** Lanes. */
  parallelism: number;
}

/** argon2id at OWASP's recommended floor (19 MiB, 2 passes, 1 lane), named rather than left to the library's defaults. */
export const PRODUCTION_PASSWORD_HASHING: PasswordHashing = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

/**
 * Hashing and checking portal passwords: argon2id behind a bounded queue in production, a cheaper
 * cost (or a counting wrapper) in tests.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Whether `password` matches `stored`. With no stored hash (an unknown e-mail) it checks against a
   * dummy hash of the same cost and answers false, so the answer takes as long as a wrong password.
   */
  verify(stored: string | null, password: string): Promise<boolean>;
}
