import { describe, expect, it } from "vitest";
import { CATALOG_URI, orderUri } from "@/server/domain/mcp/resources";
import { createPolledSubscriptions } from "./polling";
import type { Poll, Poller } from "./rest-client";
import { toolsFor } from "./tools";

/** A REST API as kuasa-mcp's polls meet it: each read answers what `answers` holds now, 304 when the ETag sent is current. */
function fakeApi(answers: Map<string, { body: Record<string, unknown>; etag: string | null }>) {
  const asked: Array<{ path: string; etag: string | null }> = [];
  const read: Poller = async (tool, call, etag): Promise<Poll> => {
    const path = tool.route.path.replace("{id}", String(call.input.id));
    asked.push({ path, etag });
    const answer = answers.get(path)!;
    if (etag !== null && etag === answer.etag) return { unchanged: true };
    return { unchanged: false, etag: answer.etag, answer: { ok: true, body: answer.body, replayed: false } };
  };
  return { read, asked };
}

function subscriptionsOn(api: ReturnType<typeof fakeApi>) {
  const notified: string[] = [];
  const subscriptions = createPolledSubscriptions({
    read: api.read,
    toolSet: toolsFor(false),
    notify: async (uri) => void notified.push(uri),
    // The tests poll by hand.
    intervalMs: 3_600_000,
  });
  return { subscriptions, notified };
}

describe("kuasa-mcp's polled subscriptions", () => {
  it("tells of an order whose answer differs from the one last seen, once per change", async () => {
    const answers = new Map([["/v1/orders/ord_1", { body: { id: "ord_1", status: "dibayar" }, etag: null }]]);
    const api = fakeApi(answers);
    const { subscriptions, notified } = subscriptionsOn(api);
    await subscriptions.subscribe(orderUri("ord_1"), { id: "ord_1", status: "dibayar" });
    await subscriptions.poll();
    expect(notified).toEqual([]);
    answers.set("/v1/orders/ord_1", { body: { id: "ord_1", status: "diambil" }, etag: null });
    await subscriptions.poll();
    await subscriptions.poll();
    expect(notified).toEqual([orderUri("ord_1")]);
    expect(api.asked.map((ask) => ask.path)).toEqual(["/v1/orders/ord_1", "/v1/orders/ord_1", "/v1/orders/ord_1"]);
  });

  it("sends the catalog's ETag as If-None-Match once it has one, and tells nothing while the API answers 304", async () => {
    const answers = new Map([["/v1/services", { body: { data: [{ code: "nda" }] }, etag: '"a"' }]]);
    const api = fakeApi(answers);
    const { subscriptions, notified } = subscriptionsOn(api);
    await subscriptions.subscribe(CATALOG_URI, { data: [{ code: "nda" }] });
    await subscriptions.poll();
    await subscriptions.poll();
    answers.set("/v1/services", { body: { data: [{ code: "nda" }, { code: "pt" }] }, etag: '"b"' });
    await subscriptions.poll();
    expect(api.asked.map((ask) => ask.etag)).toEqual([null, '"a"', '"a"']);
    expect(notified).toEqual([CATALOG_URI]);
  });

  it("reads nothing more of a resource unsubscribed from, and keeps the answer last seen when subscribed again", async () => {
    const answers = new Map([["/v1/orders/ord_2", { body: { id: "ord_2", status: "dibayar" }, etag: null }]]);
    const api = fakeApi(answers);
    const { subscriptions, notified } = subscriptionsOn(api);
    await subscriptions.subscribe(orderUri("ord_2"), { id: "ord_2", status: "dibayar" });
    answers.set("/v1/orders/ord_2", { body: { id: "ord_2", status: "diambil" }, etag: null });
    await subscriptions.subscribe(orderUri("ord_2"), { id: "ord_2", status: "diambil" });
    await subscriptions.poll();
    expect(notified).toEqual([orderUri("ord_2")]);
    await subscriptions.unsubscribe(orderUri("ord_2"));
    answers.set("/v1/orders/ord_2", { body: { id: "ord_2", status: "dikerjakan" }, etag: null });
    await subscriptions.poll();
    expect([notified.length, api.asked.length]).toEqual([1, 1]);
  });

  it("tries again at the next poll when a read fails", async () => {
    let reachable = false;
    const api = fakeApi(new Map([["/v1/orders/ord_3", { body: { id: "ord_3", status: "diambil" }, etag: null }]]));
    const { subscriptions, notified } = subscriptionsOn({
      ...api,
      read: async (...args) => {
        if (!reachable) throw new Error("ECONNREFUSED");
        return api.read(...args);
      },
    });
    await subscriptions.subscribe(orderUri("ord_3"), { id: "ord_3", status: "dibayar" });
    await subscriptions.poll();
    expect(notified).toEqual([]);
    reachable = true;
    await subscriptions.poll();
    expect(notified).toEqual([orderUri("ord_3")]);
  });
});
