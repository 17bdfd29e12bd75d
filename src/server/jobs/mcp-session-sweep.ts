import { SWEEPER } from "@/server/domain/access/actor";
import { deleteIdleMcpSessions, idleMcpSessions } from "@/server/services/mcp-sessions";
import type { JobKind } from "./types";

/** Remote MCP sessions unused for a day are deleted with their subscriptions (services/mcp-sessions). */
export const mcpSessionSweepJob: JobKind = {
  name: "mcp-session-sweep",
  findDue: idleMcpSessions,
  handle: async (deps, id) =>
    deleteIdleMcpSessions(deps, {
      actor: SWEEPER,
      ids: [id],
    }),
  handleBatch: (deps, ids) =>
    deleteIdleMcpSessions(deps, {
      actor: SWEEPER,
      ids,
    }),
};
