import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The custom server (src/server.ts) answers /v1 and /mcp itself; Next serves the portals.
  poweredByHeader: false,
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg"],
};

export default nextConfig;
