import cluster from "node:cluster";
import { logger } from "./server/log";
import { runPrimary } from "./server/runtime/cluster";
import { readConfig } from "./server/runtime/config";

/**
 * The process `npm start` runs (as the bundle) and `npm run dev` runs (through tsx): one server
 * process, or under WEB_CONCURRENCY a primary that only forks and watches them. The server is
 * imported only where it runs, so the primary stays small (it holds no database, Next or Prisma).
 */
async function main(): Promise<void> {
  const config = readConfig();
  if (config.processes > 1 && cluster.isPrimary) return runPrimary(config.processes, config.passwordHashing);
  const { serve } = await import("./server/runtime/serve");
  await serve(config);
}

main().catch((err: unknown) => {
  logger.fatal({ err }, "could not start");
  process.exit(1);
});
