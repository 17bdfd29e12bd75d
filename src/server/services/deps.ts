import type { Db } from "@/server/db/client";
import type { PasswordHasher } from "@/server/domain/access/password";
import { API_VERSIONS, type VersionTable } from "@/server/domain/api-version";
import type { Clock } from "@/server/domain/clock";
import type { FileSettings } from "@/server/domain/files/file-storage";
import { DEFAULT_ORDER_RULES, type OrderRules } from "@/server/domain/orders/order-rules";

/** What a use case needs from the process: the database, the time and the order settings. */
export interface ServiceDeps {
  db: Db;
  clock: Clock;
  /** ORDER_AUTO_ACCEPT_DAYS, OFFER_STALL_HOURS, ORDER_MAX_REVISIONS; the defaults when absent (tests). */
  orderRules?: OrderRules;
  /** The portal's public address (PUBLIC_URL) for links in e-mails; the local default when absent (tests). */
  publicUrl?: string;
  /** INVITATIONS_PER_DAY: invitations one organisation may send in 24 hours; the default when absent (tests). */
  invitationsPerDay?: number;
  /** Password hashing: the runtime's queued argon2id (production's cost) when absent. Tests pass a cheap one. */
  passwordHashing?: PasswordHasher;
  /** Where documents are kept and how large one may be; absent in tests that touch no file. */
  files?: FileSettings;
  /** How OAuth client ID metadata documents are fetched (services/oauth); public addresses only when absent. */
  clientDocuments?: { allowPrivate: boolean; ca?: string };
  /** The API's dated versions: domain/api-version.ts's table when absent; tests of the mechanism give their own. */
  apiVersions?: VersionTable;
}

const LOCAL_PUBLIC_URL = "http://localhost:3000";

export function publicUrlOf(deps: Pick<ServiceDeps, "publicUrl">): string {
  return deps.publicUrl ?? LOCAL_PUBLIC_URL;
}

export function orderRulesOf(deps: Pick<ServiceDeps, "orderRules">): OrderRules {
  return deps.orderRules ?? DEFAULT_ORDER_RULES;
}

export function apiVersionsOf(deps: Pick<ServiceDeps, "apiVersions">): VersionTable {
  return deps.apiVersions ?? API_VERSIONS;
}
