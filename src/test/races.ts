import pg from "pg";

/**
 * Makes two operations that each lock an order row really race (PostgreSQL only): holds the row
 * locked from a separate connection, starts both (each blocks on the row), waits until PostgreSQL
 * shows them both waiting for a lock, then lets go.
 */
export async function raceOnOrderRow<A, B>(databaseUrl: string, orderId: string, first: () => Promise<A>, second: () => Promise<B>) {
  const [a, b] = await raceBehindLock<unknown>(
    databaseUrl,
    { sql: `SELECT "id" FROM "Order" WHERE "id" = $1 FOR UPDATE`, params: [orderId] },
    [first, second],
  );
  return [a, b] as [PromiseSettledResult<Awaited<A>>, PromiseSettledResult<Awaited<B>>];
}

/**
 * A barrier for any number of contenders (PostgreSQL only): `lock` runs in a transaction on a
 * separate connection and holds a row every contender needs; all are started, and the lock is let
 * go only once PostgreSQL shows every one of them waiting for a lock. Each contender needs its own
 * pooled connection to get there.
 */
export async function raceBehindLock<T>(
  databaseUrl: string,
  lock: { sql: string; params: unknown[] },
  contenders: Array<() => Promise<T>>,
): Promise<Array<PromiseSettledResult<T>>> {
  const holder = new pg.Client({ connectionString: databaseUrl });
  // Outside any transaction: PostgreSQL keeps one snapshot of pg_stat_activity per transaction.
  const monitor = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([holder.connect(), monitor.connect()]);
  try {
    await holder.query("BEGIN");
    await holder.query(lock.sql, lock.params);
    const results = Promise.allSettled(contenders.map((contender) => contender()));
    const deadline = Date.now() + 10_000;
    while ((await lockWaiters(monitor)) < contenders.length) {
      if (Date.now() > deadline) throw new Error(`the ${contenders.length} contenders never all waited for the locked row`);
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
    (
      await client.query(
        `SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND wait_event_type = 'Lock'`,
      )
    ).rows[0].n,
  );
