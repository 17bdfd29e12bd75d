import { openDatabase } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { readConfig } from "@/server/runtime/config";
import { runOnEmbedded } from "@/server/runtime/ops-socket";
import { runOpsCommand, withAbsoluteFiles } from "./ops-commands";

/**
 * `npm run ops -- <command>`: one JSON object on stdout; errors on stderr with exit code 1. On the
 * embedded database held by a running server, the server runs the command (runtime/ops-socket.ts).
 */
const config = readConfig();
// npm runs the script in the project's folder; INIT_CWD is where the operator typed the command.
const argv = withAbsoluteFiles(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());

async function runHere(): Promise<Record<string, unknown>> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    return await runOpsCommand({ db: database.prisma, publicUrl: config.publicUrl }, argv);
  } finally {
    await database.close();
  }
}

let exitCode = 0;
try {
  const result = config.databaseUrl ? await runHere() : await runOnEmbedded(config.dataDir, argv, runHere);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  exitCode = 1;
}
process.exit(exitCode);
