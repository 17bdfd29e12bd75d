import { openDatabase } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { readConfig } from "@/server/runtime/config";
import { runOpsCommand } from "./ops-commands";

/** `npm run ops -- <command>`: one JSON object on stdout; errors on stderr with exit code 1. */
const config = readConfig();
let exitCode = 0;
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    const result = await runOpsCommand(database.prisma, process.argv.slice(2));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await database.close();
  }
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  exitCode = 1;
}
process.exit(exitCode);
