/** The shortest password a portal user may choose (sign-up, invitation, password change). */
export const MIN_PASSWORD_LENGTH = 10;

/** The longest accepted: argon2 hashes any length, but a form field needs a bound. */
export const MAX_PASSWORD_LENGTH = 200;
