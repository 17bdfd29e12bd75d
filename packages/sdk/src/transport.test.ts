import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { KuasaConnectionError, KuasaError } from "./errors.js";
import type { ApiVersion } from "./generated/client.js";
import { type ClientOptions, type ListMethod, listMethod, type OperationSpec, Transport } from "./transport.js";

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the test server does with request number `index`: answer, or drop the connection unanswered. */
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | "reset";

const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

/** An HTTP server on a loopback port that records each request and answers it as `answer` says. */
async function serve(answer: (index: number, request: Received) => Answer) {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      const reply = answer(received.push(request) - 1, request);
      if (reply === "reset") {
        req.socket.destroy();
        return;
      }
      const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body ?? {});
      res.writeHead(reply.status, { "Content-Type": "application/json", ...reply.headers }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const transport = (options: Partial<ClientOptions> = {}) =>
    new Transport({ apiKey: "kk_test_abc.def", baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, ...options });
  return { received, transport };
}

const apiError = (code: string, message: string, extra: Record<string, string> = {}) => ({
  error: { code, message, request_id: "req_1", doc_url: `http://kuasa.test/docs#section/Errors/${code}`, ...extra },
});

const GET_ORDER: OperationSpec = { method: "GET", path: "/v1/orders/{id}" };
const CREATE_ORDER: OperationSpec = { method: "POST", path: "/v1/orders", idempotent: true, body: "json" };
const UPLOAD: OperationSpec = { method: "POST", path: "/v1/files", idempotent: true, body: { file: "file" } };

describe("retries", () => {
  it("waits out a 429's Retry-After, then sends the same POST again under the same automatic Idempotency-Key", async () => {
    const { received, transport } = await serve((index) =>
      index === 0
        ? { status: 429, headers: { "Retry-After": "1" }, body: apiError("RATE_LIMITED", "Slow down.") }
        : { status: 201, body: { id: "ord_1" } },
    );
    expect(await transport().request(CREATE_ORDER, {}, { service: "x" }, {})).toEqual({ id: "ord_1" });
    expect(received).toHaveLength(2);
    const [first, second] = received.map((r) => r.headers["idempotency-key"]);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).toBe(first);
    expect(received[1]!.body).toBe('{"service":"x"}');
  });

  it("sends a GET again after its connection was reset", async () => {
    const { received, transport } = await serve((index) => (index === 0 ? "reset" : { status: 200, body: { id: "ord_1" } }));
    expect(await transport().request(GET_ORDER, { id: "ord_1" }, undefined)).toEqual({ id: "ord_1" });
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /v1/orders/ord_1", "GET /v1/orders/ord_1"]);
  });

  it("sends a POST again after a reset under the same automatic Idempotency-Key", async () => {
    const { received, transport } = await serve((index) => (index === 0 ? "reset" : { status: 201, body: { id: "ord_1" } }));
    await transport().request(CREATE_ORDER, {}, { service: "x" });
    expect(received).toHaveLength(2);
    expect(received[1]!.headers["idempotency-key"]).toBe(received[0]!.headers["idempotency-key"]);
  });

  it("never sends a POST again after a network error when its Idempotency-Key is turned off", async () => {
    const { received, transport } = await serve(() => "reset");
    const error = await transport()
      .request(CREATE_ORDER, {}, { service: "x" }, { idempotencyKey: false })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(KuasaConnectionError);
    expect((error as KuasaConnectionError).message).toMatch(/^POST \/v1\/orders: /);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers).not.toHaveProperty("idempotency-key");
  });

  it("sends the caller's own Idempotency-Key, on every attempt", async () => {
    const { received, transport } = await serve((index) =>
      index === 0
        ? { status: 503, headers: { "Retry-After": "0" }, body: apiError("SERVICE_UNAVAILABLE", "Busy.") }
        : { status: 200, body: {} },
    );
    await transport().request(CREATE_ORDER, {}, {}, { idempotencyKey: "nda-LEGAL-1042" });
    expect(received.map((r) => r.headers["idempotency-key"])).toEqual(["nda-LEGAL-1042", "nda-LEGAL-1042"]);
  });

  it("gives up after maxRetries and throws the last refusal", async () => {
    const { received, transport } = await serve(() => ({
      status: 429,
      headers: { "Retry-After": "0" },
      body: apiError("RATE_LIMITED", "Slow down."),
    }));
    const error = await transport({ maxRetries: 2 })
      .request(GET_ORDER, { id: "ord_1" }, undefined)
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(KuasaError);
    expect(error).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(received).toHaveLength(3);
  });

  it("throws a 429 at once when its Retry-After is longer than a minute", async () => {
    const { received, transport } = await serve(() => ({
      status: 429,
      headers: { "Retry-After": "61" },
      body: apiError("RATE_LIMITED", "Slow down."),
    }));
    await expect(transport().request(GET_ORDER, { id: "ord_1" }, undefined)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(received).toHaveLength(1);
  });

  it("sends a GET again after a gateway's 502 page, but not a POST without a key", async () => {
    const gateway = (index: number): Answer =>
      index === 0 ? { status: 502, body: "<html>Bad Gateway</html>" } : { status: 200, body: {} };
    const get = await serve(gateway);
    await get.transport().request(GET_ORDER, { id: "ord_1" }, undefined);
    expect(get.received).toHaveLength(2);

    const post = await serve(gateway);
    const error = await post
      .transport()
      .request(CREATE_ORDER, {}, {}, { idempotencyKey: false })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(KuasaConnectionError);
    expect(error).toMatchObject({ status: 502 });
    expect(post.received).toHaveLength(1);
  });

  it("sends an upload from a path again after a 429: the same part, with its length, named after the file", async () => {
    const { received, transport } = await serve((index) =>
      index === 0
        ? { status: 429, headers: { "Retry-After": "0" }, body: apiError("RATE_LIMITED", "Slow down.") }
        : { status: 201, body: { id: "file_1" } },
    );
    const dir = await mkdtemp(path.join(tmpdir(), "kuasa-sdk-upload-"));
    try {
      await writeFile(path.join(dir, "kontrak.txt"), "Kontrak kerja sama.\n");
      expect(await transport().request(UPLOAD, {}, { file: path.join(dir, "kontrak.txt") })).toEqual({ id: "file_1" });
    } finally {
      await rm(dir, { recursive: true });
    }
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(received[1]!.headers["content-length"]).toBe(String(Buffer.byteLength(received[1]!.body)));
    expect(received[1]!.body).toContain('Content-Disposition: form-data; name="file"; filename="kontrak.txt"\r\n');
    expect(received[1]!.body).toContain("\r\n\r\nKontrak kerja sama.\n\r\n--kuasa-");
  });

  it("never retries an upload from a stream, which cannot be read twice", async () => {
    const { received, transport } = await serve(() => ({
      status: 429,
      headers: { "Retry-After": "0" },
      body: apiError("RATE_LIMITED", "Slow down."),
    }));
    const upload = { file: Readable.from([Buffer.from("Catatan rapat.\n")]), filename: "catatan.txt" };
    await expect(transport().request(UPLOAD, {}, upload)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(received).toHaveLength(1);
  });
});

describe("errors", () => {
  it("are KuasaErrors with the code, status, param, request id and doc URL of the API's body, and a 400 is never retried", async () => {
    const { received, transport } = await serve(() => ({
      status: 400,
      body: apiError("VALIDATION", "intake.sifat_nda: is required", { param: "intake.sifat_nda" }),
    }));
    const error = await transport()
      .request(CREATE_ORDER, {}, {})
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(KuasaError);
    expect(error).toMatchObject({
      name: "KuasaError",
      message: "intake.sifat_nda: is required",
      code: "VALIDATION",
      status: 400,
      param: "intake.sifat_nda",
      requestId: "req_1",
      docUrl: "http://kuasa.test/docs#section/Errors/VALIDATION",
    });
    expect(received).toHaveLength(1);
  });
});

describe("requests", () => {
  it("send the key as a bearer, the version of the client or of the call, and metadata filters as metadata[key]", async () => {
    const { received, transport } = await serve(() => ({ status: 200, body: { data: [], has_more: false } }));
    // Any string in the version's place: the server, not the client, decides which versions exist.
    const version = (date: string) => date as ApiVersion;
    const client = transport({ apiVersion: version("2026-11-28") });
    const list: ListMethod<
      { status?: string; metadata?: Record<string, string>; starting_after?: string },
      { data: { id: string }[]; has_more: boolean }
    > = listMethod(client, { method: "GET", path: "/v1/orders" });
    await list({ status: "selesai", metadata: { run: "a b", team: "legal" } });
    await list({}, { apiVersion: version("2027-01-01") });
    expect(received.map((r) => r.url)).toEqual(["/v1/orders?status=selesai&metadata%5Brun%5D=a+b&metadata%5Bteam%5D=legal", "/v1/orders"]);
    expect(received.map((r) => r.headers.authorization)).toEqual(["Bearer kk_test_abc.def", "Bearer kk_test_abc.def"]);
    expect(received.map((r) => r.headers["kuasa-version"])).toEqual(["2026-11-28", "2027-01-01"]);
  });

  it("walk a list page after page with starting_after through .all()", async () => {
    const ids = ["ord_5", "ord_4", "ord_3", "ord_2", "ord_1"];
    const { received, transport } = await serve((_, request) => {
      const after = new URL(request.url, "http://x").searchParams.get("starting_after");
      const from = after ? ids.indexOf(after) + 1 : 0;
      return { status: 200, body: { data: ids.slice(from, from + 2).map((id) => ({ id })), has_more: from + 2 < ids.length } };
    });
    const list: ListMethod<{ limit?: number; starting_after?: string }, { data: { id: string }[]; has_more: boolean }> = listMethod(
      transport(),
      {
        method: "GET",
        path: "/v1/orders",
      },
    );
    const seen: string[] = [];
    for await (const order of list.all({ limit: 2 })) seen.push(order.id);
    expect(seen).toEqual(ids);
    expect(received.map((r) => r.url)).toEqual([
      "/v1/orders?limit=2",
      "/v1/orders?limit=2&starting_after=ord_4",
      "/v1/orders?limit=2&starting_after=ord_2",
    ]);
  });
});
