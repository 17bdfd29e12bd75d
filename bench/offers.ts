import { SEED } from "@/server/domain/access/actor";
import { systemClock } from "@/server/domain/clock";
/**
 * The offer timer at scale: 10,000 open orders with live offers, 1,000 of them past their 30
 * minutes; how long the local sweeper takes to expire those 1,000 and offer each order to the
 * next practitioner. Runs the real sweeper and handlers on a scratch PostgreSQL database.
 */

import { offerExpiryJob } from "@/server/jobs/order-timers";
import { readConfig } from "@/server/runtime/config";
import { createPractitioner } from "@/server/services/access";
import { addCredential } from "@/server/services/practitioners";
import { timeSweeperDrain, withScratchDatabase } from "./scratch";

export interface OfferExpiryResult {
  openOrders: number;
  expiries: number;
  seconds: number;
  expiriesPerSecond: number;
  sweeperConcurrency: number;
}

export async function benchOfferExpiry(adminUrl: string, openOrders = 10_000, due = 1_000): Promise<OfferExpiryResult> {
  return withScratchDatabase(adminUrl, "offers", async ({ database, databaseUrl, organizationId, key }) => {
    const db = database.prisma;
    const actor = SEED;
    const practitioners: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { id } = await createPractitioner(
        { db },
        { input: { email: `bench${i}@contoh.id`, name: `Bench ${i}`, password: "bench-password-1", categories: ["kontrak"] }, actor },
      );
      // A credential that counts: the next practitioner is offered each expired order, as in production.
      await addCredential(
        { db, clock: systemClock },
        { actor, practitionerId: id, input: { kind: "advokat", issuer: "PERADI", number: `B-${i}`, validUntil: null, province: null } },
      );
      practitioners.push(id);
    }
    await database.withConnection(async (c) => {
      await c.queryRows(
        `INSERT INTO "Order" ("id", "organizationId", "apiKeyId", "serviceCode", "status", "priceIdr", "clientPriceIdr", "intake", "updatedAt")
         SELECT 'ord_bench' || g, $1, $2, 'perjanjian_kerahasiaan', 'ditawarkan', 1700000, 1490000, '{}'::jsonb, now() FROM generate_series(1, $3::int) g`,
        [organizationId, key.id, openOrders],
      );
      await c.queryRows(
        `INSERT INTO "Offer" ("id", "orderId", "practitionerId", "round", "status", "offeredAt", "expiresAt")
         SELECT 'ofr_bench' || g, 'ord_bench' || g, ($1::text[])[1 + g % 20], 1, 'aktif', now() - interval '31 minutes',
                CASE WHEN g <= $2::int THEN now() - interval '1 minute' ELSE now() + interval '29 minutes' END
         FROM generate_series(1, $3::int) g`,
        [practitioners, due, openOrders],
      );
    });
    // Each of the 20 holds about 500 of the open orders' live offers, far past OFFER_CAP: lifted, so
    // every expiry still offers its order to the next practitioner, the work this measures.
    const config = readConfig({ ...process.env, DATABASE_URL: databaseUrl, OFFER_CAP: String(openOrders) });
    const { seconds, concurrency } = await timeSweeperDrain(config, database, offerExpiryJob);
    const expired = await db.offer.count({ where: { status: "kedaluwarsa" } });
    if (expired !== due) throw new Error(`expected ${due} expiries, found ${expired}`);
    return {
      openOrders,
      expiries: expired,
      seconds: Math.round(seconds * 100) / 100,
      expiriesPerSecond: Math.round(expired / seconds),
      sweeperConcurrency: concurrency,
    };
  });
}
