import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { logger } from "@/server/log";
import type { Config } from "./config";

/**
 * next-auth reads NEXTAUTH_SECRET and NEXTAUTH_URL from the environment. A production deployment
 * sets the secret; the embedded quick start keeps a generated one in DATA_DIR so sessions survive
 * restarts; on PostgreSQL without one, development gets a per-process secret and production stops.
 */
export function ensureAuthEnvironment(config: Config): void {
  process.env.NEXTAUTH_URL ??= config.publicUrl;
  if (config.authSecret) {
    process.env.NEXTAUTH_SECRET = config.authSecret;
    return;
  }
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true });
    const file = path.resolve(config.dataDir, "auth-secret");
    if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    process.env.NEXTAUTH_SECRET = readFileSync(file, "utf8").trim();
    return;
  }
  if (config.nodeEnv === "production") {
    throw new Error("Set NEXTAUTH_SECRET (a long random string shared by every instance) to run in production on PostgreSQL.");
  }
  process.env.NEXTAUTH_SECRET = randomBytes(32).toString("base64url");
  logger.warn("NEXTAUTH_SECRET is not set: portal sessions end when this process stops.");
}
