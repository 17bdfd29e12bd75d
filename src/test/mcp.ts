import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type CallToolResult, ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { AddressGuard } from "@/server/api/address-guard";
import type { Db } from "@/server/db/client";
import { type Clock, systemClock } from "@/server/domain/clock";
import { createMcpHandler } from "@/server/mcp/http";
import type { ApiRateLimiter } from "@/server/services/access";
import { TEST_FILES } from "./files";
import { TEST_PUBLIC_URL } from "./http";

/** The `npx kuasa-mcp` entry, run as the MCP client would run it. */
export const KUASA_MCP_BIN = fileURLToPath(new URL("../cli/kuasa-mcp.mjs", import.meta.url));

export interface TestMcp {
  /** The MCP endpoint, http://127.0.0.1:<port>/mcp. */
  url: string;
  /** An SDK client connected with the key as bearer (none when omitted). */
  connect(token?: string): Promise<Client>;
  close(): Promise<void>;
}

/** The real /mcp handler on a loopback port of this process; `watchIntervalMs` is its watcher's (MCP_WATCH_INTERVAL_MS). */
export async function startTestMcp(
  db: Db,
  clock: Clock = systemClock,
  rateLimiter?: ApiRateLimiter,
  addressGuard?: AddressGuard,
  { watchIntervalMs }: { watchIntervalMs?: number } = {},
): Promise<TestMcp> {
  const handler = createMcpHandler(
    { db, clock, rateLimiter, addressGuard, files: TEST_FILES, publicUrl: TEST_PUBLIC_URL },
    { watchIntervalMs },
  );
  const server: Server = createServer((req, res) => void handler(req, res));
  // As the production server (runtime/serve.ts): a client's pooled connection, reused after a pause
  // on a loaded machine, must not meet a server that closed it at Node's default 5 s (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  const clients: Client[] = [];
  return {
    url,
    async connect(token) {
      const client = new Client({ name: "kuasa-test", version: "1.0.0" });
      const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await handler.close();
    },
  };
}

/** The stdio server as a child process, as an MCP client starts it, with the given environment. */
export async function connectStdio(env: Record<string, string>): Promise<Client> {
  // Its stderr is for people; the test that needs it spawns the bin itself.
  const transport = new StdioClientTransport({ command: process.execPath, args: [KUASA_MCP_BIN], env, stderr: "ignore" });
  const client = new Client({ name: "kuasa-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** A tool result's JSON: on success structuredContent, which the text repeats; on error the text, the REST error body. */
export function toolJson(result: Awaited<ReturnType<Client["callTool"]>>): unknown {
  const [first] = result.content as CallToolResult["content"];
  if (first?.type !== "text") throw new Error("expected a text content block");
  const json: unknown = JSON.parse(first.text);
  if (!result.isError && !isDeepStrictEqual(result.structuredContent, json)) throw new Error("structuredContent and text disagree");
  return json;
}

/** An answer as both faces would give it for the same call: an error's request_id is its own request's, so it is left out. */
export function withoutRequestId(body: unknown): unknown {
  const error = (body as { error?: Record<string, unknown> }).error;
  if (error === undefined) return body;
  const { request_id: _, ...rest } = error;
  return { error: rest };
}

/**
 * Every `notifications/resources/updated` a client is sent, in order, with barriers: `next(uri)`
 * resolves at the next update of the URI not yet taken (at once if one already came), and
 * `until(uri, check)` takes updates until a read of the resource right after one passes `check`:
 * a change is proven by an update followed by a read that shows it, whatever the timing.
 */
export function resourceUpdates(client: Client) {
  const got: string[] = [];
  const taken = new Map<string, number>();
  const waiting = new Set<() => void>();
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => {
    got.push(params.uri);
    for (const wake of waiting) wake();
    waiting.clear();
  });
  const next = async (uri: string): Promise<void> => {
    while (got.filter((u) => u === uri).length <= (taken.get(uri) ?? 0)) await new Promise<void>((resolve) => waiting.add(resolve));
    taken.set(uri, (taken.get(uri) ?? 0) + 1);
  };
  return {
    /** Every URI updated so far, in the order the updates came. */
    got,
    next,
    async until<T>(uri: string, check: (read: T) => boolean): Promise<T> {
      for (;;) {
        await next(uri);
        const read = (await readJson(client, uri)) as T;
        if (check(read)) return read;
      }
    },
  };
}

/** A resource's JSON, as resources/read gives it. */
export async function readJson(client: Client, uri: string): Promise<unknown> {
  const { contents } = await client.readResource({ uri });
  const [content] = contents;
  if (content?.mimeType !== "application/json" || !("text" in content)) throw new Error(`expected one JSON text content for ${uri}`);
  return JSON.parse(content.text);
}
