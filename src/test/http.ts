import http, { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AddressGuard } from "@/server/api/address-guard";
import { createRestHandler } from "@/server/api/rest";
import type { Db } from "@/server/db/client";
import { type Clock, systemClock } from "@/server/domain/clock";
import type { Jobs } from "@/server/jobs/types";
import type { ApiRateLimiter } from "@/server/services/access";
import type { FileSettings } from "@/server/services/files";
import { TEST_FILES } from "./files";

/** PUBLIC_URL of the test servers: their errors' doc_url points into its /docs. */
export const TEST_PUBLIC_URL = "http://localhost";

export interface TestApi {
  url: string;
  /** fetch against the in-process server, with the key as bearer when given. */
  call(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** The real /v1 handler on a loopback port of this process. */
export async function startTestApi(
  db: Db,
  clock: Clock = systemClock,
  rateLimiter?: ApiRateLimiter,
  jobs?: Pick<Jobs, "wakeDue">,
  addressGuard?: AddressGuard,
  files: FileSettings = TEST_FILES,
): Promise<TestApi> {
  const handler = createRestHandler({ db, clock, rateLimiter, addressGuard, jobs, files, publicUrl: TEST_PUBLIC_URL });
  const server: Server = createServer((req, res) => void handler(req, res));
  // As the production server (runtime/serve.ts): a client's pooled connection, reused after a pause
  // on a loaded machine, must not meet a server that closed it at Node's default 5 s (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    call(path, init = {}) {
      const { token, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set("Authorization", `Bearer ${token}`);
      if (json !== undefined) headers.set("Content-Type", "application/json");
      return fetch(`${url}${path}`, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
    },
    close: () => {
      // A connection still open (a refused upload's unread body, a client's idle pool) must not hold the close.
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One keep-alive connection at a time, as a pooled client holds it, against `base`; every request
 * must be answered within 3 s, so a connection left hanging fails the test instead of stalling it.
 */
export function keepAlivePool(base: string, defaultHeaders: Record<string, string> = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer[] } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        new URL(path, base),
        { method: init.method ?? "GET", headers: { ...defaultHeaders, ...init.headers }, agent },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on("error", reject);
      req.setTimeout(3000, () => req.destroy(new Error(`no answer to ${path} within 3 s`)));
      // Written in pieces, a body goes out chunked, with no Content-Length; whole, with one.
      if (Array.isArray(init.body)) {
        for (const piece of init.body) req.write(piece);
        req.end();
      } else req.end(init.body);
    });
  return { send, close: () => agent.destroy() };
}
