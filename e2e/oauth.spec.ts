import { randomUUID } from "node:crypto";
import { type OAuthClientProvider, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { screenshot } from "./portal";
import { OAUTH_ADMIN } from "./users";

/** Where the application wants the code: a loopback address nobody listens on; the browser's request is caught. */
const REDIRECT = "http://127.0.0.1:9/callback";

/**
 * The MCP SDK's OAuth client as a desktop assistant runs it: it keeps its registration, PKCE verifier
 * and tokens in memory and, when sign-in is needed, hands the authorization URL to the browser.
 */
class AssistantAuth implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  private information: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = "";

  get redirectUrl() {
    return REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Asisten Desktop Uji",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

test("an AI client that knows only the /mcp URL signs in with OAuth, the admin consents in test mode, and it places a test order", async ({
  page,
  baseURL,
}, testInfo) => {
  const mcpUrl = new URL("/mcp", baseURL);
  const auth = new AssistantAuth();

  // Discovery and registration: the 401's challenge, the resource's metadata, the server's, then RFC 7591.
  const first = new Client({ name: "asisten-uji", version: "1.0.0" });
  await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth }))).rejects.toBeInstanceOf(UnauthorizedError);
  expect(auth.clientInformation()?.client_id).toMatch(/^oc_/);
  const authorizationUrl = auth.authorizationUrl!;
  expect(authorizationUrl.pathname).toBe("/oauth/izinkan");
  expect(authorizationUrl.searchParams.get("resource")).toBe(mcpUrl.href);
  expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");

  // The browser: the admin signs in through the portal's sign-in and comes back to the consent page.
  let callback: URL | null = null;
  await page.route(`${REDIRECT}**`, (route) => {
    callback = new URL(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/plain", body: "Kembali ke aplikasi." });
  });
  await page.goto(authorizationUrl.href);
  await expect(page).toHaveURL(/\/masuk\?lanjut=/);
  await page.getByLabel("E-mail").fill(OAUTH_ADMIN.email);
  await page.getByLabel("Kata sandi").fill(OAUTH_ADMIN.password);
  await page.getByRole("button", { name: "Masuk" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Izinkan Asisten Desktop Uji memakai Kuasa?");
  await expect(page.getByRole("main")).toContainText("127.0.0.1:9");
  await expect(page.getByRole("radio", { name: /^Uji \(sandbox\)/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page, testInfo);
  await screenshot(page, testInfo, "oauth-izinkan");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "oauth-izinkan-ponsel");
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByLabel("Batas per pesanan").fill("5.000.000");
  await page.getByRole("button", { name: "Izinkan" }).click();
  await expect.poll(() => callback).not.toBeNull();
  const answered = callback as unknown as URL;
  expect(answered.searchParams.get("iss")).toBe(new URL(baseURL!).origin);
  const code = answered.searchParams.get("code")!;

  // The client exchanges the code (PKCE) for tokens bound to /mcp, then works with them.
  await new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth }).finishAuth(code);
  expect(auth.tokens()).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
  const client = new Client({ name: "asisten-uji", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth }));
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  expect(tools).toContain("buat_order");
  const result = await client.callTool({
    name: "buat_order",
    arguments: {
      service: "perjanjian_kerja",
      intake: {
        jenis_perjanjian: "PKWT (waktu tertentu)",
        nama_perusahaan: "PT Asisten Cerdas",
        jabatan: "Analis data",
        ketentuan_khusus: "Upah Rp 9.000.000 per bulan, 40 jam per minggu.",
        email_kontak: "hr@asistencerdas.co.id",
      },
      idempotency_key: randomUUID(),
    },
  });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  expect(result.structuredContent).toMatchObject({ livemode: false, service: "perjanjian_kerja" });

  // The same token is not a key for /v1: it was issued for /mcp.
  const refused = await fetch(new URL("/v1/balance", baseURL), { headers: { Authorization: `Bearer ${auth.tokens()!.access_token}` } });
  expect(refused.status).toBe(401);
  expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');

  // The admin finds the application among the keys, with its limits and last use, and revokes it: the client is refused at once.
  await page.goto("/organisasi/kunci-api");
  const grant = page.getByRole("article", { name: "Asisten Desktop Uji" });
  await expect(grant).toContainText("Aplikasi terhubung lewat OAuth: Asisten Desktop Uji");
  await expect(grant).toContainText("Mode uji");
  await expect(grant).toContainText("Rp 5.000.000");
  await expect(grant).not.toContainText("Belum pernah");
  await screenshot(grant, testInfo, "oauth-kunci-api");
  await grant.getByRole("button", { name: "Cabut kunci" }).click();
  await page.getByRole("button", { name: "Ya, cabut kunci" }).click();
  await expect(grant).toContainText("Dicabut");
  await screenshot(page, testInfo, "oauth-kunci-api-dicabut");
  await expect(client.listTools()).rejects.toThrow();
  await client.close().catch(() => undefined);
});
