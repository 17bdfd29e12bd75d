import { deleteExpiredOAuthSecrets, expiredOAuthSecrets } from "@/server/services/oauth";
import type { JobKind } from "./types";

/** OAuth codes and tokens are deleted a day after they stop working (services/oauth/expiry.ts). */
export const oauthExpiryJob: JobKind = {
  name: "oauth-expiry",
  findDue: expiredOAuthSecrets,
  handle: async (deps, id) => deleteExpiredOAuthSecrets(deps, [id]),
  handleBatch: deleteExpiredOAuthSecrets,
};
