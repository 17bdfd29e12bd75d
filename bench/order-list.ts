/**
 * GET /v1/orders?limit=100 on 100,000 orders (two messages each) of one organisation: the first
 * page, and a page 50,000 orders deep. Runs the real /v1 handler (what src/server.ts answers /v1
 * with, before Next) on node:http in this process, on a scratch PostgreSQL database; autocannon
 * runs in a worker thread so the load generator does not share the server's event loop.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { createRestHandler } from "@/server/api/rest";
import { systemClock } from "@/server/domain/clock";
import { ndaOrder } from "@/test/nda-order";
import { withScratchDatabase } from "./scratch";

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

const INTAKE = ndaOrder().intake;

export async function benchOrderList(
  adminUrl: string,
  durationSeconds: number,
  connectionCounts: number[],
  orders = 100_000,
): Promise<OrderListResult[]> {
  return withScratchDatabase(adminUrl, "lists", async ({ database, organizationId, key }) => {
    // No rate limiter: the figures are about the list, not the per-key limiter's verdicts.
    const handler = createRestHandler({ db: database.prisma, clock: systemClock, publicUrl: "http://localhost" });
    // Requests autocannon sent just before it stopped still run: the database closes after them.
    const inFlight = new Set<Promise<void>>();
    const server = createServer((req, res) => {
      const handled = handler(req, res).finally(() => inFlight.delete(handled));
      inFlight.add(handled);
    });
    try {
      // One statement per table; one order a second, newest first by id as well as by time.
      await database.withConnection(async (c) => {
        await c.queryRows(
          `INSERT INTO "Order" ("id", "organizationId", "apiKeyId", "serviceCode", "status", "priceIdr", "clientPriceIdr", "intake", "createdAt", "updatedAt")
           SELECT 'ord_bench' || lpad(g::text, 6, '0'), $1, $2, 'perjanjian_kerahasiaan', 'selesai', 1700000, 1490000, $3::jsonb,
                  now() - ($4::int - g) * interval '1 second', now()
           FROM generate_series(1, $4::int) g`,
          [organizationId, key.id, JSON.stringify(INTAKE), orders],
        );
        await c.queryRows(
          `INSERT INTO "OrderMessage" ("id", "orderId", "role", "body", "createdAt")
           SELECT 'msg_bench' || g || '_' || n, 'ord_bench' || lpad(g::text, 6, '0'), 'client', 'Mohon dipercepat, terima kasih.', now()
           FROM generate_series(1, $1::int) g, generate_series(1, 2) n`,
          [orders],
        );
        await c.execScript(`ANALYZE "Order"; ANALYZE "OrderMessage";`);
      });

      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const headers = { Authorization: `Bearer ${key.token}` };
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
      await autocannon({ url: `${base}${scenarios[0]!.path}`, headers, connections: 4, duration: 3, workers: 1 });
      const results: OrderListResult[] = [];
      for (const { scenario, path } of scenarios) {
        for (const connections of connectionCounts) {
          const result = await autocannon({ url: `${base}${path}`, headers, connections, duration: durationSeconds, workers: 1 });
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
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await Promise.allSettled(inFlight);
    }
  });
}
