/**
 * Webhook delivery at scale: 2,000 order events due at once to a receiver on loopback that checks
 * every signature; how long the local sweeper takes to deliver and log them all. Runs the real
 * sweeper (in batches: deliverBatch), delivery service and HTTP transport on a scratch PostgreSQL
 * database.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature } from "@/server/domain/events/signature";
import { newId } from "@/server/domain/ids";
import { DEFAULT_BATCH_SIZE } from "@/server/jobs/sweeper";
import { webhookDeliveryJob } from "@/server/jobs/webhook-delivery";
import { readConfig } from "@/server/runtime/config";
import { recordOrderEvent } from "@/server/services/events";
import { timeSweeperDrain, withScratchDatabase } from "./scratch";

export interface WebhookDeliveryResult {
  deliveries: number;
  seconds: number;
  deliveriesPerSecond: number;
  /** Deliveries whose signature the receiver verified with the key's secret. */
  verified: number;
  /** Attempts written to the delivery log. */
  logged: number;
  sweeperConcurrency: number;
  /** Ids per batch the sweeper hands the delivery job. */
  batchSize: number;
  /** CPU time of this process (sweeper, delivery and the receiver) per delivery, in microseconds: steadier than the rate on a shared machine. */
  cpuMicrosPerDelivery: number;
}

const SIGNATURE_HEADER = "x-kuasa-signature";

export async function benchWebhookDelivery(adminUrl: string, events = 2_000): Promise<WebhookDeliveryResult> {
  return withScratchDatabase(adminUrl, "webhooks", async ({ database, databaseUrl, organizationId, key }) => {
    const db = database.prisma;
    let verified = 0;
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        if (verifyWebhookSignature(key.webhookSecret, req.headers[SIGNATURE_HEADER] as string | undefined, Buffer.concat(chunks)).ok)
          verified++;
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
    try {
      const now = new Date();
      const orders = Array.from({ length: events }, () => ({
        id: newId("order"),
        organizationId,
        apiKeyId: key.id,
        serviceCode: "perjanjian_kerahasiaan",
        status: "dibayar" as const,
        priceIdr: 1_700_000n,
        clientPriceIdr: 1_490_000n,
        intake: {},
        callbackUrl,
        slaDueAt: new Date(now.getTime() + 3 * 86_400_000),
        deliverable: null,
        createdAt: now,
        updatedAt: now,
      }));
      await db.order.createMany({ data: orders });
      // The outbox writes each event and its delivery as an order's status change does.
      for (let i = 0; i < orders.length; i += 200) {
        await db.$transaction(async (tx) => {
          for (const order of orders.slice(i, i + 200)) await recordOrderEvent(tx, { ...order, livemode: true }, now);
        });
      }
      const config = readConfig({ ...process.env, DATABASE_URL: databaseUrl, WEBHOOK_ALLOW_PRIVATE: "true" });
      const cpu = process.cpuUsage();
      const { seconds, concurrency } = await timeSweeperDrain(config, database, webhookDeliveryJob);
      const cpuUsed = process.cpuUsage(cpu);
      const delivered = await db.webhookDelivery.count({ where: { status: "terkirim" } });
      const logged = await db.webhookAttempt.count();
      if (delivered !== events || verified !== events)
        throw new Error(`expected ${events} deliveries verified, found ${delivered} delivered and ${verified} verified`);
      return {
        deliveries: delivered,
        seconds: Math.round(seconds * 100) / 100,
        deliveriesPerSecond: Math.round(delivered / seconds),
        verified,
        logged,
        sweeperConcurrency: concurrency,
        batchSize: webhookDeliveryJob.batchSize ?? DEFAULT_BATCH_SIZE,
        cpuMicrosPerDelivery: Math.round((cpuUsed.user + cpuUsed.system) / delivered),
      };
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
}
