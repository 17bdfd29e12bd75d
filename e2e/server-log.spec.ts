import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ndaOrder } from "../src/test/nda-order";
import { freePort, ROOT as root, SERVER_BUNDLE, serverEnv } from "./server-process";

/**
 * No secret in any log line (issue 17): a server process of its own (the production build the
 * journeys' server was started from, a throwaway embedded database), driven through every face
 * with real secrets, then every line it wrote on stdout and stderr is searched for each of them.
 *
 * SEED_DEMO=false: the start banner prints the demo keys once by design (the quick start), so this
 * server has no demo and its key, webhook secret and portal user come from the operator CLI, as in
 * production. Nothing in the output is excluded from the search.
 */
const PASSWORD = "kata-sandi-log-uji-4821";
const WRONG_PASSWORD = "sandi-salah-log-uji-9917";
const METRICS_TOKEN = "metrics-token-log-uji-6650-abcdef";
const NEXTAUTH_SECRET = "nextauth-secret-log-uji-0123456789abcdef";
const EMAIL = "admin.log@contoh.id";
const INVITEE_PASSWORD = "sandi-undangan-log-uji-5531";

let dataDir: string;
let server: ChildProcess | null = null;
let output = "";
let receiver: ReturnType<typeof createServer>;
const received: IncomingHttpHeaders[] = [];

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "kuasa-log-"));
  receiver = createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

test("the server's log of a full run holds no API key, key secret, webhook secret, password, invitation token or session cookie", async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv(port, {
    NEXTAUTH_SECRET,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "false",
    METRICS_TOKEN,
    WEBHOOK_ALLOW_PRIVATE: "true",
  });
  const ops = (...args: string[]) =>
    JSON.parse(
      execFileSync(process.execPath, ["--import", "tsx", "src/cli/ops.ts", ...args], { cwd: root, env, encoding: "utf8" }),
    ) as Record<string, string>;
  const org = ops("org:create", "--name", "PT Log Uji", "--deposit", "20000000");
  const key = ops(
    "key:create",
    "--org",
    org.id!,
    "--webhook-url",
    `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`,
  );
  ops("user:create", "--role", "org_admin", "--org", org.id!, "--email", EMAIL, "--password", PASSWORD, "--name", "Admin Log");
  const token = key.key!;
  const webhookSecret = key.webhook_secret!;

  const child = spawn(process.execPath, [SERVER_BUNDLE], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  server = child;
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);

  /** Every answer's request id and status, to find its access line afterwards. */
  const answers: Array<{ requestId: string; status: number; what: string }> = [];
  const call = async (what: string, url: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${url}`, { redirect: "manual", ...init });
    const requestId = res.headers.get("x-request-id");
    // Exactly one id (a face adding its own would show as "a, b"); the access lines below prove it is the server's.
    expect(requestId, `${what}: X-Request-Id`).toMatch(/^req_[A-Za-z0-9]+$/);
    answers.push({ requestId: requestId!, status: res.status, what });
    return res;
  };
  const bearer = { Authorization: `Bearer ${token}` };
  const json = { ...bearer, "Content-Type": "application/json" };

  // REST with the key: an order (paid from the deposit, so its event goes to the webhook) and a message.
  const order = await call("create order", "/v1/orders", {
    method: "POST",
    headers: { ...json, "Idempotency-Key": "log-uji-order-1" },
    body: JSON.stringify(ndaOrder()),
  });
  expect(order.status).toBe(201);
  const orderId = ((await order.json()) as { id: string }).id;
  expect((await call("read order", `/v1/orders/${orderId}`, { headers: bearer })).status).toBe(200);
  const message = await call("message", `/v1/orders/${orderId}/messages`, {
    method: "POST",
    headers: { ...json, "Idempotency-Key": "log-uji-message-1" },
    body: JSON.stringify({ body: "Mohon gunakan hukum Indonesia sebagai pilihan hukum." }),
  });
  expect(message.status).toBeLessThan(500);
  // A secret in a query string is never logged: access lines carry the path only.
  expect(
    (await call("list with the key in the query", `/v1/orders?limit=1&leak=${encodeURIComponent(token)}`, { headers: bearer })).status,
  ).toBeLessThan(500);
  // The key's id with a wrong secret, and an unknown key.
  const wrongSecret = `${token.split(".")[0]}.${"x".repeat(token.split(".")[1]!.length)}`;
  expect((await call("wrong secret", "/v1/orders", { headers: { Authorization: `Bearer ${wrongSecret}` } })).status).toBe(401);
  expect(
    (
      await call("wrong key on a write", "/v1/orders", {
        method: "POST",
        headers: { ...json, Authorization: `Bearer ${wrongSecret}` },
        body: "{}",
      })
    ).status,
  ).toBe(401);

  // MCP: a tool call with the key.
  const mcp = await call("mcp tool call", "/mcp", {
    method: "POST",
    headers: { ...json, Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "status_order", arguments: { id: orderId } } }),
  });
  expect(mcp.status).toBe(200);
  expect(JSON.stringify(await mcp.json())).toContain(orderId);

  // The portal: a refused sign-in, a sign-in with the password, and a call with the session cookie.
  const csrf = await call("csrf", "/api/auth/csrf");
  const csrfToken = ((await csrf.json()) as { csrfToken: string }).csrfToken;
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const signIn = (password: string) =>
    call(`sign-in with ${password === PASSWORD ? "the" : "a wrong"} password`, "/api/auth/callback/credentials", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: csrfCookie, Origin: base },
      body: new URLSearchParams({ csrfToken, email: EMAIL, password, json: "true" }).toString(),
    });
  await signIn(WRONG_PASSWORD);
  const signedIn = await signIn(PASSWORD);
  const sessionCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  expect(sessionCookie, "session cookie").toBeTruthy();
  const session = sessionCookie!.split(";")[0]!;
  const portal = await call("portal query", "/api/trpc/organization.overview", { headers: { Cookie: session } });
  expect(portal.status).toBe(200);

  // An invitation (issue 25): its link's token is a credential, on the page, in queries, in the accepting body.
  const invited = await call("invite an admin", "/api/trpc/organization.invite", {
    method: "POST",
    headers: { Cookie: session, "Content-Type": "application/json", Origin: base, "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({ email: "undangan.log@contoh.id" }),
  });
  expect(invited.status).toBe(200);
  const invitationToken = ((await invited.json()) as { result: { data: { link: string } } }).result.data.link.split("/undangan/")[1]!;
  expect(invitationToken.length).toBeGreaterThan(20);
  const invitationPage = await call("the invitation page", `/undangan/${invitationToken}`);
  expect(invitationPage.status).toBe(200);
  expect(await invitationPage.text()).toContain("PT Log Uji");
  for (const [what, url] of [
    ["the invitation page with a trailing slash", `/undangan/${invitationToken}/`],
    ["a path under the invitation page", `/undangan/${invitationToken}/lagi`],
    ["the invitation page, percent-encoded", `/%75ndangan/${invitationToken}`],
    ["sign-in coming back to the invitation", `/masuk?callbackUrl=${encodeURIComponent(`/undangan/${invitationToken}`)}`],
    [
      "the invitation read by its token",
      `/api/trpc/invitation.show?input=${encodeURIComponent(JSON.stringify({ token: invitationToken }))}`,
    ],
  ]) {
    expect((await call(what!, url!)).status, what).toBeLessThan(500);
  }
  const accepted = await call("accept the invitation", "/api/trpc/invitation.accept", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({ token: invitationToken, name: "Admin Undangan", password: INVITEE_PASSWORD }),
  });
  expect(accepted.status).toBe(200);

  // The webhook of the order's payment, signed with the key's webhook secret.
  await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(Object.keys(received[0]!).some((name) => name.endsWith("-signature"))).toBe(true);

  // The operator's scrape, by route template.
  const metrics = await call("metrics", "/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(metrics.status).toBe(200);
  const scraped = await metrics.text();
  expect(scraped).toContain('kuasa_http_requests_total{face="rest",route="/v1/orders/{id}/messages",method="POST"');
  expect(scraped).toContain('kuasa_http_requests_total{face="mcp",route="/mcp",method="POST",status="200"}');
  expect(scraped).not.toContain(orderId);

  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;

  const secrets: Record<string, string> = {
    "API key": token,
    "API key secret": token.split(".")[1]!,
    "wrong key secret": wrongSecret.split(".")[1]!,
    "webhook secret": webhookSecret,
    password: PASSWORD,
    "wrong password": WRONG_PASSWORD,
    "invitation token": invitationToken,
    "invitee's password": INVITEE_PASSWORD,
    "session cookie": session.split("=").slice(1).join("="),
    "CSRF token": csrfToken,
    "metrics token": METRICS_TOKEN,
    NEXTAUTH_SECRET: NEXTAUTH_SECRET,
  };
  const lines = output.split("\n");
  for (const [name, secret] of Object.entries(secrets)) {
    expect(secret.length, name).toBeGreaterThan(8);
    expect(
      lines.filter((line) => line.includes(secret) || line.includes(encodeURIComponent(secret))),
      `log lines holding the ${name}`,
    ).toEqual([]);
  }

  // One JSON access line per answer, with its request id and status, and never a query string.
  const accessLines = lines.flatMap((line) => {
    if (!line.startsWith("{")) return [];
    const entry = JSON.parse(line) as Record<string, unknown>;
    return entry.msg === "request" ? [entry] : [];
  });
  for (const answer of answers) {
    const matching = accessLines.filter((entry) => entry.requestId === answer.requestId);
    expect(matching, `access line of ${answer.what}`).toHaveLength(1);
    expect(matching[0]).toMatchObject({ status: answer.status, level: "info" });
    expect(matching[0]!.durationMs).toEqual(expect.any(Number));
  }
  for (const entry of accessLines) expect(String(entry.path)).not.toContain("?");
  // The invitation page's lines name its route template instead of the path.
  const invitationLine = accessLines.find((entry) => entry.requestId === answers.find((a) => a.what === "the invitation page")!.requestId);
  expect(invitationLine).toMatchObject({ path: "/undangan/{token}", route: "/undangan/{token}" });
});
