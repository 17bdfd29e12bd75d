import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  override readonly name = "DataDirLockedError";
}

/** What a lock file records: who took it, and when that process started (null where we cannot tell). */
interface LockHolder {
  pid: number;
  started: string | null;
}

// Process-wide rather than per module instance: a bundler may load this module more than once.
const HELD: Set<string> = ((globalThis as { [key: symbol]: Set<string> | undefined })[Symbol.for("kuasa.heldDataDirLocks")] ??= new Set());

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Tells one process from a later one that reuses its pid: on Linux the boot id plus the start time
 * (field 22 of /proc/<pid>/stat, in clock ticks since boot). Null where /proc is not available.
 */
export function processStartIdentity(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ")".
    const starttime = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    const bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return starttime ? `${bootId}:${starttime}` : null;
  } catch {
    return null;
  }
}

/** The holder a lock file names: JSON, or a bare pid as written before start identities were kept. */
function parseHolder(text: string): LockHolder | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === "number") return Number.isInteger(parsed) && parsed > 0 ? { pid: parsed, started: null } : null;
    const { pid, started } = (parsed ?? {}) as Partial<LockHolder>;
    if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return null;
    return { pid, started: typeof started === "string" ? started : null };
  } catch {
    return null;
  }
}

/**
 * Whether the recorded holder still runs. Our own pid is a holder only if this process took the
 * lock: otherwise it was a previous life of this pid (a container restarts as pid 1 again after
 * kill -9). Another live pid holds it unless its start identity shows a different process.
 */
function holderIsLive(holder: LockHolder, lockPath: string): boolean {
  if (holder.pid === process.pid) return HELD.has(lockPath);
  if (!processIsAlive(holder.pid)) return false;
  const current = holder.started === null ? null : processStartIdentity(holder.pid);
  return current === null || current === holder.started;
}

/**
 * PGlite is one process's database: a second opener would corrupt it. Takes `<dir>/kuasa.lock`
 * (exclusive create, holding our pid and start identity); a lock left by a process that no longer
 * runs is taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => Promise<void> {
  const lockPath = path.resolve(dataDir, "kuasa.lock");
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, JSON.stringify({ pid: process.pid, started: processStartIdentity(process.pid) } satisfies LockHolder));
      closeSync(fd);
      HELD.add(lockPath);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        HELD.delete(lockPath);
        rmSync(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = parseHolder(readFileSync(lockPath, "utf8").trim());
      if (holder && holderIsLive(holder, lockPath)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another Kuasa process (pid ${holder.pid}). ` +
            `Stop that process, use another DATA_DIR, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath}; another process keeps recreating it.`);
}
