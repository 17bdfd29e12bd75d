import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OAuthError } from "@/server/domain/access/oauth";
import { systemClock } from "@/server/domain/clock";
import { randomBase62 } from "@/server/domain/ids";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg } from "@/test/fixtures";
import { portalCaller, portalUser } from "@/test/portal";
import { checkAuthorization, issueTokens } from ".";

let database: TestDatabase;
let server: Server;
let cert: string;
let origin: string;
/** What the client's https server answers, by path. */
const documents = new Map<string, unknown>();
const PUBLIC_URL = "https://kuasa.contoh.id";
const REDIRECT = "http://127.0.0.1:7777/callback";

beforeAll(async () => {
  database = await createTestDatabase();
  // A client's own https server on loopback, with a certificate of its own for 127.0.0.1.
  const dir = mkdtempSync(path.join(tmpdir(), "kuasa-cimd-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    cert = readFileSync(path.join(dir, "cert.pem"), "utf8");
    const key = readFileSync(path.join(dir, "key.pem"), "utf8");
    server = createServer({ key, cert }, (req, res) => {
      const document = documents.get(req.url ?? "");
      res.writeHead(document ? 200 : 404, { "Content-Type": "application/json" });
      res.end(JSON.stringify(document ?? {}));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await database?.destroy();
});

/** A document served at a path of its own, naming its own URL as client_id unless told otherwise. */
function publish(overrides: Record<string, unknown> = {}): string {
  const pathname = `/klien/${randomBase62(8)}.json`;
  const url = `${origin}${pathname}`;
  documents.set(pathname, { client_id: url, client_name: "Asisten Dokumen", redirect_uris: [REDIRECT], ...overrides });
  return url;
}

const trusting = () => ({
  db: database.prisma,
  clock: systemClock,
  publicUrl: PUBLIC_URL,
  clientDocuments: { allowPrivate: true, ca: cert },
});

function params(clientId: string, challenge: string) {
  return {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource: `${PUBLIC_URL}/mcp`,
  };
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    if (err instanceof OAuthError) return err.error;
    throw err;
  }
  throw new Error("expected an OAuth refusal");
}

describe("client ID metadata documents", () => {
  it("knows a client by the document at its URL, and grants it as any client", async () => {
    const clientId = publish();
    const verifier = randomBase62(64);
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const request = await checkAuthorization(trusting(), params(clientId, challenge));
    expect(request.client).toMatchObject({ id: clientId, name: "Asisten Dokumen" });

    const org = await createTestOrg(database.prisma);
    const admin = await portalUser(database.prisma, "org_admin", org.id);
    const { redirectTo } = await portalCaller(trusting(), admin).oauthConsent.approve({
      params: params(clientId, challenge),
      name: "Asisten Dokumen",
      mode: "test",
      scopes: ["katalog:baca"],
      maxOrderIdr: 1_000_000,
      monthlyBudgetIdr: 2_000_000,
      webhookUrl: null,
    });
    const code = new URL(redirectTo).searchParams.get("code")!;
    const tokens = await issueTokens(trusting(), { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId });
    expect(tokens.scope).toBe("katalog:baca");
    expect(await database.prisma.apiKey.count({ where: { oauthClientId: clientId } })).toBe(1);
  });

  it("never fetches a document from a private or loopback address unless allowed (the webhooks' address rule)", async () => {
    const clientId = publish();
    const publicOnly = {
      db: database.prisma,
      clock: systemClock,
      publicUrl: PUBLIC_URL,
      clientDocuments: { allowPrivate: false, ca: cert },
    };
    expect(await refusal(checkAuthorization(publicOnly, params(clientId, "a".repeat(43))))).toBe("invalid_client");
    expect(await database.prisma.oAuthClient.count({ where: { id: clientId } })).toBe(0);
  });

  it("refuses a document that names another client_id, a redirect URI it does not list, and a URL that answers no document", async () => {
    const impostor = publish({ client_id: "https://asisten.contoh.id/klien.json" });
    expect(await refusal(checkAuthorization(trusting(), params(impostor, "a".repeat(43))))).toBe("invalid_client");
    const other = publish({ redirect_uris: ["https://asisten.contoh.id/cb"] });
    expect(await refusal(checkAuthorization(trusting(), params(other, "a".repeat(43))))).toBe("invalid_request");
    expect(await refusal(checkAuthorization(trusting(), params(`${origin}/tidak-ada.json`, "a".repeat(43))))).toBe("invalid_client");
  });
});
