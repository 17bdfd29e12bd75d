import http, { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorDocUrl } from "@/server/api/openapi-guide";
import { type Answer, keepAlivePool, TEST_PUBLIC_URL } from "@/test/http";
import { bodyCapOf, refuseOversizedBody } from "./body-limits";

let server: Server;
let base: string;
/** Requests that got past the guard, as Next would have received them. */
const reached: string[] = [];

beforeAll(async () => {
  // Stands in for Next: reads any body whole, as Next does.
  server = createServer(async (req, res) => {
    if (refuseOversizedBody(req, res, TEST_PUBLIC_URL)) return;
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) size += chunk.length;
    reached.push(`${req.method} ${req.url}`);
    res.end(JSON.stringify({ size }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function expectRefused(answer: Answer) {
  expect(answer.status).toBe(413);
  expect(answer.headers.connection).toBe("close");
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["cache-control"]).toBe("no-store");
  expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  const body = JSON.parse(answer.body) as { error: { code: string; message: string; request_id: string; doc_url: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(Object.keys(body.error).sort()).toEqual(["code", "doc_url", "message", "request_id"]);
  expect(body.error.request_id).toBe(answer.headers["x-request-id"]);
  expect(body.error.code).toBe("PAYLOAD_TOO_LARGE");
  expect(body.error.doc_url).toBe(errorDocUrl(TEST_PUBLIC_URL, "PAYLOAD_TOO_LARGE"));
}

describe("the body caps of the routes Next answers", () => {
  it.each([
    ["/api/auth/callback/credentials", 64 * 1024],
    ["/api/auth/callback/credentials?json=true", 64 * 1024],
    ["/api//auth/signin", 64 * 1024],
    ["/api/%61uth/signin", 64 * 1024],
    ["/api/trpc/orders.approve", 1024 * 1024],
    ["/api/anything-new", 1024 * 1024],
    ["/api/inngest", null],
    ["/masuk", null],
    ["/apiary", null],
  ])("%s is capped at %s bytes", (path, cap) => {
    expect(bodyCapOf(path)).toBe(cap);
  });
});

describe("refusing an oversized /api body before reading it", () => {
  it("refuses a sign-in body over 64 KB from its Content-Length with 413 and Connection: close, and the pool's next request is answered", async () => {
    const pool = keepAlivePool(base);
    try {
      const before = reached.length;
      expectRefused(
        await pool.send("/api/auth/callback/credentials", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "x".repeat(64 * 1024 + 1),
        }),
      );
      expect(reached.length).toBe(before);
      const next = await pool.send("/api/auth/session");
      expect([next.status, next.body]).toEqual([200, JSON.stringify({ size: 0 })]);
    } finally {
      pool.close();
    }
  });

  it("refuses an OAuth token request over 64 KB, and a chunked one, each with nosniff and no-store", async () => {
    const pool = keepAlivePool(base);
    try {
      const before = reached.length;
      const form = { "Content-Type": "application/x-www-form-urlencoded" };
      expectRefused(await pool.send("/oauth/token", { method: "POST", headers: form, body: "x".repeat(64 * 1024 + 1) }));
      expectRefused(
        await pool.send("/oauth/token", { method: "POST", headers: form, body: [Buffer.from("grant_type="), Buffer.from("x")] }),
      );
      expect(reached.length).toBe(before);
    } finally {
      pool.close();
    }
  });

  it("answers 413 at once when the declared body has not even been sent", async () => {
    // A Content-Length of 2 MB and no body: only an answer from the header alone arrives within the timeout.
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(
        new URL("/api/trpc/orders.approve", base),
        { method: "POST", headers: { "Content-Length": String(2 * 1024 * 1024) } },
        (res) => {
          res.resume();
          resolve(res);
        },
      );
      req.on("error", reject);
      req.setTimeout(3000, () => req.destroy(new Error("no answer within 3 s")));
      req.flushHeaders();
    });
    expect([answer.statusCode, answer.headers.connection]).toEqual([413, "close"]);
  });

  it("refuses a chunked body, whose length is unknown, and the pool's next request is answered", async () => {
    const pool = keepAlivePool(base);
    try {
      expectRefused(
        await pool.send("/api/trpc/orders.approve", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: [Buffer.from("{"), Buffer.from("}")],
        }),
      );
      expect((await pool.send("/api/trpc/orders.list")).status).toBe(200);
    } finally {
      pool.close();
    }
  });

  it("passes a portal body under its cap, and any body to /api/inngest, to Next whole", async () => {
    const pool = keepAlivePool(base);
    try {
      const portal = await pool.send("/api/trpc/orders.approve", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "x".repeat(1024 * 1024),
      });
      expect([portal.status, portal.body]).toEqual([200, JSON.stringify({ size: 1024 * 1024 })]);
      const inngest = await pool.send("/api/inngest", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "x".repeat(2 * 1024 * 1024),
      });
      expect([inngest.status, inngest.body]).toEqual([200, JSON.stringify({ size: 2 * 1024 * 1024 })]);
    } finally {
      pool.close();
    }
  });
});
