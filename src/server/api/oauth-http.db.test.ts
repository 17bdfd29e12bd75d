import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SWEEPER } from "@/server/domain/access/actor";
import { oauthTokenHash } from "@/server/domain/access/oauth";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { API_VERSIONS, currentVersion } from "@/server/domain/api-version";
import { fixedClock, systemClock } from "@/server/domain/clock";
import { randomBase62 } from "@/server/domain/ids";
import { createMcpHandler } from "@/server/mcp/http";
import { ApiRateLimiter } from "@/server/services/access";
import { deleteUnusedOAuthClients } from "@/server/services/oauth";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { TEST_FILES } from "@/test/files";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { codeOf, portalCaller, portalUser } from "@/test/portal";
import { createOAuthHandler, OAUTH_PATHS } from "./oauth-http";
import { createRestHandler } from "./rest";

let database: TestDatabase;
let server: Server;
let base: string;
let org: TestOrg;
let admin: PortalUser;

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma);
  admin = await portalUser(database.prisma, "org_admin", org.id);
  // The three real handlers behind one loopback origin, as serve.ts routes them: the issuer and the resources share it.
  let handlers: { rest: Handler; mcp: Handler; oauth: Handler } | undefined;
  server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const h = handlers!;
    void (path.startsWith("/v1") ? h.rest : path === "/mcp" ? h.mcp : OAUTH_PATHS.has(path) ? h.oauth : h.rest)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const deps = { db: database.prisma, clock: systemClock, files: TEST_FILES, publicUrl: base };
  handlers = { rest: createRestHandler(deps), mcp: createMcpHandler(deps), oauth: createOAuthHandler(deps) };
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await database?.destroy();
});

const REDIRECT = "http://127.0.0.1:7777/callback";

async function register(redirectUris = [REDIRECT]) {
  const res = await fetch(`${base}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ client_name: "Asisten Uji", redirect_uris: redirectUris, token_endpoint_auth_method: "none" }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { client_id: string } };
}

function pkce() {
  const verifier = randomBase62(64);
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

function authorizationParams(clientId: string, challenge: string, overrides: Record<string, string> = {}) {
  return {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "keadaan-123",
    resource: `${base}/mcp`,
    ...overrides,
  };
}

const caller = () => portalCaller({ db: database.prisma, clock: systemClock, publicUrl: base }, admin);

/** The admin approves on the consent page; the code from the redirect. */
async function approve(clientId: string, challenge: string, overrides: Record<string, string> = {}) {
  const { redirectTo } = await caller().oauthConsent.approve({
    params: authorizationParams(clientId, challenge, overrides),
    name: "Asisten Uji",
    mode: "test",
    scopes: ["katalog:baca", "order:buat", "status:baca"],
    maxOrderIdr: 3_000_000,
    monthlyBudgetIdr: 9_000_000,
    webhookUrl: null,
  });
  const url = new URL(redirectTo);
  expect(url.origin + url.pathname).toBe(REDIRECT);
  expect(url.searchParams.get("state")).toBe("keadaan-123");
  expect(url.searchParams.get("iss")).toBe(base);
  return url.searchParams.get("code")!;
}

async function token(form: Record<string, string>) {
  const res = await fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return { status: res.status, cacheControl: res.headers.get("cache-control"), body: (await res.json()) as Record<string, string> };
}

/** A client that registered and was granted: its tokens for /mcp. */
async function granted() {
  const client = await register();
  const { verifier, challenge } = pkce();
  const code = await approve(client.body.client_id, challenge);
  const answer = await token({
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    client_id: client.body.client_id,
    redirect_uri: REDIRECT,
    resource: `${base}/mcp`,
  });
  expect(answer.status).toBe(200);
  const { access_token, refresh_token } = answer.body;
  return { clientId: client.body.client_id, code, verifier, access_token: access_token!, refresh_token: refresh_token!, body: answer.body };
}

const balance = (accessToken: string) => fetch(`${base}/v1/balance`, { headers: { Authorization: `Bearer ${accessToken}` } });

async function mcpTools(accessToken: string) {
  const client = new Client({ name: "kuasa-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${accessToken}` } } }),
  );
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

async function mcpStatus(accessToken: string) {
  const res = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  return { status: res.status, challenge: res.headers.get("www-authenticate") };
}

describe("discovery: a client that knows only the /mcp URL finds the authorization server", () => {
  it("answers a 401 on /mcp and /v1 with the resource's metadata URL, and invalid_token when a token was refused", async () => {
    const mcp = await fetch(`${base}/mcp`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    const v1 = await fetch(`${base}/v1/orders`);
    expect(v1.status).toBe(401);
    expect(v1.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/v1"`);
    const refused = await balance("kat_bukanTokenYangBenar000000000000000000000");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe(
      `Bearer error="invalid_token", resource_metadata="${base}/.well-known/oauth-protected-resource/v1"`,
    );
  });

  it("describes each resource with the four scopes and the server as its authorization server (RFC 9728)", async () => {
    for (const [path, resource] of [
      ["/.well-known/oauth-protected-resource/mcp", `${base}/mcp`],
      ["/.well-known/oauth-protected-resource", `${base}/mcp`],
      ["/.well-known/oauth-protected-resource/v1", `${base}/v1`],
    ]) {
      const body = (await (await fetch(`${base}${path}`)).json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        resource,
        authorization_servers: [base],
        scopes_supported: ["katalog:baca", "order:buat", "status:baca", "kasus:buat"],
      });
    }
  });

  it("publishes authorization-server metadata with PKCE S256 only and public clients (RFC 8414)", async () => {
    const body = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/izinkan`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      grant_types_supported: ["authorization_code", "refresh_token"],
    });
  });
});

describe("a grant is an API key with the limits the admin chose", () => {
  it("issues short-lived tokens stored hashed that act as the grant's own test key on /mcp", async () => {
    const grant = await granted();
    expect(grant.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "katalog:baca order:buat status:baca" });
    const stored = await database.prisma.oAuthToken.findUniqueOrThrow({
      where: { tokenHash: oauthTokenHash(grant.access_token) },
      include: { apiKey: true },
    });
    expect(stored.tokenHash).not.toContain(grant.access_token);
    expect(stored.apiKey).toMatchObject({
      organizationId: org.id,
      oauthClientId: grant.clientId,
      mode: "test",
      scopes: ["katalog:baca", "order:buat", "status:baca"],
      maxOrderIdr: 3_000_000n,
      monthlyBudgetIdr: 9_000_000n,
      // Pinned like any key to the API version current when it was granted.
      apiVersion: currentVersion(API_VERSIONS).date,
    });
    expect(await mcpTools(grant.access_token)).toContain("buat_order");
    const audit = await database.prisma.auditLog.findFirstOrThrow({ where: { action: "oauth.grant", subjectId: stored.apiKeyId } });
    expect(audit).toMatchObject({ actorType: "org_admin", actorId: admin.id });
  });

  it("answers the token endpoint with Cache-Control: no-store", async () => {
    const client = await register();
    const { verifier, challenge } = pkce();
    const code = await approve(client.body.client_id, challenge);
    const answer = await token({ grant_type: "authorization_code", code, code_verifier: verifier, client_id: client.body.client_id });
    expect(answer.cacheControl).toBe("no-store");
  });
});

describe("refusals", () => {
  it("refuses a code with the wrong PKCE verifier", async () => {
    const client = await register();
    const { challenge } = pkce();
    const code = await approve(client.body.client_id, challenge);
    const answer = await token({
      grant_type: "authorization_code",
      code,
      code_verifier: pkce().verifier,
      client_id: client.body.client_id,
    });
    expect(answer).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("refuses a token on the resource it was not issued for, both ways", async () => {
    const grant = await granted();
    const onV1 = await balance(grant.access_token);
    expect(onV1.status).toBe(401);
    expect(onV1.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const client = await register();
    const { verifier, challenge } = pkce();
    const code = await approve(client.body.client_id, challenge, { resource: `${base}/v1` });
    const forV1 = await token({ grant_type: "authorization_code", code, code_verifier: verifier, client_id: client.body.client_id });
    expect((await balance(forV1.body.access_token!)).status).toBe(200);
    expect((await mcpStatus(forV1.body.access_token!)).status).toBe(401);
  });

  it("refuses a resource that is not Kuasa's, and a token request naming another resource than the code's", async () => {
    const client = await register();
    const { verifier, challenge } = pkce();
    const request = await caller().oauthConsent.request({
      params: authorizationParams(client.body.client_id, challenge, { resource: "https://lain.contoh.id/mcp" }),
    });
    expect(request).toMatchObject({ ok: false, error: "invalid_target" });
    const code = await approve(client.body.client_id, challenge);
    const answer = await token({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      client_id: client.body.client_id,
      resource: `${base}/v1`,
    });
    expect(answer).toMatchObject({ status: 400, body: { error: "invalid_target" } });
  });

  it("refuses a reused code and revokes what it granted", async () => {
    const grant = await granted();
    const again = await token({
      grant_type: "authorization_code",
      code: grant.code,
      code_verifier: grant.verifier,
      client_id: grant.clientId,
    });
    expect(again).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await mcpStatus(grant.access_token)).status).toBe(401);
    expect(await database.prisma.auditLog.count({ where: { action: "oauth.revoke", data: { equals: { reason: "code_reused" } } } })).toBe(
      1,
    );
  });

  it("refuses a redirect URI the client did not register, on the page and never by redirecting to it", async () => {
    const client = await register();
    const { challenge } = pkce();
    const params = authorizationParams(client.body.client_id, challenge, { redirect_uri: "https://penyerang.contoh.id/cb" });
    expect(await caller().oauthConsent.request({ params })).toMatchObject({ ok: false, error: "invalid_request", redirectTo: null });
    expect(
      await codeOf(
        caller().oauthConsent.approve({
          params,
          name: "x",
          mode: "test",
          scopes: ["katalog:baca"],
          maxOrderIdr: 1,
          monthlyBudgetIdr: 1,
          webhookUrl: null,
        }),
      ),
    ).toBe("VALIDATION");
  });

  it("sends the admin's refusal, and a request the page cannot honour, back to the client's redirect URI with the error", async () => {
    const client = await register();
    const { challenge } = pkce();
    const { redirectTo } = await caller().oauthConsent.deny({ params: authorizationParams(client.body.client_id, challenge) });
    const denied = new URL(redirectTo);
    expect(denied.origin + denied.pathname).toBe(REDIRECT);
    expect(Object.fromEntries(denied.searchParams)).toMatchObject({ error: "access_denied", state: "keadaan-123", iss: base });
    const unknownScope = await caller().oauthConsent.request({
      params: authorizationParams(client.body.client_id, challenge, { scope: "katalog:baca admin" }),
    });
    expect(unknownScope).toMatchObject({ ok: false, error: "invalid_scope" });
    expect(new URL((unknownScope as { redirectTo: string }).redirectTo).searchParams.get("error")).toBe("invalid_scope");
    const plain = await caller().oauthConsent.request({
      params: authorizationParams(client.body.client_id, challenge, { code_challenge_method: "plain" }),
    });
    expect(plain).toMatchObject({ ok: false, error: "invalid_request" });
    expect(await database.prisma.oAuthCode.count({ where: { clientId: client.body.client_id } })).toBe(0);
  });

  it("refuses to register a redirect URI that is plain http to another host", async () => {
    const answer = await register(["http://contoh.id/callback"]);
    expect(answer).toMatchObject({ status: 400, body: { error: "invalid_redirect_uri" } });
  });

  it("refuses an expired access token", async () => {
    const grant = await granted();
    await database.prisma.oAuthToken.update({
      where: { tokenHash: oauthTokenHash(grant.access_token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await mcpStatus(grant.access_token)).status).toBe(401);
  });

  it("refuses every token of a grant the admin revoked on the keys page, at once", async () => {
    const grant = await granted();
    const { apiKeyId } = await database.prisma.oAuthToken.findUniqueOrThrow({ where: { tokenHash: oauthTokenHash(grant.access_token) } });
    expect(await mcpTools(grant.access_token)).toContain("buat_order");
    await caller().organization.revokeKey({ apiKeyId });
    expect((await mcpStatus(grant.access_token)).status).toBe(401);
    const refreshed = await token({ grant_type: "refresh_token", refresh_token: grant.refresh_token, client_id: grant.clientId });
    expect(refreshed).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });
});

describe("refresh tokens rotate, and a reused one ends the grant", () => {
  it("issues a new pair for a refresh token, and revokes the grant when the old one comes back", async () => {
    const grant = await granted();
    const first = await token({ grant_type: "refresh_token", refresh_token: grant.refresh_token, client_id: grant.clientId });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(grant.refresh_token);
    expect(await mcpTools(first.body.access_token!)).toContain("buat_order");

    const replayed = await token({ grant_type: "refresh_token", refresh_token: grant.refresh_token, client_id: grant.clientId });
    expect(replayed).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await mcpStatus(first.body.access_token!)).status).toBe(401);
    const next = await token({ grant_type: "refresh_token", refresh_token: first.body.refresh_token!, client_id: grant.clientId });
    expect(next).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("refuses another client's refresh token", async () => {
    const grant = await granted();
    const other = await register();
    const answer = await token({ grant_type: "refresh_token", refresh_token: grant.refresh_token, client_id: other.body.client_id });
    expect(answer).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });
});

describe("revocation (RFC 7009)", () => {
  it("ends an access token alone, and a refresh token with its grant; an unknown token answers the same", async () => {
    const grant = await granted();
    const revoke = (value: string) =>
      fetch(`${base}/oauth/revoke`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: value, client_id: grant.clientId }),
      });
    expect((await revoke(grant.access_token)).status).toBe(200);
    expect((await mcpStatus(grant.access_token)).status).toBe(401);
    const renewed = await token({ grant_type: "refresh_token", refresh_token: grant.refresh_token, client_id: grant.clientId });
    expect(renewed.status).toBe(200);
    expect((await revoke(renewed.body.refresh_token!)).status).toBe(200);
    expect((await mcpStatus(renewed.body.access_token!)).status).toBe(401);
    expect((await revoke("krt_tidakDikenal")).status).toBe(200);
  });
});

describe("registration is bounded", () => {
  const registerRaw = (body: string) =>
    fetch(`${base}/oauth/register`, { method: "POST", headers: { "Content-Type": "application/json" }, body }).then(async (res) => ({
      status: res.status,
      connection: res.headers.get("connection"),
      body: (await res.json()) as Record<string, unknown>,
    }));
  const metadata = (extra: Record<string, unknown>) => JSON.stringify({ client_name: "Asisten Uji", redirect_uris: [REDIRECT], ...extra });

  it("refuses metadata over 4 KiB as invalid_client_metadata, unread, and stores nothing", async () => {
    const before = await database.prisma.oAuthClient.count();
    const answer = await registerRaw(metadata({ software_statement: "x".repeat(4 * 1024) }));
    expect(answer).toMatchObject({ status: 400, connection: "close", body: { error: "invalid_client_metadata" } });
    expect(answer.body.error_description).toContain("4096 bytes");
    expect(await database.prisma.oAuthClient.count()).toBe(before);
  });

  it("refuses too many or too long redirect URIs as invalid_redirect_uri, and a long client name as invalid_client_metadata", async () => {
    const many = Array.from({ length: 11 }, (_, i) => `${REDIRECT}${i}`);
    expect(await registerRaw(JSON.stringify({ redirect_uris: many }))).toMatchObject({
      status: 400,
      body: { error: "invalid_redirect_uri", error_description: expect.stringContaining("redirect_uris") },
    });
    expect(await registerRaw(JSON.stringify({ redirect_uris: [`https://contoh.id/${"a".repeat(2000)}`] }))).toMatchObject({
      status: 400,
      body: { error: "invalid_redirect_uri" },
    });
    expect(await registerRaw(metadata({ client_name: "A".repeat(101) }))).toMatchObject({
      status: 400,
      body: { error: "invalid_client_metadata", error_description: expect.stringContaining("client_name") },
    });
  });

  it("refuses a client name with a text-direction override, which would show the consent page another name", async () => {
    const answer = await registerRaw(metadata({ client_name: "Asisten Resmi\u202Eatad" }));
    expect(answer).toMatchObject({ status: 400, body: { error: "invalid_client_metadata" } });
    expect(answer.body.error_description).toMatch(/^client_name: .*U\+202E/);
  });

  it("keeps only the metadata fields it knows, so fields it ignores cost no storage", async () => {
    const answer = await registerRaw(metadata({ jwks: { keys: [{ kty: "RSA", n: "x".repeat(1000) }] }, ekstensi: "apa saja" }));
    expect(answer.status).toBe(201);
    expect(answer.body).not.toHaveProperty("jwks");
    const stored = await database.prisma.oAuthClient.findUniqueOrThrow({ where: { id: answer.body.client_id as string } });
    expect(Object.keys(stored.metadata as object).sort()).toEqual([
      "client_name",
      "grant_types",
      "redirect_uris",
      "response_types",
      "token_endpoint_auth_method",
    ]);
  });

  it("marks a client authorized when an admin approves it, so the sweep of unused registrations keeps it a day later", async () => {
    const approved = await register();
    const unused = await register();
    await approve(approved.body.client_id, pkce().challenge);
    const later = fixedClock(Date.now() + 25 * 3_600_000);
    const ids = [approved.body.client_id, unused.body.client_id];
    await deleteUnusedOAuthClients(
      { db: database.prisma, clock: later },
      {
        actor: SWEEPER,
        ids,
      },
    );
    const left = await database.prisma.oAuthClient.findMany({ where: { id: { in: ids } }, select: { id: true } });
    expect(left.map((client) => client.id)).toEqual([approved.body.client_id]);
  });
});

describe("unauthenticated OAuth endpoints are limited per address", () => {
  /** The OAuth handler alone behind its own port, with `rateLimiter`. */
  async function limitedServer(rateLimiter: ApiRateLimiter) {
    const handler = createOAuthHandler({ db: database.prisma, clock: systemClock, publicUrl: base, rateLimiter });
    const limited = createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => limited.listen(0, "127.0.0.1", resolve));
    return {
      url: `http://127.0.0.1:${(limited.address() as AddressInfo).port}`,
      close: async () => {
        limited.closeAllConnections();
        await new Promise((resolve) => limited.close(resolve));
      },
    };
  }
  const exchange = (url: string) =>
    fetch(`${url}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "krt_x", client_id: "oc_x" }),
    });

  it("registrations that use up their own budget leave the token endpoint answering, not 429", async () => {
    const settings = { reads: 1, writes: 1, windowSeconds: 60, hashingPerAddress: 2, registrationsPerAddress: 2 };
    const limited = await limitedServer(new ApiRateLimiter({ kind: "memory" }, settings));
    try {
      const registerThere = () =>
        fetch(`${limited.url}/oauth/register`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ client_name: "Asisten Uji", redirect_uris: [REDIRECT] }),
        });
      expect([(await registerThere()).status, (await registerThere()).status]).toEqual([201, 201]);
      const refused = await registerThere();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error: "slow_down" });
      // The client's own exchange still reaches the endpoint (a made-up refresh token: invalid_grant).
      expect([(await exchange(limited.url)).status, (await exchange(limited.url)).status]).toEqual([400, 400]);
    } finally {
      await limited.close();
    }
  });

  it("answers 429 slow_down with Retry-After once an address has used its allowance of token requests", async () => {
    const limited = await limitedServer(
      new ApiRateLimiter({ kind: "memory" }, { reads: 1, writes: 1, windowSeconds: 60, hashingPerAddress: 2 }),
    );
    try {
      expect((await exchange(limited.url)).status).toBe(400);
      expect((await exchange(limited.url)).status).toBe(400);
      const refused = await exchange(limited.url);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ error: "slow_down" });
      // The metadata stays readable: discovery is not what the allowance is for.
      expect((await fetch(`${limited.url}/.well-known/oauth-authorization-server`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
