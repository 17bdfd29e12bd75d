export {
  authenticateApiKey,
  createApiKey,
  createApiKeyIn,
  invalidateApiKeyCache,
  KEY_DEFAULTS,
  listApiKeys,
  requireScope,
  revokeApiKey,
  rotateWebhookSecret,
  updateApiKey,
  upgradeApiKeyVersion,
} from "./api-keys";
export {
  DEFAULT_HASHING_LIMITS,
  type HashingLimits,
  type HashingTurn,
  type HashingTurns,
  hashingBusy,
  LocalHashingTurns,
} from "./hashing-turns";
export {
  acceptInvitation,
  DEFAULT_INVITATIONS_PER_DAY,
  findInvitation,
  type InvitationStatus,
  inviteAdmin,
  listTeam,
  revokeInvitation,
  tokenHashOf,
} from "./invitations";
export {
  deleteExpiredPasswordReset,
  expiredPasswordResets,
  findPasswordReset,
  type PasswordResetStatus,
  passwordResetSubject,
  requestPasswordReset,
  resetPassword,
} from "./password-reset";
export { argon2Hasher, hashPassword, productionPasswordHasher, verifyPassword } from "./passwords";
export { findSessionAccount, liveSessionAccount } from "./portal-users";
export { practitionerActorOf } from "./practitioner-actor";
export { ApiRateLimiter, DEFAULT_RATE_LIMITS, type RateLimitClass, type RateLimitStore, rateLimitHeaders } from "./rate-limit";
export { endAllPortalSessions, endOtherPortalSessions, endPortalSession, startPortalSession } from "./sessions";
export { SignInThrottle, signIn } from "./sign-in";
export { type CreatePractitionerInput, createPractitioner, createUser, MIN_PASSWORD_LENGTH } from "./users";
