/**
 * GET /v1/orders?limit=100 on 100,000 orders (two messages each) of one organisation: the first
 * page, and a page 50,000 orders deep. The orders are written straight into the bench's database
 * for an organisation of their own, and read through the server the other scenarios load (the
 * production bundle, as `npm start` runs it), so a page costs what it costs in production.
 */
import autocannon from "autocannon";
import pg from "pg";
import { ndaOrder } from "@/test/nda-order";

export interface OrderListResult {
  orders: number;
  scenario: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  responseKb: number;
}

/** The running server and an organisation of the bench's database that has no orders yet, with its key. */
export interface OrderListTarget {
  base: string;
  databaseUrl: string;
  organizationId: string;
  /** The key's key_id (as ops key:create answers it) and its token. */
  keyId: string;
  token: string;
}

const INTAKE = ndaOrder().intake;

/** The orders, one statement per table; one a second, newest first by id as well as by time. */
async function seedOrders(target: OrderListTarget, orders: number): Promise<void> {
  const db = new pg.Client({ connectionString: target.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(`SELECT "id" FROM "ApiKey" WHERE "organizationId" = $1 AND "keyId" = $2`, [
      target.organizationId,
      target.keyId,
    ]);
    if (rows.length !== 1) throw new Error("the order list's key is not its organisation's");
    await db.query(
      `INSERT INTO "Order" ("id", "organizationId", "apiKeyId", "serviceCode", "status", "priceIdr", "clientPriceIdr", "intake", "createdAt", "updatedAt")
       SELECT 'ord_bench' || lpad(g::text, 6, '0'), $1, $2, 'perjanjian_kerahasiaan', 'selesai', 1700000, 1490000, $3::jsonb,
              now() - ($4::int - g) * interval '1 second', now()
       FROM generate_series(1, $4::int) g`,
      [target.organizationId, rows[0].id, JSON.stringify(INTAKE), orders],
    );
    await db.query(
      `INSERT INTO "OrderMessage" ("id", "orderId", "role", "body", "createdAt")
       SELECT 'msg_bench' || g || '_' || n, 'ord_bench' || lpad(g::text, 6, '0'), 'client', 'Mohon dipercepat, terima kasih.', now()
       FROM generate_series(1, $1::int) g, generate_series(1, 2) n`,
      [orders],
    );
    await db.query(`ANALYZE "Order"; ANALYZE "OrderMessage";`);
  } finally {
    await db.end();
  }
}

export async function benchOrderList(
  target: OrderListTarget,
  durationSeconds: number,
  connectionCounts: number[],
  orders = 100_000,
): Promise<OrderListResult[]> {
  await seedOrders(target, orders);
  const { base } = target;
  const headers = { Authorization: `Bearer ${target.token}` };
  const middle = `ord_bench${String(orders / 2).padStart(6, "0")}`;
  const scenarios = [
    { scenario: "GET /v1/orders?limit=100 (first page)", path: "/v1/orders?limit=100" },
    { scenario: "GET /v1/orders?limit=100&starting_after=<50,000 deep>", path: `/v1/orders?limit=100&starting_after=${middle}` },
  ];
  const sample = await fetch(`${base}${scenarios[0]!.path}`, { headers });
  const body = (await sample.json()) as { data: Array<{ messages: unknown[] }> };
  if (sample.status !== 200 || body.data.length !== 100 || body.data[0]!.messages.length !== 2)
    throw new Error(`unexpected first page: ${sample.status}`);
  const responseKb = Math.round(JSON.stringify(body).length / 1024);

  // Warm-up, not measured: the first seconds are spent compiling hot code.
  await autocannon({ url: `${base}${scenarios[0]!.path}`, headers, connections: 4, duration: 3 });
  const results: OrderListResult[] = [];
  for (const { scenario, path } of scenarios) {
    for (const connections of connectionCounts) {
      const result = await autocannon({ url: `${base}${path}`, headers, connections, duration: durationSeconds });
      results.push({
        orders,
        scenario,
        connections,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        responseKb,
      });
    }
  }
  return results;
}
