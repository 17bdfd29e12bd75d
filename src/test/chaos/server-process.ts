import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startSettings } from "../start-script";

const ROOT = path.resolve(import.meta.dirname, "../../..");

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The production server bundle `npm run build` writes and `npm start` runs. */
export const SERVER_BUNDLE = path.join(ROOT, ".next/kuasa-server/server.mjs");

/**
 * The real server as `npm start` runs it (the bundle, production mode, its V8 flags and malloc
 * settings), in its own process group, so SIGKILL hits every process that holds connections and
 * jobs (the workers too under WEB_CONCURRENCY), not a wrapper. Its output goes to one log file
 * across restarts.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private readonly log: WriteStream;
  /** Milliseconds from spawn to the first answer of /healthz, per start. */
  readonly startTimesMs: number[] = [];
  readonly baseUrl: string;

  constructor(
    port: number,
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.log = createWriteStream(logFile, { flags: "a" });
  }

  /** Starts the server and waits until it answers; throws when it does not within `timeoutMs`. */
  async start(timeoutMs = 120_000): Promise<void> {
    const started = performance.now();
    const { env, nodeFlags } = startSettings();
    const child = spawn(process.execPath, [...nodeFlags, SERVER_BUNDLE], {
      cwd: ROOT,
      env: { ...this.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    this.child = child;
    this.log.write(`\n===== start #${this.startTimesMs.length + 1} pid ${child.pid} at ${new Date().toISOString()}\n`);
    child.stdout!.pipe(this.log, { end: false });
    child.stderr!.pipe(this.log, { end: false });
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    let gone = false;
    void this.exited.then(() => (gone = true));
    const until = started + timeoutMs;
    while (performance.now() < until) {
      if (gone) throw new Error(`the server exited during start (exit code ${child.exitCode}); see ${this.logFile}`);
      try {
        const res = await fetch(`${this.baseUrl}/healthz`, { signal: AbortSignal.timeout(1000) });
        await res.body?.cancel();
        if (res.ok) {
          this.startTimesMs.push(Math.round(performance.now() - started));
          return;
        }
      } catch {
        // Not listening yet.
      }
      await delay(50);
    }
    throw new Error(`the server did not answer /healthz within ${timeoutMs} ms; see ${this.logFile}`);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** SIGKILL to the process group: no handler runs, nothing is flushed or closed; returns once the server is gone. */
  async kill(): Promise<void> {
    this.signalGroup("SIGKILL");
    await this.exited;
    this.child = null;
  }

  private signalGroup(signal: NodeJS.Signals): void {
    try {
      if (this.child?.pid) process.kill(-this.child.pid, signal);
    } catch {
      // Already gone.
    }
  }

  /** SIGTERM and wait for the graceful stop; SIGKILL if it takes longer than `timeoutMs`. */
  async stop(timeoutMs = 20_000): Promise<void> {
    if (!this.child) return;
    this.child.kill("SIGTERM");
    const stopped = await Promise.race([this.exited.then(() => true), delay(timeoutMs).then(() => false)]);
    if (!stopped) await this.kill();
    this.child = null;
  }

  async close(): Promise<void> {
    await this.stop();
    await new Promise<void>((resolve) => this.log.end(() => resolve()));
  }
}
