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
