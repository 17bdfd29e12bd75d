import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer, type Socket } from "node:net";
import path from "node:path";
import { z } from "zod";
import { DataDirLockedError } from "../db/lock";
import { AppError, isErrorCode } from "../domain/errors";
import { logger } from "../log";

/**
 * The operator command line's way into a running server's embedded database (which only the
 * process holding its lock may open): a Unix socket in a directory only this OS user may enter.
 * A client sends one line, `{"token","argv"}`; the server runs the command in-process with the
 * same code the command line runs, and answers one line, `{"result"}` or `{"error":{code,message}}`.
 * Node offers no way to read the peer's credentials, so besides the directory's and socket's modes
 * the client proves itself with the token in a 0600 file beside the socket, new at every start.
 */

/** What one command produced: its JSON object, or its error. */
export type OpsAnswer = { result: Record<string, unknown> } | { error: { code: string; message: string } };

/** Runs one command line (`["user:create", "--email", …]`) and returns its object, or throws. */
export type OpsRunner = (argv: string[]) => Promise<Record<string, unknown>>;

/** A data directory's control directory, socket and token. */
export function opsSocketPaths(dataDir: string): { dir: string; socket: string; token: string } {
  const dir = path.resolve(dataDir, "control");
  return { dir, socket: path.join(dir, "ops.sock"), token: path.join(dir, "ops.token") };
}

/** sun_path's size less its terminating NUL: 108 bytes on Linux, 104 on macOS and the BSDs. */
const MAX_SOCKET_PATH = process.platform === "linux" ? 107 : 103;

/**
 * The socket's path as it is bound and dialled: absolute, so it reads the same from every working
 * directory (and in /proc/net/unix); relative to the working directory only when the absolute one
 * is too long for sun_path; null when too long even so.
 */
function socketAddress(socket: string): string | null {
  if (Buffer.byteLength(socket) <= MAX_SOCKET_PATH) return socket;
  const relative = path.relative(process.cwd(), socket);
  return Buffer.byteLength(relative) <= MAX_SOCKET_PATH ? relative : null;
}

/** A request is small (a command line); anything longer, or slower than this, is not a client of ours. */
const MAX_REQUEST_BYTES = 64 * 1024;
const REQUEST_TIMEOUT_MS = 10_000;

const requestSchema = z.object({ token: z.string(), argv: z.array(z.string()).max(100) });

const answerSchema = z.union([
  z.object({ result: z.record(z.string(), z.unknown()) }),
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
]);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

const ownUid = () => process.getuid?.() ?? -1;

export interface OpsSocket {
  /** Stops taking commands, lets the ones running finish and answer, and removes the socket and token. */
  close(): Promise<void>;
}

/**
 * Opens `<dataDir>/control/ops.sock` for the process that holds `dataDir`'s lock (so whatever is
 * there is left by a process that died). Null, with a warning, where it cannot be opened (no Unix
 * sockets, a path too long, a directory that is not this user's): the server runs on without it.
 */
export async function openOpsSocket(dataDir: string, run: OpsRunner): Promise<OpsSocket | null> {
  const paths = opsSocketPaths(dataDir);
  const address = socketAddress(paths.socket);
  if (process.platform === "win32" || address === null) {
    logger.warn({ socket: paths.socket }, "no control socket: `npm run ops` cannot reach this server's embedded database while it runs");
    return null;
  }
  mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
  const dir = lstatSync(paths.dir);
  if (!dir.isDirectory() || dir.uid !== ownUid()) {
    logger.warn({ dir: paths.dir }, "no control socket: its directory is not a directory of this user");
    return null;
  }
  chmodSync(paths.dir, 0o700);
  const removeFiles = () => {
    rmSync(paths.socket, { force: true });
    rmSync(paths.token, { force: true });
  };
  removeFiles();
  const token = randomBytes(32).toString("base64url");
  writeFileSync(paths.token, `${token}\n`, { mode: 0o600, flag: "wx" });

  const connections = new Set<Socket>();
  const running = new Set<Promise<void>>();
  let closing = false;

  const answer = async (line: string): Promise<OpsAnswer> => {
    const request = requestSchema.safeParse(parseLine(line));
    if (!request.success || !sameToken(request.data.token, token)) {
      logger.warn("control socket: refused a request without this start's token");
      return { error: { code: "UNAUTHENTICATED", message: "Refused: the request does not carry this server's control token." } };
    }
    if (closing)
      return { error: { code: "SERVICE_UNAVAILABLE", message: "Kuasa is stopping: run the command again once it has stopped." } };
    // The command's name only: its flags may hold a password.
    logger.info({ command: request.data.argv[0] ?? null }, "ops command over the control socket");
    try {
      return { result: await run(request.data.argv) };
    } catch (err) {
      if (err instanceof AppError) return { error: { code: err.code, message: err.message } };
      logger.error({ err }, "ops command over the control socket failed");
      return { error: { code: "INTERNAL", message: err instanceof Error ? err.message : String(err) } };
    }
  };

  const server = createServer((socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
    // A client gone before its answer is written: nothing to tell it.
    socket.on("error", () => {});
    socket.setEncoding("utf8");
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    let received = "";
    const onData = (chunk: string) => {
      received += chunk;
      const end = received.indexOf("\n");
      if (end === -1) {
        if (received.length > MAX_REQUEST_BYTES) socket.destroy();
        return;
      }
      socket.off("data", onData);
      // The command may take longer than a request may take to arrive.
      socket.setTimeout(0);
      // Done once the answer is handed to the kernel (or the client is gone), so close() cuts no answer short.
      const done = answer(received.slice(0, end)).then(
        (reply) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.end(`${JSON.stringify(reply)}\n`, resolve))),
      );
      running.add(done);
      void done.finally(() => running.delete(done));
    };
    socket.on("data", onData);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(address, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (err) {
    removeFiles();
    logger.warn(
      { err, socket: paths.socket },
      "no control socket: `npm run ops` cannot reach this server's embedded database while it runs",
    );
    return null;
  }
  // The directory (0700) already keeps others out; the socket's own mode says the same.
  chmodSync(paths.socket, 0o600);
  // A server that exits without close() (a fatal error) leaves nothing that looks alive.
  process.once("exit", removeFiles);

  return {
    async close() {
      if (closing) return;
      closing = true;
      // Gone at once: a command line started from now on waits for the lock and opens the database itself.
      removeFiles();
      process.off("exit", removeFiles);
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      // Requests that arrive meanwhile are answered SERVICE_UNAVAILABLE at once; then the idle ones go.
      while (running.size > 0) await Promise.all([...running]);
      for (const socket of connections) socket.destroy();
      await stopped;
    },
  };
}

/** The server went away after taking the command and before answering. */
class OpsServerGoneError extends Error {
  override readonly name = "OpsServerGoneError";
  constructor() {
    super(
      "The Kuasa server stopped before it answered: the command may or may not have been carried out. " +
        "Check (for example with org:list) before running it again.",
    );
  }
}

/** The control directory and socket are this user's and nobody else may enter or open them; otherwise the token and command stay here. */
function checkPrivate(paths: { dir: string; socket: string }): void {
  const dir = lstatSync(paths.dir);
  const socket = lstatSync(paths.socket);
  if (!dir.isDirectory() || dir.uid !== ownUid() || (dir.mode & 0o077) !== 0 || !socket.isSocket() || socket.uid !== ownUid()) {
    throw new Error(`${paths.dir} is not a directory private to this user (mode 0700, owned by you): not sending the command there.`);
  }
}

/**
 * Sends one command to the server that serves `dataDir`'s embedded database. Null when no server
 * answers there (none runs, or one was killed and left its socket behind); throws
 * OpsServerGoneError when the server took the command and went away before answering.
 */
export function sendOpsCommand(dataDir: string, argv: string[]): Promise<OpsAnswer | null> {
  const paths = opsSocketPaths(dataDir);
  const address = socketAddress(paths.socket);
  if (address === null) return Promise.resolve(null);
  let token: string;
  try {
    checkPrivate(paths);
    token = readFileSync(paths.token, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return Promise.resolve(null);
    return Promise.reject(err);
  }
  return new Promise((resolve, reject) => {
    const socket = createConnection(address);
    let connected = false;
    let received = "";
    socket.setEncoding("utf8");
    socket.once("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify({ token, argv })}\n`);
    });
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === "ECONNREFUSED" || err.code === "ENOENT")) resolve(null);
      else if (!connected) reject(err);
    });
    socket.once("close", () => {
      if (!connected) return;
      const parsed = answerSchema.safeParse(parseLine(received.split("\n")[0]!));
      if (parsed.success) resolve(parsed.data);
      else reject(new OpsServerGoneError());
    });
  });
}

/** How long the command line waits for a server that holds the lock but does not answer yet (it is starting, or stopping). */
const WAIT_FOR_SERVER_MS = 60_000;
const RETRY_MS = 250;

/**
 * Runs a command on the embedded database in `dataDir`: here, by `runHere` (which opens the
 * database), or, while a live Kuasa process holds the database, by that server over its control
 * socket. A holder that does not answer yet (starting, stopping, or not a server) or answers
 * SERVICE_UNAVAILABLE (busy or stopping: nothing was done) is waited for, at most a minute, until
 * it answers or lets the database go.
 */
export async function runOnEmbedded(dataDir: string, argv: string[], runHere: () => Promise<Record<string, unknown>>) {
  const until = Date.now() + WAIT_FOR_SERVER_MS;
  let told = false;
  for (;;) {
    let refused: Error;
    try {
      return await runHere();
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      refused = new DataDirLockedError(`${err.message} It does not answer on ${opsSocketPaths(dataDir).socket} either.`);
    }
    const answer = await sendOpsCommand(dataDir, argv);
    if (answer && "result" in answer) return answer.result;
    if (answer) {
      const { code, message } = answer.error;
      const error = isErrorCode(code) ? new AppError(code, message) : new Error(message);
      if (code !== "SERVICE_UNAVAILABLE") throw error;
      refused = error;
    }
    if (Date.now() >= until) throw refused;
    if (!told) {
      process.stderr.write("The embedded database is in use by a Kuasa process that does not answer yet; waiting for it…\n");
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}
