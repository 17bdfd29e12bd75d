import type { NextConfig } from "next";

/**
 * Security headers of everything Next answers (pages, 404s, /api/*, /_next assets) but downloads. The pages'
 * Content-Security-Policy carries a per-request nonce and is set in src/proxy.ts; /v1 and /mcp
 * never reach Next (src/server.ts sets their headers).
 */
const everyAnswer = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // frame-ancestors 'none' in the CSP says the same to current browsers; this is for older ones.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

/**
 * Read by `next build`; the production server runs the copy the build serialized
 * (src/server/runtime/serve.ts takeBuiltNextConfig), so no server process loads Next's SWC compiler
 * only to transpile this file (issue 30).
 */
const nextConfig: NextConfig = {
  // The custom server (src/server.ts) answers /v1 and /mcp itself; Next serves the portals.
  poweredByHeader: false,
  // pdfkit loads its standard fonts' metrics from its own folder at run time: bundled, it finds none.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "pdfkit"],
  // `npm test` type-checks the whole project with tsc (the same tsconfig files next build checks)
  // before Playwright builds, and says so with KUASA_TYPECHECKED=1: the build then skips its own
  // second pass. A plain `npm run build` always type-checks.
  typescript: { ignoreBuildErrors: process.env.KUASA_TYPECHECKED === "1" },
  async headers() {
    // Not the downloads, /api/berkas/{id} and /unduh/{token}: they carry a complete set of their own
    // (src/server/api/file-transfer.ts), and Next keeps a header set here over the route's.
    return [
      { source: "/((?!api/berkas/|unduh/).*)", headers: everyAnswer },
      // JSON for the portals' own scripts (tRPC, next-auth): nothing in it may load or be framed.
      {
        source: "/api/((?!berkas/).*)",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }],
      },
    ];
  },
};

export default nextConfig;
