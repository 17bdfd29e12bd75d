import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { modeOfApiKey } from "@/server/domain/access/api-key";
import { API_VERSIONS, operationsChangedSince } from "@/server/domain/api-version";
import { createPolledSubscriptions } from "./polling";
import { checkKey, createRestPoller, createRestRunner } from "./rest-client";
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

// Every tool call asks the API for this version's answers (Kuasa-Version); the key's own without it.
const apiVersion = process.env.KUASA_API_VERSION?.trim() || undefined;
const target = { baseUrl, apiKey, apiVersion };
// Each followed resource is one read of the key's per poll (600 a minute by default).
const pollSetting = process.env.KUASA_POLL_INTERVAL_MS?.trim() || "5000";
const pollIntervalMs = Number(pollSetting);
if (!Number.isSafeInteger(pollIntervalMs) || pollIntervalMs < 100)
  fail(`KUASA_POLL_INTERVAL_MS must be a whole number of milliseconds, at least 100, got ${pollSetting}`);

// A refused key (or version) fails now, where the MCP client shows it, not on the first tool call. An
// API that is down may come back: the tools then answer in its words.
const key = await checkKey(target);
if (!key.taken && key.refused) fail(`${key.refused} was refused by ${baseUrl}: ${key.message}`);
if (!key.taken) process.stderr.write(`kuasa-mcp: ${key.message} Starting anyway; check KUASA_BASE_URL.\n`);
const version = key.taken ? key.version : undefined;
if (version?.sunset)
  process.stderr.write(
    `kuasa-mcp: API version ${version.date} is deprecated and will stop being served on ${version.sunset}; see the changelog (docs/versions.md) and move to a newer version.\n`,
  );

// The sandbox's tools are a test key's: the API's word on the key, else what its id says (kk_test_…).
const livemode = (key.taken ? key.livemode : undefined) ?? modeOfApiKey(apiKey) !== "test";
// Tools whose answers the API gives this key in an older shape than this program's schemas.
const known = version && API_VERSIONS.find((candidate) => candidate.date === version.date);
const changed = known ? operationsChangedSince(API_VERSIONS, known) : undefined;
// An error found here, before any request (a bad argument, an API out of reach), links to the docs of the server it would have asked.
const subscriptions = createPolledSubscriptions({
  read: createRestPoller(target),
  toolSet: toolsFor(livemode),
  notify: (uri) => server.sendResourceUpdated({ uri }),
  intervalMs: pollIntervalMs,
});
const server = createMcpServer(createRestRunner(target), { livemode, publicUrl: baseUrl, changed, subscriptions });
await server.connect(new StdioServerTransport());
process.stderr.write(
  `kuasa-mcp: ${toolsFor(livemode).tools.length} tools (${livemode ? "live" : "test"} mode) on stdio, calling ${baseUrl}\n`,
);
