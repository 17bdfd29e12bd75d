import { SWEEPER } from "@/server/domain/access/actor";
import { deleteExpiredRequests, keysWithExpiredRequests } from "@/server/services/request-log";
import type { JobKind } from "./types";

/** Rows of the request log older than its week are deleted, key by key (services/request-log). */
export const requestLogExpiryJob: JobKind = {
  name: "request-log-expiry",
  findDue: keysWithExpiredRequests,
  handle: async (deps, apiKeyId) =>
    deleteExpiredRequests(deps, {
      actor: SWEEPER,
      apiKeyIds: [apiKeyId],
    }),
  handleBatch: (deps, ids) =>
    deleteExpiredRequests(deps, {
      actor: SWEEPER,
      apiKeyIds: ids,
    }),
};
