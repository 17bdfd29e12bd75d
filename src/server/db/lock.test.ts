import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { acquireDataDirLock, DataDirLockedError, processStartIdentity } from "./lock";

let dir: string;
let lockPath: string;
const releases: Array<() => Promise<void>> = [];
const children: ChildProcess[] = [];

function acquire(): () => Promise<void> {
  const release = acquireDataDirLock(dir);
  releases.push(release);
  return release;
}

/** The pid the lock file names. */
function lockHolderPid(): number {
  return (JSON.parse(readFileSync(lockPath, "utf8")) as { pid: number }).pid;
}

function writeLock(pid: number, started: string | null): void {
  writeFileSync(lockPath, JSON.stringify({ pid, started }));
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  const pid = Number(child.stdout);
  expect(Number.isInteger(pid) && pid > 0).toBe(true);
  return pid;
}

/** A process that stays alive until the test ends. */
function livePid(): number {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "kuasa-lock-"));
  lockPath = path.join(dir, "kuasa.lock");
});

afterEach(async () => {
  for (const release of releases.splice(0)) await release();
  for (const child of children.splice(0)) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("acquireDataDirLock", () => {
  it("creates <dir>/kuasa.lock holding this process's pid and start identity", () => {
    acquire();
    expect(JSON.parse(readFileSync(lockPath, "utf8"))).toEqual({ pid: process.pid, started: processStartIdentity(process.pid) });
  });

  it("refuses a second acquire while the lock is held, with a DataDirLockedError naming the holder's pid", () => {
    acquire();
    let error: unknown;
    try {
      acquire();
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`pid ${process.pid}`);
    expect((error as Error).message).toContain(dir);
    // The holder's lock is untouched.
    expect(lockHolderPid()).toBe(process.pid);
  });

  it("refuses a lock held by another live process and tells how to get out of it", () => {
    const other = livePid();
    writeLock(other, processStartIdentity(other));
    expect(() => acquire()).toThrow(DataDirLockedError);
    expect(() => acquire()).toThrow(new RegExp(`in use by another Kuasa process \\(pid ${other}\\).*DATA_DIR.*DATABASE_URL`));
    expect(lockHolderPid()).toBe(other);
  });

  it("refuses a lock in the earlier bare-pid form held by another live process", () => {
    const other = livePid();
    writeFileSync(lockPath, String(other));
    expect(() => acquire()).toThrow(DataDirLockedError);
    expect(readFileSync(lockPath, "utf8")).toBe(String(other));
  });

  it("takes over a lock file left behind by a process that no longer runs", () => {
    writeLock(deadPid(), null);
    acquire();
    expect(lockHolderPid()).toBe(process.pid);
  });

  it("takes over a lock file whose content is not a pid", () => {
    writeFileSync(lockPath, "garbage\n");
    acquire();
    expect(lockHolderPid()).toBe(process.pid);
  });

  // After kill -9 a container restarts its process as the same pid (often 1), and kill(pid, 0) on ourselves succeeds.
  it("takes over a lock naming this process's own pid that this process did not take, in either form", async () => {
    writeLock(process.pid, processStartIdentity(process.pid));
    const release = acquire();
    expect(lockHolderPid()).toBe(process.pid);
    await release();
    writeFileSync(lockPath, String(process.pid));
    acquire();
    expect(lockHolderPid()).toBe(process.pid);
  });

  it.runIf(process.platform === "linux")(
    "takes over a lock whose pid is alive but belongs to a process started at another time (a reused pid)",
    () => {
      const other = livePid();
      expect(processStartIdentity(other)).not.toBeNull();
      writeLock(other, "another-boot:12345");
      acquire();
      expect(lockHolderPid()).toBe(process.pid);
    },
  );

  it("removes the lock file on release, so the directory can be taken again; releasing twice is harmless", async () => {
    const release = acquire();
    await release();
    expect(existsSync(lockPath)).toBe(false);
    await release();
    expect(existsSync(lockPath)).toBe(false);
    acquire();
    expect(existsSync(lockPath)).toBe(true);
  });
});

// Creating a PGlite store on disk takes a few seconds.
describe("openDatabase on an embedded DATA_DIR", { timeout: 60_000 }, () => {
  it("refuses a second opener in the same process with DataDirLockedError while the first keeps working", async () => {
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`pid ${process.pid}`);
      const rows = await first.withConnection((c) => c.queryRows<{ answer: number }>("SELECT 41 + 1 AS answer"));
      expect(rows).toEqual([{ answer: 42 }]);
      expect(lockHolderPid()).toBe(process.pid);
    } finally {
      await first.close();
    }
    expect(existsSync(lockPath)).toBe(false);
  });

  it("keeps the data on disk across close and reopen", async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.withConnection((c) => c.execScript(`CREATE TABLE kept (v TEXT); INSERT INTO kept VALUES ('ada');`));
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    try {
      expect(await second.withConnection((c) => c.queryRows<{ v: string }>("SELECT v FROM kept"))).toEqual([{ v: "ada" }]);
    } finally {
      await second.close();
    }
  });
});
