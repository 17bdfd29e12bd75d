import type { ServerResponse } from "node:http";
import type { AppDeps } from "./context";

/** What the face learns about a request while answering it, for its key's request log. */
export interface TrackedRequest {
  /** Set once a key is authenticated: only requests with a valid key are logged. */
  apiKeyId?: string;
  path: string;
  /** The status to log when it is not the HTTP one (an MCP tool's error inside a 200). */
  status?: number;
}

/**
 * Adds the request to its key's log (services/request-log, in memory until the next batch) once its
 * answer is sent, if a key was authenticated by then. Nothing when the process keeps no log (tests).
 */
export function trackRequest(
  deps: Pick<AppDeps, "requestLog" | "clock">,
  res: ServerResponse,
  requestId: string,
  method: string,
  path: string,
): TrackedRequest | null {
  const log = deps.requestLog;
  if (!log) return null;
  const tracked: TrackedRequest = { path };
  // "finish": the whole answer went out; a request the client gave up on is not in the log.
  res.once("finish", () => {
    if (tracked.apiKeyId === undefined) return;
    log.add({
      apiKeyId: tracked.apiKeyId,
      requestId,
      method,
      path: tracked.path,
      status: tracked.status ?? res.statusCode,
      createdAt: deps.clock.now(),
    });
  });
  return tracked;
}
