import { KUASA } from "@/server/domain/access/actor";
import { CATALOG_URI, MCP_SESSION_TOUCH_MS } from "@/server/domain/mcp/resources";
import { logger } from "@/server/log";
import { CATALOG_CACHE_MS } from "@/server/services/catalog";
import type { ServiceDeps } from "@/server/services/deps";
import { claimResourceChanges, keepMcpSessionsAlive, type ResourceChange, returnResourceChange } from "@/server/services/mcp-sessions";

/** An open GET stream of a session on this instance. */
export interface Stream {
  /** Writes `notifications/resources/updated` for the URI; fails if the stream has closed. */
  notify(uri: string): Promise<void>;
  /** Ends the stream (its session ended or its key was revoked). */
  end(): void;
}

export interface Watcher {
  /** A stream of the session opened here: watched until `detach`. */
  attach(sessionId: string, stream: Stream): void;
  detach(sessionId: string, stream: Stream): void;
  /** Ends this instance's streams of a session that just ended. */
  endSession(sessionId: string): void;
  /** Ends every stream and stops; a change claimed but not yet sent is put back for the session's next stream. */
  close(): Promise<void>;
}

/**
 * How an instance learns of a change made by any instance (docs/decisions/mcp-subscriptions.md):
 * while it holds at least one session's stream, every `intervalMs` it reads, in one statement, the
 * change marks of every resource those sessions follow and takes the changed ones
 * (claimResourceChanges), then tells each stream. Only plain reads and writes: no LISTEN/NOTIFY,
 * no lock held between statements, so it works through any pooler. One watcher per handler, that
 * is per process in production.
 */
export function createWatcher(deps: Pick<ServiceDeps, "db" | "clock">, { intervalMs }: { intervalMs: number }): Watcher {
  const streams = new Map<string, Set<Stream>>();
  /** Catalog changes waiting for every instance's catalog copy to be fresh. */
  const waiting = new Set<{ timer: NodeJS.Timeout; change: ResourceChange }>();
  let timer: NodeJS.Timeout | undefined;
  let tick: Promise<void> | undefined;
  let touchedAt = 0;
  let closed = false;

  const sessionIds = () => [...streams.keys()];

  /** A change is sent on every stream its session has here; if none took it, it goes back, for the session's next stream. */
  async function deliver(change: ResourceChange): Promise<void> {
    const sent = await Promise.allSettled([...(streams.get(change.sessionId) ?? [])].map((stream) => stream.notify(change.uri)));
    if (!sent.some((result) => result.status === "fulfilled")) await returnResourceChange(deps, { actor: KUASA, change });
  }

  async function look(): Promise<void> {
    if (Date.now() - touchedAt >= MCP_SESSION_TOUCH_MS) {
      const alive = await keepMcpSessionsAlive(deps, { actor: KUASA, sessionIds: sessionIds() });
      touchedAt = Date.now();
      for (const sessionId of sessionIds()) if (!alive.has(sessionId)) endStreams(sessionId);
    }
    for (const change of await claimResourceChanges(deps, { actor: KUASA, sessionIds: sessionIds() })) {
      if (change.uri !== CATALOG_URI) await deliver(change);
      else {
        // Each instance keeps the catalog for CATALOG_CACHE_MS: told sooner, a client could read the old one.
        const entry = {
          change,
          timer: setTimeout(() => {
            waiting.delete(entry);
            void deliverLogged(change);
          }, CATALOG_CACHE_MS).unref(),
        };
        waiting.add(entry);
      }
    }
  }

  const deliverLogged = (change: ResourceChange) =>
    deliver(change).catch((err: unknown) => logger.warn({ err, uri: change.uri }, "mcp resource update not delivered"));

  function schedule(): void {
    if (closed || streams.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      tick = look()
        .catch((err: unknown) => {
          if (streams.size > 0) logger.warn({ err }, "mcp subscription watch failed; trying again");
        })
        .finally(() => {
          tick = undefined;
          schedule();
        });
    }, intervalMs);
    // An open stream keeps the process up; the watch alone must not.
    timer.unref();
  }

  function endStreams(sessionId: string): void {
    for (const stream of streams.get(sessionId) ?? []) stream.end();
    streams.delete(sessionId);
  }

  return {
    attach(sessionId, stream) {
      const open = streams.get(sessionId) ?? new Set();
      open.add(stream);
      streams.set(sessionId, open);
      // A stream after a while without any: its session's lastSeenAt is written at the first look.
      if (timer === undefined && tick === undefined) {
        touchedAt = 0;
        schedule();
      }
    },
    detach(sessionId, stream) {
      const open = streams.get(sessionId);
      open?.delete(stream);
      if (open?.size === 0) streams.delete(sessionId);
      if (streams.size === 0 && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    },
    endSession: endStreams,
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      for (const sessionId of sessionIds()) endStreams(sessionId);
      await tick;
      await Promise.all(
        [...waiting].map((entry) => {
          clearTimeout(entry.timer);
          return returnResourceChange(deps, { actor: KUASA, change: entry.change });
        }),
      );
      waiting.clear();
    },
  };
}
