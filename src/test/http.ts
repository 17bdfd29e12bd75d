import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Clock, systemClock } from "@/server/domain/clock";
import type { Db } from "@/server/db/client";
import { createRestHandler } from "@/server/api/rest";
import type { Jobs } from "@/server/jobs/types";
import type { ApiRateLimiter } from "@/server/services/rate-limit";

export interface TestApi {
  url: string;
  /** fetch against the in-process server, with the key as bearer when given. */
  call(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** The real /v1 handler on a loopback port of this process. */
export async function startTestApi(db: Db, clock: Clock = systemClock, rateLimiter?: ApiRateLimiter, jobs?: Pick<Jobs, "wakeDue">): Promise<TestApi> {
  const handler = createRestHandler({ db, clock, rateLimiter, jobs, publicUrl: "http://localhost" });
  const server: Server = createServer((req, res) => void handler(req, res));
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
