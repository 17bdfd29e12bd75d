import { SWEEPER } from "@/server/domain/access/actor";
import { deleteExpiredOAuthSecrets, deleteUnusedOAuthClients, expiredOAuthSecrets, unusedOAuthClients } from "@/server/services/oauth";
import type { JobKind } from "./types";

/** OAuth codes and tokens are deleted a day after they stop working (services/oauth/expiry.ts). */
export const oauthExpiryJob: JobKind = {
  name: "oauth-expiry",
  findDue: expiredOAuthSecrets,
  handle: async (deps, id) =>
    deleteExpiredOAuthSecrets(deps, {
      actor: SWEEPER,
      ids: [id],
    }),
  handleBatch: (deps, ids) =>
    deleteExpiredOAuthSecrets(deps, {
      actor: SWEEPER,
      ids,
    }),
};

/** Registered OAuth clients no admin authorized within a day are deleted (services/oauth/expiry.ts). */
export const unusedOAuthClientJob: JobKind = {
  name: "oauth-client-cleanup",
  findDue: unusedOAuthClients,
  handle: async (deps, id) =>
    deleteUnusedOAuthClients(deps, {
      actor: SWEEPER,
      ids: [id],
    }),
  handleBatch: (deps, ids) =>
    deleteUnusedOAuthClients(deps, {
      actor: SWEEPER,
      ids,
    }),
};
