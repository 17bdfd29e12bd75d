import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  override readonly name = "DataDirLockedError";
}

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
 * PGlite is one process's database: a second opener would corrupt it. Takes `<dir>/kuasa.lock`
 * (exclusive create, holding our pid); a lock left by a dead process is taken over.
 * Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => Promise<void> {
  const lockPath = path.join(dataDir, "kuasa.lock");
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && processIsAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another Kuasa process (pid ${holder}). ` +
            `Stop that process, use another DATA_DIR, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath}; another process keeps recreating it.`);
}
