import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** What the specs that start a server of their own share (the runner cannot load src/test, which needs Prisma). */
export const ROOT = path.resolve(import.meta.dirname, "..");

/** The production server bundle `npm run build` made before the journeys started, as `npm start` runs it. */
export const SERVER_BUNDLE = ".next/kuasa-server/server.mjs";

/** A loopback port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A production server's environment on `port` of loopback, logging every request; `extra` adds or overrides. */
export function serverEnv(port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  const base = `http://127.0.0.1:${port}`;
  return {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: base,
    NEXTAUTH_URL: base,
    LOG_LEVEL: "info",
    NEXT_TELEMETRY_DISABLED: "1",
    ...extra,
  };
}
