export { RequestLog } from "./buffer";
export { deleteExpiredRequests, keysWithExpiredRequests, recentRequests } from "./requests";
