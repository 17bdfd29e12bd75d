import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { OrderStatus } from "@/generated/prisma/enums";
import type { Db } from "@/server/db/client";
import { newId } from "@/server/domain/ids";
import type { WebhookSettings } from "@/server/services/events";
import { recordOrderEvent } from "@/server/services/events";
import { createTestOrg } from "./fixtures";

export const testWebhookSettings: WebhookSettings = { operatorName: "Kuasa", timeoutMs: 10_000, allowPrivate: true };

interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body exactly as received. */
  body: string;
}

type Reply = { status: number; body?: string; delayMs?: number; headers?: Record<string, string> };

export interface Receiver {
  /** Base URL on 127.0.0.1, without a trailing slash. */
  url: string;
  requests: ReceivedRequest[];
  /** Most requests being answered at the same time, so far. */
  maxConcurrent: number;
  /** Decides each answer; the default answers 204. */
  reply: (request: ReceivedRequest, index: number) => Reply;
  close(): Promise<void>;
}

/** A real HTTP receiver on a loopback port of the test process. */
export async function startReceiver(reply: Receiver["reply"] = () => ({ status: 204 })): Promise<Receiver> {
  let active = 0;
  const pending = new Set<ServerResponse>();
  const receiver: Receiver = { url: "", requests: [], maxConcurrent: 0, reply, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      const index = receiver.requests.push(request) - 1;
      active++;
      receiver.maxConcurrent = Math.max(receiver.maxConcurrent, active);
      pending.add(res);
      const answer = receiver.reply(request, index);
      const send = () => {
        active--;
        pending.delete(res);
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? "");
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise((resolve) => {
      for (const res of pending) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

export interface TestEvent {
  organizationId: string;
  apiKeyId: string;
  orderId: string;
  eventId: string;
  /** The queued delivery, when a URL applied. */
  deliveryId: string | null;
  webhookSecret: string;
}

/**
 * An organisation, a key (with `keyWebhookUrl`), an order (with `callbackUrl`) and one status
 * event recorded through the outbox in a transaction, as the order services do.
 */
export async function createOrderEvent(
  db: Db,
  options: {
    callbackUrl?: string | null;
    keyWebhookUrl?: string | null;
    status?: OrderStatus;
    at?: Date;
    organizationId?: string;
    apiKeyId?: string;
  },
): Promise<TestEvent> {
  const at = options.at ?? new Date();
  let organizationId = options.organizationId;
  let apiKeyId = options.apiKeyId;
  if (!organizationId || !apiKeyId) {
    const org = await createTestOrg(db);
    organizationId = org.id;
    apiKeyId = org.apiKeyId;
  }
  const key = await db.apiKey.update({
    where: { id: apiKeyId },
    data: { webhookUrl: options.keyWebhookUrl ?? null },
    select: { webhookSecret: true },
  });
  const order = await db.order.create({
    data: {
      id: newId("order"),
      organizationId,
      apiKeyId,
      serviceCode: "perjanjian_kerahasiaan",
      status: options.status ?? "dibayar",
      priceIdr: 1_700_000n,
      clientPriceIdr: 1_490_000n,
      intake: {},
      callbackUrl: options.callbackUrl ?? null,
      slaDueAt: new Date(at.getTime() + 3 * 86_400_000),
      createdAt: at,
      updatedAt: at,
    },
  });
  const eventId = await db.$transaction((tx) => recordOrderEvent(tx, order, at));
  if (!eventId) throw new Error(`status ${order.status} has no event`);
  const delivery = await db.webhookDelivery.findFirst({ where: { eventId }, select: { id: true } });
  return { organizationId, apiKeyId, orderId: order.id, eventId, deliveryId: delivery?.id ?? null, webhookSecret: key.webhookSecret };
}
