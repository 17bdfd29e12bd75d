export { registerClient } from "./clients";
export { deleteExpiredOAuthSecrets, expiredOAuthSecrets } from "./expiry";
export { approveAuthorization, checkAuthorization, denyAuthorization, issueTokens, revokeToken } from "./grants";
