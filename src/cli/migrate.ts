import { openDatabase } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { readConfig } from "@/server/runtime/config";

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the embedded DATA_DIR. */
const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrate(database);
  console.log(JSON.stringify({ database: database.description, applied }));
} finally {
  await database.close();
}
