export {
  deleteIdleMcpSessions,
  endMcpSession,
  idleMcpSessions,
  keepMcpSessionsAlive,
  openMcpSession,
  resumeMcpSession,
} from "./sessions";
export {
  claimResourceChanges,
  type ResourceChange,
  returnResourceChange,
  subscribeToResource,
  unsubscribeFromResource,
} from "./subscriptions";
