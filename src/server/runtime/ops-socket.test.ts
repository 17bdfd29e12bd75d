import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createConnection } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import { VISITOR } from "@/server/domain/access/actor";
import { systemClock } from "@/server/domain/clock";
import { SignInThrottle, signIn } from "@/server/services/access";
import { runOpsCli } from "@/test/ops-cli";
import { type OpsAnswer, openOpsSocket, opsSocketPaths, sendOpsCommand } from "./ops-socket";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const PASSWORD = "kata-sandi-lewat-soket";

/** A Kuasa process holding DATA_DIR's embedded database with its control socket open (src/test/ops-socket-server.ts). */
class Holder {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();

  constructor(private readonly dataDir: string) {}

  get pid(): number {
    return this.child!.pid!;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ["--import", "tsx", "src/test/ops-socket-server.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: this.dataDir, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    await new Promise<void>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("ready\n")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`the holder exited with ${code} before it was ready`)));
    });
  }

  /** Ends it with `signal` and returns once it is gone. */
  async end(signal: NodeJS.Signals): Promise<void> {
    if (this.child?.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
  }
}

/** One request line sent by a client of our own making; the server's one answer line. */
function rawRequest(socket: string, line: string): Promise<OpsAnswer> {
  return new Promise((resolve, reject) => {
    const client = createConnection(socket);
    let received = "";
    client.on("connect", () => client.write(`${line}\n`));
    client.on("data", (chunk: Buffer) => (received += chunk.toString()));
    client.on("error", reject);
    client.on("close", () => resolve(JSON.parse(received) as OpsAnswer));
  });
}

/** Connections to `socket` the kernel holds (accepted or waiting to be), from /proc/net/unix: each shows the listener's path. */
function connectionsTo(socket: string): number {
  return (
    readFileSync("/proc/net/unix", "utf8")
      .split("\n")
      .filter((line) => line.endsWith(` ${socket}`)).length - 1
  );
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

// One embedded data directory through the describe: a holder, then what its end leaves.
describe("npm run ops while a Kuasa process holds the embedded database", { timeout: 120_000 }, () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let paths: ReturnType<typeof opsSocketPaths>;
  let holder: Holder;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "kuasa-ops-socket-"));
    // Another user may enter the data directory itself: only the control directory keeps them out.
    chmodSync(dataDir, 0o755);
    env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
    paths = opsSocketPaths(dataDir);
    holder = new Holder(dataDir);
    await holder.start();
    // A new embedded store (initdb and the migrations) takes a while on a busy machine.
  }, 120_000);

  afterAll(async () => {
    await holder?.end("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs user:create in the process that holds the database: {id} on stdout; a second one is refused CONFLICT, read by that process", async () => {
    const created = await runOpsCli(["user:create", "--role", "operator", "--email", "soket@kuasa.test", "--password", PASSWORD], env);
    expect({ code: created.code, stderr: created.stderr }).toEqual({ code: 0, stderr: "" });
    expect(JSON.parse(created.stdout)).toEqual({ id: expect.stringMatching(/^usr_/) });

    const again = await runOpsCli(["user:create", "--role", "operator", "--email", "SOKET@kuasa.test", "--password", PASSWORD], env);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe("");
    expect(again.stderr).toBe("A user with e-mail soket@kuasa.test already exists.\n");
  });

  it("keeps the control directory 0700 and the socket and its token 0600", () => {
    expect(statSync(paths.dir).mode & 0o777).toBe(0o700);
    expect(statSync(paths.socket).isSocket()).toBe(true);
    expect(statSync(paths.socket).mode & 0o777).toBe(0o600);
    expect(statSync(paths.token).mode & 0o777).toBe(0o600);
  });

  it("refuses a request without this start's token, or not a request at all, and runs nothing", async () => {
    const refusal = { error: { code: "UNAUTHENTICATED", message: "Refused: the request does not carry this server's control token." } };
    const wrong = JSON.stringify({ token: "x".repeat(43), argv: ["org:create", "--name", "PT Penyusup"] });
    expect(await rawRequest(paths.socket, wrong)).toEqual(refusal);
    expect(await rawRequest(paths.socket, JSON.stringify({ argv: ["org:create", "--name", "PT Penyusup"] }))).toEqual(refusal);
    expect(await rawRequest(paths.socket, "org:create --name PT-Penyusup")).toEqual(refusal);
    const listed = await runOpsCli(["org:list"], env);
    expect(JSON.parse(listed.stdout)).toEqual({ organizations: [], has_more: false });
  });

  // Root passes every file mode, so as root the token is what refuses root's own other clients
  // (above); another user is kept out by the modes, which is what this proves.
  it.runIf(process.getuid?.() === 0)("keeps another OS user out: as nobody, neither the socket nor the token opens", async () => {
    const probe = spawn(
      process.execPath,
      [
        "-e",
        `const net = require("net"), fs = require("fs");
         try { fs.readFileSync(${JSON.stringify(paths.token)}); console.log("token read"); } catch (e) { console.log("token", e.code); }
         net.createConnection(${JSON.stringify(paths.socket)})
           .on("connect", () => { console.log("socket connected"); process.exit(0); })
           .on("error", (e) => console.log("socket", e.code));`,
      ],
      { uid: 65534, gid: 65534, cwd: "/" },
    );
    let out = "";
    probe.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => probe.once("close", resolve));
    expect(out.trim().split("\n")).toEqual(["token EACCES", "socket EACCES"]);
  });

  it("sends nothing into a control directory others may enter", async () => {
    chmodSync(paths.dir, 0o755);
    try {
      await expect(sendOpsCommand(dataDir, ["org:list"])).rejects.toThrow(`${paths.dir} is not a directory private to this user`);
    } finally {
      chmodSync(paths.dir, 0o700);
    }
  });

  it.runIf(process.platform === "linux")(
    "tells the command line when the server went away after taking its command: it may or may not have been done",
    async () => {
      // Stopped, the holder cannot accept: the command line's connection waits in the kernel's queue.
      process.kill(holder.pid, "SIGSTOP");
      const run = runOpsCli(["org:create", "--name", "PT Tak Terjawab"], env);
      await until(() => connectionsTo(paths.socket) === 1);
      await holder.end("SIGKILL");
      const { code, stdout, stderr } = await run;
      expect({ code, stdout }).toEqual({ code: 1, stdout: "" });
      expect(stderr).toContain("The Kuasa server stopped before it answered: the command may or may not have been carried out.");
    },
  );

  it("opens the database itself past a socket a SIGKILLed server left, and the next start replaces that socket", async () => {
    await holder.end("SIGKILL");
    expect(statSync(paths.socket).isSocket()).toBe(true);
    expect(existsSync(path.join(dataDir, "kuasa.lock"))).toBe(true);

    const created = await runOpsCli(["org:create", "--name", "PT Sesudah Kill"], env);
    expect({ code: created.code, stderr: created.stderr }).toEqual({ code: 0, stderr: "" });
    const { id } = JSON.parse(created.stdout) as { id: string };

    holder = new Holder(dataDir);
    await holder.start();
    const listed = await runOpsCli(["org:list"], env);
    expect(listed.code).toBe(0);
    // The command the killed server never ran made nothing.
    expect((JSON.parse(listed.stdout) as { organizations: Array<{ id: string }> }).organizations.map((o) => o.id)).toEqual([id]);
  });

  it("a server that stops removes its socket and token and lets the database go; the user made through it signs in", async () => {
    await holder.end("SIGTERM");
    expect([existsSync(paths.socket), existsSync(paths.token), existsSync(path.join(dataDir, "kuasa.lock"))]).toEqual([
      false,
      false,
      false,
    ]);
    const database = await openDatabase({ dataDir });
    try {
      const result = await signIn(
        { db: database.prisma, clock: systemClock },
        {
          actor: VISITOR,
          throttle: new SignInThrottle({ kind: "memory" }),
          email: "soket@kuasa.test",
          password: PASSWORD,
          address: "127.0.0.1",
        },
      );
      expect(result).toMatchObject({ ok: true, user: { role: "operator" } });
    } finally {
      await database.close();
    }
  });
});

describe("closing the control socket", () => {
  it("lets a command that is running finish and be answered, removing the socket at once so no new one comes", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "kuasa-ops-close-"));
    try {
      let release!: () => void;
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const socket = await openOpsSocket(dataDir, async (argv) => {
        started();
        await new Promise<void>((resolve) => (release = resolve));
        return { ran: argv };
      });
      const paths = opsSocketPaths(dataDir);
      const answer = sendOpsCommand(dataDir, ["org:list", "--limit", "1"]);
      await running;
      const closed = socket!.close();
      expect([existsSync(paths.socket), existsSync(paths.token)]).toEqual([false, false]);
      expect(await sendOpsCommand(dataDir, ["org:list"])).toBeNull();
      release();
      expect(await answer).toEqual({ result: { ran: ["org:list", "--limit", "1"] } });
      await closed;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
