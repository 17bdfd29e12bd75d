import type { Clock } from "@/server/domain/clock";
import type { Db } from "@/server/db/client";

/** What a use case needs from the process: the database and the time. */
export interface ServiceDeps {
  db: Db;
  clock: Clock;
}
