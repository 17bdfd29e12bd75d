export { authenticateApiKey, createApiKey, invalidateApiKeyCache, KEY_DEFAULTS, listApiKeys, requireScope, revokeApiKey, rotateWebhookSecret, updateApiKey } from "./api-keys";
export { acceptInvitation, findInvitation, type InvitationStatus, inviteAdmin, listTeam, revokeInvitation, tokenHashOf } from "./invitations";
export { findPortalAccount } from "./portal-users";
export { ApiRateLimiter, DEFAULT_RATE_LIMITS, rateLimitHeaders, type RateLimitStore } from "./rate-limit";
export { signIn, SignInThrottle } from "./sign-in";
export { createPractitioner, type CreatePractitionerInput, createUser, MIN_PASSWORD_LENGTH } from "./users";
export { hashPassword, verifyPassword } from "./passwords";
