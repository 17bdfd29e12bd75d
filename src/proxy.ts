import { type NextRequest, NextResponse } from "next/server";

/**
 * Content-Security-Policy of every page Next renders, with a fresh nonce per request (issue 17).
 *
 * Next reads the nonce from the request's Content-Security-Policy header while rendering and puts it
 * on its own inline (flight data) and bootstrap scripts, so script-src needs neither 'unsafe-inline'
 * nor, in production, 'unsafe-eval' (development needs eval for React refresh and error stacks).
 * Every page is rendered per request anyway (the portals read the session, /docs and / read the
 * request; the root layout opts the rest, 404s included, in), so the nonce costs no static page.
 *
 * style-src keeps 'unsafe-inline': React style attributes (e.g. /docs' schema indentation) cannot
 * carry a nonce, and a nonce in style-src would switch 'unsafe-inline' off.
 *
 * The other headers (nosniff, X-Frame-Options, Referrer-Policy, Permissions-Policy) and the CSP of
 * /api/* answers are static and live in next.config.ts headers(), which also reaches /_next assets.
 * /v1 and /mcp never reach Next: src/server.ts sets their headers.
 */
function contentSecurityPolicy(nonce: string, dev = process.env.NODE_ENV === "development"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function proxy(request: NextRequest): NextResponse {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const csp = contentSecurityPolicy(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: not /api/* (JSON; next.config.ts gives it a static policy), not /unduh/*
      // (downloads, with a policy of their own that this one would replace), not Next's static
      // files, and not next/link prefetches (flight data, no HTML to protect).
      source: "/((?!api/|unduh/|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
