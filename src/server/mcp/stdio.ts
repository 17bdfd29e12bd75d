import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { modeOfApiKey } from "@/server/domain/api-key";
import { checkKey, createRestRunner } from "./rest-client";
import { createMcpServer } from "./server";
import { toolsFor } from "./tools";

/**
 * The local MCP face (`npx kuasa-mcp`): the same tools over stdio, each calling the Kuasa REST API
 * with KUASA_API_KEY. stdout carries the protocol, so everything for people goes to stderr.
 */
function fail(message: string): never {
  process.stderr.write(`kuasa-mcp: ${message}\n`);
  process.exit(1);
}

const apiKey = process.env.KUASA_API_KEY?.trim();
if (!apiKey)
  fail(
    "KUASA_API_KEY is not set. Set it to your Kuasa API key (<key_id>.<key_secret>), e.g. in the env of your MCP client's server entry.",
  );
const baseUrl = (process.env.KUASA_BASE_URL?.trim() || "http://127.0.0.1:3000").replace(/\/+$/, "");
if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol))
  fail(`KUASA_BASE_URL must be an http:// or https:// URL, got ${baseUrl}`);

// A refused key fails now, where the MCP client shows it, not on the first tool call. An API that
// is down may come back: the tools then answer in its words.
const key = await checkKey({ baseUrl, apiKey });
if (!key.taken && key.refused) fail(`KUASA_API_KEY was refused by ${baseUrl}: ${key.message}`);
if (!key.taken) process.stderr.write(`kuasa-mcp: ${key.message} Starting anyway; check KUASA_BASE_URL.\n`);

// The sandbox's tools are a test key's: the API's word on the key, else what its id says (kk_test_…).
const livemode = (key.taken ? key.livemode : undefined) ?? modeOfApiKey(apiKey) !== "test";
const server = createMcpServer(createRestRunner({ baseUrl, apiKey }), { livemode });
await server.connect(new StdioServerTransport());
process.stderr.write(
  `kuasa-mcp: ${toolsFor(livemode).tools.length} tools (${livemode ? "live" : "test"} mode) on stdio, calling ${baseUrl}\n`,
);
