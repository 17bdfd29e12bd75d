import { logger } from "@/server/log";
import { smtpSender } from "@/server/services/notifications";
import { createInngestEngine, type InngestEngine } from "./inngest";
import { JOB_KINDS } from "./registry";
import { createSweeper, type Sweeper } from "./sweeper";
import type { JobDeps, JobSettings } from "./types";

export type { JobDeps, JobSettings } from "./types";

export type JobEngineChoice = Sweeper | InngestEngine;

/** Inngest when configured (INNGEST_* set), otherwise the in-process sweeper. */
export function createJobEngine(config: JobSettings, deps: JobDeps): JobEngineChoice {
  if (config.jobs.engine === "inngest") {
    return createInngestEngine(deps, JOB_KINDS, {
      fallback: { intervalMs: config.jobs.sweepIntervalMs, concurrency: config.jobs.concurrency },
    });
  }
  return createSweeper({ deps, kinds: JOB_KINDS, intervalMs: config.jobs.sweepIntervalMs, concurrency: config.jobs.concurrency });
}

/** The job dependencies the process builds from its settings (one SMTP transport per process). */
export function jobDepsFrom(config: JobSettings, base: Pick<JobDeps, "db" | "clock" | "files">): JobDeps {
  if (!config.smtp.url) logger.info("SMTP_URL is not set: practitioners' e-mail notifications stay queued until it is");
  const email = config.smtp.url ? smtpSender(config.smtp.url, config.smtp.from) : undefined;
  return {
    ...base,
    orderRules: config.orderRules,
    publicUrl: config.publicUrl,
    webhooks: { operatorName: config.operatorName, ...config.webhooks },
    email,
  };
}
