import type { ServerResponse } from "node:http";

/**
 * Headers of every /v1 and /mcp answer. The answers are JSON for programs: nothing to sniff,
 * render, frame or load, and nothing a shared cache should keep (the OpenAPI document, public and
 * the same for everyone, overrides Cache-Control with its own).
 */
export function setApiSecurityHeaders(res: ServerResponse): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  res.setHeader("Cache-Control", "no-store");
}
