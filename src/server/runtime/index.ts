import type { AddressGuard } from "../api/address-guard";
import type { AppDeps } from "../api/context";
import type { Database } from "../db/client";
import type { JobEngineChoice } from "../jobs";
import type { ApiRateLimiter, SignInThrottle } from "../services/access";
import type { FileSettings } from "../services/files";
import type { RequestLog } from "../services/request-log";
import type { Config } from "./config";

export interface Runtime extends AppDeps {
  rateLimiter: ApiRateLimiter;
  /** Portal sign-in attempts, in the same store as the rate limits. */
  signInThrottle: SignInThrottle;
  addressGuard: AddressGuard;
  database: Database;
  config: Config;
  /** The job engine (Inngest or the local sweeper); every successful mutation wakes it (api/trpc.ts). */
  jobs: JobEngineChoice;
  /** Where documents are kept (FILE_STORAGE) and how large one may be (FILE_MAX_BYTES). */
  files: FileSettings;
  /** Each API key's request log, written in batches (services/request-log). */
  requestLog: RequestLog;
  /** Stops the job engine (waiting for work in flight), writes the request log's last batch, then closes the database. */
  close(): Promise<void>;
}

// Next's route modules and the custom server share one process; this is how they share one runtime.
// Types only above: a route calling getRuntime() must not bundle start-up code (migrate.ts reads
// import.meta.dirname at load, which Next's bundle leaves undefined). Start-up is start.ts.
const KEY = Symbol.for("kuasa.runtime");
type Holder = { [KEY]?: Runtime };

/** Makes `runtime` what getRuntime() returns; null withdraws it. */
export function setRuntime(runtime: Runtime | null): void {
  if (runtime) (globalThis as Holder)[KEY] = runtime;
  else delete (globalThis as Holder)[KEY];
}

/** What every face (REST, MCP, the portals) passes to its procedures: one place, so none forgets a setting. */
export function appDepsOf(runtime: Runtime): AppDeps & Pick<Runtime, "files"> {
  return {
    db: runtime.db,
    clock: runtime.clock,
    orderRules: runtime.config.orderRules,
    invitationsPerDay: runtime.config.invitationsPerDay,
    publicUrl: runtime.config.publicUrl,
    rateLimiter: runtime.rateLimiter,
    addressGuard: runtime.addressGuard,
    jobs: runtime.jobs,
    requestLog: runtime.requestLog,
    passwordHashing: runtime.passwordHashing,
    files: runtime.files,
    // OAuth client ID metadata documents are fetched under the webhooks' address rule.
    clientDocuments: { allowPrivate: runtime.config.webhooks.allowPrivate },
  };
}

export function getRuntime(): Runtime {
  const runtime = (globalThis as Holder)[KEY];
  if (!runtime) throw new Error("The Kuasa runtime is not started; run the app through src/server.ts (npm start / npm run dev).");
  return runtime;
}
