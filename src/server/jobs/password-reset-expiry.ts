import { SWEEPER } from "@/server/domain/access/actor";
import { deleteExpiredPasswordReset, expiredPasswordResets } from "@/server/services/access";
import type { JobKind } from "./types";

/** Password-reset links are deleted a day after they stop working (their token hashes are of no further use). */
export const passwordResetExpiryJob: JobKind = {
  name: "password-reset-expiry",
  findDue: expiredPasswordResets,
  handle: async (deps, resetId) =>
    deleteExpiredPasswordReset(deps, {
      actor: SWEEPER,
      resetId,
    }),
};
