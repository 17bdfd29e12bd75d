import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { classifyNetworkError, MAX_CONNECTIONS_PER_RECEIVER, postWebhook, RECEIVER_UNREACHABLE } from "./webhooks-transport";

function nodeError(code: string | undefined, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

describe("classifyNetworkError", () => {
  it.each([
    ["ECONNRESET", "socket hang up", "connection reset by the receiver"],
    ["HPE_INVALID_CONSTANT", "Parse Error: Expected HTTP/", "invalid HTTP answer (HPE_INVALID_CONSTANT)"],
    [
      "ERR_TLS_CERT_ALTNAME_INVALID",
      "Hostname/IP does not match certificate's altnames: Host: hook.example. is not in the cert's altnames: DNS:vault.internal.corp",
      "TLS error (ERR_TLS_CERT_ALTNAME_INVALID)",
    ],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate", "TLS error (DEPTH_ZERO_SELF_SIGNED_CERT)"],
    ["ERR_SSL_WRONG_VERSION_NUMBER", "wrong version number", "TLS error (ERR_SSL_WRONG_VERSION_NUMBER)"],
    ["EPROTO", "write EPROTO <bytes the peer sent>", "network error (EPROTO)"],
    [undefined, "something the receiver said", "network error"],
    ["not a code: receiver text", "x", "network error"],
  ])("names %s by a fixed phrase, never by the error's message", (code, message, expected) => {
    expect(classifyNetworkError(nodeError(code, message))).toBe(expected);
  });

  it("says the same of a blocked address, a failed DNS lookup, a refused connection and an unreachable host", () => {
    const failures = [
      new Error("DNS lookup 10.1.2.3(family:4, host:redis.internal) is not allowed. Because, It is private IP address."),
      Object.assign(nodeError("ENOTFOUND", "getaddrinfo ENOTFOUND vault.internal"), { hostname: "vault.internal" }),
      Object.assign(nodeError("EAI_AGAIN", "getaddrinfo EAI_AGAIN vault.internal"), { hostname: "vault.internal" }),
      nodeError("ECONNREFUSED", "connect ECONNREFUSED 10.0.0.5:6379"),
      nodeError("EHOSTUNREACH", "connect EHOSTUNREACH 10.0.0.9:443"),
      nodeError("ENETUNREACH", "connect ENETUNREACH 10.0.0.9:443"),
    ];
    expect(new Set(failures.map(classifyNetworkError))).toEqual(new Set([RECEIVER_UNREACHABLE]));
    expect(RECEIVER_UNREACHABLE).not.toMatch(/internal|10\.|blocked|DNS/);
  });
});

/** A loopback receiver that counts the connections it accepted and the requests on each. */
async function countingReceiver(answer: (req: IncomingMessage, res: ServerResponse, requestOnConnection: number) => void) {
  const perConnection = new Map<Socket, number>();
  const server = createServer((req, res) => {
    const n = (perConnection.get(req.socket) ?? 0) + 1;
    perConnection.set(req.socket, n);
    req.resume().on("end", () => answer(req, res, n));
  });
  server.on("connection", (socket: Socket) => perConnection.set(socket, 0));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    connections: () => perConnection.size,
    dropAll: () => server.closeAllConnections(),
  };
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

const post = (url: string, allowPrivate = true) =>
  postWebhook({ url, headers: { "Content-Type": "application/json" }, body: "{}", timeoutMs: 5_000, allowPrivate });

describe("postWebhook connections", () => {
  it("carries consecutive deliveries to one receiver over one kept connection", async () => {
    const receiver = await countingReceiver((_req, res) => res.writeHead(200).end("ok"));
    for (let i = 0; i < 3; i++) expect(await post(receiver.url)).toMatchObject({ statusCode: 200, error: null });
    expect(receiver.connections()).toBe(1);
  });

  it("never lends a connection opened with private addresses allowed to a delivery that must go to public ones", async () => {
    const receiver = await countingReceiver((_req, res) => res.writeHead(200).end());
    expect(await post(receiver.url, true)).toMatchObject({ statusCode: 200 });
    expect(await post(receiver.url, false)).toMatchObject({
      statusCode: null,
      error: RECEIVER_UNREACHABLE,
    });
    expect(receiver.connections()).toBe(1);
  });

  it("sends again on a new connection when the receiver drops a kept one as it is reused", async () => {
    // Drops the second request of every connection unanswered, as a receiver closing idle connections would.
    const receiver = await countingReceiver((req, res, n) => (n === 2 ? req.socket.destroy() : res.writeHead(204).end()));
    expect(await post(receiver.url)).toMatchObject({ statusCode: 204 });
    expect(await post(receiver.url)).toMatchObject({ statusCode: 204, error: null });
    expect(receiver.connections()).toBe(2);
  });

  it("closes the connection of a long answer instead of reading it; its status still counts", async () => {
    const receiver = await countingReceiver((_req, res) => res.writeHead(500).end("x".repeat(1_000_000)));
    expect(await post(receiver.url)).toMatchObject({ statusCode: 500, error: null });
    expect(await post(receiver.url)).toMatchObject({ statusCode: 500, error: null });
    expect(receiver.connections()).toBe(2);
  });

  it("reports a delivery that waited for one of the receiver's busy connections until its deadline as never sent", async () => {
    // Holds every request unanswered, so each connection stays busy.
    const receiver = await countingReceiver(() => {});
    const busy = Array.from({ length: MAX_CONNECTIONS_PER_RECEIVER }, () =>
      postWebhook({ url: receiver.url, headers: {}, body: "{}", timeoutMs: 5_000, allowPrivate: true }),
    );
    const waiting = await postWebhook({ url: receiver.url, headers: {}, body: "{}", timeoutMs: 200, allowPrivate: true });
    expect(waiting).toEqual({ statusCode: null, error: "no answer within 200 ms", durationMs: expect.any(Number), queued: true });
    expect(receiver.connections()).toBe(MAX_CONNECTIONS_PER_RECEIVER);
    receiver.dropAll();
    expect((await Promise.all(busy)).map((r) => [r.error, r.queued])).toEqual(busy.map(() => ["connection reset by the receiver", false]));
  });
});
