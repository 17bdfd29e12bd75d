import pg from "pg";

/**
 * Makes two operations that each lock an order row really race (PostgreSQL only): holds the row
 * locked from a separate connection, starts both (each blocks on the row), waits until PostgreSQL
 * shows them both waiting for a lock, then lets go.
 */
export async function raceOnOrderRow<A, B>(databaseUrl: string, orderId: string, first: () => Promise<A>, second: () => Promise<B>) {
  const holder = new pg.Client({ connectionString: databaseUrl });
  // Outside any transaction: PostgreSQL keeps one snapshot of pg_stat_activity per transaction.
  const monitor = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([holder.connect(), monitor.connect()]);
  try {
    await holder.query("BEGIN");
    await holder.query(`SELECT "id" FROM "Order" WHERE "id" = $1 FOR UPDATE`, [orderId]);
    const results = Promise.allSettled([first(), second()]);
    const deadline = Date.now() + 10_000;
    while ((await lockWaiters(monitor)) < 2) {
      if (Date.now() > deadline) throw new Error("the contenders never both waited for the order row");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await holder.query("COMMIT");
    return await results;
  } finally {
    await Promise.all([holder.end(), monitor.end()]);
  }
}

const lockWaiters = async (client: pg.Client) =>
  Number(
    (await client.query(`SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND wait_event_type = 'Lock'`)).rows[0].n,
  );
