import type { DueQuery, DueRow } from "@/server/domain/due-row";
import type { OrderRules } from "@/server/domain/orders/order-rules";
import type { ServiceDeps } from "@/server/services/deps";
import type { WebhookSettings } from "@/server/services/events";
import type { EmailSender } from "@/server/services/notifications";

/** What every job handler may use (a superset of ServiceDeps); built once by the runtime. */
export interface JobDeps extends ServiceDeps {
  webhooks: WebhookSettings;
  /** Sends the e-mail outbox; absent without SMTP_URL (e-mails then stay queued). */
  email?: EmailSender;
}

/** A handler's answer: nothing (done, or nothing to do), or look at this row again at `retryAt`. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that has nothing to report returns nothing, as a Promise<void>
type JobOutcome = { retryAt: Date } | void;

/**
 * One kind of timed work. The row in the database is the truth; `handle` re-reads it, acts
 * only if it still needs it (conditional UPDATE) and is safe to run twice or concurrently.
 */
export interface JobKind {
  name: string;
  /** Rows that need `handle` at or before `cutoff`, at most `limit`, most overdue first; asked as the sweeper. */
  findDue(deps: Pick<ServiceDeps, "db">, query: DueQuery): Promise<DueRow[]>;
  handle(deps: JobDeps, id: string): Promise<JobOutcome>;
  /**
   * Optional: handles several due rows at once (set-based statements, few transactions). The local
   * sweeper calls it instead of `handle` with up to `batchSize` due ids (Inngest's per-row functions
   * keep calling `handle`); it must be as safe to run twice or concurrently as `handle`. A row it
   * could not finish now keeps its next time on the row, where `findDue` finds it again; if it
   * throws, the sweeper handles the batch's rows one at a time through `handle`.
   */
  handleBatch?(deps: JobDeps, ids: readonly string[]): Promise<void>;
  /** Most ids per `handleBatch` call (default 100). */
  batchSize?: number;
  /**
   * A deadline kind (an offer's 30 minutes, auto-acceptance, the stall refund, the SLA): Inngest
   * schedules each row shortly before its due time to run at that time, not at the next sweep.
   */
  deadline?: boolean;
  /** Runs of `handle` the Inngest engine allows per wake-up before giving up on it (default 4). */
  inngestAttempts?: number;
}

/** Wake an engine early after a commit instead of at its next sweep. Never throws. */
export interface Jobs {
  /** Something was committed that may have made rows due (an order paid, an event recorded): look now. */
  wakeDue(): void;
}

/** Whether timed work runs: Inngest may be unreachable, in which case the local sweeper covers for it. */
export type EngineStatus =
  | { engine: "sweeper" | "inngest"; healthy: true }
  | { engine: "inngest"; healthy: false; fallback: "sweeper"; reason: string; since: Date };

export interface JobEngine extends Jobs {
  readonly name: "sweeper" | "inngest";
  status(): EngineStatus;
  /** Begins background work (the sweeper's loop); call after migrations. */
  start(): void;
  /** Stops taking new work and waits for work in flight. */
  stop(): Promise<void>;
}

/**
 * The settings the job engines read, a part of the process's configuration (runtime/config.ts)
 * handed in by the runtime: the engines never read the environment themselves.
 */
export interface JobSettings {
  jobs: { engine: "inngest" | "sweeper"; sweepIntervalMs: number; concurrency: number };
  smtp: { url?: string; from: string };
  orderRules: OrderRules;
  publicUrl: string;
  operatorName: string;
  webhooks: { timeoutMs: number; allowPrivate: boolean };
}
