export { registerClient } from "./clients";
export { deleteExpiredOAuthSecrets, deleteUnusedOAuthClients, expiredOAuthSecrets, unusedOAuthClients } from "./expiry";
export { approveAuthorization, checkAuthorization, denyAuthorization, issueTokens, revokeToken } from "./grants";
