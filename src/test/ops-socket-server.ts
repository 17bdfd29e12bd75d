import { runOpsCommand } from "@/cli/ops-commands";
import { openDatabase } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { openOpsSocket } from "@/server/runtime/ops-socket";

/**
 * A Kuasa process holding the embedded database in DATA_DIR with its control socket open, as
 * `npm start` holds it (runtime/serve.ts), without the web server: what the command line's tests
 * talk to and kill. Prints "ready" once the socket answers; SIGTERM stops it as the server stops.
 */
const dataDir = process.env.DATA_DIR!;
const database = await openDatabase({ dataDir });
await migrate(database);
const socket = await openOpsSocket(dataDir, (argv) => runOpsCommand({ db: database.prisma }, argv));
if (!socket) throw new Error("no control socket");
process.once("SIGTERM", () => {
  void socket
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
process.stdout.write("ready\n");
