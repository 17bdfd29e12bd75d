export { registerClient } from "./clients";
export { approveAuthorization, checkAuthorization, denyAuthorization, issueTokens, revokeToken } from "./grants";
