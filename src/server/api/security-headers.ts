import type { ServerResponse } from "node:http";

/**
 * Headers of every /v1 and /mcp answer, and of the portals' own JSON errors (error-response.ts).
 * The answers are JSON for programs: nothing to sniff, render, frame or load, and nothing a
 * shared cache should keep (the OpenAPI document, public and the same for everyone, overrides
 * Cache-Control with its own; a download, file-transfer.ts, its CSP and Cache-Control).
 */
export const API_SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "Cache-Control": "no-store",
} as const;

export function setApiSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) res.setHeader(name, value);
}
