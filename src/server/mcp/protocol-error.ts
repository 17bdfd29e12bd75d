import type { ErrorCode } from "@modelcontextprotocol/sdk/types.js";

/**
 * A JSON-RPC error the SDK answers with exactly this message (and `data`, when given). Its McpError
 * writes "MCP error <code>:" into the message, and the client's McpError prefixes it again.
 */
export function protocolError(code: ErrorCode | number, message: string, data?: unknown): Error & { code: number; data?: unknown } {
  return Object.assign(new Error(message), { code, ...(data !== undefined && { data }) });
}
