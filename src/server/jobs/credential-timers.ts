import { SWEEPER } from "@/server/domain/access/actor";
import {
  credentialsDueForReminder,
  credentialsDueToExpire,
  expireCredential,
  remindCredentialExpiry,
} from "@/server/services/practitioners";
import type { JobKind } from "./types";

/** On its last day a verified credential stops counting: it expires, and the practitioner's label follows. */
export const credentialExpiryJob: JobKind = {
  name: "credential-expiry",
  findDue: credentialsDueToExpire,
  handle: async (deps, credentialId) =>
    expireCredential(deps, {
      actor: SWEEPER,
      credentialId,
    }),
};

/** 30 and 7 days before a verified credential's last day, its practitioner is reminded to renew it. */
export const credentialReminderJob: JobKind = {
  name: "credential-reminder",
  findDue: credentialsDueForReminder,
  handle: async (deps, credentialId) =>
    remindCredentialExpiry(deps, {
      actor: SWEEPER,
      credentialId,
    }),
};
